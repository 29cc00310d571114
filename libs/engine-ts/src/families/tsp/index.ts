/** The tsp family's entry, `@svc/engine-ts/families/tsp`: its problem, builders, evaluator and budget. */
export type { TspMetric, TspProblem } from './problem';
export { canonicalTsp } from './canonical';
export { evaluateTsp } from './evaluate';
export { distanceOf as tspDistanceOf, type Distance as TspDistance } from './distance';
export { boundIterations as tspBoundIterations, tspBudgetFor, type TspBudget } from './budget';

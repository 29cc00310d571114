/** The qap family's entry, `@svc/engine-ts/families/qap`: its problem, builders, evaluator and budget. */
export type { QapProblem } from './problem';
export { canonicalQap } from './canonical';
export { evaluateQap } from './evaluate';
export { qapBudgetFor, tabuIterations as qapTabuIterations, type QapBudget } from './budget';

/** The milp family's entry, `@svc/engine-ts/families/milp`: its problem, builders, evaluator and budget. */
export type { MilpProblem, VectorResult } from './problem';
export { canonicalMilp, type MilpVarInput } from './canonical';
export { evaluateMilp } from './evaluate';
export { milpBudgetFor, type MilpBudget } from './budget';

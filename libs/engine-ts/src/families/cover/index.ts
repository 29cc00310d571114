/** The cover family's entry, `@svc/engine-ts/families/cover`: its problem, builders, evaluator and budget. */
export type { CoverProblem } from './problem';
export { canonicalCover } from './canonical';
export { evaluateCover } from './evaluate';
export { coverBudgetFor, type CoverBudget } from './budget';

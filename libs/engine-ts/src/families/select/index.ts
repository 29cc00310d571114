/** The select family's entry, `@svc/engine-ts/families/select`: its problem, builders, evaluator and budget. */
export type { SelectProblem } from './problem';
export { canonicalSelect, canonicalSelectFromArrays } from './canonical';
export { chosenIndices, evaluateSelect, selectWeightSum } from './evaluate';
export { selectBudgetFor, type SelectBudget } from './budget';
export { binomialAtMost } from './solve';

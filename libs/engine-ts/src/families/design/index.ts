/** The design family's entry, `@svc/engine-ts/families/design`: its problem, builders, evaluator and budget. */
export type { DesignProblem, LabelResult } from './problem';
export { canonicalDesign, circularCost, type DesignInput } from './canonical';
export { evaluateDesign } from './evaluate';
export { designBudgetFor, type DesignBudget } from './budget';
export { designShape } from './solve';

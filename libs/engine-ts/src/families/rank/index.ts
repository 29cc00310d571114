/** The rank family's entry, `@svc/engine-ts/families/rank`: its problem, builders, evaluator and budget. */
export type { PermutationResult, RankProblem } from './problem';
export { canonicalRank } from './canonical';
export { evaluateRank, pairwiseMinimum } from './evaluate';
export { rankBudgetFor, type RankBudget } from './budget';
export { majorityComponents } from './solve';
export { packTriangles, PACK_MAX_N, PACK_SHIFT, PACK_UNIT, type Packing } from './packing';
export { packTrianglesLp, PACK_LP_MAX_N } from './packing-lp';

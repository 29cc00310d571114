/**
 * @svc/engine-ts/families/xorsat — what other libs use of the xorsat family (the service's adapter,
 * exact caps and size check, engine-native's tests, the bench): its problem and result, canonical
 * form, re-score, budget, plan and record, and the disjoint contradictions of a certificate.
 */
export type { XorsatProblem, XorsatResult } from './problem';
export { canonicalXorsat, type XorsatEquation } from './canonical';
export { evaluateXorsat, XORSAT_SCORE } from './evaluate';
export { xorsatBudgetFor, type XorsatBudget } from './budget';
export { planXorsat, denseBits, type XorsatStructure } from './structure';
export { XORSAT_MAX_DENSE_BITS } from './solve';
export { XORSAT_FAMILY } from './family';
export { disjointContradictions } from './contradictions';

/**
 * @svc/engine-ts/families/xorsat — what other libs use of the xorsat family (the service's adapter
 * and exact caps, engine-native's tests): its problem, canonical form, re-score, budget and record.
 */
export type { XorsatProblem } from './problem';
export { canonicalXorsat, type XorsatEquation } from './canonical';
export { evaluateXorsat, XORSAT_SCORE } from './evaluate';
export { xorsatBudgetFor, type XorsatBudget } from './budget';
export { XORSAT_FAMILY } from './family';

/**
 * @svc/engine-ts/families/entropy — what other libs use of the entropy family (the service's
 * adapter, engine-native's tests, the bench): its problem, canonical form, the independent entropy,
 * budget, bounds and record.
 */
export type { EntropyProblem } from './problem';
export { canonicalEntropy, stateArray, subsystemMask } from './canonical';
export { ENTROPY_SCORE, stateEntropy } from './evaluate';
export { entropyBudgetFor, entropyWork, MAX_SCHMIDT, type EntropyBudget } from './budget';
export { entropyBounds } from './solve';
export { ENTROPY_FAMILY } from './family';
export { entanglement, fannesAudenaert } from '../../kernels/entanglement';

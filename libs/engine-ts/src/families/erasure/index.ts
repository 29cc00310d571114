/**
 * @svc/engine-ts/families/erasure — protect and recover: a systematic Reed–Solomon code over
 * GF(2^8) with a Cauchy parity part (code.ts), its canonical problems, independent check, solver
 * and family record.
 */
export type { BytesResult, ErasureProblem } from './problem';
export { canonicalProtect, canonicalRecover, erasureLayout, type ErasureLayout } from './canonical';
export { ERASURE_CONSTRUCTION, ERASURE_MAX_SHARDS, parityCoef, rebuildRows } from './code';
export { erasureMismatches, ERASURE_SCORE } from './evaluate';
export { ERASURE_FAMILY } from './family';
export { GF_POLYNOMIAL } from './gf256';
export { dotProduct, PAIR_KERNEL_MIN_BYTES, WORD_KERNEL_MIN_BYTES } from './kernel';
export { checkErasure, solveErasure } from './solve';

/**
 * @svc/engine-ts/families/spectrum — what other libs use of the spectrum family (the service's
 * adapter, engine-native's tests, the bench): its problem, canonical Pauli sums, the independent
 * energy, budget, result layout and record.
 */
export type { SpectrumProblem } from './problem';
export { canonicalPauliTerms, canonicalSpectrum, pauliMasks, type PauliTermInput } from './canonical';
export { pauliEnergy, SPECTRUM_SCORE } from './evaluate';
export { SPECTRUM_BASIS_BYTES, spectrumBudgetFor, spectrumWork, type SpectrumBudget } from './budget';
export { SYMMETRY_CODES } from './solve';
export { SPECTRUM_FAMILY } from './family';
export type { PauliTerms } from '../../kernels/pauli-sum';

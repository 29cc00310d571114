/**
 * @svc/engine-ts/families/phase — what other libs use of the phase family (the service's adapter
 * and its label rule, engine-native's tests, the bench): its problem, canonical form, models, budget,
 * the rule from evidence to label, and record.
 */
export { PHASE_BOUNDARIES, PHASE_MODELS, type PhaseBoundary, type PhaseModel, type PhaseProblem } from './problem';
export { canonicalPhase, type PhaseInput } from './canonical';
export { bondsOf, phaseScale, phaseTerms, sizesFor } from './models';
export { phaseBudgetFor, phaseWork, type PhaseBudget } from './budget';
export { PHASE_MODEL_CODES, TFIM_STRIDE, XXZ_STRIDE } from './solve';
export { PHASE_THRESHOLDS, phaseVerdict, type PhaseLabel, type PhaseVerdict } from './label';
export { PHASE_SCORE } from './evaluate';
export { PHASE_FAMILY } from './family';

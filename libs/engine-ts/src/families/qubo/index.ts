/** The qubo family's entry, `@svc/engine-ts/families/qubo`: its problem, builders, evaluator and budget. */
export { cutUpperBound, quboLowerBound } from './solve';
export type { EngineSample, MaxcutProblem, PinList, QuboProblem, SampleResult, SamplingSpec } from './problem';
export {
  canonicalMaxcut,
  canonicalMaxcutFromArrays,
  canonicalQubo,
  canonicalQuboFromArrays,
  type RawPair,
} from './canonical';
export { evaluateMaxcut, evaluateQubo } from './evaluate';
export { balancedCut } from './balanced-cut';
export { budgetFor, exactBudgetFor, type ExactBudget, type SearchBudget, type SearchCommand } from './budget';
export { SDP_MIN_N, sdpBoundMaxN } from './sdp-bound';
export { sdpBoundWork } from './work-model';
export { certifiedCaps } from './certified-caps';
export { bitsFromSpins, canonicalIsing, evaluateIsing, isingToQubo, spinsFromBits, type IsingProblem } from './ising';
export { applyPins, canonicalPins, checkPins } from './pins';
export { DEFAULT_SAMPLE_COUNT, sampleBudget, type SampleBudget } from './sample-budget';

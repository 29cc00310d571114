/**
 * @svc/engine-ts — the engine boundary, canonical problem builders, the shared PRNG, effort
 * budgets, independent evaluators, and the pure-TypeScript engine for `optimize` and `maxcut`.
 * Test helpers (instance generators, the conformance suite) live in `@svc/engine-ts/testing`.
 */
export {
  COMMANDS,
  EFFORTS,
  newCancelSignal,
  type CancelSignal,
  type CanonicalProblem,
  type Command,
  type Effort,
  type Engine,
  type EngineRequest,
  type EngineResult,
  type EngineWork,
  type MaxcutProblem,
  type PairList,
  type Proof,
  type QuboProblem,
  type RuleList,
  type RulesProblem,
  type SelectProblem,
} from './engine';
export {
  canonicalMaxcut,
  canonicalMaxcutFromArrays,
  canonicalQubo,
  canonicalQuboFromArrays,
  toCsr,
  type Csr,
  type RawPair,
} from './canonical';
export { Prng, shuffleInPlace } from './prng';
export { BUDGET_MODELS, budgetFor, LATEST_BUDGET_MODEL, parseEffort, type SearchBudget, type SearchCommand } from './effort';
export { exactBudgetFor, type ExactBudget } from './effort';
export { certifiedCaps } from './certified-caps';
export type { ExactMethod } from './engine';
export { evaluate, evaluateMaxcut, evaluateQubo, notWorse, tolerance } from './evaluate';
export { createTsEngine, cutUpperBound, quboLowerBound, solveSync, TS_ENGINE_ID } from './ts-engine';
export type { EngineSample, PinList, SamplingSpec } from './engine';
export { bitsFromSpins, canonicalIsing, evaluateIsing, isingToQubo, spinsFromBits, type IsingProblem } from './ising';
export { applyPins, canonicalPins, checkPins } from './pins';
export { DEFAULT_SAMPLE_COUNT, sampleBudget, type SampleBudget } from './sample-budget';
export { canonicalSelect, canonicalSelectFromArrays } from './canonical-select';
export { canonicalRules, RULE_CODE, RULE_KINDS, type RawRule, type RuleKind } from './canonical-rules';
export { chosenIndices, evaluateSelect, selectWeightSum } from './evaluate-select';
export { evaluateRules, ruleHolds, rulesWeightSum, type RulesScore } from './evaluate-rules';
export { selectBudgetFor, type SelectBudget } from './select-budget';
export { rulesBudgetFor, rulesSizeOf, type RulesBudget, type RulesSize } from './rules-budget';
export type { PlantedIsingProblem } from './engine';
export { quantumScaleBudget, type QuantumScaleBudget } from './quantum-scale-budget';
export {
  checkPlantedArgs,
  forEachPlantedCoupling,
  PLANTED_MAX_DEGREE,
  PLANTED_MAX_N,
  PLANTED_MIN_DEGREE,
  plantedEnergyOf,
  plantedLayout,
  type CouplingSink,
  type PlantedLayout,
} from './internal/planted-ising';

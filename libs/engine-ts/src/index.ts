/**
 * @svc/engine-ts — the engine boundary (`Engine`, `EngineRequest`, `EngineResult`), and per
 * problem family (families/<family>/: qubo for optimize, maxcut, feel, want and sample; select;
 * rules; planted for quantum-scale) its canonical problem, builders, independent evaluator, work
 * budget and pure-TypeScript solver, over the shared search machinery of kernels/; plus the shared
 * PRNG and the model versions of the budgets. Test helpers (instance generators, the conformance
 * suites) live in each family's `@svc/engine-ts/families/<family>/testing`.
 */
export {
  CANCEL_FLAG,
  COMMANDS,
  DEADLINE_FLAG,
  EFFORTS,
  newCancelSignal,
  type CancelSignal,
  type CanonicalProblem,
  type Command,
  type Effort,
  type Engine,
  type EngineRequest,
  type EngineProgress,
  type ProgressListener,
  type BinaryResult,
  type NumericResult,
  type EngineResult,
  type EngineWork,
  type ExactMethod,
  type PairList,
  type ProblemScore,
  type Proof,
  type ResultBase,
} from './engine';
export { Prng, shuffleInPlace } from './prng';
export { BUDGET_MODELS, LATEST_BUDGET_MODEL, parseEffort, type BudgetModel } from './effort';
export { toCsr, type Csr } from './csr';
export { evaluate, notWorse, tolerance } from './evaluate';
export { createTsEngine, solveSync, TS_ENGINE_ID } from './ts-engine';
export { cutUpperBound, quboLowerBound } from './families/qubo/solve';

// qubo family: optimize, maxcut, feel, want, sample
export type { EngineSample, MaxcutProblem, PinList, QuboProblem, SampleResult, SamplingSpec } from './families/qubo/problem';
export {
  canonicalMaxcut,
  canonicalMaxcutFromArrays,
  canonicalQubo,
  canonicalQuboFromArrays,
  type RawPair,
} from './families/qubo/canonical';
export { evaluateMaxcut, evaluateQubo } from './families/qubo/evaluate';
export { balancedCut } from './families/qubo/balanced-cut';
export { budgetFor, exactBudgetFor, type ExactBudget, type SearchBudget, type SearchCommand } from './families/qubo/budget';
export { SDP_MIN_N, sdpBoundMaxN } from './families/qubo/sdp-bound';
export { sdpBoundWork } from './families/qubo/work-model';
export { certifiedCaps } from './families/qubo/certified-caps';
export { bitsFromSpins, canonicalIsing, evaluateIsing, isingToQubo, spinsFromBits, type IsingProblem } from './families/qubo/ising';
export { applyPins, canonicalPins, checkPins } from './families/qubo/pins';
export { DEFAULT_SAMPLE_COUNT, sampleBudget, type SampleBudget } from './families/qubo/sample-budget';

// select
export type { SelectProblem } from './families/select/problem';
export { canonicalSelect, canonicalSelectFromArrays } from './families/select/canonical';
export { chosenIndices, evaluateSelect, selectWeightSum } from './families/select/evaluate';
export { selectBudgetFor, type SelectBudget } from './families/select/budget';
export { binomialAtMost } from './families/select/solve';

// rank
export type { PermutationResult, RankProblem } from './families/rank/problem';
export { canonicalRank } from './families/rank/canonical';
export { evaluateRank } from './families/rank/evaluate';
export { rankBudgetFor, type RankBudget } from './families/rank/budget';
export { majorityComponents } from './families/rank/solve';
// tsp
export type { TspMetric, TspProblem } from './families/tsp/problem';
export { canonicalTsp } from './families/tsp/canonical';
export { evaluateTsp } from './families/tsp/evaluate';
export { distanceOf as tspDistanceOf, type Distance as TspDistance } from './families/tsp/distance';
export { boundIterations as tspBoundIterations, tspBudgetFor, type TspBudget } from './families/tsp/budget';
// qap
export type { QapProblem } from './families/qap/problem';
export { canonicalQap } from './families/qap/canonical';
export { evaluateQap } from './families/qap/evaluate';
export { qapBudgetFor, tabuIterations as qapTabuIterations, type QapBudget } from './families/qap/budget';

export type { DesignProblem, LabelResult } from './families/design/problem';
export { canonicalDesign, circularCost, type DesignInput } from './families/design/canonical';
export { evaluateDesign } from './families/design/evaluate';
export { designBudgetFor, type DesignBudget } from './families/design/budget';
export { designShape } from './families/design/solve';

export type { CoverProblem } from './families/cover/problem';
export { canonicalCover } from './families/cover/canonical';
export { evaluateCover } from './families/cover/evaluate';
export { coverBudgetFor, type CoverBudget } from './families/cover/budget';

export type { MilpProblem, VectorResult } from './families/milp/problem';
export { canonicalMilp, type MilpVarInput } from './families/milp/canonical';
export { evaluateMilp } from './families/milp/evaluate';
export { milpBudgetFor, type MilpBudget } from './families/milp/budget';
export { FAMILIES, familyOf, nativeBudgetOf, problemKindOf, workModelOf } from './families/index';
export type { Family, FamilyWork, WorkPlan } from './families/family';
export type { NativeBudget } from './families/native-budget';

// rules
export type { RuleList, RulesProblem, RulesResult } from './families/rules/problem';
export { canonicalRules, RULE_CODE, RULE_KINDS, type RawRule, type RuleKind } from './families/rules/canonical';
export { evaluateRules, ruleHolds, rulesWeightSum, type RulesScore } from './families/rules/evaluate';
export { rulesBudgetFor, rulesSizeOf, type RulesBudget, type RulesSize } from './families/rules/budget';

// planted: quantum-scale
export type { PlantedIsingProblem, PlantedResult } from './families/planted/problem';
export { quantumScaleBudget, type QuantumScaleBudget } from './families/planted/budget';
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
} from './families/planted/generate';

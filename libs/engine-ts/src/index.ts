/**
 * @svc/engine-ts — the engine boundary (`Engine`, `EngineRequest`, `EngineResult`), the shared
 * PRNG, evaluation and model versions of the budgets, and the family registry (`FAMILIES`).
 * Each problem family's own API (its canonical problem, builders, independent evaluator, work
 * budget) is its entry `@svc/engine-ts/families/<family>`, and its test helpers (instance
 * generators, conformance suites) are `@svc/engine-ts/families/<family>/testing`.
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

export { FAMILIES, familyOf, nativeBudgetOf, problemKindOf, workModelOf } from './families/index';
export type { Family, FamilyWork, WorkPlan } from './families/family';
export type { NativeBudget } from './families/native-budget';


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
export { budgetFor, parseEffort, type SearchBudget, type SearchCommand } from './effort';
export { evaluate, evaluateMaxcut, evaluateQubo, notWorse, tolerance } from './evaluate';
export { createTsEngine, cutUpperBound, quboLowerBound, solveSync, TS_ENGINE_ID } from './ts-engine';

/**
 * The engine boundary of ARCHITECTURE.md. Both engines (pure TS here, C++ in
 * libs/engine-native) implement `Engine`; the service only ever talks to this interface.
 */

/** The 25 commands of the interface (commands.md counts `optimize` once). */
export const COMMANDS = [
  'rules', 'optimize', 'maxcut', 'tsp', 'qap', 'design', 'select', 'rank',
  'spectrum', 'phase', 'quantum-scale', 'feel', 'want',
  'relation', 'reduce', 'precision', 'world',
  'cover', 'entropy', 'frequency', 'milp', 'protect', 'recover', 'sample', 'xorsat',
] as const;
export type Command = (typeof COMMANDS)[number];

export const EFFORTS = ['flash', 'medium', 'high'] as const;
export type Effort = (typeof EFFORTS)[number];

/**
 * Sparse symmetric pair list in canonical form: i[k] < j[k], no duplicate (i, j) pairs
 * (duplicates summed), sorted by (i, j), zero weights kept (they are part of the input).
 */
export interface PairList {
  readonly i: Int32Array;
  readonly j: Int32Array;
  readonly w: Float64Array;
}

/** optimize: minimise sum h_i x_i + sum w_ij x_i x_j over x in {0,1}^n. */
export interface QuboProblem {
  readonly kind: 'qubo';
  readonly n: number;
  /** length n; self-pairs [i,i,w] of the input are already folded in (x^2 = x). */
  readonly linear: Float64Array;
  readonly pairs: PairList;
  /** `want` only: variables fixed before solving; the search runs on the others. */
  readonly pins?: PinList;
  /** `sample` only: how many distinct low-energy states to return. */
  readonly sampling?: SamplingSpec;
}

/** Fixed variables of `want`: `index` strictly ascending, `value[k]` (0/1) for `index[k]`. */
export interface PinList {
  readonly index: Int32Array;
  readonly value: Uint8Array;
}

/** `sample`: return up to `count` distinct states, each within `energyWindow` of the best (when set). */
export interface SamplingSpec {
  readonly count: number;
  readonly energyWindow?: number;
}

/** maxcut: maximise the sum of w_ij over edges whose ends are on different sides. */
export interface MaxcutProblem {
  readonly kind: 'maxcut';
  readonly n: number;
  /** Present unless `complete`; self-pairs are rejected before this point. */
  readonly edges: PairList | null;
  /** The complete graph on n nodes with unit weights, solved without building edges. */
  readonly complete: boolean;
}

/**
 * select: choose exactly k of m items maximising Σ affinity − Σ redundancy over chosen pairs
 * (each unordered pair once). `n` is m.
 */
export interface SelectProblem {
  readonly kind: 'select';
  /** m, the number of items. */
  readonly n: number;
  /** 1 <= k <= n. */
  readonly k: number;
  /** Length n. */
  readonly affinity: Float64Array;
  /**
   * n·n row-major, symmetric, zero diagonal, backed by a SharedArrayBuffer (worker threads and
   * the native engine share it instead of copying n² numbers); null when every pair is 0.
   */
  readonly redundancy: Float64Array | null;
}

/**
 * The rules of `rules` in compressed rows: rule r has type code `type[r]` (index into
 * RULE_KINDS of canonical-rules.ts), `k[r]` (0 where the type has none) and the nodes
 * `nodes[start[r] .. start[r+1])` in input order.
 */
export interface RuleList {
  readonly type: Uint8Array;
  readonly k: Int32Array;
  /** Length rules + 1. */
  readonly start: Int32Array;
  readonly nodes: Int32Array;
}

/** rules: minimise violated rules, then Σ h_i x_i + Σ w_ij x_i x_j, lexicographically. */
export interface RulesProblem {
  readonly kind: 'rules';
  readonly n: number;
  readonly rules: RuleList;
  /** Length n; self-pairs folded in as for QUBO. */
  readonly linear: Float64Array;
  readonly pairs: PairList;
}

/**
 * quantum-scale: the planted Ising instance of (n, degree, instanceSeed), generated inside the
 * engine (internal/planted-ising.ts) so that 10^7 spins never cross a worker boundary.
 */
export interface PlantedIsingProblem {
  readonly kind: 'planted-ising';
  /** 1..10,000,000 spins. */
  readonly n: number;
  /** Maximum degree, 3..16. */
  readonly degree: number;
  /** Unsigned 32-bit seed of the instance (the request seed drives the solver). */
  readonly instanceSeed: number;
}

export type CanonicalProblem = QuboProblem | MaxcutProblem | SelectProblem | RulesProblem | PlantedIsingProblem;

/** Which exact method finished, or null for a heuristic answer. */
export type Proof = 'exhaustive' | 'branch_and_bound' | 'dynamic_program' | 'planted' | null;

export interface EngineRequest {
  readonly command: Command;
  readonly problem: CanonicalProblem;
  readonly effort: Effort;
  /** Unsigned 32-bit seed; the default is 0. */
  readonly seed: number;
  /** Wall-clock search budget in ms, counted from the engine call; absent or 0 = none. */
  readonly deadlineMs?: number;
  /** Prior answer (0/1 per variable); the result is never worse than it. */
  readonly warmStart?: Uint8Array;
  /**
   * optimize/maxcut exact method, for tests and benchmarks: 'branch_and_bound' skips the
   * enumeration below the exact cap and tries branch and bound up to 4096 variables; 'heuristic' runs
   * neither (the search, its proven bound, certified only when the answer reaches the bound).
   * Default 'auto'.
   */
  readonly exactMethod?: ExactMethod;
  /**
   * The model version whose search budgets apply (effort.ts BUDGET_MODELS; the service passes
   * the resolved `version`). Absent = the newest; an unknown id is an error.
   */
  readonly model?: string;
}

/** How optimize/maxcut pick their exact method (see EngineRequest.exactMethod). */
export type ExactMethod = 'auto' | 'branch_and_bound' | 'heuristic';

/** One distinct state of a `sample` result and how often the search visited it (>= 1). */
export interface EngineSample {
  readonly x: Uint8Array;
  readonly objective: number;
  readonly count: number;
}

export interface EngineWork {
  iterations: number;
  nodes: number;
  restarts: number;
}

export interface EngineResult {
  /** 0/1 per variable (optimize), side per node (maxcut). */
  readonly answer: Uint8Array;
  /** optimize: energy (minimised); maxcut: cut value (maximised). */
  readonly objective: number;
  readonly proof: Proof;
  /** A proven bound on the optimum (lower for minimisation, upper for maximisation). */
  readonly bound?: number;
  readonly stoppedAtDeadline: boolean;
  readonly work: EngineWork;
  /** Time spent inside the engine, ms. */
  readonly engineMs: number;
  /** sample: distinct states by objective ascending (ties: internal/sample-order.ts); [0] is `answer`. */
  readonly samples?: readonly EngineSample[];
  /** rules: violated rules of `answer` (one each); `objective` is then its energy. */
  readonly violations?: number;
  /** quantum-scale: the proven ground energy of the generated instance. */
  readonly plantedEnergy?: number;
  /** quantum-scale: coupled pairs of the generated instance. */
  readonly edges?: number;
}

/**
 * Cancellation: `flag[0] !== 0` asks the engine to stop and return the best answer so far
 * (a shared Int32Array so it reaches worker threads and C++). Polled in inner loops.
 */
export interface CancelSignal {
  readonly flag: Int32Array;
}

export interface Engine {
  /** e.g. "native-1.0.0" or "ts-1.0.0". */
  readonly id: string;
  /** "native" or "ts" — the `engine` field of envelopes and /healthz. */
  readonly kind: 'native' | 'ts';
  supports(command: Command): boolean;
  solve(req: EngineRequest, signal?: CancelSignal): Promise<EngineResult>;
}

export function newCancelSignal(): CancelSignal {
  return { flag: new Int32Array(new SharedArrayBuffer(4)) };
}

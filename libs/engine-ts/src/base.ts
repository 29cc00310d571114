/**
 * The leaf of engine-ts: the types and helpers every family and the engine share (commands,
 * efforts, pair lists, proofs, results' common part, requests over a problem type, cancellation).
 * It imports nothing of engine-ts, so the families import it and engine.ts imports the families
 * without a cycle; its one import is the list of command names.
 */
import { COMMANDS, type CommandName } from '@svc/contracts/command-names';

/**
 * The 25 commands of the interface: THE list of libs/contracts/src/command-names.ts, a file that
 * imports nothing and the only thing engine-ts imports from outside itself (README.md "Layout";
 * tools/src/boundaries keeps it so).
 */
export { COMMANDS };
export type Command = CommandName;

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

/** Which exact method finished, or null for a heuristic answer. */
export type Proof = 'exhaustive' | 'branch_and_bound' | 'dynamic_program' | 'planted' | 'bound_attained' | null;

/** How optimize/maxcut pick their exact method (see EngineRequest.exactMethod). */
export type ExactMethod = 'auto' | 'branch_and_bound' | 'heuristic';

/** A request for one solve of a problem of type P (engine.ts EngineRequest is the one over every kind). */
export interface SolveRequest<P> {
  readonly command: Command;
  readonly problem: P;
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

export interface EngineWork {
  iterations: number;
  nodes: number;
  restarts: number;
}

/** What every engine result carries, whatever the kind of its answer. */
export interface ResultBase {
  readonly proof: Proof;
  /** A proven bound on the optimum (lower for minimisation, upper for maximisation). */
  readonly bound?: number;
  readonly stoppedAtDeadline: boolean;
  readonly work: EngineWork;
  /** Time spent inside the engine, ms. */
  readonly engineMs: number;
}

/**
 * A 0/1 answer and its objective: optimize, maxcut, feel, want (families/qubo) and select
 * (families/select).
 */
export interface BinaryResult extends ResultBase {
  readonly kind: 'binary';
  /**
   * cover: the Lagrangian multipliers y ≥ 0, one per element, of the best root bound (0 on the
   * elements the reductions covered; all 0 when the reductions alone solved it): the service's
   * `lagrangian` certificate (families/cover/solve.ts).
   */
  readonly multipliers?: Float64Array;
  /**
   * cover, when a branch tree closed (proof branch_and_bound below the root): the tree as a
   * pre-order stream (families/cover/tree-record.ts: j ≥ 0 a split on set j, −1 an infeasible
   * leaf, −2 a leaf followed by its U multipliers); empty when it passed the recording cap. The
   * service's `tree` certificate.
   */
  readonly tree?: Float64Array;
  /** 0/1 per variable (optimize, select), side per node (maxcut). */
  readonly answer: Uint8Array;
  /** optimize: energy (minimised); maxcut: cut value, select: value (maximised). */
  readonly objective: number;
  /**
   * maxcut, when `bound` is the proven SDP bound (families/qubo/sdp-bound.ts): its dual point y and
   * the proven μ ≥ λ_max(L/4 − Diag y), so bound ≤ Σ y + n·μ (the service's `sdp_dual` certificate).
   */
  readonly sdpDual?: { readonly y: Float64Array; readonly mu: number };
  /**
   * maxcut, when `bound` is the cycle bound (kernels/cut-bound.ts): the triangles it packed, u, v, w
   * per triangle (the service's `odd_cycles` certificate reads them instead of packing again).
   */
  readonly triangles?: Int32Array;
}

/**
 * A numeric operation's answer (frequency, world): reals in `answer` and integers in `ints`, laid
 * out as the family's problem.ts says, the family's named numbers in `extras`, and `objective` the
 * family's summary number. The generic kind for answers that are neither a 0/1 vector nor an order
 * (C++ ResultKind::kNumeric: values, order and every extra cross as they are).
 */
export interface NumericResult extends ResultBase {
  readonly kind: 'numeric';
  readonly answer: Float64Array;
  readonly ints: Int32Array;
  readonly extras: Readonly<Record<string, number>>;
  readonly objective: number;
}

/**
 * How one problem kind is re-scored (each family's evaluate.ts; src/evaluate.ts holds one per kind):
 * the independent objective, the weight sum of the tolerance 1e-9 · (1 + Σ|weights|), the direction.
 */
export interface ProblemScore<P> {
  evaluate(p: P, x: ArrayLike<number>): number;
  weightSum(p: P): number;
  readonly minimise: boolean;
}

/**
 * Cancellation: `flag[0] !== 0` asks the engine to stop and return the best answer so far
 * (a shared Int32Array so it reaches worker threads and C++). Polled in inner loops.
 */
export interface CancelSignal {
  /** 0 runs on; CANCEL_FLAG stops a cancelled solve; DEADLINE_FLAG is the service's deadline (the engine's own clock is the first line). */
  readonly flag: Int32Array;
}

/** The cancel flag's value for a caller's cancel. */
export const CANCEL_FLAG = 1;
/** The cancel flag's value when the service's deadline fired: the engine stops as at its own deadline. */
export const DEADLINE_FLAG = 2;

/**
 * A long solve's state, reported while it runs (observation only: the answer is the same with or
 * without a listener). `best` and `bound` are in the command's objective sense (what the result's
 * `objective` and `bound` mean), null when not known yet or when the search has no bound; `work`
 * is the search's own unit (moves, nodes, kicks). At most one report per ~100 ms of solving.
 */
export interface EngineProgress {
  readonly best: number | null;
  readonly bound: number | null;
  readonly work: number;
  readonly elapsedMs: number;
}

export type ProgressListener = (p: EngineProgress) => void;

export function newCancelSignal(): CancelSignal {
  return { flag: new Int32Array(new SharedArrayBuffer(4)) };
}

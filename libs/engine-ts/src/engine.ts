/**
 * The engine boundary of ARCHITECTURE.md. Both engines (pure TS here, C++ in
 * libs/engine-native) implement `Engine`; the service only ever talks to this interface. The
 * problem and result unions derive from the families of families/index.ts; what every family
 * shares is in base.ts (re-exported here).
 */
import type { CancelSignal, Command, ProgressListener, SolveRequest } from './base';
import type { FAMILIES } from './families/index';
import type { ProblemOf, ResultOf } from './families/family';

export * from './base';

/** Every family's canonical problem, keyed by `kind` (each family's problem.ts). */
export type CanonicalProblem = ProblemOf<(typeof FAMILIES)[number]>;

/**
 * An engine result, keyed by `kind` (the kind of answer); each family defines its variant in its
 * problem.ts. A new kind of answer (tour, permutation, eigenvalues, decimal string) is a new member.
 */
export type EngineResult = ResultOf<(typeof FAMILIES)[number]>;

/** A request for one solve, of any problem kind. */
export type EngineRequest = SolveRequest<CanonicalProblem>;

export interface Engine {
  /** e.g. "native-1.0.0" or "ts-1.0.0". */
  readonly id: string;
  /** "native" or "ts" — the `engine` field of envelopes and /healthz. */
  readonly kind: 'native' | 'ts';
  supports(command: Command): boolean;
  /** `onProgress`: optional reports while a long search runs (families with a hook; see EngineProgress). */
  solve(req: EngineRequest, signal?: CancelSignal, onProgress?: ProgressListener): Promise<EngineResult>;
}

import { SvcError } from '@svc/errors';
import type { EngineResult, Proof } from '@svc/engine-ts';
import { assertAgrees, checkBinaryAnswer, rescoreTolerance, type Rescored } from '../../internal/rescore';

/** What the service may claim about an engine result after checking it. */
export interface RescoredResult {
  /** The exact method that finished, or null (heuristic). */
  readonly proof: Proof;
  readonly stoppedAtDeadline: boolean;
  /** A proven bound on the optimum, only for heuristic answers. */
  readonly bound?: number;
  /** |objective − bound| / max(1, |objective|). */
  readonly gap?: number;
}

/**
 * Re-scores a 0/1-vector engine result against the request instead of trusting it (a solve's
 * `finish`; a caller's answer is checked by check-answer.ts instead): answer shape, objective
 * (independent re-score within 1e-9·(1+Σ|w|)), never worse than the warm start, bound on the
 * right side. Any failure is SVC_ENGINE_FAILURE, never a wrong answer.
 */
export function rescoreResult(args: {
  readonly minimise: boolean;
  readonly n: number;
  readonly result: EngineResult;
  readonly rescore: (x: ArrayLike<number>) => Rescored;
  readonly warmStart?: Uint8Array;
  /** The service's own deadline timer fired during the solve. */
  readonly deadlineFired: boolean;
}): RescoredResult {
  const { minimise, result: r } = args;
  checkBinaryAnswer(r.answer, args.n);
  const rescored = args.rescore(r.answer);
  assertAgrees(minimise ? 'energy' : 'cut value', r.objective, rescored);
  const tol = rescoreTolerance(rescored.weightSum);
  if (args.warmStart) {
    const ws = args.rescore(args.warmStart).value;
    if (minimise ? r.objective > ws + tol : r.objective < ws - tol) {
      throw new SvcError('SVC_ENGINE_FAILURE', `engine answer (${r.objective}) is worse than the warm start (${ws})`);
    }
  }
  const stoppedAtDeadline = r.stoppedAtDeadline || (args.deadlineFired && r.proof === null);
  // A search cut short is never a proof, whatever the engine says.
  const proof = stoppedAtDeadline ? null : r.proof;
  if (proof !== null || r.bound === undefined || !Number.isFinite(r.bound)) return { proof, stoppedAtDeadline };
  if (minimise ? r.bound > r.objective + tol : r.bound < r.objective - tol) {
    throw new SvcError('SVC_ENGINE_FAILURE', `engine bound ${r.bound} contradicts its own answer ${r.objective}`);
  }
  const gap = Math.abs(r.objective - r.bound) / Math.max(1, Math.abs(r.objective));
  return { proof, stoppedAtDeadline, bound: r.bound, gap };
}

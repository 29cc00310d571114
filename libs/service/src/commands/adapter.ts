import type { CertificateMode, ValidatedProblem } from '@svc/contracts';
import type { CanonicalProblem, Command, EngineResult, Proof } from '@svc/engine-ts';

/** What the service may say about one checked engine result. */
export interface FinishedSolve {
  /** The command's answer fields, `answer` first (e.g. `{answer, energy, n}`); `answer` goes into the receipt. */
  readonly fields: Record<string, unknown> & { answer: unknown };
  /** The exact method that finished, or null (heuristic). */
  readonly proof: Proof;
  readonly stoppedAtDeadline: boolean;
  /** A proven bound on the optimum, for heuristic answers. */
  readonly bound?: number;
  readonly gap?: number;
  /** A certainty text other than certified/heuristic (e.g. `planted floor (proven by construction)`). */
  readonly certainty?: string;
  /** The certificate of the answer or of its `bound` (the command module's `certificate` producer), or why there is none; absent: the command has no producer. */
  readonly certificate?: CertificateOutcome;
}

/**
 * A certificate (docs/certificates.md: `{kind, …}`, numbers integers or exact decimal strings)
 * that proves the stated `bound` or the certified answer's optimality, or why there is none.
 */
export type CertificateOutcome =
  | { readonly certificate: Readonly<Record<string, unknown>> & { readonly kind: string } }
  | { readonly omitted: string };

/** The outcome of a solve whose caller asked for no certificate (`?certificate=none`): its producer did not run. */
export const NOT_REQUESTED = Object.freeze({ omitted: 'not requested (certificate=none)' });

/** What `finish` knows of the call besides the result. */
export interface FinishContext {
  readonly deadlineFired: boolean;
  /** The call's `?certificate=`: `none` skips the certificate's producer (commands/index.ts), which never runs for nothing. */
  readonly certificate?: CertificateMode;
}

/** One validated problem made ready for an engine, with the means to check what comes back. */
export interface PreparedSolve {
  readonly problem: CanonicalProblem;
  readonly warmStart?: Uint8Array;
  /** Size measure for compute units: distinct terms after merging duplicates. */
  readonly terms: number;
  /** The receipt form of the problem (commands.md "Receipt"): no tag/description, n resolved, canonical order. */
  readonly receiptProblem: unknown;
  /**
   * Re-scores the engine result against the validated JSON input (an independent re-score, never
   * trusting the engine: `commands/<command>/rescore.ts`) and builds the answer fields. Any disagreement is SVC_ENGINE_FAILURE.
   */
  finish(result: EngineResult, ctx: FinishContext): FinishedSolve;
  /**
   * Set when the command's re-check may cost more than reading the request (a reduced state's
   * eigenvalues, a refit of every sample, exact residuals of long decimals): the solve worker
   * prepares this input again and runs `finish` there, off the thread that answers everyone else
   * (solve/worker.ts); `finish` here is the fallback when it could not.
   */
  readonly recheck?: ValidatedProblem;
}

/** Everything command-specific the solve path needs: `commands/<command>/adapter.ts`, part of its `CommandModule`. */
export interface CommandAdapter {
  readonly command: Command;
  /** Canonicalizes a validated problem; throws SvcError for inputs only the engine side can reject. */
  prepare(v: ValidatedProblem): PreparedSolve;
  /** Its `finish` may cost more than the request's size: a solve runs it in the solve worker (PreparedSolve.recheck). */
  readonly recheckInWorker?: true;
  /**
   * The engine's time is a function of the input's size alone (one operation, no search) though
   * the family has no work model: a plan of at most DIRECT_MAX_UNITS compute units may take the
   * direct lane (solve/direct-lane.ts).
   */
  readonly sizeBoundWork?: true;
}

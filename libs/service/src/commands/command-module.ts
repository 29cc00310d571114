/**
 * What one command brings to the service, in one object per command (`commands/<command>/index.ts`)
 * listed once in the registry (`commands/index.ts`).
 */
import type { ValidatedProblem } from '@svc/contracts';
import type { Command, Effort, EngineResult } from '@svc/engine-ts';
import type { CertificateOutcome, CommandAdapter, FinishedSolve, PreparedSolve } from './adapter';

/** One command: solve adapter, caller-answer checker, route shape, worksheet and examples. */
export interface CommandModule {
  readonly command: Command;
  /** Prepare (canonical problem, units, receipt form) and finish (independent re-score of the engine's answer). */
  readonly adapter: CommandAdapter;
  /** The independent check of a caller's `{problem, answer}` (POST /verify). */
  readonly checker: AnswerChecker;
  /** How `POST /api/v1/route` recognises a bare problem of this command. */
  readonly shape: RouteShape;
  /**
   * Worksheet parts (`GET /api/v1/formulate/<command>`): the objective sentence, a template when no
   * example fits, and the command's own common mistakes (after the ones every command shares).
   */
  readonly worksheet: { readonly objective: string; readonly template?: Readonly<Record<string, unknown>>; readonly mistakes?: readonly string[] };
  /** Engine-verified recipes of `GET /api/v1/examples` (solved in apps/http/src/meta.test.ts). */
  readonly examples: readonly Example[];
  /** Typical largest size certified per effort, when the command has such a cap (numbers in the command's own exact-caps.ts). */
  exactCaps?(): Record<Effort, number>;
  /**
   * Why a solve of this prepared problem at this effort and model version always ends certified
   * (an exact method that cannot fail to finish within its work budget), or null when that is
   * not guaranteed. The free estimate says "yes" only on this (the command's own exact-caps.ts;
   * what several share in shared/exact-caps.ts and shared/qubo-family.ts).
   */
  certifiesSurely?(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null;
  /** What a job of this command reports as its progress (jobs/); absent: work and time only. */
  readonly progress?: ProgressReading;
  /** Makes the certificate of a checked solve (`commands/<command>/certificate.ts`); absent: answers say "not produced for this command yet". */
  readonly certificate?: CertificateProducer;
}

/**
 * The certificate of one checked solve (`done`, after the adapter's `finish`) of `prep`, or why
 * there is none. It never claims more than it proves: when its proof is weaker than the engine's
 * `bound`, it restates the bound (and gap) it proves.
 */
export type CertificateProducer = (prep: PreparedSolve, result: EngineResult, done: FinishedSolve) =>
  CertificateOutcome & { readonly restate?: { readonly bound: number; readonly gap: number } };

/** How a job's progress reads a solve of one command: its best objective, the engine's reports, what is known at the start. */
export interface ProgressReading {
  /** The numeric answer field a finished or cancelled job reports as its best objective. */
  readonly objectiveField: string;
  /**
   * The sense of the engine's reported best and bound when they are that field's value unchanged;
   * absent: the engine's reports give work and time only.
   */
  readonly sense?: 'min' | 'max';
  /** The proven bound and the warm start's objective known before the engine starts (absent: neither). */
  start?(prep: PreparedSolve): { readonly bound: number | null; readonly warmObjective: number | null };
}

/** A certificate a solve cannot miss: the method, and whether a latency budget could still cut it short. */
export interface SureCertificate {
  readonly reason: string;
  /** True when the method takes no search at all (by construction), so no latency budget stops it. */
  readonly instant: boolean;
}

/** One named check of a verification. */
export interface VerifyCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** What a checker is given: the validated problem, its prepared form, and the answer as sent. */
export interface CheckInput {
  readonly v: ValidatedProblem;
  readonly prep: PreparedSolve;
  /** The bare answer value. */
  readonly answer: unknown;
  /** The result document the answer came in (objective, certainty, bound, receipt…), or null. */
  readonly declared: Readonly<Record<string, unknown>> | null;
}

/** A command's independent re-check. */
export interface AnswerChecker {
  /** The objective field of the command's answer. */
  readonly objectiveField: string;
  readonly minimise: boolean;
  check(input: CheckInput): { checks: VerifyCheck[]; objective: number | null };
  /**
   * The objective's true value for a small instance, computed independently of the engines (the
   * examples' reference in apps/http/src/meta.test.ts), or null beyond the checker's exact size;
   * absent for commands whose answers are re-checked by enumerating 0/1 answers.
   */
  reference?(input: Pick<CheckInput, 'v' | 'prep'>): number | null;
}

/** One engine-verified recipe of `GET /api/v1/examples`. */
export interface Example {
  /** Stable id, kebab-case. */
  readonly id: string;
  readonly command: Command;
  readonly title: string;
  /** The real-world decision and how it maps onto the command. */
  readonly story: string;
  /** The request body (complete: tag, description, n and the command's fields). */
  readonly problem: Readonly<Record<string, unknown>>;
  readonly query: { readonly effort: Effort; readonly seed: number };
  /**
   * What the service answers: the objective's field (a dotted path, e.g. `samples.0.energy`), its
   * value (a decimal string for precision), and the certainty label; `tolerance` (absolute) when
   * the value is a numeric operation's (a measured frequency, an eigenvalue), exact when absent. A
   * certainty may be a template whose `<t>` stands for the measured tolerance (contracts
   * `certaintyMatches`).
   */
  readonly expected: { readonly field: string; readonly value: number | string; readonly certainty: string; readonly tolerance?: number };
}

export type RouteBody = Readonly<Record<string, unknown>>;

export interface RouteShape {
  /** Fields the command accepts beyond tag, description, n and version. */
  readonly fields: readonly string[];
  /** Each group: at least one of its fields must be present. */
  readonly requires: readonly (readonly string[])[];
  /** Fields that point at this command and few others. */
  readonly distinctive: readonly string[];
  /** Extra evidence from values (e.g. spins ±1, an `op` name); returns a bonus and its reason. */
  readonly evidence?: (b: RouteBody) => { bonus: number; why: string } | null;
  /** Prior among commands sharing the same fields (more common formulations first). */
  readonly prior: number;
}

/** Freezes one example (the catalogue is immutable). */
export const example = (e: Example): Example => Object.freeze(e);

/**
 * What a family is to the engines: the kind of canonical problem it takes, its independent
 * re-score, the budget it hands the native engine, and the solver of each of its commands. Each
 * family folder exports one (its family.ts); families/index.ts lists them, and everything keyed by
 * command or problem kind (SOLVERS, familyOf, nativeBudgetOf, the unions of engine.ts) derives
 * from that list.
 */
import type { CancelSignal, Command, Effort, ProblemScore, ProgressListener, SolveRequest } from '../base';
import type { NativeBudget } from './native-budget';

/** What a family's work model is told of a planned solve. */
export interface WorkPlan {
  readonly command: Command;
  readonly effort: Effort;
  /** The budget model version (the request's `version`), or the latest when absent. */
  readonly model?: string;
}

/**
 * The engine work a solve is expected to do, in "edge visits" (the unit of the engines' own work
 * caps), and the engine's `work.iterations` when it runs to completion (null when that count is
 * not modelled): the service's estimates, queueing threshold and cancel billing read it.
 */
export interface FamilyWork {
  readonly work: number;
  readonly steps: number | null;
}

export interface Family<P extends { readonly kind: string }, R> {
  readonly kind: P['kind'];
  readonly score: ProblemScore<P>;
  readonly nativeBudget: (p: P, req: SolveRequest<P>) => NativeBudget;
  readonly solvers: Readonly<Partial<Record<Command, (req: SolveRequest<P>, signal?: CancelSignal, onProgress?: ProgressListener) => R>>>;
  /** The family's work model, or null for a command it does not model (absent: none); the service then counts compute units. */
  readonly workModel?: (p: P, plan: WorkPlan) => FamilyWork | null;
}

/** The canonical problem of a family (or of a union of families). */
export type ProblemOf<F> = F extends Family<infer P, unknown> ? P : never;

/** The results a family's solvers give (or a union of families'). */
export type ResultOf<F> = F extends Family<infer _P, infer R> ? R : never;

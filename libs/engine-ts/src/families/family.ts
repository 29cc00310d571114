/**
 * What a family is to the engines: the kind of canonical problem it takes, its independent
 * re-score, the budget it hands the native engine, and the solver of each of its commands. Each
 * family folder exports one (its family.ts); families/index.ts lists them, and everything keyed by
 * command or problem kind (SOLVERS, familyOf, nativeBudgetOf, the unions of engine.ts) derives
 * from that list.
 */
import type { CancelSignal, Command, ProblemScore, ProgressListener, SolveRequest } from '../base';
import type { NativeBudget } from './native-budget';

export interface Family<P extends { readonly kind: string }, R> {
  readonly kind: P['kind'];
  readonly score: ProblemScore<P>;
  readonly nativeBudget: (p: P, req: SolveRequest<P>) => NativeBudget;
  readonly solvers: Readonly<Partial<Record<Command, (req: SolveRequest<P>, signal?: CancelSignal, onProgress?: ProgressListener) => R>>>;
}

/** The canonical problem of a family (or of a union of families). */
export type ProblemOf<F> = F extends Family<infer P, unknown> ? P : never;

/** The results a family's solvers give (or a union of families'). */
export type ResultOf<F> = F extends Family<infer _P, infer R> ? R : never;

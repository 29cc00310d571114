/**
 * The independent re-score of any problem kind (each family's evaluate.ts, named by its family.ts):
 * it recomputes the objective from the canonical problem and an assignment, sharing no state with
 * the solvers.
 */
import type { CanonicalProblem, ProblemScore } from './engine';
import { familyOf } from './families/index';

function scoreOf(p: CanonicalProblem): ProblemScore<CanonicalProblem> {
  const kind = (p as { kind?: unknown }).kind;
  if (typeof kind !== 'string') throw new Error(`unknown problem kind "${String(kind)}"`);
  return familyOf(kind as CanonicalProblem['kind']).score as ProblemScore<CanonicalProblem>;
}

/** The objective of any problem kind (energy for QUBO and rules, cut for max-cut, value for select). */
export function evaluate(p: CanonicalProblem, x: ArrayLike<number>): number {
  return scoreOf(p).evaluate(p, x);
}

/** Re-scoring tolerance of commands.md: 1e-9 · (1 + Σ|weights|), linear terms included. */
export function tolerance(p: CanonicalProblem): number {
  return 1e-9 * (1 + scoreOf(p).weightSum(p));
}

/** Whether `a` is at least as good as `b` for this problem's direction, within tolerance. */
export function notWorse(p: CanonicalProblem, a: number, b: number): boolean {
  const tol = tolerance(p);
  return scoreOf(p).minimise ? a <= b + tol : a >= b - tol;
}

/**
 * The independent re-score of any problem kind, one entry per kind (each family's evaluate.ts):
 * it recomputes the objective from the canonical problem and an assignment, sharing no state with
 * the solvers. A new problem kind fails the type check until it has its entry here.
 */
import type { CanonicalProblem, ProblemScore } from './engine';
import { PLANTED_SCORE } from './families/planted/evaluate';
import { MAXCUT_SCORE, QUBO_SCORE } from './families/qubo/evaluate';
import { RULES_SCORE } from './families/rules/evaluate';
import { SELECT_SCORE } from './families/select/evaluate';
import { RANK_SCORE } from './families/rank/evaluate';
import { TSP_SCORE } from './families/tsp/evaluate';
import { QAP_SCORE } from './families/qap/evaluate';
import { DESIGN_SCORE } from './families/design/evaluate';
import { COVER_SCORE } from './families/cover/evaluate';
import { MILP_SCORE } from './families/milp/evaluate';

const SCORES: { readonly [K in CanonicalProblem['kind']]: ProblemScore<Extract<CanonicalProblem, { kind: K }>> } = {
  qubo: QUBO_SCORE,
  maxcut: MAXCUT_SCORE,
  select: SELECT_SCORE,
  rules: RULES_SCORE,
  'planted-ising': PLANTED_SCORE,
  rank: RANK_SCORE,
  tsp: TSP_SCORE,
  qap: QAP_SCORE,
  design: DESIGN_SCORE,
  cover: COVER_SCORE,
  milp: MILP_SCORE,
};

function scoreOf(p: CanonicalProblem): ProblemScore<CanonicalProblem> {
  const s = SCORES[p.kind] as ProblemScore<CanonicalProblem> | undefined;
  if (s === undefined) throw new Error(`unknown problem kind "${String((p as { kind?: unknown }).kind)}"`);
  return s;
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

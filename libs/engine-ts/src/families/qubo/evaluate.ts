/**
 * Independent evaluators of the QUBO family: they recompute an objective from the canonical
 * problem and an assignment, sharing no state with the solvers. Summation order is fixed (linear
 * terms by index, then pairs in canonical order) so every engine gets the same double.
 */
import type { ProblemScore } from '../../base';
import type { MaxcutProblem, QuboProblem } from './problem';

/** Energy Σ h_i x_i + Σ w_ij x_i x_j of a 0/1 assignment (length n). */
export function evaluateQubo(p: QuboProblem, x: ArrayLike<number>): number {
  checkAssignment(p.n, x);
  let e = 0;
  for (let i = 0; i < p.n; i++) if (x[i] !== 0) e += p.linear[i];
  const { i: pi, j: pj, w } = p.pairs;
  for (let k = 0; k < w.length; k++) if (x[pi[k]] !== 0 && x[pj[k]] !== 0) e += w[k];
  return e;
}

/**
 * Cut value of a 0/1 side assignment (length n): Σ w_ij over edges whose ends differ.
 * The complete graph is counted directly as |S|·(n − |S|).
 */
export function evaluateMaxcut(p: MaxcutProblem, side: ArrayLike<number>): number {
  checkAssignment(p.n, side);
  if (p.complete) {
    let s = 0;
    for (let v = 0; v < p.n; v++) s += side[v];
    return s * (p.n - s);
  }
  if (p.edges === null) throw new Error('maxcut problem has neither edges nor complete');
  const { i: pi, j: pj, w } = p.edges;
  let cut = 0;
  for (let k = 0; k < w.length; k++) if (side[pi[k]] !== side[pj[k]]) cut += w[k];
  return cut;
}

/** Σ|h| + Σ|w|, linear terms by index, then pairs in canonical order. */
export function quboWeightSum(p: QuboProblem): number {
  let s = 0;
  for (let i = 0; i < p.n; i++) s += Math.abs(p.linear[i]);
  for (let k = 0; k < p.pairs.w.length; k++) s += Math.abs(p.pairs.w[k]);
  return s;
}

/** Σ|w| over the edges; the complete graph counts its n(n − 1)/2 unit edges. */
export function maxcutWeightSum(p: MaxcutProblem): number {
  let s = 0;
  if (p.complete) {
    s = (p.n * (p.n - 1)) / 2;
  } else if (p.edges !== null) {
    for (let k = 0; k < p.edges.w.length; k++) s += Math.abs(p.edges.w[k]);
  }
  return s;
}

/** optimize (and feel, want, sample): energy, minimised. */
export const QUBO_SCORE: ProblemScore<QuboProblem> = { evaluate: evaluateQubo, weightSum: quboWeightSum, minimise: true };
/** maxcut: cut value, maximised. */
export const MAXCUT_SCORE: ProblemScore<MaxcutProblem> = { evaluate: evaluateMaxcut, weightSum: maxcutWeightSum, minimise: false };

function checkAssignment(n: number, x: ArrayLike<number>): void {
  if (x.length !== n) throw new Error(`assignment has length ${x.length}, expected ${n}`);
  for (let i = 0; i < n; i++) {
    const v = x[i];
    if (v !== 0 && v !== 1) throw new Error(`assignment[${i}] = ${v} is not 0 or 1`);
  }
}

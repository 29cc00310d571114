/**
 * Independent objective evaluators: they recompute an objective from the canonical problem and
 * an assignment, sharing no state with the solvers. Summation order is fixed (linear terms by
 * index, then pairs in canonical order) so every engine gets the same double.
 */
import type { CanonicalProblem, MaxcutProblem, QuboProblem } from './engine';
import { evaluateRules, rulesWeightSum } from './evaluate-rules';
import { evaluateSelect, selectWeightSum } from './evaluate-select';
import { layoutOf, plantedEnergyOf } from './internal/planted-ising';

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

/** The objective of any problem kind (energy for QUBO and rules, cut for max-cut, value for select). */
export function evaluate(p: CanonicalProblem, x: ArrayLike<number>): number {
  if (p.kind === 'select') return evaluateSelect(p, x);
  if (p.kind === 'rules') return evaluateRules(p, x).energy;
  if (p.kind === 'planted-ising') return plantedEnergyOf(layoutOf(p), x);
  return p.kind === 'qubo' ? evaluateQubo(p, x) : evaluateMaxcut(p, x);
}

/** Re-scoring tolerance of commands.md: 1e-9 · (1 + Σ|weights|), linear terms included. */
export function tolerance(p: CanonicalProblem): number {
  let s = 0;
  if (p.kind === 'select') {
    s = selectWeightSum(p);
  } else if (p.kind === 'rules') {
    s = rulesWeightSum(p);
  } else if (p.kind === 'planted-ising') {
    s = layoutOf(p).edges; // every coupling is ±1
  } else if (p.kind === 'qubo') {
    for (let i = 0; i < p.n; i++) s += Math.abs(p.linear[i]);
    for (let k = 0; k < p.pairs.w.length; k++) s += Math.abs(p.pairs.w[k]);
  } else if (p.complete) {
    s = (p.n * (p.n - 1)) / 2;
  } else if (p.edges !== null) {
    for (let k = 0; k < p.edges.w.length; k++) s += Math.abs(p.edges.w[k]);
  }
  return 1e-9 * (1 + s);
}

/** Whether `a` is at least as good as `b` for this problem's direction, within tolerance. */
export function notWorse(p: CanonicalProblem, a: number, b: number): boolean {
  const tol = tolerance(p);
  return p.kind === 'qubo' || p.kind === 'rules' || p.kind === 'planted-ising' ? a <= b + tol : a >= b - tol;
}

function checkAssignment(n: number, x: ArrayLike<number>): void {
  if (x.length !== n) throw new Error(`assignment has length ${x.length}, expected ${n}`);
  for (let i = 0; i < n; i++) {
    const v = x[i];
    if (v !== 0 && v !== 1) throw new Error(`assignment[${i}] = ${v} is not 0 or 1`);
  }
}

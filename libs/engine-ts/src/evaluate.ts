/**
 * The independent re-score of any problem kind, dispatched to each family's evaluator
 * (families/<family>/evaluate.ts): it recomputes the objective from the canonical problem and an
 * assignment, sharing no state with the solvers.
 */
import type { CanonicalProblem } from './engine';
import { evaluateMaxcut, evaluateQubo } from './families/qubo/evaluate';
import { evaluateRules, rulesWeightSum } from './families/rules/evaluate';
import { evaluateSelect, selectWeightSum } from './families/select/evaluate';
import { layoutOf, plantedEnergyOf } from './families/planted/generate';

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

/**
 * Independent evaluator of `select` answers (no state shared with the solvers). Summation order
 * is fixed so every engine reports the same double: affinity of chosen items by index, then
 * −redundancy over chosen pairs i < j, row by row.
 */
import type { ProblemScore } from '../../base';
import type { SelectProblem } from './problem';

/** Value Σ_{i chosen} a_i − Σ_{i<j chosen} R_ij of a 0/1 membership vector (length n). */
export function evaluateSelect(p: SelectProblem, chosen: ArrayLike<number>): number {
  const m = p.n;
  if (chosen.length !== m) throw new Error(`membership has length ${chosen.length}, expected ${m}`);
  const idx: number[] = [];
  for (let i = 0; i < m; i++) {
    const v = chosen[i];
    if (v !== 0 && v !== 1) throw new Error(`membership[${i}] = ${v} is not 0 or 1`);
    if (v === 1) idx.push(i);
  }
  let value = 0;
  for (const i of idx) value += p.affinity[i];
  const r = p.redundancy;
  if (r !== null) {
    for (let s = 0; s < idx.length; s++) {
      const base = idx[s] * m;
      for (let t = s + 1; t < idx.length; t++) value -= r[base + idx[t]];
    }
  }
  return value;
}

/** The chosen indices of a membership vector, ascending. */
export function chosenIndices(chosen: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < chosen.length; i++) if (chosen[i] !== 0) out.push(i);
  return out;
}

/** Σ|affinity| + Σ_{i<j}|R_ij|: the weight sum of the re-scoring tolerance. */
export function selectWeightSum(p: SelectProblem): number {
  let s = 0;
  for (let i = 0; i < p.n; i++) s += Math.abs(p.affinity[i]);
  const r = p.redundancy;
  if (r !== null) {
    const m = p.n;
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) s += Math.abs(r[i * m + j]);
  }
  return s;
}

/** select: value, maximised. */
export const SELECT_SCORE: ProblemScore<SelectProblem> = { evaluate: evaluateSelect, weightSum: selectWeightSum, minimise: false };

/**
 * Independent evaluator of `rules` answers (no state shared with the solvers): each rule is
 * checked by its own definition (interface §2.2), never through the solvers' encoding.
 * The energy uses the order of evaluateQubo (linear by index, then pairs in canonical order).
 */
import type { ProblemScore } from '../../base';
import type { RulesProblem } from './problem';
import { RULE_KINDS } from './canonical';

/** Violated rules (one each) and objective energy of a 0/1 assignment. */
export interface RulesScore {
  readonly violations: number;
  readonly energy: number;
}

/** Whether rule r of `p` holds under x. */
export function ruleHolds(p: RulesProblem, r: number, x: ArrayLike<number>): boolean {
  const { type, k, start, nodes } = p.rules;
  const from = start[r];
  const to = start[r + 1];
  const kind = RULE_KINDS[type[r]];
  if (kind === 'requires') return !(x[nodes[from]] === 1 && x[nodes[from + 1]] === 0);
  if (kind === 'identical') return x[nodes[from]] === x[nodes[from + 1]];
  if (kind === 'different') return x[nodes[from]] !== x[nodes[from + 1]];
  let ones = 0;
  for (let q = from; q < to; q++) ones += x[nodes[q]] === 1 ? 1 : 0;
  const size = to - from;
  switch (kind) {
    case 'choose_one': return ones === 1;
    case 'choose_exactly': return ones === k[r];
    case 'mutual_exclusion': return ones <= 1;
    case 'capacity_limit': return ones <= k[r];
    case 'force_true': return ones === size;
    case 'force_false': return ones === 0;
    default: throw new Error(`unknown rule type code ${type[r]}`);
  }
}

/** Score of x (length n, values 0/1). */
export function evaluateRules(p: RulesProblem, x: ArrayLike<number>): RulesScore {
  if (x.length !== p.n) throw new Error(`assignment has length ${x.length}, expected ${p.n}`);
  for (let i = 0; i < p.n; i++) if (x[i] !== 0 && x[i] !== 1) throw new Error(`assignment[${i}] = ${x[i]} is not 0 or 1`);
  let violations = 0;
  const count = p.rules.type.length;
  for (let r = 0; r < count; r++) if (!ruleHolds(p, r, x)) violations++;
  let energy = 0;
  for (let i = 0; i < p.n; i++) if (x[i] !== 0) energy += p.linear[i];
  const { i: pi, j: pj, w } = p.pairs;
  for (let q = 0; q < w.length; q++) if (x[pi[q]] !== 0 && x[pj[q]] !== 0) energy += w[q];
  return { violations, energy };
}

/** Σ|h| + Σ|w| of the objective: the weight sum of the re-scoring tolerance. */
export function rulesWeightSum(p: RulesProblem): number {
  let s = 0;
  for (let i = 0; i < p.n; i++) s += Math.abs(p.linear[i]);
  for (let q = 0; q < p.pairs.w.length; q++) s += Math.abs(p.pairs.w[q]);
  return s;
}

/** rules: the energy of the answer, minimised (violations are checked apart). */
export const RULES_SCORE: ProblemScore<RulesProblem> = { evaluate: (p, x) => evaluateRules(p, x).energy, weightSum: rulesWeightSum, minimise: true };

import { SvcError } from '@svc/errors';
import type { Rescored } from '../../internal/rescore';
import { rescoreOptimize } from '../optimize/rescore';

/** Validated JSON input of `rules` (the fields the re-score reads). */
export interface RulesTerms {
  readonly n: number;
  readonly constraints: readonly { readonly type: string; readonly nodes: readonly number[]; readonly k?: number }[];
  readonly linear?: Readonly<Record<string, number>>;
  readonly quadratic?: ReadonlyArray<readonly number[]>;
}

/** Whether one rule of the request holds under x (interface §2.2 definitions). */
export function ruleHoldsJson(rule: RulesTerms['constraints'][number], x: ArrayLike<number>): boolean {
  const nodes = rule.nodes;
  if (rule.type === 'requires') return !(x[nodes[0]] === 1 && x[nodes[1]] === 0);
  if (rule.type === 'identical') return x[nodes[0]] === x[nodes[1]];
  if (rule.type === 'different') return x[nodes[0]] !== x[nodes[1]];
  let ones = 0;
  for (const v of nodes) if (x[v] === 1) ones++;
  switch (rule.type) {
    case 'choose_one': return ones === 1;
    case 'choose_exactly': return ones === rule.k;
    case 'mutual_exclusion': return ones <= 1;
    case 'capacity_limit': return ones <= (rule.k as number);
    case 'force_true': return ones === nodes.length;
    case 'force_false': return ones === 0;
    default: throw new SvcError('SVC_INTERNAL', `unknown rule type ${rule.type}`);
  }
}

/** Violated rules (one each) and the energy Σ h x + Σ w x x of x, from the request JSON. */
export function rescoreRules(p: RulesTerms, x: ArrayLike<number>): Rescored & { violations: number } {
  let violations = 0;
  for (const rule of p.constraints) if (!ruleHoldsJson(rule, x)) violations++;
  // The objective is optimize's: the same independent re-score of the JSON terms.
  return { ...rescoreOptimize(p, x), violations };
}

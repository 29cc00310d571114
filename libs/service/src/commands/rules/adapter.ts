import { SvcError } from '@svc/errors';
import { type EngineResult } from '@svc/engine-ts';
import { type RawPair } from '@svc/engine-ts/families/qubo';
import { canonicalRules, RULE_KINDS, type RulesProblem } from '@svc/engine-ts/families/rules';
import type { RulesInput } from '@svc/contracts';
import { assertAgrees, checkBinaryAnswer } from '../../internal/rescore';
import { rescoreRules, type RulesTerms } from './rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';

/** rules: minimise violated rules, then the objective Σ h x + Σ w x x, lexicographically. */
export const rulesAdapter: CommandAdapter = {
  command: 'rules',
  prepare(v) {
    const input = v.input as RulesInput;
    const n = v.n;
    const terms: RulesTerms = { n, constraints: input.constraints, linear: input.linear, quadratic: input.quadratic };
    const problem = canonicalOrInvalid(() =>
      canonicalRules(n, input.constraints, input.linear, input.quadratic as ReadonlyArray<RawPair> | undefined));
    return {
      problem,
      terms: problem.pairs.i.length + problem.rules.nodes.length,
      receiptProblem: rulesReceiptProblem(problem),
      finish: (r, ctx) => finishRules(terms, r, ctx.deadlineFired),
    };
  },
};

/**
 * The receipt form (commands.md "Receipt"): n, the rules in input order as {type, nodes, k?}
 * with the nodes sorted except for `requires` (directed), the objective as for optimize (linear
 * map without zeros, self-pairs folded in, pairs i < j sorted with duplicates summed).
 */
export function rulesReceiptProblem(p: RulesProblem): Record<string, unknown> {
  const { type, k, start, nodes } = p.rules;
  const constraints: Record<string, unknown>[] = [];
  for (let r = 0; r < type.length; r++) {
    const kind = RULE_KINDS[type[r]];
    const ns = Array.from(nodes.subarray(start[r], start[r + 1]));
    if (kind !== 'requires') ns.sort((a, b) => a - b);
    const rule: Record<string, unknown> = { type: kind, nodes: ns };
    if (kind === 'choose_exactly' || kind === 'capacity_limit') rule.k = k[r];
    constraints.push(rule);
  }
  const linear: Record<string, number> = {};
  for (let i = 0; i < p.n; i++) if (p.linear[i] !== 0) linear[String(i)] = p.linear[i];
  const quadratic: number[][] = new Array(p.pairs.i.length);
  for (let q = 0; q < p.pairs.i.length; q++) quadratic[q] = [p.pairs.i[q], p.pairs.j[q], p.pairs.w[q]];
  return { n: p.n, constraints, linear, quadratic };
}

/** The independent check of an engine result and the answer fields {answer, energy, violations}. */
export function finishRules(terms: RulesTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  checkBinaryAnswer(r.answer, terms.n);
  const rescored = rescoreRules(terms, r.answer);
  if (r.kind !== 'rules') throw new SvcError('SVC_ENGINE_FAILURE', `engine reported no count of violated rules (a ${r.kind} result)`);
  if (r.violations !== rescored.violations) {
    throw new SvcError('SVC_ENGINE_FAILURE', `engine reported ${String(r.violations)} violated rules but the independent count is ${rescored.violations}`);
  }
  assertAgrees('energy', r.objective, rescored);
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  // A search cut short is never a proof (and a positive violation count is then not minimal).
  const proof = stoppedAtDeadline ? null : r.proof;
  return {
    fields: { answer: Array.from(r.answer), energy: r.objective, violations: rescored.violations },
    proof,
    stoppedAtDeadline,
  };
}

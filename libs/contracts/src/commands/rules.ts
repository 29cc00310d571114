/**
 * `rules` (interface §2.2, commands.md "rules"): a binary assignment under declared business
 * rules; violations are minimised first, then the objective. A node may appear only once per rule;
 * `k` (>= 0) only on choose_exactly / capacity_limit; an empty rule list is allowed.
 */
import { z } from 'zod';
import { SvcError } from '@svc/errors';
import { checkIndexMap, checkTriples, expectArray, expectObject, failIndex, isIndex, onlyKeys, required } from '../internal/checks';
import { fail, failMissing, show, typeName } from '../internal/issue';
import { LIMITS } from '../limits';
import type { CommandContract, Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, fastN, hot, index, indexMap, receipt, requiredN, triples } from './shared/fields';
import { capN, capPairs } from './shared/sizes';
import example from './rules.valid.json';

/** Rule types of `rules` (interface §2.2). */
export const RULE_TYPES = [
  'choose_one', 'choose_exactly', 'mutual_exclusion', 'capacity_limit',
  'force_true', 'force_false', 'requires', 'identical', 'different',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

const ruleNodes = z.array(index).min(1).describe('node indices, each at most once');
const pairNodes = z.tuple([index, index]).describe('exactly two different node indices');
const ruleK = z.number().int().min(0);

/** One business rule of `rules` (interface §2.2). */
export const ruleSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('choose_one'), nodes: ruleNodes }).describe('exactly one of nodes is 1'),
  z.strictObject({ type: z.literal('choose_exactly'), nodes: ruleNodes, k: ruleK }).describe('exactly k of nodes are 1'),
  z.strictObject({ type: z.literal('mutual_exclusion'), nodes: ruleNodes }).describe('at most one node is 1'),
  z.strictObject({ type: z.literal('capacity_limit'), nodes: ruleNodes, k: ruleK }).describe('at most k nodes are 1'),
  z.strictObject({ type: z.literal('force_true'), nodes: ruleNodes }).describe('all nodes are 1'),
  z.strictObject({ type: z.literal('force_false'), nodes: ruleNodes }).describe('all nodes are 0'),
  z.strictObject({ type: z.literal('requires'), nodes: pairNodes }).describe('if nodes[0] then nodes[1]'),
  z.strictObject({ type: z.literal('identical'), nodes: pairNodes }).describe('nodes[0] == nodes[1]'),
  z.strictObject({ type: z.literal('different'), nodes: pairNodes }).describe('nodes[0] != nodes[1]'),
]);
export type Rule = z.infer<typeof ruleSchema>;

const structure = z.strictObject({
  ...common,
  n: requiredN,
  constraints: z.array(ruleSchema).describe('the rules; violations are minimised first, then the objective'),
  linear: indexMap('objective terms').optional(),
  quadratic: triples('objective couplings (x_i x_j; [i, i, w] adds w to the linear term)').optional(),
});
const fast = z.strictObject({ ...fastCommon, n: fastN, constraints: hot, linear: hot, quadratic: hot });

const PAIR_RULES: ReadonlySet<string> = new Set(['requires', 'identical', 'different']);
const K_RULES: ReadonlySet<string> = new Set(['choose_exactly', 'capacity_limit']);
const RULE_TYPE_SET: ReadonlySet<string> = new Set(RULE_TYPES);

interface RuleLike { type: RuleType; nodes: number[]; k?: number }

function check(v: Loose): number {
  const n = v.n as number;
  const rules = expectArray(required(v.constraints, ['constraints'], 'an array of rules {type, nodes, k?}'), ['constraints'], 'an array of rules {type, nodes, k?}');
  for (let t = 0; t < rules.length; t++) {
    const path = ['constraints', t] as const;
    const r = expectObject(rules[t], path, 'a rule {type, nodes, k?}');
    const type = r.type;
    if (type === undefined) failMissing([...path, 'type'], `one of ${RULE_TYPES.join(', ')}`);
    if (typeof type !== 'string' || !RULE_TYPE_SET.has(type)) {
      fail([...path, 'type'], `unknown rule type ${show(type)}; expected one of ${RULE_TYPES.join(', ')}`);
    }
    const hasK = K_RULES.has(type);
    if (!hasK && r.k !== undefined) fail([...path, 'k'], `k applies only to choose_exactly and capacity_limit, not ${type}`);
    onlyKeys(r, hasK ? ['type', 'nodes', 'k'] : ['type', 'nodes'], path);
    const nodes = expectArray(required(r.nodes, [...path, 'nodes'], 'an array of node indices'), [...path, 'nodes'], 'an array of node indices');
    if (PAIR_RULES.has(type)) {
      if (nodes.length !== 2) fail([...path, 'nodes'], `${type} takes exactly 2 nodes, got ${nodes.length}`);
    } else if (nodes.length === 0) {
      fail([...path, 'nodes'], `${type} needs at least 1 node`);
    }
    for (let q = 0; q < nodes.length; q++) if (!isIndex(nodes[q], n)) failIndex([...path, 'nodes', q], nodes[q], n);
    // A node twice in one rule makes counting rules ambiguous, so it is rejected.
    if (nodes.length === 2) {
      if (nodes[0] === nodes[1]) fail([...path, 'nodes', 1], `node ${nodes[1]} appears twice in one rule`);
    } else if (nodes.length > 2) {
      const seen = new Set<number>();
      for (let q = 0; q < nodes.length; q++) {
        const x = nodes[q] as number;
        if (seen.has(x)) fail([...path, 'nodes', q], `node ${x} appears twice in one rule`);
        seen.add(x);
      }
    }
    if (hasK) {
      const k = required(r.k, [...path, 'k'], `a non-negative integer (${type} needs k)`);
      if (typeof k !== 'number' || !Number.isSafeInteger(k) || k < 0) fail([...path, 'k'], `expected a non-negative integer, got ${typeName(k)}`);
    }
  }
  if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
  if (v.quadratic !== undefined) checkTriples(v.quadratic, 'quadratic', n);
  return n;
}

function contradiction(rules: number[], what: string): never {
  const ids = [...new Set(rules)].sort((a, b) => a - b);
  const shown = ids.length > 12 ? `${ids.slice(0, 12).join(', ')}, ...` : ids.join(', ');
  const subject = ids.length === 1 ? `rule ${shown} is` : `rules ${shown} are`;
  throw new SvcError('SVC_CONTRADICTORY_CONSTRAINTS', `${subject} contradictory: ${what}`, {
    extensions: { field: 'constraints', rules: ids },
  });
}

/** The static contradictions of commands.md "rules", reported in this fixed order. */
function contradictions(v: Loose, n: number): void {
  const rules = v.constraints as RuleLike[];
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type === 'choose_exactly' && r.k! > r.nodes.length) {
      contradiction([t], `choose_exactly asks for k = ${r.k} of only ${r.nodes.length} node${r.nodes.length === 1 ? '' : 's'}`);
    }
  }
  const forcedTrue = new Map<number, number>();
  const forcedFalse = new Map<number, number>();
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    const into = r.type === 'force_true' ? forcedTrue : r.type === 'force_false' ? forcedFalse : null;
    if (into === null) continue;
    for (const x of r.nodes) if (!into.has(x)) into.set(x, t);
  }
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type !== 'force_true') continue;
    for (const x of r.nodes) {
      const f = forcedFalse.get(x);
      if (f !== undefined) contradiction([t, f], `force_true and force_false both cover node ${x}`);
    }
  }
  // n <= LIMITS.maxN here (sizes ran first), so a * n + b is an exact pair key.
  const identical = new Map<number, number>();
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type !== 'identical') continue;
    const [a, b] = r.nodes as [number, number];
    const key = Math.min(a, b) * n + Math.max(a, b);
    if (!identical.has(key)) identical.set(key, t);
  }
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    if (r.type !== 'different') continue;
    const [a, b] = r.nodes as [number, number];
    const s = identical.get(Math.min(a, b) * n + Math.max(a, b));
    if (s !== undefined) contradiction([s, t], `identical and different on the same pair (${Math.min(a, b)}, ${Math.max(a, b)})`);
  }
  for (let t = 0; t < rules.length; t++) {
    const r = rules[t]!;
    const needsOne = r.type === 'choose_one' || (r.type === 'choose_exactly' && r.k! >= 1);
    if (!needsOne || !r.nodes.every((x) => forcedFalse.has(x))) continue;
    contradiction([t, ...r.nodes.map((x) => forcedFalse.get(x)!)], `${r.type} needs a node set to 1 but all its nodes are forced false`);
  }
}

const bits = z.array(z.number().int().min(0).max(1));

export const rules = {
  example,
  nMeans: 'the number of binary variables',
  structure,
  fast,
  checks: {
    check,
    sizes: (v, n) => { capN(n); capPairs(v.quadratic, 'quadratic'); },
    contradictions,
  },
  output: {
    answer: bits.describe('0/1 per variable'),
    energy: z.number().describe('objective (linear + quadratic) of the answer'),
    violations: z.number().int().min(0).describe('number of violated rules'),
    certainty, receipt, ...boundGap,
  },
  limits: { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs },
} as const satisfies CommandContract;

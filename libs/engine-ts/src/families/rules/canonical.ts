/**
 * Builder of the canonical `rules` problem (problem.ts `RulesProblem`) from validated JSON.
 * The objective is canonicalised exactly like `optimize` (canonicalQubo: self-pairs folded into
 * the linear term, pairs i < j sorted, duplicates summed). Rules keep their input order and
 * their nodes' order (`requires` is directed). The contracts layer validates first (and rejects
 * static contradictions); this builder still throws a plain `Error` on a malformed rule.
 */
import { canonicalQubo, type RawPair } from '../qubo/canonical';
import type { RuleList, RulesProblem } from './problem';

/** Rule type codes: `RuleList.type[r]` indexes this list (interface §2.2 order). */
export const RULE_KINDS = [
  'choose_one', 'choose_exactly', 'mutual_exclusion', 'capacity_limit',
  'force_true', 'force_false', 'requires', 'identical', 'different',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** Code of each rule kind (the index in RULE_KINDS). */
export const RULE_CODE: Readonly<Record<RuleKind, number>> = Object.freeze(
  Object.fromEntries(RULE_KINDS.map((t, c) => [t, c])) as Record<RuleKind, number>,
);

/** One rule as it arrives in JSON. */
export interface RawRule {
  readonly type: string;
  readonly nodes: ArrayLike<number>;
  readonly k?: number;
}

const PAIR_KINDS: ReadonlySet<string> = new Set(['requires', 'identical', 'different']);
const K_KINDS: ReadonlySet<string> = new Set(['choose_exactly', 'capacity_limit']);

/**
 * rules: `n` variables, `constraints` [{type, nodes, k?}], objective `linear` {index: h} and
 * `quadratic` [[i, j, w]]. Memory O(n + Σ|nodes| + pairs).
 */
export function canonicalRules(
  n: number,
  constraints: ReadonlyArray<RawRule>,
  linear?: Readonly<Record<string, number>>,
  quadratic?: ReadonlyArray<RawPair>,
): RulesProblem {
  const objective = canonicalQubo(n, linear, quadratic);
  const count = constraints.length;
  const type = new Uint8Array(count);
  const k = new Int32Array(count);
  const start = new Int32Array(count + 1);
  let total = 0;
  for (let r = 0; r < count; r++) {
    const rule = constraints[r];
    if (rule === null || typeof rule !== 'object' || rule.nodes === null || typeof rule.nodes !== 'object') {
      throw new Error(`constraints[${r}] must be a rule {type, nodes, k?}`);
    }
    total += rule.nodes.length;
    start[r + 1] = total;
  }
  const nodes = new Int32Array(total);
  // Duplicate detection without a per-rule Set: the last rule that saw each node.
  const seenIn = new Int32Array(n).fill(-1);
  for (let r = 0; r < count; r++) {
    const rule = constraints[r];
    const code = (RULE_CODE as Record<string, number>)[rule.type];
    if (code === undefined) throw new Error(`constraints[${r}] has unknown type "${String(rule.type)}"`);
    type[r] = code;
    const len = rule.nodes.length;
    if (PAIR_KINDS.has(rule.type) ? len !== 2 : len < 1) {
      throw new Error(`constraints[${r}] (${rule.type}) has ${len} nodes`);
    }
    if (K_KINDS.has(rule.type)) {
      const kk = rule.k;
      if (typeof kk !== 'number' || !Number.isInteger(kk) || kk < 0 || kk > 0x7fffffff) {
        throw new Error(`constraints[${r}] (${rule.type}) needs an integer k >= 0`);
      }
      k[r] = kk;
    } else if (rule.k !== undefined) {
      throw new Error(`constraints[${r}] (${rule.type}) takes no k`);
    }
    for (let q = 0; q < len; q++) {
      const v = rule.nodes[q];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= n) {
        throw new Error(`constraints[${r}].nodes[${q}] = ${String(v)} is outside 0..${n - 1}`);
      }
      if (seenIn[v] === r) throw new Error(`constraints[${r}] names node ${v} twice`);
      seenIn[v] = r;
      nodes[start[r] + q] = v;
    }
  }
  const rules: RuleList = { type, k, start, nodes };
  return { kind: 'rules', n, rules, linear: objective.linear, pairs: objective.pairs };
}

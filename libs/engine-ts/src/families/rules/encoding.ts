/**
 * rules: the counting-rule form both searches run on (libs/engine-native/src/core/rules/encoding.cc
 * follows it).
 *
 * Encoding. Every rule is a counting rule over literals (x_v, or 1 − x_v when negated): it holds
 * iff T, the number of true literals, lies in [lo, hi]:
 *   choose_one [1,1] · choose_exactly [k,k] · mutual_exclusion [0,1] · capacity_limit [0,k] ·
 *   force_true [|N|,|N|] · force_false [0,0] · requires a→b: (¬a, b) in [1,2] ·
 *   identical a=b: (a, ¬b) in [1,1] · different a≠b: (a, b) in [1,1].
 * `occ(v)` lists v's (rule, negated) pairs by rule index.
 */
import type { RulesProblem } from './problem';
import { toCsr, type Csr } from '../../csr';
import { RULE_CODE } from './canonical';

/** The counting-rule form shared by both searches. */
export interface RulesEncoding {
  readonly n: number;
  readonly rules: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Literal lists: rule r owns litVar/litNeg[litStart[r] .. litStart[r+1]). */
  readonly litStart: Int32Array;
  readonly litVar: Int32Array;
  readonly litNeg: Uint8Array;
  /** Occurrences: v owns occRule/occNeg[occStart[v] .. occStart[v+1]), by rule index. */
  readonly occStart: Int32Array;
  readonly occRule: Int32Array;
  readonly occNeg: Uint8Array;
  readonly h: Float64Array;
  readonly adj: Csr;
}

/** Counting-rule encoding of a canonical rules problem, O(n + Σ|nodes| + pairs). */
export function encodeRules(p: RulesProblem): RulesEncoding {
  const n = p.n;
  const { type, k, start, nodes } = p.rules;
  const R = type.length;
  if (start.length !== R + 1 || k.length !== R || start[R] !== nodes.length) throw new Error('malformed rule list');
  const lo = new Int32Array(R);
  const hi = new Int32Array(R);
  const litNeg = new Uint8Array(nodes.length);
  for (let r = 0; r < R; r++) {
    const size = start[r + 1] - start[r];
    const s = start[r];
    switch (type[r]) {
      case RULE_CODE.choose_one: lo[r] = 1; hi[r] = 1; break;
      case RULE_CODE.choose_exactly: lo[r] = k[r]; hi[r] = k[r]; break;
      case RULE_CODE.mutual_exclusion: lo[r] = 0; hi[r] = 1; break;
      case RULE_CODE.capacity_limit: lo[r] = 0; hi[r] = k[r]; break;
      case RULE_CODE.force_true: lo[r] = size; hi[r] = size; break;
      case RULE_CODE.force_false: lo[r] = 0; hi[r] = 0; break;
      case RULE_CODE.requires: lo[r] = 1; hi[r] = 2; litNeg[s] = 1; break;
      case RULE_CODE.identical: lo[r] = 1; hi[r] = 1; litNeg[s + 1] = 1; break;
      case RULE_CODE.different: lo[r] = 1; hi[r] = 1; break;
      default: throw new Error(`unknown rule type code ${type[r]}`);
    }
    if ((type[r] === RULE_CODE.requires || type[r] === RULE_CODE.identical || type[r] === RULE_CODE.different) && size !== 2) {
      throw new Error(`rule ${r} needs exactly 2 nodes`);
    }
  }
  const occStart = new Int32Array(n + 1);
  for (let q = 0; q < nodes.length; q++) {
    const v = nodes[q];
    if (!(v >= 0 && v < n)) throw new Error(`rule node ${v} is outside 0..${n - 1}`);
    occStart[v + 1]++;
  }
  for (let v = 0; v < n; v++) occStart[v + 1] += occStart[v];
  const fill = occStart.slice(0, n);
  const occRule = new Int32Array(nodes.length);
  const occNeg = new Uint8Array(nodes.length);
  for (let r = 0; r < R; r++) {
    for (let q = start[r]; q < start[r + 1]; q++) {
      const at = fill[nodes[q]]++;
      occRule[at] = r;
      occNeg[at] = litNeg[q];
    }
  }
  return {
    n, rules: R, lo, hi, litStart: start, litVar: nodes, litNeg, occStart, occRule, occNeg,
    h: p.linear, adj: toCsr(n, p.pairs),
  };
}

/** The tolerance of objective comparisons: 1e-12 of the objective's magnitude. */
export function epsilonFor(enc: RulesEncoding): number {
  let s = 0;
  for (let i = 0; i < enc.n; i++) s += Math.abs(enc.h[i]);
  for (let q = 0; q < enc.adj.weights.length; q++) s += Math.abs(enc.adj.weights[q]) / 2;
  return 1e-12 * (1 + s);
}

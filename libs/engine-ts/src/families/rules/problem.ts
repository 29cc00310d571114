/** The canonical problem of `rules` (C++ core/rules/problem.h). */
import type { PairList, ResultBase } from '../../base';

/**
 * The rules of `rules` in compressed rows: rule r has type code `type[r]` (index into
 * RULE_KINDS of canonical.ts), `k[r]` (0 where the type has none) and the nodes
 * `nodes[start[r] .. start[r+1])` in input order.
 */
export interface RuleList {
  readonly type: Uint8Array;
  readonly k: Int32Array;
  /** Length rules + 1. */
  readonly start: Int32Array;
  readonly nodes: Int32Array;
}

/** rules: minimise violated rules, then Σ h_i x_i + Σ w_ij x_i x_j, lexicographically. */
export interface RulesProblem {
  readonly kind: 'rules';
  readonly n: number;
  readonly rules: RuleList;
  /** Length n; self-pairs folded in as for QUBO. */
  readonly linear: Float64Array;
  readonly pairs: PairList;
}

/** The result of `rules`: a 0/1 answer, its violated rules and then its energy. */
export interface RulesResult extends ResultBase {
  readonly kind: 'rules';
  /** 0/1 per variable. */
  readonly answer: Uint8Array;
  /** The energy of `answer` (minimised after `violations`). */
  readonly objective: number;
  /** Violated rules of `answer` (one each). */
  readonly violations: number;
}

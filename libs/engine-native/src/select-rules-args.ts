/**
 * The select and rules parts of a native solve: checked, flattened arguments for the addon
 * (src/binding/addon.cc ReadSelectRules) and the work budgets from engine-ts, so both engines
 * do the same work. Field orders match SelectBudget (core/select.h) and RulesBudget (core/rules.h).
 */
import {
  RULE_KINDS, rulesBudgetFor, rulesSizeOf, selectBudgetFor,
  type Effort, type RulesBudget, type RulesProblem, type SelectBudget, type SelectProblem,
} from '@svc/engine-ts';

/** The `select` part of a problem handed to the addon. */
export interface NativeSelectArgs {
  readonly k: number;
  readonly affinity: Float64Array;
  /** m·m over a SharedArrayBuffer (read in place by the addon), or null. */
  readonly redundancy: Float64Array | null;
  /** selectBudgetFor, flattened in SELECT_BUDGET_FIELDS order. */
  readonly budget: Float64Array;
}

/** The `rules` part of a problem handed to the addon (the objective goes in linear + i, j, w). */
export interface NativeRulesArgs {
  readonly type: Uint8Array;
  readonly k: Int32Array;
  readonly start: Int32Array;
  readonly nodes: Int32Array;
  /** rulesBudgetFor, flattened in RULES_BUDGET_FIELDS order. */
  readonly budget: Float64Array;
}

/** SelectBudget fields in the order of core/select.h SelectBudget. */
export const SELECT_BUDGET_FIELDS = [
  'enumerateMax', 'bbMaxM', 'bbWork', 'tabuMoves', 'stall', 'candidates', 'fullScanPairs',
  'tenureInBase', 'tenureInSpan', 'tenureOutBase', 'tenureOutSpan', 'perturbMin', 'perturbStep', 'perturbMax',
] as const satisfies readonly (keyof SelectBudget)[];

/** RulesBudget fields in the order of core/rules.h RulesBudget (useTrees as 0/1). */
export const RULES_BUDGET_FIELDS = [
  'bbSteps', 'tabuMoves', 'stall', 'tenureBase', 'tenureSpan', 'perturbMin', 'perturbStep', 'perturbMax', 'useTrees', 'searchFirst',
] as const satisfies readonly (keyof RulesBudget)[];

/** Checked select arguments; the O(m²) symmetry check is the core's (ValidateSelect). */
export function selectArgs(p: SelectProblem, effort: Effort): NativeSelectArgs {
  const m = p.n;
  if (!Number.isInteger(p.k) || p.k < 1 || p.k > m) throw new RangeError(`select k must be in 1..${m}, got ${p.k}`);
  if (!(p.affinity instanceof Float64Array) || p.affinity.length !== m) throw new TypeError('affinity must be a Float64Array of length m');
  for (let i = 0; i < m; i++) if (!Number.isFinite(p.affinity[i])) throw new RangeError(`affinity[${i}] is not finite`);
  let redundancy = p.redundancy;
  if (redundancy !== null) {
    if (!(redundancy instanceof Float64Array) || redundancy.length !== m * m) throw new TypeError('redundancy must be a Float64Array of length m·m');
    if (!(redundancy.buffer instanceof SharedArrayBuffer)) {
      // The addon reads shared memory in place; anything else is copied once into it here.
      const shared = new Float64Array(new SharedArrayBuffer(redundancy.byteLength));
      shared.set(redundancy);
      redundancy = shared;
    }
  }
  const b = selectBudgetFor(effort, m, p.k);
  return { k: p.k, affinity: p.affinity, redundancy, budget: Float64Array.from(SELECT_BUDGET_FIELDS, (f) => b[f]) };
}

/** Checked rules arguments (row shapes here; node ranges and duplicates in the core). */
export function rulesArgs(p: RulesProblem, effort: Effort, model?: string): NativeRulesArgs {
  const { type, k, start, nodes } = p.rules;
  if (!(type instanceof Uint8Array) || !(k instanceof Int32Array) || !(start instanceof Int32Array) || !(nodes instanceof Int32Array)) {
    throw new TypeError('rules must be {type: Uint8Array, k, start, nodes: Int32Array}');
  }
  const count = type.length;
  if (k.length !== count || start.length !== count + 1 || start[0] !== 0 || start[count] !== nodes.length) {
    throw new TypeError('malformed rule list');
  }
  for (let r = 0; r < count; r++) {
    if (type[r] >= RULE_KINDS.length) throw new RangeError(`rule ${r} has unknown type code ${type[r]}`);
    if (start[r + 1] < start[r]) throw new TypeError('malformed rule list');
  }
  const b = rulesBudgetFor(effort, rulesSizeOf(p), model);
  return { type, k, start, nodes, budget: Float64Array.from(RULES_BUDGET_FIELDS, (f) => Number(b[f])) };
}

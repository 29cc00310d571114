/**
 * The rules part of a native solve: checked, flattened arguments for the addon
 * (src/binding/rules_args.cc) and the work budget from engine-ts, so both engines do the same
 * work. The field order matches RulesBudget (core/rules/solve.h).
 */
import { RULE_KINDS, rulesBudgetFor, rulesSizeOf, type Effort, type RulesBudget, type RulesProblem } from '@svc/engine-ts';

/** The `rules` part of a problem handed to the addon (the objective goes in linear + i, j, w). */
export interface NativeRulesArgs {
  readonly type: Uint8Array;
  readonly k: Int32Array;
  readonly start: Int32Array;
  readonly nodes: Int32Array;
  /** rulesBudgetFor, flattened in RULES_BUDGET_FIELDS order. */
  readonly budget: Float64Array;
}

/** RulesBudget fields in the order of core/rules/solve.h RulesBudget (useTrees as 0/1). */
export const RULES_BUDGET_FIELDS = [
  'bbSteps', 'tabuMoves', 'stall', 'tenureBase', 'tenureSpan', 'perturbMin', 'perturbStep', 'perturbMax', 'useTrees', 'searchFirst',
] as const satisfies readonly (keyof RulesBudget)[];

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

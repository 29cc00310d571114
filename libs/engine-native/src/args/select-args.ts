/**
 * The select part of a native solve: checked, flattened arguments for the addon
 * (src/binding/select_args.cc) and the work budget from engine-ts, so both engines do the same
 * work. The field order matches SelectBudget (core/select/solve.h).
 */
import { selectBudgetFor, type Effort, type SelectBudget, type SelectProblem } from '@svc/engine-ts';
import { sharedFloat64 } from './shared-matrix';

/** The `select` part of a problem handed to the addon. */
export interface NativeSelectArgs {
  readonly k: number;
  readonly affinity: Float64Array;
  /** m·m over a SharedArrayBuffer (read in place by the addon), or null. */
  readonly redundancy: Float64Array | null;
  /** selectBudgetFor, flattened in SELECT_BUDGET_FIELDS order. */
  readonly budget: Float64Array;
}

/** SelectBudget fields in the order of core/select/solve.h SelectBudget. */
export const SELECT_BUDGET_FIELDS = [
  'enumerateMax', 'bbMaxM', 'bbWork', 'tabuMoves', 'stall', 'candidates', 'fullScanPairs',
  'tenureInBase', 'tenureInSpan', 'tenureOutBase', 'tenureOutSpan', 'perturbMin', 'perturbStep', 'perturbMax',
] as const satisfies readonly (keyof SelectBudget)[];

/** Checked select arguments; the O(m²) symmetry check is the core's (ValidateSelect). */
export function selectArgs(p: SelectProblem, effort: Effort): NativeSelectArgs {
  const m = p.n;
  if (!Number.isInteger(p.k) || p.k < 1 || p.k > m) throw new RangeError(`select k must be in 1..${m}, got ${p.k}`);
  if (!(p.affinity instanceof Float64Array) || p.affinity.length !== m) throw new TypeError('affinity must be a Float64Array of length m');
  for (let i = 0; i < m; i++) if (!Number.isFinite(p.affinity[i])) throw new RangeError(`affinity[${i}] is not finite`);
  const redundancy = p.redundancy === null ? null : sharedFloat64(p.redundancy, m * m, 'redundancy', 'm·m');
  const b = selectBudgetFor(effort, m, p.k);
  return { k: p.k, affinity: p.affinity, redundancy, budget: Float64Array.from(SELECT_BUDGET_FIELDS, (f) => b[f]) };
}

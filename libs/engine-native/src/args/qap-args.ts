/**
 * The qap part of a native solve: flow and dist (over SharedArrayBuffers, read in place by
 * src/binding/qap_args.cc) and the work budget from engine-ts, so both engines do the same work.
 * Field order as QapBudget (core/qap/solve.h).
 */
import { qapBudgetFor, type Effort, type QapBudget, type QapProblem } from '@svc/engine-ts';

/** The `qap` part of a problem handed to the addon. */
export interface NativeQapArgs {
  readonly flow: Float64Array;
  readonly dist: Float64Array;
  readonly budget: Float64Array;
}

/** QapBudget fields in the order of core/qap/solve.h QapBudget. */
export const QAP_BUDGET_FIELDS = ['bnbMaxN', 'bnbNodes', 'tabuIters', 'tabuWork'] as const satisfies readonly (keyof QapBudget)[];

function shared(m: Float64Array, n: number, what: string): Float64Array {
  if (!(m instanceof Float64Array) || m.length !== n * n) throw new TypeError(`${what} must be a Float64Array of length n·n`);
  if (m.buffer instanceof SharedArrayBuffer) return m;
  const s = new Float64Array(new SharedArrayBuffer(m.byteLength));
  s.set(m);
  return s;
}

/** Checked qap arguments; the O(n²) value checks are the core's (ValidateQap). */
export function qapArgs(p: QapProblem, effort: Effort): NativeQapArgs {
  const b = qapBudgetFor(effort);
  return { flow: shared(p.flow, p.n, 'flow'), dist: shared(p.dist, p.n, 'dist'), budget: Float64Array.from(QAP_BUDGET_FIELDS, (f) => b[f]) };
}

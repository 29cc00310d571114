/**
 * The one total order of `sample` states, shared by both engines so ties resolve identically:
 * lower energy first; equal energies by the assignment read as a binary number with bit i = x_i
 * (compare from the highest index down; 0 before 1). For n <= 30 that is the numeric order of
 * the Gray-code state `code` (bit i of code = x_i).
 */

/** < 0 when a comes first, > 0 when b does, 0 when equal (same length n). */
export function compareStates(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let i = a.length - 1; i >= 0; i--) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/** Whether the state (ea, a) comes strictly before (eb, b). */
export function before(ea: number, a: ArrayLike<number>, eb: number, b: ArrayLike<number>): boolean {
  if (ea !== eb) return ea < eb;
  return compareStates(a, b) < 0;
}

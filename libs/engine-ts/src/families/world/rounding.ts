/**
 * Running error analysis (Higham, Accuracy and Stability of Numerical Algorithms, §3.3): each value
 * carries a bound on its absolute round-off, updated by every operation, so a result's tolerance is
 * measured alongside it. Inputs are exact. u is the unit round-off; libm's cos, sin, atan2 and
 * sqrt are taken within 2u (their documented error is below one ulp). C++ core/world/rounding.h.
 */
export const U = Number.EPSILON / 2;

/** A value and a bound on its absolute error. */
export type Err = readonly [number, number];

export const exact = (v: number): Err => [v, 0];

export function add(a: Err, b: Err): Err {
  const v = a[0] + b[0];
  return [v, a[1] + b[1] + U * Math.abs(v)];
}

export function sub(a: Err, b: Err): Err {
  const v = a[0] - b[0];
  return [v, a[1] + b[1] + U * Math.abs(v)];
}

export function mul(a: Err, b: Err): Err {
  const v = a[0] * b[0];
  return [v, Math.abs(a[0]) * b[1] + Math.abs(b[0]) * a[1] + a[1] * b[1] + U * Math.abs(v)];
}

/** a/b; an error reaching b's magnitude makes the bound infinite. */
export function div(a: Err, b: Err): Err {
  const v = a[0] / b[0];
  const room = Math.abs(b[0]) - b[1];
  return [v, room > 0 ? (a[1] + Math.abs(v) * b[1]) / room + U * Math.abs(v) : Infinity];
}

export function cos(a: Err): Err {
  const v = Math.cos(a[0]);
  return [v, a[1] + 2 * U];
}

export function sin(a: Err): Err {
  const v = Math.sin(a[0]);
  return [v, a[1] + 2 * U];
}

export function sqrt(a: Err): Err {
  const v = Math.sqrt(a[0]);
  const lo = Math.sqrt(Math.max(0, a[0] - a[1]));
  return [v, v - lo + 2 * U * v];
}

/** Σ products aᵢ·bᵢ, left to right. */
export function dot(a: readonly Err[], b: readonly Err[]): Err {
  let s = mul(a[0], b[0]);
  for (let i = 1; i < a.length; i++) s = add(s, mul(a[i], b[i]));
  return s;
}

/**
 * What each operation hands the rounding step: a proven bracket of the exact value, and the
 * rounding of a bracket to D digits, decided only when both ends round alike (Ziv's test).
 */
import type { Float } from './bigfloat';
import { roundDyadic, sameRounding, type Rounded } from './decimal';

/** The exact value lies in [lo, hi] · 10^dexp (lo, hi > 0), with the sign `negative`. */
export interface Bracket {
  readonly negative: boolean;
  readonly lo: Float;
  readonly hi: Float;
  readonly dexp: number;
}

/**
 * A signed fixed-point ball: the exact value lies in [(v − err) · 2^−S, (v + err) · 2^−S] (err ≥ 0),
 * times 10^dexp.
 */
export interface Ball {
  readonly v: bigint;
  readonly err: bigint;
  readonly S: number;
  readonly dexp: number;
}

/** The bracket of a ball, or null when the ball holds zero (its sign is not known yet). */
export function bracketOfBall(b: Ball): Bracket | null {
  const lo = b.v - b.err;
  const hi = b.v + b.err;
  if (lo > 0n) return { negative: false, lo: { m: lo, e: -b.S }, hi: { m: hi, e: -b.S }, dexp: b.dexp };
  if (hi < 0n) return { negative: true, lo: { m: -hi, e: -b.S }, hi: { m: -lo, e: -b.S }, dexp: b.dexp };
  return null;
}

/** The D-digit rounding of every value of the bracket, when they all round alike; else null. */
export function decide(b: Bracket, D: number): { rounded: Rounded; lo: Rounded; hi: Rounded } | { rounded: null; lo: Rounded; hi: Rounded } {
  const lo = roundDyadic(b.lo.m, b.lo.e, D, b.dexp);
  const hi = roundDyadic(b.hi.m, b.hi.e, D, b.dexp);
  return { rounded: sameRounding(lo, hi) ? { ...lo, exact: false } : null, lo, hi };
}

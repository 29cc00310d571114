/**
 * exp(x) as a proven bracket (the C++ twin uses MPFR's exp with directed rounding):
 *   exp(x) = 10^F · 2^n · exp(r),  r = x − F·ln 10 − n·ln 2, |r| < 0.35 (F, n from a double estimate),
 *   exp(r) = exp(r / 2^s)^(2^s): Taylor series of exp(r / 2^s) in fixed point, then s squarings.
 * Error (units of 2^−Wr, Wr = W + 16): r within 4; each Taylor term within 3.4 of its exact
 * value, the series' tail within 2; s squarings double the relative error each time, which the s
 * extra bits of the series absorb. Relative error of exp(r) ≤ (7K + 16 + s) · 2^−Wr over K terms.
 */
import { bitLength } from './decimal';
import { ln10Fixed, ln2Fixed } from './constants';
import { log10Abs } from './canonical';
import { fixedOf } from './fixed';
import type { Bracket } from './bracket';
import type { DecimalInput } from './problem';

/** Halvings of r before the series: about 0.6·√W balances the series against the squarings. */
export const expHalvings = (Wr: number): number => Math.max(0, Math.round(Math.sqrt(Wr) * 0.6));

/** A bracket of exp(x) for x ≠ 0 (|x| within the engine's limit) at about W bits. */
export function expBracket(x: DecimalInput, W: number): Bracket {
  const xd = (x.negative ? -1 : 1) * 10 ** log10Abs(x);
  const F = Math.floor(xd / Math.LN10);
  const n = Math.round((xd - F * Math.LN10) / Math.LN2);
  const Wr = W + 16;
  const bF = bitLength(BigInt(Math.abs(F))) + 2;
  const R = fixedOf(x, Wr) - ((BigInt(F) * ln10Fixed(Wr + bF)) >> BigInt(bF)) - ((BigInt(n) * ln2Fixed(Wr + 4)) >> 4n);
  const s = expHalvings(Wr);
  const Ws = Wr + s;
  const WsB = BigInt(Ws);
  const one = 1n << WsB;
  let sum = one;
  let term = one;
  let K = 0;
  for (let k = 1; ; k++) {
    term = ((term * R) >> WsB) / BigInt(k);
    if (term === 0n) break;
    sum += term;
    K = k;
  }
  for (let j = 0; j < s; j++) sum = (sum * sum) >> WsB;
  const delta = ((sum * BigInt(7 * K + 16 + s)) >> BigInt(Wr)) + 1n;
  return { negative: false, lo: { m: sum - delta, e: n - Ws }, hi: { m: sum + delta, e: n - Ws }, dexp: F };
}

/**
 * The arithmetic under the precision family (C++ uses GMP/MPFR instead): exact integer roots, and
 * positive binary floats m · 2^e rounded to a given number of bits toward zero (`-1`) or away from
 * it (`+1`), so that a chain of monotone operations in one direction gives a proven bound.
 */
import { bitLength } from './decimal';

/** ⌊√n⌋ for n ≥ 0 (the precision-doubling algorithm of CPython's math.isqrt). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 4503599627370496n) {
    let a = BigInt(Math.floor(Math.sqrt(Number(n))));
    while (a * a > n) a -= 1n;
    while ((a + 1n) * (a + 1n) <= n) a += 1n;
    return a;
  }
  const c = (bitLength(n) - 1) >> 1;
  let a = 1n;
  let d = 0;
  for (let s = 31 - Math.clz32(c); s >= 0; s--) {
    const e = d;
    d = c >> s;
    a = (a << BigInt(d - e - 1)) + (n >> BigInt(2 * c - e - d + 1)) / a;
  }
  return a * a > n ? a - 1n : a;
}

/** ⌊n^(1/k)⌋ for n ≥ 0, k ≥ 1 (a root of the top half, then integer Newton from above). */
export function iroot(n: bigint, k: number): bigint {
  if (n < 0n) throw new RangeError('iroot of a negative number');
  if (k === 1 || n < 2n) return n;
  if (k === 2) return isqrt(n);
  const bits = bitLength(n);
  const rootBits = Math.ceil(bits / k);
  let x: bigint;
  if (rootBits <= 40) {
    // 2^(log2 n / k) from the top 53 bits; then made an upper bound.
    const sh = Math.max(0, bits - 53);
    const l2 = Math.log2(Number(n >> BigInt(sh))) + sh;
    x = BigInt(Math.ceil(2 ** (l2 / k))) + 2n;
  } else {
    const h = Math.floor(rootBits / 2);
    x = (iroot(n >> BigInt(k * h), k) + 2n) << BigInt(h);
  }
  const K = BigInt(k);
  const K1 = BigInt(k - 1);
  // x ≥ ⌊root⌋: integer Newton decreases to it and then stops decreasing.
  for (;;) {
    const y = (K1 * x + n / x ** K1) / K;
    if (y >= x) break;
    x = y;
  }
  while (x ** K > n) x -= 1n;
  while ((x + 1n) ** K <= n) x += 1n;
  return x;
}

/** A positive binary float m · 2^e (m > 0). */
export interface Float {
  readonly m: bigint;
  readonly e: number;
}

/** Rounding direction of a float operation on positive values: toward zero (−1) or away (+1). */
export type Dir = -1 | 1;

/** m · 2^e rounded to `prec` bits in direction `dir` (m > 0). */
export function fround(m: bigint, e: number, prec: number, dir: Dir): Float {
  const b = bitLength(m);
  if (b <= prec) return { m, e };
  const sh = BigInt(b - prec);
  let q = m >> sh;
  if (dir > 0 && q << sh !== m) q += 1n;
  return { m: q, e: e + Number(sh) };
}

export const fromBigInt = (n: bigint, prec: number, dir: Dir): Float => fround(n, 0, prec, dir);

export const fmul = (a: Float, b: Float, prec: number, dir: Dir): Float => fround(a.m * b.m, a.e + b.e, prec, dir);

/** a / b in direction `dir`. */
export function fdiv(a: Float, b: Float, prec: number, dir: Dir): Float {
  const s = Math.max(0, prec + bitLength(b.m) - bitLength(a.m) + 2);
  const num = a.m << BigInt(s);
  let q = num / b.m;
  if (dir > 0 && q * b.m !== num) q += 1n;
  return fround(q, a.e - s - b.e, prec, dir);
}

/** √a in direction `dir`. */
export function fsqrt(a: Float, prec: number, dir: Dir): Float {
  let s = Math.max(0, 2 * prec - bitLength(a.m) + 2);
  if (((a.e - s) & 1) !== 0) s += 1;
  const n = a.m << BigInt(s);
  let r = isqrt(n);
  if (dir > 0 && r * r !== n) r += 1n;
  return fround(r, (a.e - s) / 2, prec, dir);
}

/** a + b (both positive) in direction `dir`. */
export function fadd(a: Float, b: Float, prec: number, dir: Dir): Float {
  const [hi, lo] = a.e + bitLength(a.m) >= b.e + bitLength(b.m) ? [a, b] : [b, a];
  const top = hi.e + bitLength(hi.m);
  // lo entirely below the kept bits: a sticky bit stands for it.
  if (lo.e + bitLength(lo.m) < top - prec - 4) {
    const e = Math.min(hi.e, top - prec - 4) - 2;
    return fround((hi.m << BigInt(hi.e - e)) + 1n, e, prec, dir);
  }
  const e = Math.min(a.e, b.e);
  return fround((a.m << BigInt(a.e - e)) + (b.m << BigInt(b.e - e)), e, prec, dir);
}

/** a^n (n ≥ 1) in direction `dir`, by binary powering (every step a bound in that direction). */
export function fpow(a: Float, n: number, prec: number, dir: Dir): Float {
  let result: Float | null = null;
  let base = a;
  let k = n;
  for (;;) {
    if (k & 1) result = result === null ? base : fmul(result, base, prec, dir);
    k = Math.floor(k / 2);
    if (k === 0) break;
    base = fmul(base, base, prec, dir);
  }
  return result!;
}

/** a · 2^k, exactly. */
export const fscale = (a: Float, k: number): Float => ({ m: a.m, e: a.e + k });

/** num/den (both > 0) in direction `dir`. */
export const fratio = (num: bigint, den: bigint, prec: number, dir: Dir): Float => fdiv({ m: num, e: 0 }, { m: den, e: 0 }, prec, dir);

/** a compared with b (−1, 0, 1). */
export function fcmp(a: Float, b: Float): number {
  const e = Math.min(a.e, b.e);
  const x = a.m << BigInt(a.e - e);
  const y = b.m << BigInt(b.e - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** log2 of a as a double (for estimates only). */
export function flog2(a: Float): number {
  const b = bitLength(a.m);
  const sh = Math.max(0, b - 53);
  return Math.log2(Number(a.m >> BigInt(sh))) + sh + a.e;
}

/** The float nearest 2^l (l a double), to about 50 bits: a starting point for Newton. */
export function fexp2(l: number): Float {
  const i = Math.floor(l);
  const m = BigInt(Math.round(2 ** (l - i) * 2 ** 50));
  return { m, e: i - 50 };
}

/**
 * ln(x) for x > 0, x ≠ 1, as a proven ball (the C++ twin uses MPFR's log with directed rounding):
 *   x = u · 10^E' with u in [10^−½, 10^½), ln x = ln u + E' · ln 10;
 *   ln u = 2 atanh(z), z = (u − 1)/(u + 1), by its series when that is short (u near 1, or few
 *   digits), else by the AGM: ln s ≈ π / (2 AGM(1, 4/s)) for s = u · 2^M ≥ 2^(P/2 + 18), less M ln 2.
 * Near 1 (E' = 0) the ball is taken c more bits wide, c = −log2|z|, so its relative width stays.
 */
import { fadd, fdiv, fmul, fratio, fscale, fsqrt, type Float } from './bigfloat';
import { adjustedExponent, significand } from './canonical';
import { bitLength, pow10 } from './decimal';
import { ln10Fixed, ln2Fixed, piFixed, CONSTANT_ERROR } from './constants';
import type { Ball } from './bracket';
import type { DecimalInput } from './problem';

const SQRT10 = Math.sqrt(10);

/** x = (num/den) · 10^E' with num/den in [10^−½, 10^½). */
export function splitLog(x: DecimalInput): { num: bigint; den: bigint; E: number } {
  let lead = 0;
  for (let i = 0; i < Math.min(17, x.digits.length); i++) lead = lead * 10 + x.digits[i];
  lead /= 10 ** (Math.min(17, x.digits.length) - 1);
  const E = adjustedExponent(x) + (lead >= SQRT10 ? 1 : 0);
  const I = significand(x);
  const t = x.exponent - E;
  return t >= 0 ? { num: I * pow10(t), den: 1n, E } : { num: I, den: pow10(-t), E };
}

/** The series is used when its terms (about W / (2c)) are fewer than this. */
const SERIES_MAX_TERMS = 150;

/** A ball of ln x (x > 0, x ≠ 1) at about W bits of relative precision. */
export function lnBall(x: DecimalInput, W: number): Ball {
  const { num, den, E } = splitLog(x);
  const diff = num - den;
  // −log2|z|, to within one.
  const c = diff === 0n ? Infinity : bitLength(num + den) - bitLength(diff);
  const S = W + 16 + (E === 0 ? c + 1 : 0);
  let v = 0n;
  let err = 0n;
  if (diff !== 0n) {
    const r = W / (2 * Math.max(c - 1, 0.5)) <= SERIES_MAX_TERMS || W < 1200 ? atanhSeries(diff, num + den, S) : agmLog(num, den, S);
    v = r.v;
    err = r.err;
  }
  if (E !== 0) {
    const bE = bitLength(BigInt(Math.abs(E))) + 2;
    v += (BigInt(E) * ln10Fixed(S + bE)) >> BigInt(bE);
    err += 2n;
  }
  return { v, err, S, dexp: 0 };
}

/** 2 atanh(a/b) · 2^S for |a/b| ≤ 0.52, within err units (see the file comment of ln.ts). */
function atanhSeries(a: bigint, b: bigint, S: number): { v: bigint; err: bigint } {
  const Sz = S + 4;
  const SzB = BigInt(Sz);
  const z = (a << SzB) / b;
  const z2 = (z * z) >> SzB;
  let sum = z;
  let pw = z;
  let K = 0;
  for (let k = 1; ; k++) {
    pw = (pw * z2) >> SzB;
    if (pw === 0n || pw === -1n) break;
    sum += pw / BigInt(2 * k + 1);
    K = k;
  }
  // Within 5K + 7 units at Sz (the series' terms, its tail and z's own unit), doubled, then 4 bits dropped.
  return { v: (2n * sum) >> 4n, err: BigInt(Math.ceil((10 * K + 14) / 16)) + 2n };
}

/**
 * ln(num/den) · 2^S by the AGM at P = S + 32 bits, within err units. Every float operation rounds
 * toward zero; then AGM(1, b0) lies in [b_N, a_N · (1 + (2N + 2) · 2^(1−P))] after N steps.
 */
function agmLog(num: bigint, den: bigint, S: number): { v: bigint; err: bigint } {
  const P = S + 32;
  const M = Math.ceil(P / 2) + 20;
  // b0 = 4/s = 2^(2−M) · den/num.
  let a: Float = { m: 1n, e: 0 };
  let b: Float = fscale(fratio(den, num, P, -1), 2 - M);
  let N = 0;
  for (;;) {
    const e = Math.min(a.e, b.e);
    const am = a.m << BigInt(a.e - e);
    const diff = am - (b.m << BigInt(b.e - e));
    if (diff << BigInt(P) <= am) break;
    const next = fscale(fadd(a, b, P, -1), -1);
    b = fsqrt(fmul(a, b, P, -1), P, -1);
    a = next;
    N++;
    if (N > 4 * P) throw new Error('the AGM did not converge');
  }
  const aHi: Float = { m: a.m + ((a.m * BigInt(2 * N + 2)) >> BigInt(P - 1)) + 1n, e: a.e };
  const pi = piFixed(P + 4);
  const piLo: Float = { m: pi - CONSTANT_ERROR, e: -(P + 4) };
  const piHi: Float = { m: pi + CONSTANT_ERROR, e: -(P + 4) };
  const lo = fdiv(piLo, fscale(aHi, 1), P, -1);
  const hi = fdiv(piHi, fscale(b, 1), P, 1);
  // To fixed point at S: lo rounded down, hi rounded up.
  const loFix = toFixed(lo, S, -1);
  const hiFix = toFixed(hi, S, 1);
  const bM = bitLength(BigInt(M)) + 2;
  const mLn2 = (BigInt(M) * ln2Fixed(S + bM)) >> BigInt(bM);
  // The AGM formula's own error (below 2^−P here) and M ln 2's (1.5 units) are 3 units more.
  return { v: (loFix + hiFix) / 2n - mLn2, err: (hiFix - loFix) / 2n + 4n };
}

/** f · 2^S as an integer, rounded down (−1) or up (+1). */
function toFixed(f: Float, S: number, dir: -1 | 1): bigint {
  const sh = f.e + S;
  if (sh >= 0) return f.m << BigInt(sh);
  const q = f.m >> BigInt(-sh);
  return dir > 0 && q << BigInt(-sh) !== f.m ? q + 1n : q;
}

/**
 * sqrt, nthroot and powq (x^(p/q)).
 *   sqrt: exactly, by the integer square root of x · 10^(2D+2) (no retry ever).
 *   x^(p/q) (nthroot: p = 1, q = k): after p/q is put in lowest terms, first the exact case: x =
 *   ±I · 10^ex has a rational q-th root only when q divides ex and I is a perfect q-th power R^q;
 *   then y = ±R^p · 10^(p·ex/q) is computed exactly when it has at most D + 1 digits (p < 0: when
 *   R is a power of 2 or of 5, 1/R^|p| is a short decimal too). Any other y is not a D-digit number
 *   nor a midpoint between two, so a bracket narrow enough decides its rounding: a Newton root at
 *   P bits, checked by powering its two ends in directed rounding (rootBracket). A bracket still
 *   undecided at four times the first precision is settled exactly (exactSide: y against the
 *   midpoint, by comparing integer powers), which bounds the work on adversarial inputs.
 */
import { fdiv, fmul, fpow, fratio, fexp2, flog2, fadd, fcmp, type Float, type Dir } from './bigfloat';
import { isqrt, iroot } from './bigfloat';
import { adjustedExponent, gcd, significand } from './canonical';
import { decimalLength, pow10, roundRatio, type Rounded } from './decimal';
import type { Bracket } from './bracket';
import type { DecimalInput } from './problem';

/** √x (x ≥ 0, nonzero) rounded half-even to D digits, exactly. */
export function sqrtRounded(x: DecimalInput, D: number): Rounded {
  const I = significand(x);
  // x = u · 10^(2G), u in [1, 100): √u in [1, 10), so √x's leading digit is at 10^G.
  const G = Math.floor(adjustedExponent(x) / 2);
  const t = x.exponent - 2 * G + 2 * D + 2;
  let X: bigint;
  let whole = true;
  if (t >= 0) X = I * pow10(t);
  else {
    const d = pow10(-t);
    X = I / d;
    whole = X * d === I;
  }
  // √u · 10^(D+1) lies in [s, s + 1): its last two digits decide the rounding at D digits.
  const s = isqrt(X);
  const tail = s % 100n;
  let q = s / 100n;
  const onGrid = whole && s * s === X;
  if (tail > 50n || (tail === 50n && (!onGrid || (q & 1n) === 1n))) q += 1n;
  let E = G;
  if (q === pow10(D)) {
    q = pow10(D - 1);
    E += 1;
  }
  return { q, E, exact: onGrid && tail === 0n };
}

/** p/q in lowest terms (q > 0). */
export function reduced(p: number, q: number): { p: number; q: number } {
  const g = gcd(Math.abs(p), q) || 1;
  return { p: p / g, q: q / g };
}

/**
 * The exact D-digit rounding of |x|^(p/q) when that value has at most D + 1 significant digits
 * (then it may be exactly a midpoint: no bracket could decide it); null otherwise. p/q in lowest
 * terms, p ≠ 0, x ≠ 0.
 */
export function exactPower(x: DecimalInput, p: number, q: number, D: number): Rounded | null {
  const I = significand(x);
  if (x.exponent % q !== 0) return null;
  const R = iroot(I, q);
  if (R ** BigInt(q) !== I) return null;
  const shift = (p * x.exponent) / q;
  if (p > 0) {
    // R^p has no trailing zero (neither has R): its digit count is its significant digits.
    if (p * (decimalLength(R) - 1) > D + 1) return null;
    const Rp = R ** BigInt(p);
    if (decimalLength(Rp) > D + 1) return null;
    return shifted(roundRatio(Rp, 1n, D), shift);
  }
  // p < 0: 1/R^|p| is a terminating decimal only when R is a power of 2 or of 5 (R has no factor 10).
  const P = -p;
  let r = R;
  let twos = 0;
  let fives = 0;
  while ((r & 1n) === 0n) {
    r >>= 1n;
    twos++;
  }
  while (r % 5n === 0n) {
    r /= 5n;
    fives++;
  }
  if (r !== 1n) return null;
  // 1/2^a = 5^a · 10^−a; 1/5^b = 2^b · 10^−b (one of a, b is 0).
  const a = twos * P;
  const b = fives * P;
  const sig = a > 0 ? 5n ** BigInt(a) : 2n ** BigInt(b);
  if (Math.floor((a > 0 ? a * Math.log10(5) : b * Math.log10(2))) > D + 2) return null;
  if (decimalLength(sig) > D + 1) return null;
  return shifted(roundRatio(sig, 1n, D), shift - a - b);
}

const shifted = (r: Rounded, k: number): Rounded => ({ ...r, E: r.E + k });

/**
 * |x|^(p/q) = (u^|p| · 10^rm)^(1/q) · 10^G with u = I/10^(len−1) in [1, 10) and
 * E'·|p| = q·G + rm: the radicand as a bracket [lo, hi] at `prec` bits, and G.
 */
function radicand(x: DecimalInput, P: number, q: number, prec: number): { lo: Float; hi: Float; G: number } {
  const I = significand(x);
  const lenM1 = x.digits.length - 1;
  const E = adjustedExponent(x);
  const G = Math.floor((E * P) / q);
  const rm = E * P - q * G;
  const d = pow10(lenM1);
  const ten = { m: pow10(rm), e: 0 };
  const at = (dir: Dir): Float => fmul(fpow(fratio(I, d, prec, dir), P, prec, dir), ten, prec, dir);
  return { lo: at(-1), hi: at(1), G };
}

/**
 * A proven bracket of |x|^(p/q) (sign applied by the caller): Newton's q-th root of the radicand
 * at P bits, its ends verified by powering in directed rounding; null when the check fails (the
 * caller retries wider).
 */
export function rootBracket(x: DecimalInput, p: number, q: number, W: number): Bracket | null {
  const P = Math.abs(p);
  const prec = W + 24 + Math.ceil(Math.log2(P + 1)) + Math.ceil(Math.log2(q + 1));
  const A = radicand(x, P, q, prec + 8);
  let blo = A.lo;
  let bhi = A.hi;
  if (q > 1) {
    const z = newtonRoot(A.lo, q, prec);
    // Two ends 2^(6−prec) away from z; they bracket the root when their q-th powers, rounded
    // toward the root, still fall outside the radicand's bracket.
    blo = fmul(z, { m: (1n << BigInt(prec)) - 64n, e: -prec }, prec, -1);
    bhi = fmul(z, { m: (1n << BigInt(prec)) + 64n, e: -prec }, prec, 1);
    if (fcmp(fpow(blo, q, prec + 8, 1), A.lo) > 0) return null;
    if (fcmp(fpow(bhi, q, prec + 8, -1), A.hi) < 0) return null;
  }
  if (p > 0) return { negative: false, lo: blo, hi: bhi, dexp: A.G };
  const one = { m: 1n, e: 0 };
  return { negative: false, lo: fdiv(one, bhi, prec, -1), hi: fdiv(one, blo, prec, 1), dexp: -A.G };
}

/** A^(1/q) to about `prec` bits by Newton's iteration at doubling precisions (not itself a proof). */
function newtonRoot(A: Float, q: number, prec: number): Float {
  let z = fexp2(flog2(A) / q);
  const qf: Float = { m: BigInt(q), e: 0 };
  const q1: Float = { m: BigInt(q - 1), e: 0 };
  const steps: number[] = [];
  for (let b = prec + 8; b > 48; b = Math.ceil(b / 2) + 2) steps.unshift(b);
  steps.push(prec + 8);
  for (const b of steps) {
    const zq1 = fpow(z, q - 1, b, -1);
    z = fdiv(fadd(fmul(q1, z, b, -1), fdiv(A, zq1, b, -1), b, -1), qf, b, -1);
  }
  return z;
}

/**
 * Which side of the midpoint m = num · 10^e10 the value |x|^(p/q) lies on, exactly: −1 below, 1
 * above, 0 on it. Compares |x|^p with m^q (p > 0), or 1 with m^q · |x|^|p| (p < 0).
 */
export function exactSide(x: DecimalInput, p: number, q: number, num: bigint, e10: number): number {
  const I = significand(x);
  const P = BigInt(Math.abs(p));
  const Q = BigInt(q);
  // Each side as an integer times a power of ten.
  let A: bigint;
  let a: number;
  let B: bigint;
  let b: number;
  if (p > 0) {
    A = I ** P;
    a = x.exponent * p;
    B = num ** Q;
    b = e10 * q;
  } else {
    A = 1n;
    a = 0;
    B = num ** Q * I ** P;
    b = e10 * q + x.exponent * -p;
  }
  if (a >= b) A *= pow10(a - b);
  else B *= pow10(b - a);
  return A < B ? -1 : A > B ? 1 : 0;
}

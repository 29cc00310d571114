/**
 * The independent check of a precision answer (never trusting the engine): is the decimal `a` the
 * exact value rounded half-even to D significant digits? The value lies in a's rounding interval
 * [lo, hi] (half an ulp each side; below a power of ten the ulp under it is ten times finer; an end
 * counts only when a's last digit is even). Checked, by operation:
 *   sqrt, nthroot, powq: |x|^p against lo^q and hi^q, as binary powers in directed rounding at
 *       D + 30 digits, and exactly in integers when those cannot tell (or to confirm an exact value);
 *   exp: by the inverse, x between ln(lo) and ln(hi), each correctly rounded at D + 20 digits;
 *   ln: by the inverse, x between exp(lo) and exp(hi) at D + 20 + (zeros after the point of a)
 *       digits (past |a| = 1.9·10^6 after taking E'·ln 10 out; x within 10^−(D/2+10) of 1 by
 *       exp(t) − 1 = t + t²/2 ± |t|³/3, exactly);
 *   π, e, ln 2: recomputed by other series in integers (Machin's arctangents, Σ 1/k!, 2 atanh(1/3))
 *   at D + 20 digits.
 * The exp and ln checks lean on engine-ts for the inverse function, a different computation from
 * the one checked; an inverse that cannot tell at D + 20 digits is retried at D + 60.
 */
import type { InputOf } from '@svc/contracts';
import { PRECISION_ENGINE_LIMITS, answerText, dropTrailingZeros, canonicalPrecision, precisionAnswer } from '@svc/engine-ts/families/precision';

const PRECISION_MAX_DIGITS = PRECISION_ENGINE_LIMITS.maxDigits;

export type PrecisionTerms = Pick<InputOf<'precision'>, 'op' | 'x' | 'k' | 'p' | 'q'> & { readonly digits: number };

/** An exact decimal: value = sign · n · 10^e (n ≥ 0). */
export interface Dec {
  readonly negative: boolean;
  readonly n: bigint;
  readonly e: number;
}

const PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decimal string exactly, or null when it is not one (or its exponent is absurd). */
export function parseDec(s: unknown): Dec | null {
  if (typeof s !== 'string' || s.length > 20_000 || !PATTERN.test(s)) return null;
  const m = /^([+-]?)(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/.exec(s)!;
  if (m[4] !== undefined && m[4].replace(/^[+-]?0*/, '').length > 9) return null;
  const digits = (m[2] + m[3]).replace(/^0+/, '');
  return { negative: m[1] === '-' && digits !== '', n: digits === '' ? 0n : BigInt(digits), e: Number(m[4] ?? 0) - m[3].length };
}

/** Significant digits of n > 0 and n without its trailing zeros. */
function strip(d: Dec): { n: bigint; e: number; len: number } {
  let s = d.n.toString();
  let e = d.e;
  const t = dropTrailingZeros(s);
  e += s.length - t.length;
  s = t;
  return { n: BigInt(s), e, len: s.length };
}

const p10 = (k: number): bigint => 10n ** BigInt(k);

/** a compared with b (exact decimals, sign included). */
export function cmpDec(a: Dec, b: Dec): number {
  const sa = a.n === 0n ? 0 : a.negative ? -1 : 1;
  const sb = b.n === 0n ? 0 : b.negative ? -1 : 1;
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  const e = Math.min(a.e, b.e);
  const x = a.n * p10(a.e - e);
  const y = b.n * p10(b.e - e);
  const c = x < y ? -1 : x > y ? 1 : 0;
  return sa > 0 ? c : -c;
}

const addDec = (a: Dec, b: Dec): Dec => {
  const e = Math.min(a.e, b.e);
  const v = (a.negative ? -1n : 1n) * a.n * p10(a.e - e) + (b.negative ? -1n : 1n) * b.n * p10(b.e - e);
  return { negative: v < 0n, n: v < 0n ? -v : v, e };
};
const negDec = (a: Dec): Dec => ({ ...a, negative: !a.negative && a.n !== 0n });
const mulDec = (a: Dec, b: Dec): Dec => ({ negative: a.negative !== b.negative && a.n !== 0n && b.n !== 0n, n: a.n * b.n, e: a.e + b.e });
export const decText = (a: Dec): string => `${a.negative ? '-' : ''}${a.n}e${a.e}`;

/** The rounding interval of a nonzero answer with D digits: [lo, hi], and whether its ends belong to it (a even). */
export function roundingInterval(a: Dec, D: number): { lo: Dec; hi: Dec; endsIn: boolean } | string {
  const s = strip(a);
  if (s.len > D) return `the answer has ${s.len} significant digits, more than the ${D} asked for`;
  // a = A · 10^f with A of exactly D digits.
  const A = s.n * p10(D - s.len);
  const f = s.e - (D - s.len);
  const half = { negative: false, n: 5n, e: f - 1 };
  const below = A === p10(D - 1) ? { negative: false, n: 5n, e: f - 2 } : half;
  const abs: Dec = { negative: false, n: A, e: f };
  const lo = addDec(abs, negDec(below));
  const hi = addDec(abs, half);
  return { lo, hi, endsIn: (A & 1n) === 0n };
}

export interface Verdict {
  readonly ok: boolean;
  readonly detail: string;
  /** The answer is the exact value (known only where it is decided; undefined otherwise). */
  readonly exact?: boolean;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** |x|^(p/q) compared with m > 0 exactly (p ≠ 0): −1 below, 0 equal, 1 above. */
function powerSide(x: Dec, p: number, q: number, m: Dec): number {
  const P = BigInt(Math.abs(p));
  const Q = BigInt(q);
  let A: bigint;
  let a: number;
  let B: bigint;
  let b: number;
  if (p > 0) {
    A = x.n ** P;
    a = x.e * p;
    B = m.n ** Q;
    b = m.e * q;
  } else {
    A = 1n;
    a = 0;
    B = m.n ** Q * x.n ** P;
    b = m.e * q + x.e * -p;
  }
  if (a >= b) A *= p10(a - b);
  else B *= p10(b - a);
  return A < B ? -1 : A > B ? 1 : 0;
}

/** Whether `a` is the correct rounding of the exact value of `t`; see the file comment. */
export function verifyRounding(t: PrecisionTerms, a: Dec): Verdict {
  const D = t.digits;
  switch (t.op) {
    case 'sqrt':
      return verifyPower(parseDec(t.x)!, 1, 2, a, D);
    case 'nthroot':
      return verifyPower(parseDec(t.x)!, 1, t.k!, a, D);
    case 'powq':
      return verifyPower(parseDec(t.x)!, t.p!, t.q!, a, D);
    case 'exp':
      return verifyExp(parseDec(t.x)!, a, D);
    case 'ln':
      return verifyLn(parseDec(t.x)!, a, D);
    default:
      return verifyConstant(t.op as 'pi' | 'e' | 'ln2', a, D);
  }
}

/** A positive binary float m · 2^e. */
interface Flt {
  readonly m: bigint;
  readonly e: number;
}

function bitLen(n: bigint): number {
  const h = n.toString(16);
  return (h.length - 1) * 4 + (32 - Math.clz32(parseInt(h[0], 16)));
}

/** m · 2^e to `prec` bits, rounded down (−1) or up (+1). */
function fl(m: bigint, e: number, prec: number, dir: -1 | 1): Flt {
  const b = bitLen(m);
  if (b <= prec) return { m, e };
  const sh = BigInt(b - prec);
  let q = m >> sh;
  if (dir > 0 && q << sh !== m) q += 1n;
  return { m: q, e: e + Number(sh) };
}

const flMul = (a: Flt, b: Flt, prec: number, dir: -1 | 1): Flt => fl(a.m * b.m, a.e + b.e, prec, dir);

function flPow(a: Flt, n: number, prec: number, dir: -1 | 1): Flt {
  let out: Flt = { m: 1n, e: 0 };
  let base = a;
  for (let k = n; k > 0; k = Math.floor(k / 2)) {
    if (k & 1) out = flMul(out, base, prec, dir);
    if (k > 1) base = flMul(base, base, prec, dir);
  }
  return out;
}

function flCmp(a: Flt, b: Flt): number {
  const e = Math.min(a.e, b.e);
  const x = a.m << BigInt(a.e - e);
  const y = b.m << BigInt(b.e - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The side of m (> 0) that |x|^(p/q) lies on, from powers in directed binary rounding at `prec`
 * bits (|x|^p · 10^k against m^q, k the difference of their powers of ten): −1 or 1 when the
 * bounds tell, null when they cannot (then the exact comparison decides).
 */
function powerSideFast(x: Dec, p: number, q: number, m: Dec, prec: number): number | null {
  const P = Math.abs(p);
  // left = A · 10^a, right = B · 10^b as in powerSide, with A, B as products of integer powers.
  const X = (dir: -1 | 1) => fl(x.n, 0, prec, dir);
  const M = (dir: -1 | 1) => fl(m.n, 0, prec, dir);
  const k = p > 0 ? x.e * p - m.e * q : -(m.e * q + x.e * P);
  const ten = (n: number, dir: -1 | 1) => flPow({ m: 10n, e: 0 }, n, prec, dir);
  const side = (dir: -1 | 1): { left: Flt; right: Flt } => {
    const opp = (dir === 1 ? -1 : 1) as -1 | 1;
    let left: Flt = p > 0 ? flPow(X(dir), P, prec, dir) : { m: 1n, e: 0 };
    let right: Flt = p > 0 ? flPow(M(opp), q, prec, opp) : flMul(flPow(M(opp), q, prec, opp), flPow(X(opp), P, prec, opp), prec, opp);
    if (k >= 0) left = flMul(left, ten(k, dir), prec, dir);
    else right = flMul(right, ten(-k, opp), prec, opp);
    return { left, right };
  };
  const hi = side(1);
  if (flCmp(hi.left, hi.right) < 0) return -1;
  const lo = side(-1);
  if (flCmp(lo.left, lo.right) > 0) return 1;
  return null;
}

function verifyPower(x: Dec, p0: number, q0: number, a: Dec, D: number): Verdict {
  if (x.n === 0n) return a.n === 0n ? { ok: true, detail: '0^(p/q) = 0, exactly', exact: true } : { ok: false, detail: 'the exact value is 0' };
  if (p0 === 0) return cmpDec(a, { negative: false, n: 1n, e: 0 }) === 0 ? { ok: true, detail: 'x^0 = 1, exactly', exact: true } : { ok: false, detail: 'the exact value is 1' };
  const g = gcd(Math.abs(p0), q0);
  const p = p0 / g;
  const q = q0 / g;
  const negative = x.negative && Math.abs(p) % 2 === 1;
  if (a.n === 0n || a.negative !== negative) return { ok: false, detail: `the exact value is ${negative ? 'negative' : 'positive'}` };
  const I = interval(a, D);
  if (typeof I === 'string') return { ok: false, detail: I };
  const ax: Dec = { ...x, negative: false };
  // Binary powers at D + 30 digits decide almost always; a value within their error of an end is compared exactly.
  const prec = Math.ceil((D + 30) * Math.log2(10)) + 2 * Math.ceil(Math.log2(Math.abs(p) + q + 2)) + 64;
  const sideOf = (m: Dec) => powerSideFast(ax, p, q, m, prec) ?? powerSide(ax, p, q, m);
  const sLo = sideOf(I.lo);
  const sHi = sideOf(I.hi);
  const inside = (sLo > 0 || (sLo === 0 && I.endsIn)) && (sHi < 0 || (sHi === 0 && I.endsIn));
  if (!inside) return { ok: false, detail: `|x|^(${p}/${q}) lies ${sLo < 0 || (sLo === 0 && !I.endsIn) ? 'below' : 'above'} the rounding interval of the answer (powers of both compared)` };
  const exact = sideOf({ ...a, negative: false }) === 0;
  return { ok: true, detail: `|x|^(${p}/${q}) lies in the answer's rounding interval (its ends' q-th powers against |x|^p)${exact ? ', and equals it' : ''}`, exact };
}

const interval = (a: Dec, D: number) => roundingInterval({ ...a, negative: false }, D);

/** The engine-ts value of op(x) correctly rounded at `digits` (the inverse function of a check). */
function inverse(op: 'exp' | 'ln', x: Dec, digits: number): Dec {
  const problem = canonicalPrecision({ op, x: decText(x), digits });
  return parseDec(answerText(precisionAnswer(problem)))!;
}

/** Half an ulp of a D'-digit rounding r (an upper bound of its error). */
function halfUlp(r: Dec, D: number): Dec {
  if (r.n === 0n) return { negative: false, n: 0n, e: 0 };
  const s = strip(r);
  return { negative: false, n: 5n, e: s.e + s.len - D - 1 };
}

/**
 * x against [f(lo), f(hi)] for increasing f, from f's values correctly rounded at D' digits, each
 * also within `slack` of its own size: 1 inside for sure, −1 outside for sure, 0 undecided.
 */
function between(x: Dec, fLo: Dec, fHi: Dec, D: number, endsIn: boolean, slack: Dec = { negative: false, n: 0n, e: 0 }): number {
  const radius = (f: Dec): Dec => addDec(halfUlp(f, D), mulDec({ ...f, negative: false }, slack));
  const minLo = addDec(fLo, negDec(radius(fLo)));
  const maxLo = addDec(fLo, radius(fLo));
  const minHi = addDec(fHi, negDec(radius(fHi)));
  const maxHi = addDec(fHi, radius(fHi));
  const inLo = cmpDec(x, maxLo) > 0 || (endsIn && cmpDec(x, maxLo) === 0);
  const inHi = cmpDec(x, minHi) < 0 || (endsIn && cmpDec(x, minHi) === 0);
  if (inLo && inHi) return 1;
  if (cmpDec(x, minLo) < 0 || cmpDec(x, maxHi) > 0) return -1;
  return 0;
}

function verifyExp(x: Dec, a: Dec, D: number): Verdict {
  if (x.n === 0n) return cmpDec(a, { negative: false, n: 1n, e: 0 }) === 0 ? { ok: true, detail: 'exp(0) = 1, exactly', exact: true } : { ok: false, detail: 'exp(0) is 1' };
  if (a.n === 0n || a.negative) return { ok: false, detail: 'exp(x) is positive' };
  const I = interval(a, D);
  if (typeof I === 'string') return { ok: false, detail: I };
  for (const extra of [20, 60]) {
    const side = between(x, inverse('ln', I.lo, D + extra), inverse('ln', I.hi, D + extra), D + extra, I.endsIn);
    if (side > 0) return { ok: true, detail: `x lies between ln of the ends of the answer's rounding interval (ln at ${D + extra} digits)`, exact: false };
    if (side < 0) return { ok: false, detail: `x lies outside ln of the answer's rounding interval (ln at ${D + extra} digits): the answer is not exp(x) correctly rounded` };
  }
  return { ok: false, detail: `the inverse could not decide at ${D + 60} digits` };
}

function verifyLn(x: Dec, a: Dec, D: number): Verdict {
  if (cmpDec(x, { negative: false, n: 1n, e: 0 }) === 0) return a.n === 0n ? { ok: true, detail: 'ln(1) = 0, exactly', exact: true } : { ok: false, detail: 'ln(1) is 0' };
  const below1 = cmpDec(x, { negative: false, n: 1n, e: 0 }) < 0;
  if (a.n === 0n || a.negative !== below1) return { ok: false, detail: `ln(x) is ${below1 ? 'negative' : 'positive'} here` };
  const I = roundingInterval({ ...a, negative: false }, D);
  if (typeof I === 'string') return { ok: false, detail: I };
  // The interval of ln x itself (sign restored; for a < 0 its ends swap).
  const lo = a.negative ? negDec(I.hi) : I.lo;
  const hi = a.negative ? negDec(I.lo) : I.hi;
  const sa = strip(a);
  const adjusted = sa.len - 1 + sa.e;
  // x within 10^−(D/2+10) of 1: exp(t) − 1 = t + t²/2 ± |t|³/3 (|t| ≤ ½) decides it exactly, where
  // exp at D + 20 digits could not see x's distance from 1.
  if (adjusted < -(D / 2 + 10)) {
    const six = (d: Dec): Dec => ({ ...d, n: d.n * 6n });
    const T = (t: Dec, sign: 1 | -1): Dec => {
      const t2 = mulDec(t, t);
      const t3 = mulDec(t2, { ...t, negative: false });
      const cubic = { ...t3, n: t3.n * 2n, negative: sign < 0 };
      return addDec(addDec(six(t), { ...t2, n: t2.n * 3n }), cubic);
    };
    const xm1 = six(addDec(x, { negative: true, n: 1n, e: 0 }));
    const loUp = T(lo, 1);
    const hiDown = T(hi, -1);
    const inside = (cmpDec(xm1, loUp) > 0 || (I.endsIn && cmpDec(xm1, loUp) === 0)) && (cmpDec(xm1, hiDown) < 0 || (I.endsIn && cmpDec(xm1, hiDown) === 0));
    if (inside) return { ok: true, detail: 'x − 1 lies between exp(t) − 1 = t + t²/2 ± |t|³/3 at the ends t of the answer\'s rounding interval (exactly)', exact: false };
    const outside = cmpDec(xm1, T(lo, -1)) < 0 || cmpDec(xm1, T(hi, 1)) > 0;
    return { ok: false, detail: outside ? 'x − 1 lies outside exp(t) − 1 at the ends of the answer\'s rounding interval: the answer is not ln(x) correctly rounded' : 'the series bounds could not decide' };
  }
  // Past |a| = 1.9e6 (beyond exp's range), x = u · 10^E' and ln x − E' ln 10 is checked against u.
  const big = cmpDec({ negative: false, n: a.n, e: a.e }, { negative: false, n: 19n, e: 5 }) > 0;
  const sx = strip(x);
  const E = big ? sx.len - 1 + sx.e : 0;
  for (const extra of [20, 60]) {
    // A small |ln x| needs exp's digits to reach x's distance from 1.
    const Dp = Math.min(D + extra + Math.max(0, -adjusted), PRECISION_MAX_DIGITS);
    let u = x;
    let shift: Dec = { negative: false, n: 0n, e: 0 };
    let slack: Dec = { negative: false, n: 0n, e: 0 };
    if (E !== 0) {
      // ln 10 at Dp + 8 digits: E' · ln 10 within |E'| half-ulps, which `slack` widens by (exp's slope ≤ 2 · its value).
      const l10 = inverse('ln', { negative: false, n: 10n, e: 0 }, Dp + 8);
      shift = { ...l10, n: l10.n * BigInt(Math.abs(E)), negative: E < 0 };
      const h = halfUlp(l10, Dp + 8);
      slack = { negative: false, n: h.n * BigInt(Math.abs(E)) * 4n, e: h.e };
      u = { ...x, e: x.e - E };
    }
    const fLo = inverse('exp', addDec(lo, negDec(shift)), Dp);
    const fHi = inverse('exp', addDec(hi, negDec(shift)), Dp);
    const side = between(u, fLo, fHi, Dp, I.endsIn, slack);
    if (side > 0) return { ok: true, detail: `x lies between exp of the ends of the answer's rounding interval (exp at ${Dp} digits)`, exact: false };
    if (side < 0) return { ok: false, detail: `x lies outside exp of the answer's rounding interval (exp at ${Dp} digits): the answer is not ln(x) correctly rounded` };
  }
  return { ok: false, detail: `the inverse could not decide at ${D + 60} digits` };
}

/** π, e or ln 2 · 10^G in integers within `err` units, by series of their own (see the file comment). */
function constantFixed(name: 'pi' | 'e' | 'ln2', G: number): { v: bigint; err: bigint } {
  const one = p10(G);
  if (name === 'pi') {
    // π = 16 atan(1/5) − 4 atan(1/239): each term floored, at most one unit each.
    const atanInv = (n: bigint): { v: bigint; terms: number } => {
      let term = one / n;
      let sum = term;
      const n2 = n * n;
      let k = 1;
      while (term !== 0n) {
        term /= n2;
        const t = term / BigInt(2 * k + 1);
        sum += k % 2 === 1 ? -t : t;
        k++;
      }
      return { v: sum, terms: k + 1 };
    };
    const a = atanInv(5n);
    const b = atanInv(239n);
    // Each term within 2.05 units (two floors and the previous term's error divided down).
    return { v: 16n * a.v - 4n * b.v, err: BigInt(33 * a.terms + 9 * b.terms) };
  }
  if (name === 'e') {
    let term = one;
    let sum = one;
    let k = 1;
    while (term !== 0n) {
      term /= BigInt(k);
      sum += term;
      k++;
    }
    return { v: sum, err: BigInt(2 * k + 4) };
  }
  // ln 2 = 2 atanh(1/3) = 2 Σ 1/((2k+1) 3^(2k+1)).
  let term = one / 3n;
  let sum = term;
  let k = 1;
  while (term !== 0n) {
    term /= 9n;
    sum += term / BigInt(2 * k + 1);
    k++;
  }
  return { v: 2n * sum, err: BigInt(4 * k + 4) };
}

function verifyConstant(name: 'pi' | 'e' | 'ln2', a: Dec, D: number): Verdict {
  if (a.n === 0n || a.negative) return { ok: false, detail: `${name} is positive` };
  const I = interval(a, D);
  if (typeof I === 'string') return { ok: false, detail: I };
  const G = D + 20;
  const { v, err } = constantFixed(name, G);
  const lo: Dec = { negative: false, n: v - err, e: -G };
  const hi: Dec = { negative: false, n: v + err, e: -G };
  const inside = (cmpDec(lo, I.lo) > 0 || (I.endsIn && cmpDec(lo, I.lo) === 0)) && (cmpDec(hi, I.hi) < 0 || (I.endsIn && cmpDec(hi, I.hi) === 0));
  if (inside) return { ok: true, detail: `${name} recomputed by another series at ${G} digits lies in the answer's rounding interval`, exact: false };
  const outside = cmpDec(hi, I.lo) < 0 || cmpDec(lo, I.hi) > 0;
  return { ok: false, detail: outside ? `${name} recomputed at ${G} digits lies outside the answer's rounding interval` : `${name} could not be decided at ${G} digits` };
}

/**
 * Test and bench instances of `relation`: seeded random algebraic numbers, each a real root of a
 * random integer polynomial p (degree 2..maxDegree, coefficients |c| ≤ maxCoeff, p(0) ≠ 0, leading
 * positive), isolated by exact sign changes on a grid and bisected in exact big-integer arithmetic
 * to `digits` decimals (truncated) — no floating point anywhere. PSLQ must answer a factor of p
 * with that root (p itself when p is irreducible): polyRemainder checks the division exactly.
 */
import { Prng } from '../../prng';

export interface AlgebraicCase {
  /** Ascending coefficients of the generating polynomial. */
  readonly poly: bigint[];
  /** The root, truncated to `digits` decimals. */
  readonly value: string;
}

/** p(x) for x = X / 2^bits, times 2^(bits·deg): exact. */
function evalScaled(p: readonly bigint[], X: bigint, bits: bigint): bigint {
  let acc = 0n;
  for (let k = p.length - 1; k >= 0; k--) acc = acc * X + (p[k] << (bits * BigInt(p.length - 1 - k)));
  return acc;
}

const sign = (a: bigint): number => (a === 0n ? 0 : a < 0n ? -1 : 1);

/** A root of p in (lo, hi) (scaled by 2^bits, sign change between them), bisected to `bits` bits. */
function bisect(p: readonly bigint[], lo: bigint, hi: bigint, bits: bigint): bigint {
  const slo = sign(evalScaled(p, lo, bits));
  while (hi - lo > 1n) {
    const mid = (lo + hi) >> 1n;
    const s = sign(evalScaled(p, mid, bits));
    if (s === 0) return mid;
    if (s === slo) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** X / 2^bits as a decimal string truncated to `digits` decimals (toward −∞). */
function toDecimal(X: bigint, bits: bigint, digits: number): string {
  const scaled = (X * 10n ** BigInt(digits)) >> bits;
  const neg = scaled < 0n;
  const s = (neg ? -scaled : scaled).toString().padStart(digits + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}`;
}

/**
 * `count` random algebraic numbers (seeded), degree 2..maxDegree, each given to `digits` decimals.
 * The grid of sign changes has step 1/16 within the Cauchy bound; a polynomial with no sign change
 * there (no simple real root) is drawn again.
 */
export function randomAlgebraic(seed: number, count: number, opts: { maxDegree?: number; maxCoeff?: number; digits?: number } = {}): AlgebraicCase[] {
  const maxDegree = opts.maxDegree ?? 8, maxCoeff = opts.maxCoeff ?? 5, digits = opts.digits ?? 110;
  const rng = new Prng(seed);
  const out: AlgebraicCase[] = [];
  const bits = BigInt(Math.ceil(digits * 3.33) + 16);
  while (out.length < count) {
    const deg = 2 + rng.nextInt(maxDegree - 1);
    const p: bigint[] = [];
    for (let k = 0; k <= deg; k++) p.push(BigInt(rng.nextInt(2 * maxCoeff + 1) - maxCoeff));
    if (p[deg] === 0n) p[deg] = BigInt(1 + rng.nextInt(maxCoeff));
    if (p[deg] < 0n) for (let k = 0; k <= deg; k++) p[k] = -p[k];
    if (p[0] === 0n) continue;
    let cauchy = 0n;
    for (let k = 0; k < deg; k++) cauchy = cauchy > (p[k] < 0n ? -p[k] : p[k]) ? cauchy : (p[k] < 0n ? -p[k] : p[k]);
    const B = cauchy / p[deg] + 2n;
    const roots: bigint[] = [];
    const step = 1n << (bits - 4n);
    let prevX = -B << bits;
    let prevS = sign(evalScaled(p, prevX, bits));
    for (let X = prevX + step; X <= B << bits; X += step) {
      const s = sign(evalScaled(p, X, bits));
      if (s !== 0 && prevS !== 0 && s !== prevS) roots.push(bisect(p, prevX, X, bits));
      prevX = X;
      prevS = s;
    }
    if (roots.length === 0) continue;
    out.push({ poly: p, value: toDecimal(roots[rng.nextInt(roots.length)], bits, digits) });
  }
  return out;
}

/** The remainder of a by b over Q (ascending coefficients), scaled to integers: zero iff b divides a. */
export function polyRemainder(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  let r = [...a];
  const db = b.length - 1;
  const lb = b[db];
  while (r.length - 1 >= db && r.some((c) => c !== 0n)) {
    const dr = r.length - 1;
    const lr = r[dr];
    // r ← lb·r − lr·x^(dr−db)·b
    const next = r.map((c) => c * lb);
    for (let k = 0; k <= db; k++) next[k + dr - db] -= lr * b[k];
    next.pop();
    r = next;
    while (r.length > 0 && r[r.length - 1] === 0n) r.pop();
  }
  return r;
}

/** A decimal as written: the exact rational n/d and one unit in its last digit (null for an integer without a point or exponent). */
function writtenRational(s: string): { n: bigint; d: bigint; ulp: { n: bigint; d: bigint } | null } {
  const [mant, exp = '0'] = s.split(/[eE]/);
  const neg = mant.startsWith('-');
  const body = mant.replace(/^[+-]/, '');
  const [ip, fp = ''] = body.split('.');
  const e = Number(exp) - fp.length;
  const m = BigInt((ip + fp) || '0') * (neg ? -1n : 1n);
  const scale = (k: number) => (k >= 0 ? { n: 10n ** BigInt(k), d: 1n } : { n: 1n, d: 10n ** BigInt(-k) });
  const p = scale(e);
  const exact = !/[eE]/.test(s) && !body.includes('.');
  return { n: m * p.n, d: p.d, ulp: exact ? null : p };
}

/**
 * Whether the digits as sent refute the relation a (in the values' order; for a polynomial,
 * ascending powers of `values[0]`): |Σ a_i x_i| exceeds Σ |a_i|·u_i (values), or |p(x)| exceeds
 * Σ |a_j|·((|x| + u)^j − |x|^j) (polynomial), in plain rationals: no true value within one unit of
 * each last digit makes it hold. An independent check for tests (no engine code).
 */
export function digitsRefute(a: readonly bigint[], values: readonly string[], poly: boolean): boolean {
  const absB = (v: bigint) => (v < 0n ? -v : v);
  let sn = 0n, sd = 1n, rn = 0n, rd = 1n;
  const addTo = (n: bigint, d: bigint, which: 's' | 'r') => {
    if (which === 's') { sn = sn * d + n * sd; sd *= d; } else { rn = rn * d + n * rd; rd *= d; }
  };
  if (!poly) {
    values.forEach((v, i) => {
      const w = writtenRational(v);
      addTo(a[i] * w.n, w.d, 's');
      if (w.ulp) addTo(absB(a[i]) * w.ulp.n, w.ulp.d, 'r');
    });
  } else {
    const w = writtenRational(values[0]);
    const ax = { n: absB(w.n), d: w.d };
    const hi = w.ulp ? { n: ax.n * w.ulp.d + w.ulp.n * ax.d, d: ax.d * w.ulp.d } : ax;
    a.forEach((c, j) => {
      addTo(c * w.n ** BigInt(j), w.d ** BigInt(j), 's');
      if (w.ulp) addTo(absB(c) * (hi.n ** BigInt(j) * ax.d ** BigInt(j) - ax.n ** BigInt(j) * hi.d ** BigInt(j)), hi.d ** BigInt(j) * ax.d ** BigInt(j), 'r');
    });
  }
  // |sn/sd| > rn/rd
  return absB(sn) * rd > rn * absB(sd);
}

/** 60 decimals (truncated from mpmath at 80 digits) of constants to plant relations among. */
export const RELATION_CONSTANTS: readonly string[] = [
  '0.693147180559945309417232121458176568075500134360255254120680', // ln 2
  '1.098612288668109691395245236922525704647490557822749451734694', // ln 3
  '1.609437912434100374600759333226187639525601354268517721912647', // ln 5
  '1.945910149055313305105352743443179729637084729581861188459390', // ln 7
  '2.397895272798370544061943577965129299821706853937417175218567', // ln 11
  '1.414213562373095048801688724209698078569671875376948073176679', // √2
  '1.732050807568877293527446341505872366942805253810380628055806', // √3
  '3.141592653589793238462643383279502884197169399375105820974944', // π
];

/** Σ c_i·v_i of decimal strings with the same number of decimals, exactly, as a decimal string. */
export function plantedCombination(values: readonly string[], c: readonly bigint[]): string {
  const places = values[0].split('.')[1].length;
  let acc = 0n;
  values.forEach((v, i) => (acc += c[i] * BigInt(v.replace('.', ''))));
  const neg = acc < 0n;
  const s = (neg ? -acc : acc).toString().padStart(places + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, s.length - places)}.${s.slice(s.length - places)}`;
}

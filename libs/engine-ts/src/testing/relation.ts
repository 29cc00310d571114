/**
 * Test and bench instances of `relation`: seeded random algebraic numbers, each a real root of a
 * random integer polynomial p (degree 2..maxDegree, coefficients |c| ≤ maxCoeff, p(0) ≠ 0, leading
 * positive), isolated by exact sign changes on a grid and bisected in exact big-integer arithmetic
 * to `digits` decimals (truncated) — no floating point anywhere. PSLQ must answer a factor of p
 * with that root (p itself when p is irreducible): polyRemainder checks the division exactly.
 */
import { Prng } from '../prng';

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

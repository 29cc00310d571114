/**
 * Seeded `reduce` bases (the latticegen types of fplll: knapsack "r", uniform "u") and an
 * independent exact check in plain fractions (no code shared with the engines or verify.ts).
 */
import { Prng } from '../../prng';

/** A random integer of exactly `bits` bits (top bit set), from the seeded generator. */
export function randomBits(rng: Prng, bits: number): bigint {
  let x = 1n;
  for (let i = 1; i < bits; i++) x = (x << 1n) | BigInt(rng.nextU32() & 1);
  return x;
}

/** latticegen "r d b": d vectors of d+1 coordinates, (x_i, e_i) with x_i of b bits. */
export function knapsackBasis(seed: number, d: number, bits: number): bigint[][] {
  const rng = new Prng(seed);
  return Array.from({ length: d }, (_, i) => [randomBits(rng, bits), ...Array.from({ length: d }, (_, j) => (i === j ? 1n : 0n))]);
}

/** latticegen "u d b"-like: a d × d matrix of uniform entries in (−2^b, 2^b). */
export function uniformBasis(seed: number, d: number, bits: number, cols = d): bigint[][] {
  const rng = new Prng(seed);
  return Array.from({ length: d }, () => Array.from({ length: cols }, () => {
    const x = randomBits(rng, bits + 1) - (1n << BigInt(bits));
    return x;
  }));
}

/** The basis as JSON entries: decimal strings (or numbers when safe and `numbers` is set). */
export const basisJson = (b: readonly (readonly bigint[])[], numbers = false): (string | number)[][] =>
  b.map((r) => r.map((x) => (numbers && x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x.toString())));

/** An exact fraction n/d with d > 0, in lowest terms. */
class Q {
  constructor(readonly n: bigint, readonly d: bigint = 1n) {
    if (d < 0n) { n = -n; d = -d; }
    const g = gcd(n < 0n ? -n : n, d);
    this.n = g > 1n ? n / g : n;
    this.d = g > 1n ? d / g : d;
  }
  add(o: Q): Q { return new Q(this.n * o.d + o.n * this.d, this.d * o.d); }
  sub(o: Q): Q { return new Q(this.n * o.d - o.n * this.d, this.d * o.d); }
  mul(o: Q): Q { return new Q(this.n * o.n, this.d * o.d); }
  div(o: Q): Q { return new Q(this.n * o.d, this.d * o.n); }
  cmp(o: Q): number { const x = this.n * o.d - o.n * this.d; return x < 0n ? -1 : x > 0n ? 1 : 0; }
  isZero(): boolean { return this.n === 0n; }
}
function gcd(a: bigint, b: bigint): bigint { while (b !== 0n) [a, b] = [b, a % b]; return a === 0n ? 1n : a; }

/**
 * Plain rational Gram–Schmidt: is b LLL-reduced with delta (zeros first, the rest independent,
 * |μ| ≤ 1/2, ‖b*_k‖² ≥ (δ − μ²_{k,k−1})‖b*_{k−1}‖²)? Returns a reason when not, null when it is.
 */
export function plainReducedFailure(b: readonly (readonly bigint[])[], delta: number): string | null {
  let z = 0;
  while (z < b.length && b[z].every((x) => x === 0n)) z++;
  const rows = b.slice(z).map((r) => r.map((x) => new Q(x)));
  if (rows.some((r) => r.every((x) => x.isZero()))) return 'a zero vector after a nonzero one';
  const star: Q[][] = [];
  const norms: Q[] = [];
  const mu: Q[][] = [];
  const dq = (() => { let den = 1n; let x = delta; while (!Number.isInteger(x)) { x *= 2; den *= 2n; } return new Q(BigInt(x), den); })();
  const dotq = (x: Q[], y: Q[]): Q => x.reduce((s, xi, i) => s.add(xi.mul(y[i])), new Q(0n));
  for (let i = 0; i < rows.length; i++) {
    mu.push([]);
    let v = rows[i].slice();
    for (let j = 0; j < i; j++) {
      const m = dotq(rows[i], star[j]).div(norms[j]);
      mu[i].push(m);
      v = v.map((x, t) => x.sub(m.mul(star[j][t])));
      const twice = m.mul(new Q(2n));
      if (twice.cmp(new Q(1n)) > 0 || twice.cmp(new Q(-1n)) < 0) return `|μ(${i},${j})| > 1/2`;
    }
    const nv = dotq(v, v);
    if (nv.isZero()) return `vector ${z + i} is dependent`;
    star.push(v);
    norms.push(nv);
    if (i > 0 && nv.cmp(dq.sub(mu[i][i - 1].mul(mu[i][i - 1])).mul(norms[i - 1])) < 0) return `Lovász fails at ${z + i}`;
  }
  return null;
}

/** The determinant of a square integer matrix, by rational elimination. */
export function plainDeterminant(m: readonly (readonly bigint[])[]): bigint {
  const a = m.map((r) => r.map((x) => new Q(x)));
  const n = a.length;
  let det = new Q(1n);
  for (let c = 0; c < n; c++) {
    const p = a.findIndex((r, i) => i >= c && !r[c].isZero());
    if (p < 0) return 0n;
    if (p !== c) { [a[p], a[c]] = [a[c], a[p]]; det = det.mul(new Q(-1n)); }
    det = det.mul(a[c][c]);
    for (let i = c + 1; i < n; i++) {
      const f = a[i][c].div(a[c][c]);
      a[i] = a[i].map((x, j) => x.sub(f.mul(a[c][j])));
    }
  }
  if (det.d !== 1n) throw new Error('non-integer determinant');
  return det.n;
}

/** a·b of integer matrices, plainly. */
export const plainProduct = (a: readonly (readonly bigint[])[], b: readonly (readonly bigint[])[]): bigint[][] =>
  a.map((row) => b[0].map((_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0n)));

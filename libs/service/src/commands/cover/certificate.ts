/**
 * cover's certificate (docs/certificates.md `lagrangian`): the multipliers y ≥ 0 behind the
 * engines' root bound (`BinaryResult.multipliers`, both engines), rounded to multiples of 2⁻ˢ
 * (s = 20, less when the multipliers are large) and written as exact decimals. The bound they prove,
 * Σ_e y_e + Σ_S min(0, c_S − Σ_{e∈S} y_e), is computed here exactly (BigInt over the common
 * denominator 2ˢ·10ᴷ of the rounded y and the costs as the checker reads them), after one lift: an
 * element held by one set only has its y raised by that set's positive slack, which adds the slack
 * to the bound (so the sets the engines' reductions forced count their full cost, as in the engines'
 * bound). With integer costs every cover costs at least the ceiling. A stated bound above what the
 * certificate proves is restated (never claim more than it proves); a certified answer the root
 * multipliers do not prove (a branch tree closed it) gets no certificate yet, and says so.
 */
import type { CoverProblem } from '@svc/engine-ts/families/cover';
import type { CertificateProducer } from '../command-module';
import { exactDecimal } from '../shared/exact-decimal';

/** The finest grid of the rounded multipliers: 2⁻²⁰. */
const MAX_SHIFT = 20;

/** A JSON number as the checker reads it (the decimal of its shortest round trip) as m / 10^k, k ≥ 0. */
export function decimalOf(x: number): { m: bigint; k: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  if (match === null) throw new RangeError(`not a finite number: ${x}`);
  const [, sign, whole, frac = '', exp = '0'] = match;
  let m = BigInt(`${sign}${whole}${frac}`);
  let k = frac.length - Number(exp);
  if (k < 0) {
    m *= 10n ** BigInt(-k);
    k = 0;
  }
  return { m, k };
}

/** The double nearest num / den (den > 0), through 20 significant digits. */
function toDouble(num: bigint, den: bigint): number {
  const neg = num < 0n;
  const a = neg ? -num : num;
  const p = Math.max(0, 20 + den.toString().length - a.toString().length);
  const v = Number.parseFloat(`${(a * 10n ** BigInt(p)) / den}e-${p}`);
  return neg ? -v : v;
}

/** ⌈num / den⌉ (den > 0). */
function ceilDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  return num > q * den ? q + 1n : q;
}

/** What rounded multipliers prove: the y as exact decimals, the bound as num / den, each set's cost times den. */
export interface LagrangianProof {
  readonly y: string[];
  readonly num: bigint;
  readonly den: bigint;
  readonly costs: bigint[];
}

/**
 * The `lagrangian` certificate of `y` (one per element, ≥ 0) on `p` and the bound it proves
 * exactly, or null when the multipliers are too large for the 2⁰ grid in doubles' exact integers.
 */
export function lagrangianProof(p: CoverProblem, y: ArrayLike<number>): LagrangianProof | null {
  const U = p.universe;
  let sumY = 0;
  for (let e = 0; e < U; e++) sumY += Math.max(0, y[e]);
  // The finest grid 2^-s whose numerators (and every sum of them) stay exact integers in doubles.
  let s = MAX_SHIFT;
  while (s > 0 && (sumY + U) * 2 ** s >= 2 ** 52) s--;
  if (!((sumY + U) * 2 ** s < 2 ** 52)) return null;
  const a = new Float64Array(U);
  for (let e = 0; e < U; e++) a[e] = y[e] > 0 ? Math.round(y[e] * 2 ** s) : 0;
  const decimals = Array.from(p.cost, decimalOf);
  const K = decimals.reduce((k, c) => Math.max(k, c.k), 0);
  const tenK = 10n ** BigInt(K);
  const den = (1n << BigInt(s)) * tenK;
  const costs = decimals.map((c) => c.m * 10n ** BigInt(K - c.k) << BigInt(s));
  // Sets per element, and the one set of an element held by one set only.
  const holders = new Int32Array(U);
  const only = new Int32Array(U).fill(-1);
  for (let j = 0; j < p.n; j++) {
    for (let q = p.start[j]; q < p.start[j + 1]; q++) {
      holders[p.elems[q]]++;
      only[p.elems[q]] = j;
    }
  }
  const liftOf = new Int32Array(p.n).fill(-1); // set → the element its slack lifts
  for (let e = 0; e < U; e++) if (holders[e] === 1 && liftOf[only[e]] < 0) liftOf[only[e]] = e;
  let total = 0n;
  for (let e = 0; e < U; e++) total += BigInt(a[e]);
  total *= tenK;
  const lifted = new Map<number, bigint>();
  for (let j = 0; j < p.n; j++) {
    let inSet = 0;
    for (let q = p.start[j]; q < p.start[j + 1]; q++) inSet += a[p.elems[q]];
    const slack = costs[j] - BigInt(inSet) * tenK;
    if (slack < 0n) total += slack;
    else if (slack > 0n && liftOf[j] >= 0) {
      lifted.set(liftOf[j], slack);
      total += slack;
    }
  }
  const out = Array.from(a, (v, e) => exactDecimal(BigInt(v) * tenK + (lifted.get(e) ?? 0n), s, K));
  return { y: out, num: total, den, costs };
}

export const coverCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'cover' || r.kind !== 'binary') return { omitted: 'not produced for this problem' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  if (r.multipliers === undefined || r.multipliers.length !== p.universe) return { omitted: 'the engine gave no multipliers for its bound' };
  const proof = lagrangianProof(p, r.multipliers);
  if (proof === null) return { omitted: 'multipliers too large for the exact Lagrangian bound' };
  const certificate = { kind: 'lagrangian', y: proof.y };
  const integral = p.cost.every((c) => Number.isInteger(c));
  // The bound as the claims rule reads it: the ceiling for integer costs, else the double nearest.
  const proven = integral ? Number(ceilDiv(proof.num, proof.den)) : toDouble(proof.num, proof.den);
  const cost = r.objective;
  if (done.proof !== null) {
    // Optimal when the proven bound reaches the cost: the ceiling for integer costs, else exactly
    // (the chosen sets' exact costs over the same denominator).
    let exactCost = 0n;
    for (let j = 0; j < p.n; j++) if (r.answer[j] === 1) exactCost += proof.costs[j];
    const reaches = integral ? proven >= cost : proof.num >= exactCost;
    if (reaches) return { certificate };
    return { omitted: `${done.proof}: the root multipliers prove ${proven}, below the cost ${cost}; the branch tree's certificate is not produced yet` };
  }
  if (proven >= done.bound!) return { certificate };
  return { certificate, restate: { bound: proven, gap: Math.abs(cost - proven) / Math.max(1, Math.abs(cost)) } };
};

/**
 * cover: the exact Lagrangian bound of multipliers y ≥ 0 (docs/certificates.md `lagrangian`, and
 * inside a branch tree with a path's fixings), as the checker computes it:
 * Σ_e y_e + Σ_{S fixed to 1} (c_S − Σ_{e∈S} y_e) + Σ_{S free} min(0, c_S − Σ_{e∈S} y_e).
 * The y are rounded down to multiples of 2⁻ˢ (rounding down never raises a set's Σ y, so it costs
 * the bound at most U·2⁻ˢ) and written as exact decimals; the bound is exact (BigInt over the
 * common denominator 2ˢ·10ᴷ of the rounded y and the costs as the checker reads them), after one
 * lift: an element held by one set only, that set free, has its y raised by the set's positive
 * slack, which adds the slack to the bound (so the sets the engines' reductions forced count their
 * full cost, as in the engines' bounds); or, on request, a raise of every element's y as far as its
 * free sets' slacks allow (which recovers what the rounding and the engines' float sums lost).
 */
import type { CoverProblem } from '@svc/engine-ts/families/cover';
import { exactDecimal } from '../shared/exact-decimal';

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

/** What rounded multipliers prove: the y as exact decimals, the bound as num / den, den = 2^shift · 10^K. */
export interface LagrangianProof {
  readonly y: string[];
  readonly num: bigint;
  readonly den: bigint;
  readonly shift: number;
}

/** Per-set fixings of a tree path: −1 free, 0 fixed to 0, 1 fixed to 1. */
export type SetFixings = Int8Array;

/** One problem's exact data, shared by every bound computed on it. */
export class LagrangianExact {
  /** 10^K, K the most decimal places of a cost. */
  readonly tenK: bigint;
  /** Each set's cost times 10^K (and as doubles, and their largest magnitude: the fast path's test). */
  readonly costs: bigint[];
  private readonly costNum: number[];
  private readonly maxCost: number;
  private readonly liftOf: Int32Array;
  private readonly K: number;
  /** Element → sets (CSR). */
  private readonly estart: Int32Array;
  private readonly esets: Int32Array;

  constructor(readonly p: CoverProblem) {
    const decimals = Array.from(p.cost, decimalOf);
    this.K = decimals.reduce((k, c) => Math.max(k, c.k), 0);
    this.tenK = 10n ** BigInt(this.K);
    this.costs = decimals.map((c) => c.m * 10n ** BigInt(this.K - c.k));
    this.costNum = this.costs.map(Number);
    this.maxCost = this.costs.reduce((m, c) => Math.max(m, Math.abs(Number(c))), 0);
    // Sets per element, and the one set of an element held by one set only.
    const holders = new Int32Array(p.universe);
    const only = new Int32Array(p.universe).fill(-1);
    for (let j = 0; j < p.n; j++) {
      for (let q = p.start[j]; q < p.start[j + 1]; q++) {
        holders[p.elems[q]]++;
        only[p.elems[q]] = j;
      }
    }
    this.estart = new Int32Array(p.universe + 1);
    for (let e = 0; e < p.universe; e++) this.estart[e + 1] = this.estart[e] + holders[e];
    const fill = this.estart.slice(0, p.universe);
    this.esets = new Int32Array(p.elems.length);
    for (let j = 0; j < p.n; j++) for (let q = p.start[j]; q < p.start[j + 1]; q++) this.esets[fill[p.elems[q]]++] = j;
    this.liftOf = new Int32Array(p.n).fill(-1); // set → the element its slack lifts
    for (let e = 0; e < p.universe; e++) if (holders[e] === 1 && this.liftOf[only[e]] < 0) this.liftOf[only[e]] = e;
  }

  /** The chosen sets' exact cost times 10^K. */
  costOf(answer: ArrayLike<number>): bigint {
    let total = 0n;
    for (let j = 0; j < this.p.n; j++) if (answer[j] === 1) total += this.costs[j];
    return total;
  }

  /**
   * The proof of `y` (one per element, ≥ 0; y[off + e]) on a grid of at most 2^-maxShift, under
   * `fix` (null: every set free), or null when the multipliers are too large for doubles' exact integers.
   * `raise`: every element's y raised as far as its free sets' slacks allow (a maximal dual point,
   * linear in the entries in BigInt), in place of the lift of the elements held by one set only.
   */
  proof(y: ArrayLike<number>, fix: SetFixings | null, maxShift: number, off = 0, raise = false): LagrangianProof | null {
    const { p, tenK } = this;
    const U = p.universe;
    let sumY = 0;
    for (let e = 0; e < U; e++) sumY += Math.max(0, y[off + e]);
    // The finest grid 2^-s whose numerators (and every sum of them) stay exact integers in doubles.
    let s = maxShift;
    while (s > 0 && (sumY + U) * 2 ** s >= 2 ** 52) s--;
    if (!((sumY + U) * 2 ** s < 2 ** 52)) return null;
    const a = new Float64Array(U);
    for (let e = 0; e < U; e++) a[e] = y[off + e] > 0 ? Math.floor(y[off + e] * 2 ** s) : 0;
    const scale = BigInt(s);
    let total = 0n;
    for (let e = 0; e < U; e++) total += BigInt(a[e]);
    total *= tenK;
    // Each set's slack c_S − Σ_{e∈S} y_e over den (fixed-to-0 sets are never read); in doubles when
    // both terms are integers below 2^52 (their difference is then exact), else in BigInt.
    const slack = new Array<bigint>(p.n).fill(0n);
    const tenKNum = Number(tenK);
    const fast = this.maxCost * 2 ** s < 2 ** 52 && (sumY + U) * 2 ** s * tenKNum < 2 ** 52;
    let acc = 0;
    for (let j = 0; j < p.n; j++) {
      const f = fix === null ? -1 : fix[j];
      if (f === 0) continue;
      let inSet = 0;
      for (let q = p.start[j]; q < p.start[j + 1]; q++) inSet += a[p.elems[q]];
      if (fast) {
        const d = this.costNum[j] * 2 ** s - inSet * tenKNum;
        // Only what is read later becomes a BigInt: the lifts' and the raise's slacks.
        if (d !== 0 && (raise || (d > 0 && this.liftOf[j] >= 0))) slack[j] = BigInt(d);
        if (f === 1 || d < 0) {
          // Summed exactly in doubles while the sum stays below 2^53, then carried to the BigInt total.
          if (Math.abs(acc) + Math.abs(d) >= 2 ** 53) {
            total += BigInt(acc);
            acc = 0;
          }
          acc += d;
        }
        continue;
      }
      slack[j] = (this.costs[j] << scale) - BigInt(inSet) * tenK;
      if (f === 1 || slack[j] < 0n) total += slack[j];
    }
    total += BigInt(acc);
    const lifted = new Map<number, bigint>();
    const lift = (e: number, by: bigint) => {
      lifted.set(e, (lifted.get(e) ?? 0n) + by);
      total += by;
    };
    if (!raise) {
      for (let j = 0; j < p.n; j++) if ((fix === null || fix[j] === -1) && slack[j] > 0n && this.liftOf[j] >= 0) lift(this.liftOf[j], slack[j]);
    } else {
      // Every element in no set fixed to 1, in turn, raised by the least slack of its free sets when
      // that is positive: the bound gains it (no free set's term drops).
      for (let e = 0; e < U; e++) {
        let least: bigint | null = null;
        let inFixed = false;
        for (let q = this.estart[e]; q < this.estart[e + 1]; q++) {
          const j = this.esets[q];
          if (fix !== null && fix[j] === 1) inFixed = true;
          if (fix !== null && fix[j] !== -1) continue;
          if (least === null || slack[j] < least) least = slack[j];
        }
        // (In a set fixed to 1 a raise gains nothing: that set's term loses it.)
        if (inFixed || least === null || least <= 0n) continue;
        lift(e, least);
        for (let q = this.estart[e]; q < this.estart[e + 1]; q++) {
          const j = this.esets[q];
          if (fix === null || fix[j] === -1) slack[j] -= least;
        }
      }
    }
    const out = Array.from(a, (v, e) => exactDecimal(BigInt(v) * tenK + (lifted.get(e) ?? 0n), s, this.K));
    return { y: out, num: total, den: (1n << scale) * tenK, shift: s };
  }

  /**
   * Whether num / den (den = 2^shift · 10^K) reaches the cost `exactCost` / 10^K: above it less 1
   * with `integral` costs, at least it otherwise.
   */
  reaches(pr: LagrangianProof, exactCost: bigint, integral: boolean): boolean {
    const target = (integral ? exactCost - this.tenK : exactCost) << BigInt(pr.shift);
    return integral ? pr.num > target : pr.num >= target;
  }
}

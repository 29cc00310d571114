/**
 * cover: the search state every method shares (the reductions' fixings, the incumbent, the work
 * count) and the Lagrangian machinery on it: multipliers, the first dual bound, the greedy
 * completion, subgradient ascent and greedy fixing (steps 1–4 of solve.ts's specification;
 * libs/engine-native/src/core/cover/search.cc follows it step for step).
 */
import { Limits } from '../../kernels/model';
import { coverWeightSum } from './evaluate';
import type { CoverProblem } from './problem';

/** Steps without a better bound before λ halves. */
const STALL = 20;
/** Share of the greedy cover's free sets fixed per refinement step. */
const FIX_SHARE = 0.3;

export class CoverSearch {
  readonly n: number;
  readonly U: number;
  /** Element → sets (CSR, sets increasing). */
  readonly estart: Int32Array;
  readonly esets: Int32Array;
  /** 0 free, 1 taken, −1 excluded. */
  readonly state: Int8Array;
  /** Taken sets holding each element. */
  readonly cov: Int32Array;
  /** Free sets holding each element. */
  readonly freeCnt: Int32Array;
  readonly u: Float64Array;
  readonly rc: Float64Array;
  fixedCost = 0;
  best: Uint8Array;
  bestCost = Infinity;
  work = 0;
  iterations = 0;
  nodes = 0;
  readonly tol: number;
  readonly integral: boolean;
  /**
   * The multipliers of the best root bound offered (offerRootY), one per element (0 on the elements
   * the reductions covered), and their L; null before the first offer. The result's `multipliers`
   * (the service's `lagrangian` certificate).
   */
  rootY: Float64Array | null = null;
  rootYBound = -Infinity;

  constructor(readonly p: CoverProblem, readonly limits: Limits, readonly workCap: number) {
    this.n = p.n;
    this.U = p.universe;
    const U = this.U;
    this.estart = new Int32Array(U + 1);
    for (let k = 0; k < p.elems.length; k++) this.estart[p.elems[k] + 1]++;
    for (let e = 0; e < U; e++) this.estart[e + 1] += this.estart[e];
    const fill = this.estart.slice(0, U);
    this.esets = new Int32Array(p.elems.length);
    for (let j = 0; j < p.n; j++) for (let k = p.start[j]; k < p.start[j + 1]; k++) this.esets[fill[p.elems[k]]++] = j;
    this.state = new Int8Array(p.n);
    this.cov = new Int32Array(U);
    this.freeCnt = new Int32Array(U);
    for (let e = 0; e < U; e++) this.freeCnt[e] = this.estart[e + 1] - this.estart[e];
    this.u = new Float64Array(U);
    this.rc = new Float64Array(p.n);
    this.best = new Uint8Array(p.n);
    this.tol = 1e-9 * (1 + coverWeightSum(p));
    this.integral = p.cost.every((c) => Number.isInteger(c));
  }

  take(j: number): void {
    this.state[j] = 1;
    this.fixedCost += this.p.cost[j];
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) {
      this.cov[this.p.elems[k]]++;
      this.freeCnt[this.p.elems[k]]--;
    }
  }

  untake(j: number): void {
    this.state[j] = 0;
    this.fixedCost -= this.p.cost[j];
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) {
      this.cov[this.p.elems[k]]--;
      this.freeCnt[this.p.elems[k]]++;
    }
  }

  exclude(j: number): void {
    this.state[j] = -1;
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) this.freeCnt[this.p.elems[k]]--;
  }

  include(j: number): void {
    this.state[j] = 0;
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) this.freeCnt[this.p.elems[k]]++;
  }

  /** The bound rounded up to an integer when every cost is one. */
  roundUp(lb: number): number {
    return this.integral ? Math.ceil(lb - 1e-9 * (1 + Math.abs(lb))) : lb;
  }

  /** Reduced costs of the free sets and L(u). */
  lagrangian(): number {
    return this.lagrangianAt(this.u, true);
  }

  /** u_e = min over free sets j ∋ e of c_j / (uncovered elements of j): dual feasible (every rc_j ≥ 0). */
  initMultipliers(): void {
    const { p, cov } = this;
    const size = new Int32Array(this.n);
    for (let j = 0; j < this.n; j++) {
      if (this.state[j] !== 0) continue;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cov[p.elems[k]] === 0) size[j]++;
    }
    for (let e = 0; e < this.U; e++) {
      if (cov[e] !== 0) continue;
      let m = Infinity;
      for (let q = this.estart[e]; q < this.estart[e + 1]; q++) {
        const j = this.esets[q];
        if (this.state[j] !== 0) continue;
        m = Math.min(m, p.cost[j] / size[j]);
      }
      this.u[e] = m === Infinity ? 0 : m;
    }
  }

  /**
   * The first proven bound, before anything that checks a limit: from the dual-feasible u of
   * initMultipliers, each uncovered element in turn raises its u_e by the least slack
   * c_j − Σ_{i ∈ S_j uncovered} u_i of its free sets (a maximal dual solution); returns L(u) of
   * that u, rounded up when every cost is an integer. Leaves u and rc as they were; linear in the
   * entries, not counted as work.
   */
  dualBound(): number {
    const { p, cov, U } = this;
    const saved = Float64Array.from(this.u);
    this.initMultipliers();
    const y = this.u;
    const slack = new Float64Array(this.n);
    for (let j = 0; j < this.n; j++) {
      if (this.state[j] !== 0) continue;
      let r = p.cost[j];
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cov[p.elems[k]] === 0) r -= y[p.elems[k]];
      slack[j] = r;
    }
    for (let e = 0; e < U; e++) {
      if (cov[e] !== 0) continue;
      let m = Infinity;
      for (let q = this.estart[e]; q < this.estart[e + 1]; q++) if (this.state[this.esets[q]] === 0) m = Math.min(m, slack[this.esets[q]]);
      if (!(m > 0) || m === Infinity) continue;
      y[e] += m;
      for (let q = this.estart[e]; q < this.estart[e + 1]; q++) if (this.state[this.esets[q]] === 0) slack[this.esets[q]] -= m;
    }
    // L(y) from scratch (valid for any y ≥ 0, whatever the rounding of the slacks above).
    const L = this.offerRootY(y);
    this.u.set(saved);
    return this.roundUp(L);
  }

  /** L(y) at the current fixings, from scratch, not counted as work (rc untouched). */
  lagrangianOf(y: Float64Array): number {
    return this.lagrangianAt(y, false);
  }

  /** L(y) at the current fixings; `own`: y is u, whose reduced costs go to rc and whose work counts. */
  private lagrangianAt(y: Float64Array, own: boolean): number {
    const { p, rc, cov } = this;
    let L = this.fixedCost;
    for (let e = 0; e < this.U; e++) if (cov[e] === 0) L += y[e];
    for (let j = 0; j < this.n; j++) {
      if (this.state[j] !== 0) continue;
      let r = p.cost[j];
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cov[p.elems[k]] === 0) r -= y[p.elems[k]];
      if (own) {
        rc[j] = r;
        this.work += p.start[j + 1] - p.start[j] + 1;
      }
      if (r < 0) L += r;
    }
    return L;
  }

  /**
   * Offers the root multipliers y (call only at the root's fixings): kept as rootY, zero on the
   * covered elements, when their L(y) beats the kept one. Returns L(y); not counted as work.
   */
  offerRootY(y: Float64Array): number {
    const L = this.lagrangianOf(y);
    if (L > this.rootYBound) {
      this.rootYBound = L;
      this.rootY = Float64Array.from(y, (v, e) => (this.cov[e] === 0 && v > 0 ? v : 0));
    }
    return L;
  }

  /**
   * The Lagrangian heuristic from the current reduced costs (rc of every free set): greedy by score,
   * then redundant sets removed. Returns the completion (pick[j] = 1 for taken and chosen sets), or
   * null when some element has no free set; keeps it when it beats the incumbent.
   */
  heuristic(): Uint8Array | null {
    const { p, n, U } = this;
    const pick = new Uint8Array(n);
    const cnt = Int32Array.from(this.cov);
    const mu = new Int32Array(n);
    let uncovered = 0;
    for (let e = 0; e < U; e++) if (cnt[e] === 0) uncovered++;
    for (let j = 0; j < n; j++) {
      if (this.state[j] === 1) pick[j] = 1;
      if (this.state[j] !== 0) continue;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cnt[p.elems[k]] === 0) mu[j]++;
    }
    while (uncovered > 0) {
      let bj = -1;
      let bs = Infinity;
      for (let j = 0; j < n; j++) {
        if (this.state[j] !== 0 || pick[j] || mu[j] === 0) continue;
        const r = this.rc[j];
        const s = r > 0 ? r / mu[j] : r * mu[j];
        if (s < bs) {
          bs = s;
          bj = j;
        }
      }
      this.work += n;
      if (bj < 0) return null;
      pick[bj] = 1;
      for (let k = p.start[bj]; k < p.start[bj + 1]; k++) {
        const e = p.elems[k];
        if (cnt[e] === 0) {
          uncovered--;
          for (let q = this.estart[e]; q < this.estart[e + 1]; q++) mu[this.esets[q]]--;
        }
        cnt[e]++;
      }
    }
    // Redundant chosen sets out, costliest first (lowest index on ties).
    const chosen: number[] = [];
    for (let j = 0; j < n; j++) if (pick[j] && this.state[j] === 0) chosen.push(j);
    chosen.sort((a, b) => p.cost[b] - p.cost[a] || a - b);
    for (const j of chosen) {
      let needed = false;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) {
        if (cnt[p.elems[k]] < 2) {
          needed = true;
          break;
        }
      }
      if (needed) continue;
      pick[j] = 0;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) cnt[p.elems[k]]--;
    }
    let total = 0;
    for (let j = 0; j < n; j++) if (pick[j]) total += p.cost[j];
    if (total < this.bestCost - this.tol) {
      this.bestCost = total;
      this.best.set(pick);
    }
    return pick;
  }

  /** Whether every uncovered element still has a free set. */
  feasible(): boolean {
    for (let e = 0; e < this.U; e++) if (this.cov[e] === 0 && this.freeCnt[e] === 0) return false;
    return true;
  }

  stopped(): boolean {
    return this.limits.check() || this.work > this.workCap;
  }

  /** Subgradient optimisation of L(u) from the current u; leaves u at its best and returns that bound. */
  subgradient(iters: number, lambda: number): number {
    const { p, u, cov, U } = this;
    const s = new Float64Array(U);
    const bestU = Float64Array.from(u);
    let bestL = -Infinity;
    let lam = lambda;
    let stall = 0;
    for (let it = 0; it < iters; it++) {
      // The work cap every 16 iterations (as budgeted); the deadline and cancel at every one (a pass
      // over every set-element pair can take milliseconds on large instances).
      if (((it & 15) === 0 && this.stopped()) || this.limits.check()) break;
      const L = this.lagrangian();
      this.iterations++;
      if (L > bestL) {
        bestL = L;
        bestU.set(u);
        stall = 0;
      } else if (++stall >= STALL) {
        lam /= 2;
        stall = 0;
      }
      if (it % 10 === 0) this.heuristic();
      if (this.roundUp(bestL) >= this.bestCost - this.tol || lam < 1e-4) break;
      let norm = 0;
      for (let e = 0; e < U; e++) s[e] = cov[e] === 0 ? 1 : 0;
      for (let j = 0; j < this.n; j++) {
        if (this.state[j] !== 0 || this.rc[j] >= 0) continue;
        for (let k = p.start[j]; k < p.start[j + 1]; k++) s[p.elems[k]]--;
      }
      for (let e = 0; e < U; e++) if (cov[e] === 0) norm += s[e] * s[e];
      if (norm === 0) {
        // The sets of negative reduced cost cover every element once: a cover of cost L.
        this.heuristic();
        break;
      }
      const step = (lam * (this.bestCost - L)) / norm;
      for (let e = 0; e < U; e++) if (cov[e] === 0) u[e] = Math.max(0, u[e] + step * s[e]);
    }
    u.set(bestU);
    return bestL;
  }

  /** The sets taken now, in order (to undo a fixing). */
  fixGreedy(): number[] {
    this.lagrangian();
    const pick = this.heuristic();
    if (pick === null) return [];
    const free: number[] = [];
    for (let j = 0; j < this.n; j++) if (pick[j] && this.state[j] === 0) free.push(j);
    free.sort((a, b) => this.rc[a] - this.rc[b] || a - b);
    const k = Math.max(1, Math.ceil(FIX_SHARE * free.length));
    const fixed = free.slice(0, k);
    for (const j of fixed) this.take(j);
    return fixed;
  }

  uncovered(): number {
    let c = 0;
    for (let e = 0; e < this.U; e++) if (this.cov[e] === 0) c++;
    return c;
  }
}

/**
 * Exact minimisation of a QUBO model by branch and bound with Russian-doll bounds (Verfaillie,
 * Lemaître & Schiex 1996). This comment is the specification; the native engine (core/kernels/bnb.cc)
 * performs the same operations in the same order, so both engines visit the same nodes.
 *
 * Order. imp(v) = Σ_row |W_vu| (CSR row order). Position 0 is the variable of largest imp (lowest
 * index on ties); each next position is the unplaced variable of largest conn(v) = Σ |W_vu| over
 * placed u (added in placement order, CSR row order), ties by larger imp, then lower index.
 * All arrays below are in position space; S_k = positions n−k .. n−1 (the last k).
 *
 * Subproblems. E_k(x) = Σ_{a∈S_k} l^k_a x_a + Σ_{a<b∈S_k} W_ab x_a x_b with
 * l^k_a = h_a + ½ Σ_{b<n−k} W_ab ("every variable outside S_k at ½"). E_n is the model energy;
 * for a max-cut model E_k is minus the cut of the subgraph induced by S_k, so E_k(x) = E_k(1 − x)
 * and the first variable of every subproblem is fixed to 0 when `symmetric`.
 * opt[0] = 0 and, for k = 1 .. n, opt[k] = min E_k is found by a depth-first search over
 * positions start = n − k, …, n − 1 that uses opt[0 .. k−1] as bounds:
 *   state: x (fixed positions start..t−1), e = E_k of the fixed part,
 *          r_a = Σ_{b∈[start,t)} W_ab (x_b − ½) for free a, S = Σ_{a≥t} min(0, r_a);
 *   since l^k_a − l^{n−t}_a = −½ Σ_{b∈[start,t)} W_ab, every completion has
 *   E_k ≥ lb = e + S + opt[n − t]                                   (t > start)
 *   and at the root  lb = opt[k−1] + min(−½·pos_t, λ_t + ½·neg_t)   (only the first term if
 *   symmetric), with λ_a = h_a + ½ Σ_{b<a} W_ab, pos_a / neg_a = Σ_{b>a} max(0, W_ab) / min(0, W_ab).
 * A node is pruned when lb ≥ inc (no finer rule for integer data: E_k and lb then live on the
 * same grid of halves, so lb > inc − ½ would prune exactly the same nodes).
 * Branching on t: fixing x_t = 1 adds g = λ_t + r_t to e; x_t = 0 adds nothing. If g + neg_t ≥ 0
 * only x_t = 0 is tried (flipping t to 0 never hurts any completion), if g + pos_t ≤ 0 only
 * x_t = 1; otherwise x_t = 1 first when g < 0, else 0 first. A child updates, for every neighbour
 * a > t in row order, r_a += (x_t ? ½ : −½)·W_ta and S by −min(0, old) + min(0, new) (S first
 * loses min(0, r_t)); r is restored exactly from a save area on the way back.
 * The incumbent of subproblem k is the previous optimum y (on S_{k−1}) with x_start = 0, energy
 * e0 = opt[k−1] − ½·s, s = Σ_{a>start} W_{start,a} y_a, or with x_start = 1 when
 * e1 = e0 + λ_start + s < e0; for k = n also the caller's incumbent when its energy is lower.
 * A leaf (t = n) with e < inc becomes the incumbent.
 *
 * Work: 1 per node and 1 per residual update (1 per variable when an incumbent is evaluated).
 * The search stops when work exceeds `workLimit`, when the limits fire (polled before the first
 * subproblem and every 1024 nodes),
 * or, after subproblem k < n, when the rest cannot fit even if each remaining subproblem cost only
 * as much as this one: (n − k)·w_k > workLimit − work, w_k = the work of subproblem k (later
 * subproblems rarely cost less, so this gives up early on searches that would run out anyway).
 * When it stops inside subproblem n, min(inc, lb of every node with an unexplored child, lb of the
 * node where it stopped) is a proven lower bound on the minimum.
 */
import type { Limits, Model } from './model';

export interface BnbOptions {
  /** E(x) = E(1 − x) (max-cut models): the first variable of every subproblem stays 0. */
  readonly symmetric: boolean;
  /** Work cap (nodes + residual updates). */
  readonly workLimit: number;
  /** A known assignment (0/1 per variable), e.g. the tabu answer; null for none. */
  readonly incumbent: Uint8Array | null;
}

export type BnbStop = 'work' | 'abandoned' | 'limits' | null;

export interface BnbResult {
  /** The best assignment the search knows for the full problem (null if it never got there). */
  readonly x: Uint8Array | null;
  /** Model energy of x as tracked by the search (callers re-evaluate). */
  readonly energy: number;
  /** True when the search finished: x is a minimiser. */
  readonly complete: boolean;
  /** A proven lower bound on the model minimum; −Infinity when none is known. */
  readonly bound: number;
  readonly nodes: number;
  readonly work: number;
  /** Why it stopped early (null when complete). */
  readonly stop: BnbStop;
}

const POLL_MASK = 1023;

/** The branching order of the specification (position → variable). */
export function bnbOrder(model: Model): Int32Array {
  const n = model.n;
  const { offsets, neighbours, weights } = model.adj;
  const imp = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    let s = 0;
    for (let q = offsets[v]; q < offsets[v + 1]; q++) s += Math.abs(weights[q]);
    imp[v] = s;
  }
  const conn = new Float64Array(n);
  const placed = new Uint8Array(n);
  const order = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    let best = -1;
    for (let v = 0; v < n; v++) {
      if (placed[v] !== 0) continue;
      if (best < 0 || conn[v] > conn[best] || (conn[v] === conn[best] && imp[v] > imp[best])) best = v;
    }
    order[a] = best;
    placed[best] = 1;
    for (let q = offsets[best]; q < offsets[best + 1]; q++) conn[neighbours[q]] += Math.abs(weights[q]);
  }
  return order;
}

/** Minimises the model exactly within the work budget (see the file comment). */
export function branchAndBound(model: Model, opts: BnbOptions, limits: Limits): BnbResult {
  return new Rds(model, opts, limits).run();
}

/** Per position t: the search state of the node that branches on t. */
interface Frames {
  /** Energy of the fixed part, S after dropping min(0, r_t), lower bound, cost g of x_t = 1. */
  readonly eAt: Float64Array;
  readonly sAt: Float64Array;
  readonly lbAt: Float64Array;
  readonly gAt: Float64Array;
  /** The branch tried first, whether the other one is tried too, which one is running. */
  readonly firstAt: Uint8Array;
  readonly bothAt: Uint8Array;
  readonly branchAt: Uint8Array;
}

class Rds {
  private readonly n: number;
  private readonly order: Int32Array;
  /** Position-space CSR: row a lists (position b, W_ab) with b ascending; rows split at `after`. */
  private readonly start0: Int32Array;
  private readonly after: Int32Array;
  private readonly col: Int32Array;
  private readonly w: Float64Array;
  private readonly lam: Float64Array;
  private readonly pos: Float64Array;
  private readonly neg: Float64Array;
  private readonly opt: Float64Array;
  private readonly x: Uint8Array;
  private readonly r: Float64Array;
  private readonly saved: Float64Array;
  private best: Uint8Array<ArrayBufferLike>;
  private readonly frames: Frames;
  private inc = 0;
  private start = 0;
  private nodes = 0;
  private work = 0;
  private open = Infinity;
  private stop: BnbStop = null;

  constructor(
    private readonly model: Model,
    private readonly opts: BnbOptions,
    private readonly limits: Limits,
  ) {
    const n = model.n;
    this.n = n;
    this.order = bnbOrder(model);
    const where = new Int32Array(n);
    for (let a = 0; a < n; a++) where[this.order[a]] = a;
    const { offsets, neighbours, weights } = model.adj;
    const start0 = new Int32Array(n + 1);
    for (let a = 0; a < n; a++) {
      const v = this.order[a];
      start0[a + 1] = start0[a] + offsets[v + 1] - offsets[v];
    }
    const col = new Int32Array(start0[n]);
    const w = new Float64Array(start0[n]);
    // Rows filled by ascending position b, so every row comes out sorted.
    const fill = start0.slice(0, n);
    for (let b = 0; b < n; b++) {
      const vb = this.order[b];
      for (let q = offsets[vb]; q < offsets[vb + 1]; q++) {
        const a = where[neighbours[q]];
        col[fill[a]] = b;
        w[fill[a]++] = weights[q];
      }
    }
    const after = new Int32Array(n);
    const lam = new Float64Array(n);
    const pos = new Float64Array(n);
    const neg = new Float64Array(n);
    for (let a = 0; a < n; a++) {
      let q = start0[a];
      let before = 0;
      for (; q < start0[a + 1] && col[q] < a; q++) before += w[q];
      after[a] = q;
      let p = 0;
      let m = 0;
      for (; q < start0[a + 1]; q++) {
        if (w[q] > 0) p += w[q];
        else if (w[q] < 0) m += w[q];
      }
      lam[a] = model.h[this.order[a]] + 0.5 * before;
      pos[a] = p;
      neg[a] = m;
    }
    this.start0 = start0;
    this.after = after;
    this.col = col;
    this.w = w;
    this.lam = lam;
    this.pos = pos;
    this.neg = neg;
    this.opt = new Float64Array(n + 1);
    this.x = new Uint8Array(n);
    this.r = new Float64Array(n);
    this.saved = new Float64Array(col.length);
    this.best = new Uint8Array(n);
    this.frames = {
      eAt: new Float64Array(n),
      sAt: new Float64Array(n),
      lbAt: new Float64Array(n),
      gAt: new Float64Array(n),
      firstAt: new Uint8Array(n),
      bothAt: new Uint8Array(n),
      branchAt: new Uint8Array(n),
    };
  }

  run(): BnbResult {
    const n = this.n;
    let prev: Uint8Array<ArrayBufferLike> = new Uint8Array(n);
    if (this.limits.check()) {
      this.stop = 'limits';
      return this.result(false);
    }
    for (let k = 1; k <= n; k++) {
      const workBefore = this.work;
      const start = n - k;
      this.start = start;
      // Incumbent: the previous optimum extended by x_start = 0 or 1.
      let s = 0;
      for (let q = this.after[start]; q < this.start0[start + 1]; q++) if (prev[this.col[q]] !== 0) s += this.w[q];
      const e0 = this.opt[k - 1] - 0.5 * s;
      const e1 = e0 + this.lam[start] + s;
      this.best = Uint8Array.from(prev);
      this.best[start] = 0;
      this.inc = e0;
      if (e1 < e0) {
        this.best[start] = 1;
        this.inc = e1;
      }
      this.work += k;
      if (k === n && this.opts.incumbent !== null) {
        const y = new Uint8Array(n);
        for (let a = 0; a < n; a++) y[a] = this.opts.incumbent[this.order[a]];
        const ey = this.energy(y);
        this.work += n;
        if (ey < this.inc) {
          this.inc = ey;
          this.best = y;
        }
      }
      this.x.fill(0);
      this.r.fill(0);
      const ok = this.dfs();
      if (!ok) return this.result(k === n);
      this.opt[k] = this.inc;
      prev = this.best;
      if (k < n && (n - k) * (this.work - workBefore) > this.opts.workLimit - this.work) {
        this.stop = 'abandoned';
        return this.result(false);
      }
    }
    return this.result(true, true);
  }

  /** Energy E_n of y (position space), each pair once. */
  private energy(y: Uint8Array): number {
    let e = 0;
    for (let a = 0; a < this.n; a++) {
      if (y[a] === 0) continue;
      let f = this.model.h[this.order[a]];
      for (let q = this.after[a]; q < this.start0[a + 1]; q++) if (y[this.col[q]] !== 0) f += this.w[q];
      e += f;
    }
    return e;
  }

  private result(inFull: boolean, complete = false): BnbResult {
    let x: Uint8Array | null = null;
    if (complete || inFull) {
      x = new Uint8Array(this.n);
      for (let a = 0; a < this.n; a++) x[this.order[a]] = this.best[a];
    }
    return {
      x,
      energy: x !== null ? this.inc : Infinity,
      complete,
      bound: complete ? this.inc : inFull ? Math.min(this.inc, this.open) : -Infinity,
      nodes: this.nodes,
      work: this.work,
      stop: complete ? null : this.stop,
    };
  }

  /**
   * The depth-first search of the current subproblem from its root (position `start`), as a loop
   * over explicit frames (frame t = the node that branches on position t). Returns false when the
   * search must stop (this.stop says why; this.open has the bounds of the unexplored nodes).
   */
  private dfs(): boolean {
    const n = this.n;
    const start = this.start;
    const { col, w, saved, r, x, lam, pos, neg, opt, after, start0, frames } = this;
    const { eAt, sAt, lbAt, gAt } = frames;
    const { firstAt, bothAt, branchAt } = frames;
    const symmetric = this.opts.symmetric;
    const workLimit = this.opts.workLimit;
    // Hot counters live in locals (written back on every exit).
    let nodes = this.nodes;
    let work = this.work;
    let inc = this.inc;
    const best = this.best;
    let t = start;
    let e = 0;
    let sFree = 0;
    let descend = true;
    for (;;) {
      if (descend) {
        nodes++;
        work++;
        let open = true;
        if (t === n) {
          if (e < inc) {
            inc = e;
            best.set(x);
          }
          open = false;
        } else {
          const sym = symmetric && t === start;
          let lb: number;
          if (t > start) lb = e + sFree + opt[n - t];
          else {
            const zero = -0.5 * pos[t];
            lb = opt[n - t - 1] + (sym ? zero : Math.min(zero, lam[t] + 0.5 * neg[t]));
          }
          if (lb >= inc) open = false;
          else if (work > workLimit || ((nodes & POLL_MASK) === 0 && this.limits.check())) {
            this.nodes = nodes;
            this.work = work;
            this.inc = inc;
            return this.halt(work > workLimit ? 'work' : 'limits', lb, t);
          }
          else {
            const g = lam[t] + r[t];
            let first: number;
            let both = 0;
            if (sym || g + neg[t] >= 0) first = 0;
            else if (g + pos[t] <= 0) first = 1;
            else {
              first = g < 0 ? 1 : 0;
              both = 1;
            }
            const rt = r[t];
            eAt[t] = e;
            sAt[t] = rt < 0 ? sFree - rt : sFree;
            lbAt[t] = lb;
            gAt[t] = g;
            firstAt[t] = first;
            bothAt[t] = both;
            branchAt[t] = 0;
          }
        }
        if (!open) {
          descend = false;
          continue;
        }
      } else {
        // Back at frame t − 1: undo its branch, then take its second one or go up.
        t--;
        if (t < start) {
          this.nodes = nodes;
          this.work = work;
          this.inc = inc;
          return true;
        }
        for (let q = after[t]; q < start0[t + 1]; q++) r[col[q]] = saved[q];
        x[t] = 0;
        if (bothAt[t] === 0 || branchAt[t] === 1) continue;
        branchAt[t] = 1;
      }
      // Enter child `branchAt[t]` of frame t.
      const b = branchAt[t] === 0 ? firstAt[t] : 1 - firstAt[t];
      const half = b === 1 ? 0.5 : -0.5;
      let s = sAt[t];
      const lo = after[t];
      const hi = start0[t + 1];
      for (let q = lo; q < hi; q++) {
        const a = col[q];
        const old = r[a];
        saved[q] = old;
        const nw = old + half * w[q];
        r[a] = nw;
        if (old < 0) s -= old;
        if (nw < 0) s += nw;
      }
      work += hi - lo;
      x[t] = b;
      e = b === 1 ? eAt[t] + gAt[t] : eAt[t];
      sFree = s;
      t++;
      descend = true;
    }
  }

  /** Stop at the node of position t (bound lb): every frame above with an untried branch stays open. */
  private halt(why: BnbStop, lb: number, t: number): boolean {
    this.stop = why;
    let open = Math.min(this.open, lb);
    const { bothAt, branchAt, lbAt } = this.frames;
    for (let d = t - 1; d >= this.start; d--) if (bothAt[d] !== 0 && branchAt[d] === 0) open = Math.min(open, lbAt[d]);
    this.open = open;
    return false;
  }
}

/**
 * tsp: a closed tour of least length through n cities (symmetric integer distances). Specification
 * (the native twin, libs/engine-native/src/core/tsp/solve.cc, follows it step for step):
 *   1. n ≤ dpMaxN: the Held–Karp dynamic program over subsets (start city 0), certified
 *      ('dynamic_program').
 *   2. Otherwise: candidate lists of the `neighbours` nearest cities (distance, then index); a
 *      nearest-neighbour tour from city 0; local search with 2-opt and Or-opt moves (segments of
 *      1–3 cities, both orientations) over the candidate lists with a queue of active cities
 *      (don't-look bits); then iterated local search: min(maxKicks, kicksPerN·n) kicks, each a
 *      double bridge that swaps two adjacent segments of 1–50 cities at a random place
 *      (Prng(seed)), local search from the touched cities, kept when the tour is not longer and
 *      undone otherwise (a log of the reversals).
 *   3. Between the first local search and the iterated one: the Held–Karp lower bound (1-trees
 *      with subgradient node penalties, boundIterations steps, the first tour's length as the
 *      target); the first 1-tree (π = 0) is computed whatever the limits say, the later ones only
 *      while no limit fired. The iterated search stops early when the tour reaches ⌈bound⌉, which
 *      proves it optimal ('branch_and_bound', closed at the root). Every heuristic answer carries
 *      ⌈bound⌉ (at most its length).
 *   4. 5 ≤ n ≤ bnbMaxN and the tour above ⌈bound⌉: the iterated search stops after
 *      min(its kicks, bnbKicksPerN·n) kicks and branch and bound below the root follows (branch.ts,
 *      from the root bound's penalties): a closed tree certifies its best tour ('branch_and_bound');
 *      an open one (node budget) hands back to the iterated search for the remaining kicks, unless
 *      it found a shorter tour, which is then the answer.
 * An asymmetric matrix (d(i, j) ≠ d(j, i) somewhere): solveAsymmetric below (the Held–Karp DP on
 * the directed costs, or this search on the 2n-city symmetric form of asymmetric.ts).
 * A symmetric answer starts at city 0 and goes towards the smaller of its two neighbours. A deadline or
 * cancel keeps the best tour so far and the bound: one that cuts the dynamic program (step 1) goes
 * on to step 2's first tour, its local search (stopped at its first limit check) and step 3's first
 * 1-tree.
 */
import type { CancelSignal, ProgressListener, SolveRequest, Proof } from '../../base';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import type { PermutationResult } from '../rank/problem';
import { boundIterations, tspBudgetFor, type TspBudget } from './budget';
import { directedTour, isAsymmetric, symmetricForm } from './asymmetric';
import { tspBranchAndBound } from './branch';
import { distanceOf, type Distance } from './distance';
import type { TspProblem } from './problem';

interface Work {
  iterations: number;
  nodes: number;
  restarts: number;
}

/** The k nearest cities of every city (distance, then index), n·k row-major. */
export function candidateLists(n: number, d: Distance, k: number): Int32Array {
  const kk = Math.min(k, n - 1);
  const out = new Int32Array(n * kk);
  const bestD = new Float64Array(kk);
  const bestJ = new Int32Array(kk);
  for (let i = 0; i < n; i++) {
    let size = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const dj = d(i, j);
      if (size === kk && !(dj < bestD[kk - 1])) continue;
      // Insert keeping (distance, index) order; j ascending, so equal distances keep the earlier j.
      let q = size < kk ? size++ : kk - 1;
      while (q > 0 && bestD[q - 1] > dj) {
        bestD[q] = bestD[q - 1];
        bestJ[q] = bestJ[q - 1];
        q--;
      }
      bestD[q] = dj;
      bestJ[q] = j;
    }
    out.set(bestJ.subarray(0, kk), i * kk);
  }
  return out;
}

/** Every distance, n×n row-major (the DP and the tree below the root read them in place). */
function distanceMatrix(n: number, d: Distance): Float64Array {
  const D = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) D[i * n + j] = d(i, j);
  return D;
}

/** Held–Karp over subsets of cities 1..n−1 (start 0); null when a limit stopped it. */
export function heldKarp(n: number, d: Distance, limits: Limits, work: Work): Int32Array | null {
  const m = n - 1;
  const D = distanceMatrix(n, d);
  const size = 1 << m;
  const dp = new Float64Array(size * m).fill(Infinity);
  const parent = new Int8Array(size * m).fill(-1);
  for (let j = 0; j < m; j++) dp[(1 << j) * m + j] = D[j + 1];
  for (let S = 1; S < size; S++) {
    if ((S & 1023) === 0 && limits.check()) return null;
    for (let j = 0; j < m; j++) {
      if (!(S & (1 << j))) continue;
      const v = dp[S * m + j];
      if (v === Infinity) continue;
      const row = (j + 1) * n;
      for (let k = 0; k < m; k++) {
        if (S & (1 << k)) continue;
        const T = S | (1 << k);
        const c = v + D[row + k + 1];
        if (c < dp[T * m + k]) {
          dp[T * m + k] = c;
          parent[T * m + k] = j;
        }
      }
    }
  }
  work.nodes += size;
  const full = size - 1;
  let bestJ = 0;
  let best = Infinity;
  for (let j = 0; j < m; j++) {
    const c = dp[full * m + j] + D[(j + 1) * n];
    if (c < best) {
      best = c;
      bestJ = j;
    }
  }
  const tour = new Int32Array(n);
  let S = full;
  let j = bestJ;
  for (let k = n - 1; k >= 1; k--) {
    tour[k] = j + 1;
    const pj = parent[S * m + j];
    S &= ~(1 << j);
    j = pj;
  }
  tour[0] = 0;
  return tour;
}

/** A tour as position arrays with logged reversals (undo), 2-opt and Or-opt moves. */
class Tour {
  readonly tour: Int32Array;
  readonly pos: Int32Array;
  /** (start, length) of every range reversal since the last clear. */
  log: number[] = [];
  length = 0;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private qHead = 0;
  private qSize = 0;

  constructor(readonly n: number, private readonly d: Distance, private readonly cand: Int32Array, private readonly k: number, order: Int32Array) {
    this.tour = Int32Array.from(order);
    this.pos = new Int32Array(n);
    for (let i = 0; i < n; i++) this.pos[this.tour[i]] = i;
    for (let i = 0; i < n; i++) this.length += d(this.tour[i], this.tour[(i + 1) % n]);
    this.queue = new Int32Array(n);
    this.queued = new Uint8Array(n);
  }

  succ(c: number): number {
    const p = this.pos[c] + 1;
    return this.tour[p === this.n ? 0 : p];
  }

  pred(c: number): number {
    const p = this.pos[c];
    return this.tour[p === 0 ? this.n - 1 : p - 1];
  }

  push(c: number): void {
    if (this.queued[c]) return;
    this.queued[c] = 1;
    let at = this.qHead + this.qSize;
    if (at >= this.n) at -= this.n;
    this.queue[at] = c;
    this.qSize++;
  }

  private pop(): number {
    const c = this.queue[this.qHead];
    this.qHead = this.qHead + 1 === this.n ? 0 : this.qHead + 1;
    this.qSize--;
    this.queued[c] = 0;
    return c;
  }

  /** Reverses the cyclic position range start..start+len−1 (logged). */
  reverseRange(start: number, len: number): void {
    const n = this.n;
    const t = this.tour;
    let a = start;
    let b = start + len - 1;
    if (b >= n) b -= n;
    for (let s = len >> 1; s > 0; s--) {
      const ca = t[a];
      const cb = t[b];
      t[a] = cb;
      this.pos[cb] = a;
      t[b] = ca;
      this.pos[ca] = b;
      a = a + 1 === n ? 0 : a + 1;
      b = b === 0 ? n - 1 : b - 1;
    }
    this.log.push(start, len);
  }

  /** Reverses the path from city `from` forward to city `to` (or its complement, if shorter). */
  reversePath(from: number, to: number): void {
    const n = this.n;
    const i = this.pos[from];
    const j = this.pos[to];
    let len = j - i;
    if (len < 0) len += n;
    len += 1;
    if (2 * len > n) {
      const start = j + 1 === n ? 0 : j + 1;
      if (n - len > 1) this.reverseRange(start, n - len);
    } else if (len > 1) this.reverseRange(i, len);
  }

  /** Replaces edges (a,b), (c,d) (b after a and d after c in one direction) by (a,c), (b,d). */
  twoOptMove(a: number, b: number, c: number, _d: number): void {
    if (this.succ(a) === b) this.reversePath(b, c);
    else this.reversePath(c, b);
  }

  /** Undoes every logged reversal (in reverse order) and clears the log. */
  undo(): void {
    const log = this.log;
    this.log = [];
    for (let q = log.length - 2; q >= 0; q -= 2) this.reverseRange(log[q], log[q + 1]);
    this.log = [];
  }

  /** One improving move from city a, if any (applied; its endpoints queued). */
  private improveCity(a: number): boolean {
    const d = this.d;
    const k = this.k;
    const cand = this.cand;
    const base = a * k;
    // 2-opt, both directions.
    for (let dir = 0; dir < 2; dir++) {
      const b = dir === 0 ? this.succ(a) : this.pred(a);
      const dab = d(a, b);
      for (let q = 0; q < k; q++) {
        const c = cand[base + q];
        const dac = d(a, c);
        if (dac >= dab) break;
        const e = dir === 0 ? this.succ(c) : this.pred(c);
        if (c === b || e === a) continue;
        const delta = dac + d(b, e) - dab - d(c, e);
        if (delta < 0) {
          if (dir === 0) this.twoOptMove(a, b, c, e);
          else this.twoOptMove(b, a, e, c);
          this.length += delta;
          this.push(a), this.push(b), this.push(c), this.push(e);
          return true;
        }
      }
    }
    // Or-opt: a segment of 1–3 cities starting or ending at a, moved next to a candidate of an end.
    const n = this.n;
    for (let L = 1; L <= 3 && L + 3 <= n; L++) {
      for (let side = 0; side < (L === 1 ? 1 : 2); side++) {
        let s1 = a;
        let s2 = a;
        for (let t = 1; t < L; t++) {
          if (side === 0) s2 = this.succ(s2);
          else s1 = this.pred(s1);
        }
        const p = this.pred(s1);
        const nx = this.succ(s2);
        const gain = d(p, s1) + d(s2, nx) - d(p, nx);
        if (gain <= 0) continue;
        const p1 = this.pos[s1];
        const inSeg = (c: number) => {
          let off = this.pos[c] - p1;
          if (off < 0) off += n;
          return off < L;
        };
        for (let end = 0; end < (L === 1 ? 1 : 2); end++) {
          const x = end === 0 ? s1 : s2;
          const xb = x * k;
          for (let q = 0; q < k; q++) {
            const c = cand[xb + q];
            if (d(x, c) >= gain) break;
            if (inSeg(c)) continue;
            for (let w = 0; w < 2; w++) {
              const e = w === 0 ? this.succ(c) : this.pred(c);
              if (inSeg(e)) continue;
              const u = w === 0 ? c : e;
              const v = w === 0 ? e : c;
              if (u === nx || v === p) continue;
              // x next to c: forward is u s1..s2 v.
              const forward = (x === s1) === (c === u);
              const add = forward ? d(u, s1) + d(s2, v) - d(u, v) : d(u, s2) + d(s1, v) - d(u, v);
              if (add < gain) {
                this.moveSegment(s1, s2, p, nx, u, v, forward);
                this.length += add - gain;
                this.push(p), this.push(nx), this.push(s1), this.push(s2), this.push(u), this.push(v);
                return true;
              }
            }
          }
        }
      }
    }
    return false;
  }

  /** p s1..s2 nx … u v (in one direction) becomes p nx … u [s1..s2 or s2..s1] v. */
  private moveSegment(s1: number, s2: number, p: number, nx: number, u: number, v: number, forward: boolean): void {
    this.twoOptMove(p, s1, u, v);
    this.twoOptMove(p, u, nx, s2);
    if (forward) this.twoOptMove(u, s2, s1, v);
  }

  /** Runs moves from the queued cities until none improves or a limit stops it. */
  localSearch(limits: Limits, work: Work): void {
    let pops = 0;
    while (this.qSize > 0) {
      if ((++pops & 255) === 0 && limits.check()) return;
      const a = this.pop();
      if (this.improveCity(a)) work.iterations++;
    }
  }

  /** Double bridge: swaps the adjacent segments of lengths l1 and l2 after position i (logged). */
  kick(i: number, l1: number, l2: number): void {
    const n = this.n;
    const s = i + 1 === n ? 0 : i + 1;
    const mid = (s + l1) % n;
    const before = this.tour[i];
    const after = this.tour[(s + l1 + l2) % n];
    const ends = [this.tour[s], this.tour[(s + l1 - 1) % n], this.tour[mid], this.tour[(mid + l2 - 1) % n]];
    const old = this.d(before, ends[0]) + this.d(ends[1], ends[2]) + this.d(ends[3], after);
    // B C → C B by three reversals: (B C)^R = C^R B^R, then each back.
    this.reverseRange(s, l1 + l2);
    this.reverseRange(s, l2);
    this.reverseRange((s + l2) % n, l1);
    const now = this.d(before, ends[2]) + this.d(ends[3], ends[0]) + this.d(ends[1], after);
    this.length += now - old;
    this.push(before), this.push(after);
    for (const c of ends) this.push(c);
  }

  queueAll(): void {
    for (let i = 0; i < this.n; i++) this.push(this.tour[i]);
  }
}

/** Nearest-neighbour tour from city 0 (candidate lists first, then a scan). */
function nearestNeighbour(n: number, d: Distance, cand: Int32Array, k: number): Int32Array {
  const used = new Uint8Array(n);
  const order = new Int32Array(n);
  let cur = 0;
  used[0] = 1;
  for (let t = 1; t < n; t++) {
    let next = -1;
    for (let q = 0; q < k; q++) {
      const c = cand[cur * k + q];
      if (!used[c]) {
        next = c;
        break;
      }
    }
    if (next < 0) {
      let best = Infinity;
      for (let j = 0; j < n; j++) {
        if (used[j]) continue;
        const dj = d(cur, j);
        if (dj < best) {
          best = dj;
          next = j;
        }
      }
    }
    used[next] = 1;
    order[t] = next;
    cur = next;
  }
  return order;
}

/** Subgradient steps without a better bound before the step factor halves (measured best of 5, 10, 20). */
const BOUND_PATIENCE = 5;

/**
 * The Held–Karp 1-tree lower bound (special city 0) with `iters` subgradient steps, the tour
 * length `ub` as the target. Returns the best bound (not rounded), whether a 1-tree was a tour, and
 * the sum of the magnitudes that went into it (the scale of its rounding error).
 */
export function oneTreeBound(n: number, d: Distance, iters: number, ub: number, limits: Limits): { bound: number; tour: boolean; scale: number; pi: Float64Array } {
  const pi = new Float64Array(n);
  const bestPi = new Float64Array(n);
  const key = new Float64Array(n);
  const parent = new Int32Array(n);
  const inTree = new Uint8Array(n);
  const deg = new Int32Array(n);
  let best = -Infinity;
  let bestScale = 0;
  let lambda = 2;
  let sinceBest = 0;
  for (let it = 0; it < iters; it++) {
    // The first 1-tree always (a deadline or cancel cannot take the bound away), then a check per step.
    if (it > 0 && limits.check()) break;
    // Prim over cities 1..n−1 with weights d + π_i + π_j.
    deg.fill(0);
    inTree.fill(0);
    key.fill(Infinity);
    let w = 0;
    let mag = 0;
    let cur = 1;
    inTree[1] = 1;
    for (let j = 2; j < n; j++) {
      key[j] = d(1, j) + pi[1] + pi[j];
      parent[j] = 1;
    }
    for (let t = 2; t < n; t++) {
      let next = -1;
      let bestKey = Infinity;
      for (let j = 2; j < n; j++) {
        if (!inTree[j] && key[j] < bestKey) {
          bestKey = key[j];
          next = j;
        }
      }
      if (next < 0) return { bound: -Infinity, tour: false, scale: 0, pi: bestPi }; // no finite edge left (cannot happen with finite distances)
      inTree[next] = 1;
      w += bestKey;
      mag += Math.abs(bestKey);
      deg[next]++;
      deg[parent[next]]++;
      cur = next;
      for (let j = 2; j < n; j++) {
        if (inTree[j]) continue;
        const c = d(cur, j) + pi[cur] + pi[j];
        if (c < key[j]) {
          key[j] = c;
          parent[j] = cur;
        }
      }
    }
    // City 0 joins by its two cheapest edges.
    let m1 = Infinity, m2 = Infinity, j1 = -1, j2 = -1;
    for (let j = 1; j < n; j++) {
      const c = d(0, j) + pi[0] + pi[j];
      if (c < m1) {
        m2 = m1, j2 = j1;
        m1 = c, j1 = j;
      } else if (c < m2) {
        m2 = c, j2 = j;
      }
    }
    w += m1 + m2;
    mag += Math.abs(m1) + Math.abs(m2);
    deg[0] = 2;
    deg[j1]++;
    deg[j2]++;
    let sumPi = 0;
    for (let i = 0; i < n; i++) {
      sumPi += pi[i];
      mag += 2 * Math.abs(pi[i]);
    }
    const value = w - 2 * sumPi;
    if (value > best) {
      best = value;
      bestScale = mag;
      bestPi.set(pi);
      sinceBest = 0;
    } else if (++sinceBest >= BOUND_PATIENCE) {
      lambda /= 2;
      sinceBest = 0;
    }
    let norm = 0;
    for (let i = 0; i < n; i++) norm += (deg[i] - 2) * (deg[i] - 2);
    if (norm === 0) return { bound: value, tour: true, scale: mag, pi };
    const step = (lambda * (ub - value)) / norm;
    if (!(step > 0)) break;
    for (let i = 0; i < n; i++) pi[i] += step * (deg[i] - 2);
  }
  return { bound: best, tour: false, scale: bestScale, pi: bestPi };
}

/** Rotates a tour to start at city 0, heading to the smaller of its two neighbours. */
export function canonicalTour(t: ArrayLike<number>): Int32Array {
  const n = t.length;
  let z = 0;
  while (t[z] !== 0) z++;
  const out = new Int32Array(n);
  const fwd = n < 3 || t[(z + 1) % n] < t[(z + n - 1) % n];
  for (let k = 0; k < n; k++) out[k] = fwd ? t[(z + k) % n] : t[(z - k + n) % n];
  return out;
}

/** Solves a `tsp` request synchronously (an asymmetric matrix: solveAsymmetric). */
export function solveTsp(req: SolveRequest<TspProblem>, signal?: CancelSignal, onProgress?: ProgressListener): PermutationResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'tsp' || p.kind !== 'tsp') throw new Error('tsp needs a tsp problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt, onProgress);
  const b = tspBudgetFor(req.effort);
  if (isAsymmetric(p)) return solveAsymmetric(p, req.seed, b, limits, started);
  limits.progress?.mapObjective(1, 0);  // the tour length is the objective
  return solveSymmetric(p, req.seed, b, limits, started);
}

/**
 * One-way distances: n ≤ dpMaxN by the Held–Karp DP on the directed costs (certified; a deadline
 * that cuts it goes on as below), otherwise the symmetric search on the 2n-city form
 * (asymmetric.ts), its tour read back as a directed tour and its length recomputed on the
 * directed costs; the symmetric bound minus the form's offset is a lower bound of the directed
 * optimum, and a symmetric tour proven optimal is a directed tour proven optimal. The answer is
 * read in its order (city 0 first, never reversed).
 */
function solveAsymmetric(p: TspProblem, seed: number, b: TspBudget, limits: Limits, started: number): PermutationResult {
  const n = p.n;
  const d = distanceOf(p);
  const work: Work = { iterations: 0, nodes: 0, restarts: 0 };
  const lengthOf = (t: ArrayLike<number>) => {
    let len = 0;
    for (let k = 0; k < n; k++) len += d(t[k], t[(k + 1) % n]);
    return len;
  };
  if (n <= b.dpMaxN) {
    limits.progress?.mapObjective(1, 0);
    const t = heldKarp(n, d, limits, work);
    if (t !== null) {
      return { kind: 'permutation', answer: t, objective: lengthOf(t), proof: 'dynamic_program', stoppedAtDeadline: limits.stopped !== null, work, engineMs: performance.now() - started };
    }
  }
  const form = symmetricForm(p);
  limits.progress?.mapObjective(1, form.offset);
  const r = solveSymmetric(form.problem, seed, b, limits, started);
  const tour = directedTour(n, r.answer);
  if (tour === null) throw new Error('asymmetric tsp: the symmetric tour misses a fixed edge');
  const length = lengthOf(tour);
  if (length !== r.objective + form.offset) throw new Error(`asymmetric tsp: directed length ${length} disagrees with the symmetric form's ${r.objective} + ${form.offset}`);
  work.nodes += r.work.nodes;
  work.iterations += r.work.iterations;
  work.restarts += r.work.restarts;
  return {
    kind: 'permutation', answer: tour, objective: length, proof: r.proof,
    ...(r.proof === null && r.bound !== undefined ? { bound: Math.min(r.bound + form.offset, length) } : {}),
    stoppedAtDeadline: r.stoppedAtDeadline, work, engineMs: performance.now() - started,
  };
}

/** The symmetric solve (steps 1–4 of the file comment). */
function solveSymmetric(p: TspProblem, seed: number, b: TspBudget, limits: Limits, started: number): PermutationResult {
  const n = p.n;
  const d = distanceOf(p);
  const work: Work = { iterations: 0, nodes: 0, restarts: 0 };
  let rootPi: Float64Array | null = null;
  const done = (order: ArrayLike<number>, proof: Proof, bound?: number, tree?: Float64Array): PermutationResult => {
    const answer = canonicalTour(order);
    let length = 0;
    for (let k = 0; k < n; k++) length += d(answer[k], answer[(k + 1) % n]);
    return {
      kind: 'permutation', answer, objective: length, proof,
      ...(proof === null && bound !== undefined ? { bound: Math.min(bound, length) } : {}),
      ...(rootPi !== null ? { pi: rootPi } : {}),
      ...(tree !== undefined ? { tree } : {}),
      stoppedAtDeadline: limits.stopped !== null, work, engineMs: performance.now() - started,
    };
  };
  if (n <= b.dpMaxN) {
    const t = heldKarp(n, d, limits, work);
    if (t !== null) return done(t, 'dynamic_program');
  }
  const k = Math.min(b.neighbours, n - 1);
  const cand = candidateLists(n, d, k);
  const tour = new Tour(n, d, cand, k, nearestNeighbour(n, d, cand, k));
  tour.queueAll();
  tour.localSearch(limits, work);
  tour.log = [];
  // The bound before the iterated search, its first 1-tree whatever the limits say, so a deadline
  // or cancel cuts the search and never the bound.
  let lower: number | undefined;
  const iters = boundIterations(b, n);
  if (n >= 3) {
    const r = oneTreeBound(n, d, iters, tour.length, limits);
    // Rounding of the bound's sums: at most about 2n·2⁻⁵³ of the magnitudes summed (scale); 1e-11 covers n up to 45,000.
    if (Number.isFinite(r.bound)) {
      lower = Math.ceil(r.bound - 1e-11 * (1 + r.scale));
      rootPi = r.pi;
    }
  }
  limits.progress?.flush(tour.length, lower ?? NaN, work.restarts);
  const kicks = Math.min(b.maxKicks, b.kicksPerN * n);
  const branch = n <= b.bnbMaxN && n >= 5 && rootPi !== null;
  const first = branch ? Math.min(kicks, b.bnbKicksPerN * n) : kicks;
  const rng = new Prng(seed);
  const open = () => n >= 8 && limits.stopped === null && (lower === undefined || tour.length > lower);
  if (open()) iterate(tour, first, rng, limits, work, lower);
  if (branch && limits.stopped === null && tour.length > lower!) {
    const r = tspBranchAndBound(n, distanceMatrix(n, d), tour.length, rootPi!, b.bnbIters, b.bnbNodes, limits, work);
    const order = r.tour ?? tour.tour;
    if (r.closed) return done(order, 'branch_and_bound', undefined, r.tree);
    if (r.tour !== null) return done(order, null, lower);
    if (open()) iterate(tour, kicks - first, rng, limits, work, lower);
  }
  // Not after a deadline or cancel: the service never certifies a search cut short, and the bound stays.
  const proven = lower !== undefined && tour.length <= lower && limits.stopped === null;
  return done(tour.tour, proven ? 'branch_and_bound' : null, lower);
}

/** Iterated local search: double-bridge kicks kept when not worse, undone otherwise. */
function iterate(tour: Tour, kicks: number, rng: Prng, limits: Limits, work: Work, lower: number | undefined): void {
  const n = tour.n;
  const maxSeg = Math.max(1, Math.min(50, Math.floor((n - 2) / 2)));
  for (let r = 0; r < kicks; r++) {
    if ((r & 7) === 0) {
      if (limits.check()) return;
      limits.report(tour.length, lower ?? NaN, work.restarts);
    }
    const before = tour.length;
    const i = rng.nextInt(n);
    const l1 = 1 + rng.nextInt(maxSeg);
    const l2 = 1 + rng.nextInt(maxSeg);
    tour.kick(i, l1, l2);
    tour.localSearch(limits, work);
    work.restarts++;
    if (tour.length <= before) tour.log = [];
    else {
      tour.undo();
      tour.length = before;
    }
    if (limits.stopped !== null || (lower !== undefined && tour.length <= lower)) return;
  }
}

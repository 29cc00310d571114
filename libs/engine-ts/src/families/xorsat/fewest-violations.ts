/**
 * The fewest violated equations of an inconsistent core (the twin of
 * libs/engine-native/src/core/xorsat/fewest_violations.cc, with the same generator calls).
 * Exact: a Gray-code walk over the pivot variables (every point of the column space, 2^rank), or
 * a breadth-first search over the syndromes of the left null space (2^d, d = m − rank: the fewest
 * equations whose flip makes the system consistent). Otherwise a WalkSAT-style local search, with
 * a proven lower bound from contradictions (sets of equations summing to 0 = 1, each holding a
 * violated equation under any x): pairwise disjoint ones, or all of them when each equation is in few.
 */
import type { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { popcount32, type BitMatrix } from './echelon';
import { columns, type XorSystem } from './structure';

/** Probability of a random (not greedy) variable in a local-search flip. */
export const XORSAT_NOISE = 0.2;

/** Violated equations of x. */
export function systemViolations(c: XorSystem, x: ArrayLike<number>): number {
  let v = 0;
  for (let e = 0; e < c.m; e++) {
    let parity = c.rhs[e];
    for (let k = c.start[e]; k < c.start[e + 1]; k++) parity ^= x[c.vars[k]];
    v += parity;
  }
  return v;
}

/** What a search found: its best assignment of the core's variables and that one's violations. */
export interface CoreSearch {
  readonly x: Uint8Array;
  readonly violations: number;
  /** The walk or the search finished: `violations` is the fewest. */
  readonly exhaustive: boolean;
  readonly iterations: number;
  /** A limit stopped it. */
  readonly stopped: boolean;
}

const ctz = (v: number): number => 31 - Math.clz32(v & -v);

/** Gray-code walk over the pivot variables (the others 0), from x = 0; stops early at `lower`. */
export function walkColumnSpace(c: XorSystem, pivots: Int32Array, lower: number, limits?: Limits): CoreSearch {
  const s = Uint8Array.from(c.rhs);
  let count = 0;
  for (let e = 0; e < c.m; e++) count += s[e];
  let violations = count;
  let bestK = 0;
  let iterations = 0;
  let stopped = false;
  const total = 2 ** pivots.length; // pivots.length <= 30 (the budget's enumMaxRank)
  const { colStart, colEqs } = columns(c);
  for (let k = 1; k < total && violations > lower; k++) {
    if ((k & 4095) === 0 && limits !== undefined && limits.check()) {
      stopped = true;
      break;
    }
    iterations++;
    const v = pivots[ctz(k)];
    for (let q = colStart[v]; q < colStart[v + 1]; q++) {
      const e = colEqs[q];
      s[e] ^= 1;
      count += s[e] === 1 ? 1 : -1;
    }
    if (count < violations) {
      violations = count;
      bestK = k;
    }
  }
  const x = new Uint8Array(c.n);
  const g = bestK ^ (bestK >>> 1);
  for (let t = 0; t < pivots.length; t++) x[pivots[t]] = (g >>> t) & 1;
  return { x, violations, exhaustive: !stopped, iterations, stopped };
}

/**
 * The fewest equations whose flip makes the core consistent: breadth-first from syndrome 0 to the
 * rhs's syndrome, one step per distinct nonzero column of the null space (d ≤ 30), at most
 * maxWork steps × columns. The flip (0/1 per equation) when it reached it, else null.
 */
export function searchSyndromes(
  c: XorSystem, ns: { y: BitMatrix; parity: Uint8Array }, maxWork: number, limits: Limits | undefined,
  counters: { iterations: number; stopped: boolean },
): Uint8Array | null {
  const d = ns.parity.length;
  const m = c.m;
  const pairs: [number, number][] = [];
  for (let j = 0; j < m; j++) {
    let h = 0;
    for (let k = 0; k < d; k++) if (ns.y.get(k, j) !== 0) h |= 1 << k;
    h >>>= 0;
    if (h !== 0) pairs.push([h, j]);
  }
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const gens: [number, number][] = [];
  for (const p of pairs) if (gens.length === 0 || gens[gens.length - 1][0] !== p[0]) gens.push(p);
  let target = 0;
  for (let k = 0; k < d; k++) target |= ns.parity[k] << k;
  target >>>= 0;
  const flip = new Uint8Array(m);
  if (target === 0) return flip;
  const dist = new Uint8Array(2 ** d).fill(0xff);
  dist[0] = 0;
  let frontier: number[] = [0];
  let work = 0;
  let found = false;
  for (let layer = 0; frontier.length > 0 && !found; layer++) {
    const next: number[] = [];
    for (const s of frontier) {
      counters.iterations++;
      if (counters.iterations % 1024 === 0 && limits !== undefined && limits.check()) {
        counters.stopped = true;
        return null;
      }
      work += gens.length;
      if (work > maxWork) return null;
      for (const [g] of gens) {
        const t = (s ^ g) >>> 0;
        if (dist[t] !== 0xff) continue;
        dist[t] = layer + 1;
        if (t === target) {
          found = true;
          break;
        }
        next.push(t);
      }
      if (found) break;
    }
    frontier = next;
  }
  if (!found) return null;
  for (let cur = target; cur !== 0;) {
    for (const [g, j] of gens) {
      const t = (cur ^ g) >>> 0;
      if (dist[t] !== 0xff && dist[t] + 1 === dist[cur]) {
        flip[j] = 1;
        cur = t;
        break;
      }
    }
  }
  return flip;
}

/**
 * A lower bound on the violations from the null vectors of parity 1 (contradictions: any x
 * violates at least one equation of each): the larger of (a) how many of them, chosen greedily
 * (fewest equations first, then in basis order), are pairwise disjoint, and (b) ⌈k / t⌉ for all k
 * of them when no equation is in more than t (a violated equation serves at most t). With
 * `chosen`, the equations of each contradiction of (a).
 */
export function packContradictions(ns: { y: BitMatrix; parity: Uint8Array }, chosen?: number[][]): number {
  const { y, parity } = ns;
  const W = y.words;
  const order: [number, number][] = [];
  for (let k = 0; k < parity.length; k++) {
    if (parity[k] === 0) continue;
    let weight = 0;
    for (let w = 0; w < W; w++) weight += popcount32(y.data[k * W + w]);
    order.push([weight, k]);
  }
  order.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cover = new Int32Array(y.cols);
  for (const [, k] of order) {
    for (let w = 0; w < W; w++) {
      for (let b = y.data[k * W + w]; b !== 0; b &= b - 1) cover[32 * w + (31 - Math.clz32(b & -b))]++;
    }
  }
  let most = 0;
  for (let j = 0; j < y.cols; j++) most = Math.max(most, cover[j]);
  const spread = most === 0 ? 0 : Math.ceil(order.length / most);
  const used = new Uint32Array(W);
  let count = 0;
  for (const [, k] of order) {
    const o = k * W;
    let disjoint = true;
    for (let w = 0; w < W && disjoint; w++) disjoint = (y.data[o + w] & used[w]) === 0;
    if (!disjoint) continue;
    for (let w = 0; w < W; w++) used[w] |= y.data[o + w];
    count++;
    if (chosen !== undefined) {
      const group: number[] = [];
      for (let j = 0; j < y.cols; j++) if (y.get(k, j) !== 0) group.push(j);
      chosen.push(group);
    }
  }
  return Math.max(count, spread);
}

/**
 * WalkSAT from x0: a random violated equation (nextInt), then with probability XORSAT_NOISE
 * (nextFloat) a random variable of it (nextInt), else its variable of largest gain (the first on
 * ties). Stops at `lower`, after `steps` flips or once its flips visited `work` equation entries
 * (a flip of x visits every entry of every equation of x), or at a limit (every 1024 flips).
 */
export function localSearch(c: XorSystem, x0: Uint8Array, lower: number, steps: number, work: number, seed: number, limits?: Limits): CoreSearch {
  const { m, start, vars, rhs } = c;
  const { colStart, colEqs } = columns(c);
  const x = Uint8Array.from(x0);
  const violated = new Uint8Array(m);
  const unsat = new Int32Array(m);
  const unsatAt = new Int32Array(m).fill(-1);
  let nUnsat = 0;
  const gain = new Int32Array(c.n);
  for (let e = 0; e < m; e++) {
    let parity = rhs[e];
    for (let k = start[e]; k < start[e + 1]; k++) parity ^= x[vars[k]];
    violated[e] = parity;
    if (parity === 1) {
      unsatAt[e] = nUnsat;
      unsat[nUnsat++] = e;
    }
    for (let k = start[e]; k < start[e + 1]; k++) gain[vars[k]] += parity === 1 ? 1 : -1;
  }
  let best = Uint8Array.from(x);
  let violations = nUnsat;
  let iterations = 0;
  let stopped = false;
  const rng = new Prng(seed);
  let visited = 0;
  const flip = (i: number) => {
    x[i] ^= 1;
    for (let q = colStart[i]; q < colStart[i + 1]; q++) {
      const e = colEqs[q];
      visited += start[e + 1] - start[e];
      violated[e] ^= 1;
      const delta = violated[e] === 1 ? 2 : -2;
      for (let k = start[e]; k < start[e + 1]; k++) gain[vars[k]] += delta;
      if (violated[e] === 1) {
        unsatAt[e] = nUnsat;
        unsat[nUnsat++] = e;
      } else {
        const at = unsatAt[e];
        const last = unsat[--nUnsat];
        unsat[at] = last;
        unsatAt[last] = at;
        unsatAt[e] = -1;
      }
    }
  };
  for (let step = 0; step < steps; step++) {
    if ((step & 1023) === 0 && limits !== undefined && limits.check()) {
      stopped = true;
      break;
    }
    if (violations <= lower || nUnsat === 0 || visited >= work) break;
    iterations++;
    const e = unsat[rng.nextInt(nUnsat)];
    const len = start[e + 1] - start[e];
    let i: number;
    if (rng.nextFloat() < XORSAT_NOISE) {
      i = vars[start[e] + rng.nextInt(len)];
    } else {
      i = vars[start[e]];
      for (let k = start[e] + 1; k < start[e + 1]; k++) if (gain[vars[k]] > gain[i]) i = vars[k];
    }
    flip(i);
    if (nUnsat < violations) {
      violations = nUnsat;
      best = Uint8Array.from(x);
    }
  }
  return { x: best, violations, exhaustive: false, iterations, stopped };
}

/**
 * The `quantum-scale` instance: a planted Ising model whose ground energy is known by
 * construction, generated deterministically from (n, degree, instanceSeed). This comment is the
 * specification; libs/engine-native/src/core/planted/generate.cc reproduces it bit for bit.
 *
 * Energy of spins σ ∈ {−1, +1}^n: E(σ) = Σ_{edges} J_uv σ_u σ_v, J_uv ∈ {−1, +1}.
 *
 * Geometry (what makes the edge sets of different layers disjoint). p = the smallest prime with
 * p² >= n (p >= 2); vertex u has coordinates (a, b) = (⌊u/p⌋, u mod p), rows = ⌈n/p⌉. The lines
 * of the affine plane over Z_p, cut to the vertices that exist (u < n), come in p + 1 parallel
 * classes: class c < p holds the lines {(a, (c·a + ℓ) mod p) : a < rows} for ℓ = 0..p−1; class p
 * holds the rows {(ℓ, b) : b < p}. Two distinct vertices lie on at most one common line, so no
 * vertex pair is ever joined twice, whichever classes the layers use.
 *
 * Layers. K = ⌊degree/2⌋ cycle layers, then one matching layer when degree is odd; the list is cut
 * to p + 1 layers (tiny n). Layer t uses the class drawn t-th by Prng(streamSeed(s, 0, 0)) with
 * `nextInt(p + 1)`, redrawing classes already used. Each vertex lies on one line per layer, so
 * a cycle layer adds at most 2 to its degree and a matching layer at most 1: degree <= `degree`.
 *
 * One line of layer t: its m points in ascending order (a for slope classes, b for rows), and
 * rng = Prng(streamSeed(s, 2 + t, ℓ)).
 *   - cycle layer, m >= 3: shuffleInPlace(all m points, rng); c = max(1, ⌊m/L⌋) cycles over
 *     consecutive positions, all of length L except the last (m − (c−1)·L, so every length is
 *     in [3, 2L)). Per cycle of length len: r = rng.nextInt(len); edges (x_k, x_{(k+1) mod len})
 *     for k = 0..len−1 with planted coupling +1 for k = r, else −1 (one frustrated loop).
 *   - cycle layer, m = 2: one edge with planted coupling −1. m <= 1: nothing.
 *   - matching layer: drop the last point when m is odd, shuffle the other m' (even) points,
 *     edges (x_{2k}, x_{2k+1}) with planted coupling −1.
 * Loop length L = max(32, ⌊128/K⌋): few enough frustrated loops per spin that annealing reaches
 * the floor at n = 10^6 (measured), many enough that no spin is left unconstrained.
 *
 * Gauge. The planted state σ* comes from Prng(streamSeed(s, 1, 0)): word k = the k-th
 * `nextU32()`, σ*_u = +1 iff bit (u mod 32) of word ⌊u/32⌋ is set. Every emitted coupling is
 * J_uv = J°_uv·σ*_u·σ*_v (J° the planted coupling above), so σ* is a ground state that looks random.
 *
 * Proof that E(σ*) is the ground energy. E is a sum of terms on disjoint edge sets: one per
 * cycle, one per lone edge. A cycle term with one +1 among its J° is frustrated — the product of
 * its J°_e·σ_uσ_v over the cycle is −1 for every σ (gauge-invariant), so at least one edge has
 * J_uv σ_uσ_v = +1 and the term is at least −len + 2; a lone edge term is at least −1. σ*
 * attains every one of these minima at once (in the gauge only the +1 edge is unsatisfied), so
 * for all σ: E(σ) >= Σ term minima = E(σ*) = −edges + 2·(number of cycles).
 *
 * Order of emission (also the CSR row order): layer by layer, line ℓ ascending, cycle by cycle,
 * k ascending. Streams: streamSeed(s, x, y) = fmix(fmix(fmix(s ^ 0x51ED270B) + x·0x9E3779B1)
 * + y·0x85EBCA77) mod 2^32, fmix = the MurmurHash3 32-bit finaliser.
 */
import type { PlantedIsingProblem } from './problem';
import { Prng } from '../../prng';

/** Largest n of quantum-scale (commands.md). */
export const PLANTED_MAX_N = 10_000_000;
export const PLANTED_MIN_DEGREE = 3;
export const PLANTED_MAX_DEGREE = 16;

/** The instance's shape, computed without drawing a random number. */
export interface PlantedLayout {
  readonly n: number;
  readonly degree: number;
  readonly instanceSeed: number;
  /** The prime of the affine plane, p² >= n. */
  readonly p: number;
  readonly rows: number;
  /** Points in the last row: n − (rows − 1)·p, in 1..p. */
  readonly lastRow: number;
  /** Parallel class of each layer (0..p); cycle layers first, then the matching layer. */
  readonly classes: Int32Array;
  /** Number of cycle layers (the rest, at most one, is the matching layer). */
  readonly cycleLayers: number;
  /** Cycle length L. */
  readonly loopLength: number;
  /** Distinct coupled pairs (every pair is coupled once, never cancelled). */
  readonly edges: number;
  /** E(σ*) = −edges + 2·cycles: the proven ground energy. */
  readonly plantedEnergy: number;
}

/** Receives each coupling once, in emission order: vertices u ≠ v and J ∈ {−1, +1} (gauged). */
export type CouplingSink = (u: number, v: number, j: number) => void;

/** The MurmurHash3 32-bit finaliser. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Seed of the random stream (x, y) of an instance: independent streams per layer and line. */
export function streamSeed(seed: number, x: number, y: number): number {
  let h = fmix32((seed ^ 0x51ed270b) >>> 0);
  h = fmix32((h + Math.imul(x, 0x9e3779b1)) >>> 0);
  return fmix32((h + Math.imul(y, 0x85ebca77)) >>> 0);
}

function isPrime(x: number): boolean {
  if (x < 2) return false;
  for (let q = 2; q * q <= x; q++) if (x % q === 0) return false;
  return true;
}

/** Checks the three numbers of a quantum-scale instance; throws a RangeError naming the bad one. */
export function checkPlantedArgs(n: number, degree: number, instanceSeed: number): void {
  if (!Number.isInteger(n) || n < 1 || n > PLANTED_MAX_N) throw new RangeError(`n must be an integer in 1..${PLANTED_MAX_N}, got ${n}`);
  if (!Number.isInteger(degree) || degree < PLANTED_MIN_DEGREE || degree > PLANTED_MAX_DEGREE) {
    throw new RangeError(`degree must be an integer in ${PLANTED_MIN_DEGREE}..${PLANTED_MAX_DEGREE}, got ${degree}`);
  }
  if (!Number.isInteger(instanceSeed) || instanceSeed < 0 || instanceSeed > 0xffffffff) {
    throw new RangeError(`instance seed must be an unsigned 32-bit integer, got ${instanceSeed}`);
  }
}

/** Size of line `line` of parallel class `cls` (points that exist). */
function lineSize(L: { p: number; rows: number; lastRow: number }, cls: number, line: number): number {
  const { p, rows, lastRow } = L;
  if (cls === p) return line === rows - 1 ? lastRow : p;
  // One point per row; the last row holds it only when its b is below lastRow.
  return rows - 1 + ((cls * (rows - 1) + line) % p < lastRow ? 1 : 0);
}

function lineCount(L: { p: number; rows: number }, cls: number): number {
  return cls === L.p ? L.rows : L.p;
}

/** The layout of an instance: prime, classes, edge count and planted energy (O(p·layers)). */
export function plantedLayout(n: number, degree: number, instanceSeed: number): PlantedLayout {
  checkPlantedArgs(n, degree, instanceSeed);
  let p = 2;
  while (p * p < n || !isPrime(p)) p++;
  const rows = Math.ceil(n / p);
  const lastRow = n - (rows - 1) * p;
  const K = Math.floor(degree / 2);
  const layers = Math.min(K + (degree % 2), p + 1);
  const rng = new Prng(streamSeed(instanceSeed, 0, 0));
  const classes = new Int32Array(layers);
  for (let t = 0; t < layers; t++) {
    for (;;) {
      const c = rng.nextInt(p + 1);
      let used = false;
      for (let q = 0; q < t; q++) if (classes[q] === c) used = true;
      if (!used) {
        classes[t] = c;
        break;
      }
    }
  }
  const cycleLayers = Math.min(K, layers);
  const loopLength = Math.max(32, Math.floor(128 / K));
  const geo = { p, rows, lastRow };
  let edges = 0;
  let cycles = 0;
  for (let t = 0; t < layers; t++) {
    const lines = lineCount(geo, classes[t]);
    for (let line = 0; line < lines; line++) {
      const m = lineSize(geo, classes[t], line);
      if (t < cycleLayers) {
        if (m >= 3) {
          edges += m;
          cycles += Math.max(1, Math.floor(m / loopLength));
        } else if (m === 2) {
          edges += 1;
        }
      } else {
        edges += m >> 1;
      }
    }
  }
  return {
    n, degree, instanceSeed, p, rows, lastRow, classes, cycleLayers, loopLength, edges,
    plantedEnergy: -edges + 2 * cycles,
  };
}

/** Writes the points of a line in ascending order into `out`; returns how many. */
function linePoints(L: PlantedLayout, cls: number, line: number, out: Int32Array): number {
  const { n, p, rows } = L;
  let m = 0;
  if (cls === p) {
    const base = line * p;
    const end = Math.min(n, base + p);
    for (let u = base; u < end; u++) out[m++] = u;
  } else {
    // b = (c·a + ℓ) mod p, stepped by adding c (no products that could leave int range).
    let b = line;
    for (let a = 0; a < rows; a++) {
      const u = a * p + b;
      if (u < n) out[m++] = u;
      b += cls;
      if (b >= p) b -= p;
    }
  }
  return m;
}

/** σ* as 32-bit words: σ*_u = +1 iff bit (u & 31) of word u >>> 5 is set. */
export function plantedGauge(L: PlantedLayout): Uint32Array {
  const words = new Uint32Array((L.n + 31) >>> 5);
  const rng = new Prng(streamSeed(L.instanceSeed, 1, 0));
  for (let k = 0; k < words.length; k++) words[k] = rng.nextU32();
  return words;
}

/** σ* as 0/1 (1 = spin +1): a ground state, for tests. */
export function plantedState(L: PlantedLayout): Uint8Array {
  const g = plantedGauge(L);
  const x = new Uint8Array(L.n);
  for (let u = 0; u < L.n; u++) x[u] = (g[u >>> 5] >>> (u & 31)) & 1;
  return x;
}

/**
 * Emits every coupling of the instance once, in the specified order, with O(p) extra memory
 * (plus σ*, n/8 bytes): the re-scorer's path, which never builds the graph.
 */
export function forEachPlantedCoupling(L: PlantedLayout, sink: CouplingSink): void {
  const gauge = plantedGauge(L);
  const pts = new Int32Array(Math.max(L.p, L.rows));
  const len0 = L.loopLength;
  // J = J°·σ*_u·σ*_v: the sign flips when exactly one of the two gauge bits is clear.
  const gauged = (u: number, v: number, j0: number): number =>
    (((gauge[u >>> 5] >>> (u & 31)) ^ (gauge[v >>> 5] >>> (v & 31))) & 1) !== 0 ? -j0 : j0;
  for (let t = 0; t < L.classes.length; t++) {
    const cls = L.classes[t];
    const lines = cls === L.p ? L.rows : L.p;
    const cycle = t < L.cycleLayers;
    for (let line = 0; line < lines; line++) {
      let m = linePoints(L, cls, line, pts);
      const rng = new Prng(streamSeed(L.instanceSeed, 2 + t, line));
      if (cycle) {
        if (m === 2) {
          sink(pts[0], pts[1], gauged(pts[0], pts[1], -1));
        } else if (m >= 3) {
          shuffle(pts, m, rng);
          const c = Math.max(1, Math.floor(m / len0));
          let s = 0;
          for (let q = 0; q < c; q++) {
            const len = q < c - 1 ? len0 : m - s;
            const r = rng.nextInt(len);
            for (let k = 0; k < len; k++) {
              const u = pts[s + k];
              const v = pts[k + 1 < len ? s + k + 1 : s];
              sink(u, v, gauged(u, v, k === r ? 1 : -1));
            }
            s += len;
          }
        }
      } else {
        m -= m & 1;
        shuffle(pts, m, rng);
        for (let k = 0; k < m; k += 2) sink(pts[k], pts[k + 1], gauged(pts[k], pts[k + 1], -1));
      }
    }
  }
}

/** shuffleInPlace on the first m entries (prng.ts order of draws). */
function shuffle(a: Int32Array, m: number, rng: Prng): void {
  for (let i = m - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/** The instance as symmetric CSR with int8 couplings (both directions, rows in emission order). */
export interface PlantedGraph {
  readonly layout: PlantedLayout;
  /** Length n + 1. */
  readonly offsets: Int32Array;
  /** Length 2·edges. */
  readonly neighbours: Int32Array;
  /** ±1, aligned with `neighbours`. */
  readonly couplings: Int8Array;
}

/** Builds the CSR in two passes: degrees from line sizes (no random numbers), then the couplings. */
export function buildPlantedGraph(L: PlantedLayout): PlantedGraph {
  const { n } = L;
  const pts = new Int32Array(Math.max(L.p, L.rows));
  const deg = new Int32Array(n + 1);
  for (let t = 0; t < L.classes.length; t++) {
    const cls = L.classes[t];
    const lines = cls === L.p ? L.rows : L.p;
    for (let line = 0; line < lines; line++) {
      const m = linePoints(L, cls, line, pts);
      if (t < L.cycleLayers) {
        const add = m >= 3 ? 2 : m === 2 ? 1 : 0;
        for (let k = 0; k < m; k++) deg[pts[k] + 1] += add;
      } else {
        for (let k = 0; k < m - (m & 1); k++) deg[pts[k] + 1] += 1;
      }
    }
  }
  for (let u = 0; u < n; u++) deg[u + 1] += deg[u];
  const offsets = deg;
  const fill = offsets.slice(0, n);
  const neighbours = new Int32Array(2 * L.edges);
  const couplings = new Int8Array(2 * L.edges);
  forEachPlantedCoupling(L, (u, v, j) => {
    let q = fill[u]++;
    neighbours[q] = v;
    couplings[q] = j;
    q = fill[v]++;
    neighbours[q] = u;
    couplings[q] = j;
  });
  return { layout: L, offsets, neighbours, couplings };
}

/** The layout of a canonical problem (checks its fields). */
export function layoutOf(p: PlantedIsingProblem): PlantedLayout {
  return plantedLayout(p.n, p.degree, p.instanceSeed);
}

/**
 * Energy of a 0/1 assignment (1 = spin +1), streamed from the generator: O(edges) time, no graph.
 * Integer arithmetic, so exact.
 */
export function plantedEnergyOf(L: PlantedLayout, x: ArrayLike<number>): number {
  if (x.length !== L.n) throw new Error(`assignment has length ${x.length}, expected ${L.n}`);
  for (let i = 0; i < L.n; i++) if (x[i] !== 0 && x[i] !== 1) throw new Error(`assignment[${i}] = ${x[i]} is not 0 or 1`);
  let e = 0;
  forEachPlantedCoupling(L, (u, v, j) => {
    e += x[u] === x[v] ? j : -j;
  });
  return e;
}

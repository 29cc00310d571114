/**
 * Seeded instance generators of optimize and maxcut and an independent naive brute force
 * (test helpers, entry `@svc/engine-ts/families/qubo/testing`).
 */
import { canonicalMaxcut, canonicalQubo, type RawPair } from './canonical';
import type { CanonicalProblem } from '../../engine';
import type { MaxcutProblem, QuboProblem } from './problem';
import { Prng } from '../../prng';
// ---------------------------------------------------------------------------------------------
// Generators

export type WeightKind = 'unit' | 'pm1' | 'int' | 'real';

export interface RandomInstanceOptions {
  /** Probability of each unordered pair (ignored when `pairs` is set). Default 0.5. */
  readonly density?: number;
  /** Draw exactly this many random pairs instead (duplicates and, for QUBO, self-pairs allowed). */
  readonly pairs?: number;
  /** unit: 1; pm1: ±1; int: −10..10; real: uniform in [−10, 10). Default 'int'. */
  readonly weights?: WeightKind;
  /** Probability that a drawn weight is replaced by 0. Default 0.1. */
  readonly zeroFraction?: number;
  /** Probability that a node takes part in no pair. Default 0. */
  readonly isolatedFraction?: number;
  /** Also emit a reversed duplicate [j, i, w'] for ~10% of the pairs (summed by canonicalisation). */
  readonly duplicates?: boolean;
  /** QUBO only: probability of a linear term per variable. Default 0.7. */
  readonly linearDensity?: number;
}

/** JSON-shaped `optimize` input. */
export interface QuboInput {
  readonly n: number;
  readonly linear: Record<string, number>;
  readonly quadratic: RawPair[];
}

/** JSON-shaped `maxcut` input. */
export interface MaxcutInput {
  readonly n: number;
  readonly edges: RawPair[];
}

function drawWeight(rng: Prng, kind: WeightKind, zeroFraction: number): number {
  const w =
    kind === 'unit'
      ? 1
      : kind === 'pm1'
        ? rng.nextInt(2) === 0 ? -1 : 1
        : kind === 'int'
          ? rng.nextInt(21) - 10
          : rng.nextFloat() * 20 - 10;
  return zeroFraction > 0 && rng.nextFloat() < zeroFraction ? 0 : w;
}

function drawPairs(rng: Prng, n: number, o: RandomInstanceOptions, allowSelf: boolean): RawPair[] {
  const kind = o.weights ?? 'int';
  const zero = o.zeroFraction ?? 0.1;
  const iso = o.isolatedFraction ?? 0;
  const active: number[] = [];
  for (let v = 0; v < n; v++) if (!(iso > 0 && rng.nextFloat() < iso)) active.push(v);
  const out: RawPair[] = [];
  if (active.length >= 2 || (allowSelf && active.length >= 1)) {
    if (o.pairs !== undefined) {
      for (let k = 0; k < o.pairs; k++) {
        const i = active[rng.nextInt(active.length)];
        let j = active[rng.nextInt(active.length)];
        if (i === j && !allowSelf) {
          if (active.length < 2) continue;
          while (j === i) j = active[rng.nextInt(active.length)];
        }
        out.push([i, j, drawWeight(rng, kind, zero)]);
      }
    } else {
      const density = o.density ?? 0.5;
      for (let a = 0; a < active.length; a++) {
        for (let b = a + 1; b < active.length; b++) {
          if (rng.nextFloat() < density) out.push([active[a], active[b], drawWeight(rng, kind, zero)]);
        }
      }
    }
  }
  if (o.duplicates) {
    const extra = out.length;
    for (let k = 0; k < extra; k++) {
      if (rng.nextInt(10) === 0) out.push([out[k][1], out[k][0], drawWeight(rng, kind, zero)]);
    }
  }
  return out;
}

/** A seeded random `optimize` input (JSON shape, possibly with duplicates/self-pairs). */
export function randomQuboInput(seed: number, n: number, o: RandomInstanceOptions = {}): QuboInput {
  const rng = new Prng(seed);
  const kind = o.weights ?? 'int';
  const linear: Record<string, number> = {};
  const ld = o.linearDensity ?? 0.7;
  for (let i = 0; i < n; i++) if (rng.nextFloat() < ld) linear[String(i)] = drawWeight(rng, kind, o.zeroFraction ?? 0.1);
  return { n, linear, quadratic: drawPairs(rng, n, o, true) };
}

/** A seeded random canonical QUBO. */
export function randomQubo(seed: number, n: number, o: RandomInstanceOptions = {}): QuboProblem {
  const inp = randomQuboInput(seed, n, o);
  return canonicalQubo(inp.n, inp.linear, inp.quadratic);
}

/** A seeded random `maxcut` input (JSON shape; no self-pairs). */
export function randomMaxcutInput(seed: number, n: number, o: RandomInstanceOptions = {}): MaxcutInput {
  const rng = new Prng(seed);
  return { n, edges: drawPairs(rng, n, { weights: 'unit', ...o }, false) };
}

/** A seeded random canonical max-cut graph (default unit weights). */
export function randomMaxcut(seed: number, n: number, o: RandomInstanceOptions = {}): MaxcutProblem {
  const inp = randomMaxcutInput(seed, n, o);
  return canonicalMaxcut(inp.n, inp.edges, false);
}

/**
 * A random bipartite graph with positive integer weights (1..5): every edge crosses a hidden
 * bipartition, so the maximum cut is the total weight, known without search. Each node gets
 * `degree` edges to random nodes of the other side (n >= 2).
 */
export function plantedBipartiteMaxcut(seed: number, n: number, degree = 4): { problem: MaxcutProblem; optimum: number } {
  const rng = new Prng(seed);
  const left: number[] = [0];
  const right: number[] = [n - 1];
  for (let v = 1; v < n - 1; v++) (rng.nextInt(2) === 0 ? left : right).push(v);
  const edges: RawPair[] = [];
  let total = 0;
  for (const [mine, other] of [[left, right], [right, left]]) {
    for (const v of mine) {
      for (let d = 0; d < degree; d++) {
        const w = 1 + rng.nextInt(5);
        edges.push([v, other[rng.nextInt(other.length)], w]);
        total += w;
      }
    }
  }
  return { problem: canonicalMaxcut(n, edges, false), optimum: total };
}

// ---------------------------------------------------------------------------------------------
// Independent naive evaluation and brute force (no code shared with the engines).

/** Objective of x recomputed term by term (QUBO energy or cut value). */
export function naiveObjective(p: CanonicalProblem, x: ArrayLike<number>): number {
  if (p.kind !== 'qubo' && p.kind !== 'maxcut') throw new Error('naiveObjective is for optimize/maxcut (see select-rules.ts)');
  if (p.kind === 'qubo') {
    let e = 0;
    for (let i = 0; i < p.n; i++) e += p.linear[i] * x[i];
    for (let k = 0; k < p.pairs.w.length; k++) e += p.pairs.w[k] * x[p.pairs.i[k]] * x[p.pairs.j[k]];
    return e;
  }
  let cut = 0;
  if (p.edges === null) {
    for (let i = 0; i < p.n; i++) for (let j = i + 1; j < p.n; j++) if (x[i] !== x[j]) cut += 1;
    return cut;
  }
  for (let k = 0; k < p.edges.w.length; k++) if (x[p.edges.i[k]] !== x[p.edges.j[k]]) cut += p.edges.w[k];
  return cut;
}

/** Exhaustive optimum by plain binary counting (n <= 20): minimum energy or maximum cut. */
export function bruteForce(p: CanonicalProblem): { objective: number; answer: Uint8Array } {
  if (p.n > 20) throw new Error('bruteForce is for n <= 20');
  const x = new Uint8Array(p.n);
  const answer = new Uint8Array(p.n);
  let best = p.kind === 'qubo' ? Infinity : -Infinity;
  for (let code = 0; code < 2 ** p.n; code++) {
    for (let i = 0; i < p.n; i++) x[i] = (code >>> i) & 1;
    const v = naiveObjective(p, x);
    if (p.kind === 'qubo' ? v < best : v > best) {
      best = v;
      answer.set(x);
    }
  }
  return { objective: best, answer };
}

/** Sum of |weights| (linear terms included), as in the re-scoring tolerance. */
export function absWeightSum(p: CanonicalProblem): number {
  if (p.kind !== 'qubo' && p.kind !== 'maxcut') throw new Error('absWeightSum is for optimize/maxcut (see select-rules.ts)');
  let s = 0;
  if (p.kind === 'qubo') {
    for (const h of p.linear) s += Math.abs(h);
    for (const w of p.pairs.w) s += Math.abs(w);
  } else if (p.edges === null) {
    s = (p.n * (p.n - 1)) / 2;
  } else {
    for (const w of p.edges.w) s += Math.abs(w);
  }
  return s;
}

/** The re-scoring tolerance of commands.md, 1e-9·(1 + Σ|weights|), from `absWeightSum`. */
export function tol(p: CanonicalProblem): number {
  return 1e-9 * (1 + absWeightSum(p));
}

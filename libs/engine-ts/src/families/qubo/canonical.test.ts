import { describe, expect, it } from 'vitest';
import {
  canonicalMaxcut,
  canonicalMaxcutFromArrays,
  canonicalQubo,
  canonicalQuboFromArrays,
  type RawPair,
} from './canonical';
import { toCsr } from '../../csr';
import type { PairList } from '../../engine';
import { Prng } from '../../prng';

function triples(p: PairList): number[][] {
  return Array.from(p.i, (i, k) => [i, p.j[k], p.w[k]]);
}

describe('canonicalQubo', () => {
  it('folds self-pairs into linear, normalises, sorts and sums duplicates', () => {
    const p = canonicalQubo(
      5,
      { '0': 1, '3': -2 },
      [[4, 1, 2], [0, 0, 5], [1, 4, 3], [2, 0, 0], [3, 3, -1], [0, 2, 7], [1, 2, -1]],
    );
    expect(p.kind).toBe('qubo');
    expect(p.n).toBe(5);
    expect(Array.from(p.linear)).toEqual([6, 0, 0, -3, 0]);
    // Zero weights are kept; [2,0,0] and [0,2,7] are one pair.
    expect(triples(p.pairs)).toEqual([[0, 2, 7], [1, 2, -1], [1, 4, 5]]);
  });

  it('keeps a pair whose weights sum to zero, and a lone zero weight', () => {
    const p = canonicalQubo(3, undefined, [[0, 1, 2], [1, 0, -2], [1, 2, 0]]);
    expect(triples(p.pairs)).toEqual([[0, 1, 0], [1, 2, 0]]);
  });

  it('sums duplicates left to right in input order', () => {
    const p = canonicalQubo(2, undefined, [[0, 1, 0.1], [1, 0, 0.2], [0, 1, 0.3]]);
    expect(p.pairs.w[0]).toBe(0.1 + 0.2 + 0.3);
    expect(p.pairs.w[0]).not.toBe(0.1 + (0.2 + 0.3));
    const h = canonicalQubo(1, { '0': 0.1 }, [[0, 0, 0.2], [0, 0, 0.3]]);
    expect(h.linear[0]).toBe(0.1 + 0.2 + 0.3);
  });

  it('accepts missing linear and quadratic', () => {
    const p = canonicalQubo(3, undefined, undefined);
    expect(Array.from(p.linear)).toEqual([0, 0, 0]);
    expect(p.pairs.i.length).toBe(0);
  });

  it('rejects bad sizes, keys, indices and weights', () => {
    expect(() => canonicalQubo(0, undefined, undefined)).toThrow();
    expect(() => canonicalQubo(2.5, undefined, undefined)).toThrow();
    expect(() => canonicalQubo(3, { '01': 1 }, undefined)).toThrow(/index/);
    expect(() => canonicalQubo(3, { '-1': 1 }, undefined)).toThrow(/index/);
    expect(() => canonicalQubo(3, { '3': 1 }, undefined)).toThrow(/range/);
    expect(() => canonicalQubo(3, { '0': Number.NaN }, undefined)).toThrow(/finite/);
    expect(() => canonicalQubo(3, undefined, [[0, 3, 1]])).toThrow(/outside/);
    expect(() => canonicalQubo(3, undefined, [[0, 1.5, 1]])).toThrow(/outside/);
    expect(() => canonicalQubo(3, undefined, [[0, 1, Infinity]])).toThrow(/finite/);
    expect(() => canonicalQubo(3, undefined, [[0, 1] as unknown as RawPair])).toThrow(/\[i, j, weight\]/);
  });
});

describe('canonicalMaxcut', () => {
  it('canonicalises edges like QUBO pairs', () => {
    const p = canonicalMaxcut(4, [[3, 0, 1], [1, 2, 2], [0, 3, 4], [2, 1, -1]], false);
    expect(p.complete).toBe(false);
    expect(triples(p.edges!)).toEqual([[0, 3, 5], [1, 2, 1]]);
  });

  it('represents the complete graph without edges', () => {
    const p = canonicalMaxcut(100000, undefined, true);
    expect(p).toEqual({ kind: 'maxcut', n: 100000, edges: null, complete: true });
  });

  it('throws on self-pairs, on both or neither of edges/complete', () => {
    expect(() => canonicalMaxcut(3, [[1, 1, 2]], false)).toThrow(/self-pair/);
    expect(() => canonicalMaxcut(3, [[0, 1, 1]], true)).toThrow(/not both/);
    expect(() => canonicalMaxcut(3, undefined, false)).toThrow(/needs/);
  });

  it('accepts an empty edge list (the contracts layer rejects it earlier)', () => {
    expect(canonicalMaxcut(3, [], false).edges!.i.length).toBe(0);
  });
});

describe('typed-array builders', () => {
  it('agree with the tuple builders', () => {
    const rng = new Prng(3);
    const raw: RawPair[] = [];
    for (let k = 0; k < 500; k++) raw.push([rng.nextInt(40), rng.nextInt(40), rng.nextInt(11) - 5]);
    const linear = Array.from({ length: 40 }, (_, i) => (i % 3) - 1);
    const lin: Record<string, number> = {};
    linear.forEach((h, i) => (lin[String(i)] = h));
    const a = canonicalQubo(40, lin, raw);
    const b = canonicalQuboFromArrays(40, linear, raw.map((t) => t[0]), raw.map((t) => t[1]), raw.map((t) => t[2]));
    expect(b).toEqual(a);
    const edges = raw.filter((t) => t[0] !== t[1]);
    const c = canonicalMaxcut(40, edges, false);
    const d = canonicalMaxcutFromArrays(
      40,
      Int32Array.from(edges, (t) => t[0]),
      Uint32Array.from(edges, (t) => t[1]),
      Float64Array.from(edges, (t) => t[2]),
    );
    expect(d).toEqual(c);
    expect(() => canonicalMaxcutFromArrays(3, [0], [0], [1])).toThrow(/self-pair/);
    expect(() => canonicalMaxcutFromArrays(3, [0, 1], [1], [1])).toThrow(/length/);
  });
});

describe('scale', () => {
  // Its speed is measured by `npm run bench`, not here (shared machines are noisy).
  it('canonicalises 1,000,000 pairs correctly', () => {
    const n = 100000;
    const rng = new Prng(11);
    const raw: RawPair[] = new Array(1000000);
    let total = 0;
    for (let k = 0; k < raw.length; k++) {
      const i = rng.nextInt(n);
      let j = rng.nextInt(n);
      if (j === i) j = (i + 1) % n;
      const w = rng.nextInt(7) - 3;
      total += w;
      raw[k] = [i, j, w];
    }
    const p = canonicalMaxcut(n, raw, false);
    const csr = toCsr(n, p.edges!);
    const e = p.edges!;
    let sum = 0;
    let bad = 0;
    for (let k = 0; k < e.i.length; k++) {
      sum += e.w[k];
      if (!(e.i[k] < e.j[k])) bad++;
      if (k > 0 && !(e.i[k - 1] < e.i[k] || (e.i[k - 1] === e.i[k] && e.j[k - 1] < e.j[k]))) bad++;
    }
    expect(bad).toBe(0);
    expect(sum).toBe(total);
    expect(e.i.length).toBeGreaterThan(990000);
    expect(csr.neighbours.length).toBe(2 * e.i.length);
  });
});

describe('toCsr', () => {
  it('lists every pair in both rows, neighbours ascending', () => {
    const p = canonicalQubo(5, undefined, [[0, 4, 1], [2, 0, 2], [3, 4, 3], [1, 4, 4]]);
    const csr = toCsr(5, p.pairs);
    expect(Array.from(csr.offsets)).toEqual([0, 2, 3, 4, 5, 8]);
    const row = (v: number) =>
      Array.from(csr.neighbours.subarray(csr.offsets[v], csr.offsets[v + 1]), (u, k) => [u, csr.weights[csr.offsets[v] + k]]);
    expect(row(0)).toEqual([[2, 2], [4, 1]]);
    expect(row(1)).toEqual([[4, 4]]);
    expect(row(2)).toEqual([[0, 2]]);
    expect(row(3)).toEqual([[4, 3]]);
    expect(row(4)).toEqual([[0, 1], [1, 4], [3, 3]]);
  });

  it('handles isolated nodes and no pairs', () => {
    const csr = toCsr(3, canonicalQubo(3, undefined, undefined).pairs);
    expect(Array.from(csr.offsets)).toEqual([0, 0, 0, 0]);
    expect(csr.neighbours.length).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildPlantedGraph,
  checkPlantedArgs,
  forEachPlantedCoupling,
  plantedEnergyOf,
  plantedLayout,
  plantedState,
  streamSeed,
  type PlantedLayout,
} from './generate';

/** FNV-1a over (u, v, j + 1) of every coupling; the C++ generate test computes the same. */
function streamHash(L: PlantedLayout): number {
  let h = 2166136261;
  forEachPlantedCoupling(L, (u, v, j) => {
    h = Math.imul(h ^ u, 16777619) >>> 0;
    h = Math.imul(h ^ v, 16777619) >>> 0;
    h = Math.imul(h ^ (j + 1), 16777619) >>> 0;
  });
  return h;
}

function couplings(L: PlantedLayout): [number, number, number][] {
  const out: [number, number, number][] = [];
  forEachPlantedCoupling(L, (u, v, j) => out.push([u, v, j]));
  return out;
}

describe('planted Ising generator', () => {
  it('golden instances, shared with the C++ core test (identical instances in both engines)', () => {
    const golden = [
      { n: 16, degree: 3, seed: 0, edges: 22, energy: -12, hash: 3132244631 },
      { n: 1000, degree: 5, seed: 7, edges: 2486, energy: -2338, hash: 3813354649 },
      { n: 4099, degree: 16, seed: 123456789, edges: 32792, energy: -31720, hash: 1094912127 },
    ];
    for (const g of golden) {
      const L = plantedLayout(g.n, g.degree, g.seed);
      expect([L.edges, L.plantedEnergy, streamHash(L)]).toEqual([g.edges, g.energy, g.hash]);
    }
  });

  it('is deterministic in (n, degree, seed), and the seed changes the instance', () => {
    const a = plantedLayout(5000, 6, 42);
    expect(streamHash(plantedLayout(5000, 6, 42))).toBe(streamHash(a));
    expect(streamHash(plantedLayout(5000, 6, 43))).not.toBe(streamHash(a));
    expect(streamSeed(1, 2, 3)).toBe(streamSeed(1, 2, 3));
    expect(streamSeed(1, 2, 3)).not.toBe(streamSeed(1, 3, 2));
  });

  it('simple graph of maximum degree `degree`, edge count as laid out, integer couplings ±1', () => {
    for (const degree of [3, 4, 5, 8, 11, 16]) {
      for (const n of [1, 2, 3, 10, 97, 1000, 2503]) {
        const L = plantedLayout(n, degree, n + degree);
        const deg = new Int32Array(n);
        const seen = new Set<number>();
        const list = couplings(L);
        let bad = 0;
        for (const [u, v, j] of list) {
          const key = Math.min(u, v) * n + Math.max(u, v);
          if (u === v || Math.abs(j) !== 1 || seen.has(key)) bad++;
          seen.add(key);
          deg[u]++;
          deg[v]++;
        }
        expect(bad).toBe(0);
        expect(list.length).toBe(L.edges);
        expect(Math.max(0, ...deg)).toBeLessThanOrEqual(degree);
        const g = buildPlantedGraph(L);
        expect(g.offsets[n]).toBe(2 * L.edges);
        let mismatch = 0;
        for (let u = 0; u < n; u++) if (g.offsets[u + 1] - g.offsets[u] !== deg[u]) mismatch++;
        expect(mismatch).toBe(0);
      }
    }
  });

  it('large instances use the full degree almost everywhere', () => {
    const L = plantedLayout(100_000, 7, 1);
    expect(L.edges).toBeGreaterThan(0.99 * (100_000 * 7) / 2);
    expect(L.edges).toBeLessThanOrEqual((100_000 * 7) / 2);
  });

  it('the planted state attains the planted energy, and the state is not trivial', () => {
    for (const degree of [3, 4, 9, 16]) {
      for (const n of [5, 64, 1000, 30_000]) {
        const L = plantedLayout(n, degree, 9);
        const star = plantedState(L);
        expect(plantedEnergyOf(L, star)).toBe(L.plantedEnergy);
        if (n >= 1000) {
          let ones = 0;
          for (const b of star) ones += b;
          expect(ones / n).toBeGreaterThan(0.45);
          expect(ones / n).toBeLessThan(0.55);
          expect(plantedEnergyOf(L, new Uint8Array(n).fill(1))).toBeGreaterThan(L.plantedEnergy + n / 4);
        }
      }
    }
  });

  it('brute force (n <= 16): the planted energy is exactly the ground energy', () => {
    let checked = 0;
    for (const n of [3, 7, 12, 16]) {
      for (const degree of [3, 4, 6, 16]) {
        for (const seed of [0, 5]) {
          const L = plantedLayout(n, degree, seed);
          const list = couplings(L);
          let best = Infinity;
          for (let code = 0; code < 1 << n; code++) {
            let e = 0;
            for (const [u, v, j] of list) e += ((code >>> u) & 1) === ((code >>> v) & 1) ? j : -j;
            if (e < best) best = e;
          }
          expect(best).toBe(L.plantedEnergy);
          checked++;
        }
      }
    }
    expect(checked).toBe(32);
  });

  it('checks its arguments', () => {
    expect(() => checkPlantedArgs(0, 3, 0)).toThrow(/n must be/);
    expect(() => checkPlantedArgs(10_000_001, 3, 0)).toThrow(/n must be/);
    expect(() => checkPlantedArgs(10, 2, 0)).toThrow(/degree/);
    expect(() => checkPlantedArgs(10, 17, 0)).toThrow(/degree/);
    expect(() => checkPlantedArgs(10, 3, -1)).toThrow(/seed/);
    expect(() => checkPlantedArgs(10, 3, 2 ** 32)).toThrow(/seed/);
    expect(() => plantedEnergyOf(plantedLayout(4, 3, 0), [1, 0, 1])).toThrow(/length/);
    expect(() => plantedEnergyOf(plantedLayout(4, 3, 0), [1, 0, 2, 0])).toThrow(/0 or 1/);
  });

  it('the layout of n = 10^7 gives its edge count and planted energy from line sizes alone', () => {
    const L = plantedLayout(10_000_000, 3, 0);
    expect(L.p * L.p).toBeGreaterThanOrEqual(10_000_000);
    expect(L.edges).toBeGreaterThan(14_900_000);
    expect(L.plantedEnergy).toBeLessThan(-L.edges * 0.98);
  });
});

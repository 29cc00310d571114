import { describe, expect, it } from 'vitest';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { solveSync } from '../../ts-engine';
import { randomMaxcut } from './testing';
import { canonicalMaxcut } from './canonical';
import { dualCutBound, maxcutSdpBound, proveShift } from './sdp-bound';

const free = () => new Limits(null, Infinity);

function graph(n: number, edges: [number, number, number][]) {
  const p = canonicalMaxcut(n, edges, false);
  return { n, edges: p.edges! };
}
const complete = (n: number, w: number) => {
  const e: [number, number, number][] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) e.push([a, b, w]);
  return graph(n, e);
};
const cycle = (n: number, w: number) => graph(n, Array.from({ length: n }, (_, a) => [a, (a + 1) % n, w] as [number, number, number]));

function bruteMaxcut(n: number, edges: [number, number, number][]): number {
  let best = -Infinity;
  for (let code = 0; code < 1 << n; code++) {
    let c = 0;
    for (const [a, b, w] of edges) if (((code >> a) & 1) !== ((code >> b) & 1)) c += w;
    best = Math.max(best, c);
  }
  return best;
}

describe('maxcut SDP bound (TS twin of core/qubo/sdp_bound.cc)', () => {
  it('is within 1e-4 of the known SDP values: K_n (n²/4 per unit weight), the 5-cycle ((25 + 5√5)/8)', () => {
    const c5 = (25 + 5 * Math.sqrt(5)) / 8;
    const half = cycle(5, 0.5);
    const r = maxcutSdpBound(half.n, half.edges, 1, free());
    expect(r.proven).toBe(true);
    expect(r.bound).toBeGreaterThanOrEqual(0.5 * c5);
    expect(r.bound).toBeLessThanOrEqual(0.5 * c5 * (1 + 1e-4));
    const unit = cycle(5, 1);
    expect(maxcutSdpBound(unit.n, unit.edges, 1, free()).bound).toBe(4);
    for (const n of [7, 8, 13]) {
      const k = complete(n, 0.5);
      const s = maxcutSdpBound(n, k.edges, 3, free());
      expect(s.proven).toBe(true);
      expect(s.bound).toBeGreaterThanOrEqual((n * n) / 8);
      expect(s.bound).toBeLessThanOrEqual(((n * n) / 8) * (1 + 1e-4));
      const u = complete(n, 1);
      expect(maxcutSdpBound(n, u.edges, 3, free()).bound).toBe(Math.floor((n * n) / 4));
    }
  });

  it('is never below the brute-force maximum cut (n <= 16, positive and negative weights)', () => {
    const rng = new Prng(77);
    let proven = 0;
    for (let trial = 0; trial < 30; trial++) {
      const n = 3 + rng.nextInt(14);
      const edges: [number, number, number][] = [];
      for (let a = 0; a < n; a++) {
        for (let b = a + 1; b < n; b++) {
          if (rng.nextFloat() < 0.5) edges.push([a, b, (rng.nextInt(15) - 7) / (trial % 2 === 1 ? 8 : 1)]);
        }
      }
      if (edges.length === 0) continue;
      const g = graph(n, edges);
      const r = maxcutSdpBound(n, g.edges, trial, free());
      if (!r.proven) continue;
      proven++;
      expect(r.bound).toBeGreaterThanOrEqual(bruteMaxcut(n, edges));
      const positive = edges.reduce((s, [, , w]) => s + Math.max(0, w), 0);
      const total = edges.reduce((s, [, , w]) => s + Math.abs(w), 0);
      expect(r.bound).toBeLessThanOrEqual(positive + 1e-4 * total);
    }
    expect(proven).toBeGreaterThanOrEqual(25);
  });

  it('the proof step accepts a shift just above a known λ_max = 0 and refuses one below, or a bad y', () => {
    const n = 9;
    const k = complete(n, 1);
    const y = new Float64Array(n).fill(n / 4); // L/4 − Diag y = −J/4
    expect(proveShift(n, k.edges, y, -1e-6, free())).toBeNull();
    const mu = proveShift(n, k.edges, y, 1e-7, free());
    expect(mu).not.toBeNull();
    expect(mu!).toBeGreaterThanOrEqual(1e-7);
    expect(mu!).toBeLessThanOrEqual(1e-7 + 1e-10);
    expect(dualCutBound(y, mu!, true)).toBe(20);
    const bad = Float64Array.from(y);
    bad[0] -= 0.5;
    expect(proveShift(n, k.edges, bad, 1e-7, free())).toBeNull();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    expect(proveShift(n, k.edges, y, 1, new Limits(flag, Infinity))).toBeNull();
  });

  it('is the bound of a heuristic maxcut at medium (not at flash), valid and far below Σ max(0, w)', () => {
    const p = randomMaxcut(5, 120, { density: 0.08 });
    const med = solveSync({ command: 'maxcut', problem: p, effort: 'medium', seed: 0 });
    const sdp = maxcutSdpBound(p.n, p.edges!, 0, free());
    expect(sdp.proven).toBe(true);
    expect(med.bound).toBeDefined();
    expect(med.bound!).toBeLessThanOrEqual(sdp.bound);
    expect(med.bound!).toBeGreaterThanOrEqual(med.objective);
    let positive = 0;
    for (const w of p.edges!.w) positive += Math.max(0, w);
    expect(sdp.bound).toBeLessThan(0.85 * positive);
    const flash = solveSync({ command: 'maxcut', problem: p, effort: 'flash', seed: 0 });
    expect(flash.bound!).toBeGreaterThanOrEqual(med.bound!);
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalQubo } from '../families/qubo/canonical';
import type { QuboProblem } from '../families/qubo/problem';
import { naiveObjective, randomQubo, type WeightKind } from '../families/qubo/testing';
import { Limits, quboModel } from './model';
import { roofDual, roofDualArcs } from './roof-dual';

/** Minimum energy over assignments agreeing with `fixed` (−1 = free). */
function bruteMin(p: QuboProblem, fixed?: Int8Array): number {
  let best = Infinity;
  const x = new Uint8Array(p.n);
  for (let code = 0; code < 2 ** p.n; code++) {
    let ok = true;
    for (let i = 0; i < p.n; i++) {
      x[i] = (code >>> i) & 1;
      if (fixed !== undefined && fixed[i] >= 0 && x[i] !== fixed[i]) ok = false;
    }
    if (ok) best = Math.min(best, naiveObjective(p, x));
  }
  return best;
}

describe('roof duality', () => {
  it('bounds the minimum from below and fixes only persistent variables (250 instances, n <= 14)', { timeout: 60_000 }, () => {
    const kinds: WeightKind[] = ['int', 'real', 'pm1'];
    let fixedTotal = 0;
    for (let s = 0; s < 250; s++) {
      const n = 1 + (s % 14);
      const p = randomQubo(41_000 + s, n, { density: [0.15, 0.4, 0.8][s % 3], weights: kinds[s % 3], linearDensity: 0.9 });
      const m = quboModel(p);
      const opt = bruteMin(p);
      const tol = 1e-9 * (1 + Math.abs(opt));
      const rd = roofDual(m, 1e12);
      expect(rd.complete).toBe(true);
      expect(rd.bound).toBeLessThanOrEqual(opt + tol);
      // Some minimiser agrees with every fixed variable.
      expect(Math.abs(bruteMin(p, rd.fixed) - opt)).toBeLessThanOrEqual(tol);
      for (const f of rd.fixed) if (f >= 0) fixedTotal++;
      // Cut short, the flow so far still proves a (weaker) bound.
      const part = roofDual(m, 10);
      expect(part.bound).toBeLessThanOrEqual(rd.bound + tol);
      if (!part.complete) expect(Array.from(part.fixed).every((f) => f === -1)).toBe(true);
    }
    expect(fixedTotal).toBeGreaterThan(200);
  });

  it('is exact on submodular QUBOs (every coupling <= 0)', { timeout: 30_000 }, () => {
    for (let s = 0; s < 60; s++) {
      const n = 2 + (s % 12);
      const base = randomQubo(42_000 + s, n, { density: 0.5, weights: s % 2 ? 'real' : 'int' });
      const quad: [number, number, number][] = [];
      for (let k = 0; k < base.pairs.w.length; k++) quad.push([base.pairs.i[k], base.pairs.j[k], -Math.abs(base.pairs.w[k])]);
      const lin: Record<string, number> = {};
      base.linear.forEach((h, i) => (lin[String(i)] = h));
      const p = canonicalQubo(n, lin, quad);
      const opt = bruteMin(p);
      expect(Math.abs(roofDual(quboModel(p), 1e12).bound - opt)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(opt)));
    }
  });

  it('stops when a limit fires, keeping a valid bound and fixing nothing', () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    flag[0] = 1;
    const m = quboModel(randomQubo(43_000, 40, { density: 0.3 }));
    const full = roofDual(m, 1e12);
    const cut = roofDual(m, 1e12, new Limits(flag, Infinity));
    expect(cut.complete).toBe(false);
    expect(cut.bound).toBeLessThanOrEqual(full.bound);
    expect(Array.from(cut.fixed).every((f) => f === -1)).toBe(true);
  });

  it('beats the sum of negative terms and counts its arcs', () => {
    const p = canonicalQubo(3, { '0': -2, '1': 3 }, [[0, 1, 4], [1, 2, -1]]);
    const m = quboModel(p);
    // min: x = (1, 0, 0) → −2; the trivial bound is −3.
    expect(roofDual(m, 1e9).bound).toBe(-2);
    expect(roofDualArcs(m)).toBe(4 * (2 + 3));
  });
});

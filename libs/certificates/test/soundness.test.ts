/**
 * Every kind against independent brute force on random small instances: a certificate the checker
 * accepts never proves a bound past the true optimum (random certificates, most of them weak or
 * wrong), and the small producers' certificates are accepted.
 */
import { describe, expect, it } from 'vitest';
import { checkCertificate, parseQ, type CertificateReport } from '../src/index';
import * as H from './helpers';

const val = (s: string | null): number => {
  const q = parseQ(s?.includes('/') ? '0' : s);
  if (s?.includes('/')) { const [a, b] = s.split('/'); return Number(a) / Number(b); }
  return Number(q!.n) / Number(q!.d);
};

/** Asserts the report proves no more than the optimum (within float printing of p/q). */
function sound(rep: CertificateReport, optimum: number): void {
  if (!rep.ok) return;
  const b = val(rep.bound);
  if (rep.sense === 'min') expect(b).toBeLessThanOrEqual(optimum + 1e-9);
  else expect(b).toBeGreaterThanOrEqual(optimum - 1e-9);
}

describe('tsp one_tree', () => {
  it('random π never proves past the shortest tour; Held–Karp π is accepted', () => {
    const r = H.rng(1);
    let accepted = 0, optimal = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = H.randInt(r, 3, 7);
      const m = H.randomMatrix(r, n);
      const best = H.bestTour(m);
      for (let k = 0; k < 5; k++) {
        const pi = Array.from({ length: n }, () => (r() < 0.5 ? H.randInt(r, -30, 30) : `${H.randInt(r, -300, 300) / 10}`));
        const rep = checkCertificate('tsp', { matrix: m }, best.tour, { kind: 'one_tree', pi });
        expect(rep.ok).toBe(true);
        sound(rep, best.length);
      }
      const rep = checkCertificate('tsp', { matrix: m }, best.tour, { kind: 'one_tree', pi: H.heldKarpPi(m) });
      expect(rep.ok, rep.detail).toBe(true);
      sound(rep, best.length);
      accepted++;
      if (rep.optimal) optimal++;
    }
    expect(accepted).toBe(60);
    expect(optimal).toBeGreaterThan(10);
  });

  it('points with a TSPLIB metric are read by the contract rule', () => {
    const pts = [[0, 0], [3, 4], [6, 0], [3, -4]];
    const rep = checkCertificate('tsp', { points: pts, metric: 'euc_2d' }, [0, 1, 2, 3], { kind: 'one_tree', pi: [0, 0, 0, 0] });
    expect(rep).toMatchObject({ ok: true, objective: '20', bound: '20', optimal: true });
  });
});

describe('cover lagrangian', () => {
  it('random y ≥ 0 never proves past the cheapest cover; the greedy dual is accepted', () => {
    const r = H.rng(2);
    for (let trial = 0; trial < 80; trial++) {
      const U = H.randInt(r, 1, 6), S = H.randInt(r, 1, 7);
      const sets = Array.from({ length: S }, () => [...new Set(Array.from({ length: H.randInt(r, 1, U) }, () => H.randInt(r, 0, U - 1)))]);
      sets.push(Array.from({ length: U }, (_, e) => e));
      const costs = sets.map(() => (r() < 0.3 ? H.randInt(r, 1, 20) / 4 : H.randInt(r, 1, 9)));
      const best = H.bestCover(U, sets, costs);
      const answer = [sets.length - 1];
      for (let k = 0; k < 5; k++) {
        const y = Array.from({ length: U }, () => H.randInt(r, 0, 40) / 4);
        const rep = checkCertificate('cover', { universe: U, sets, costs }, answer, { kind: 'lagrangian', y });
        expect(rep.ok).toBe(true);
        sound(rep, best);
      }
      const rep = checkCertificate('cover', { universe: U, sets, costs }, answer, { kind: 'lagrangian', y: H.greedyDual(U, sets, costs) });
      expect(rep.ok).toBe(true);
      sound(rep, best);
    }
  });
});

describe('rank cycle_packing', () => {
  it('random triangle packings never prove past the Kemeny optimum; the greedy packing is accepted', () => {
    const r = H.rng(3);
    let optimal = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = H.randInt(r, 2, 6);
      const comps: [number, number][] = [];
      for (let k = 0; k < H.randInt(r, 1, 25); k++) { const a = H.randInt(r, 0, n - 1); let b = H.randInt(r, 0, n - 2); if (b >= a) b++; comps.push([a, b]); }
      const items = Array.from({ length: n }, (_, i) => `i${i}`);
      const problem = { items, comparisons: comps.map(([a, b]) => [items[a], items[b]]) };
      const w = H.votes(n, comps);
      const best = H.bestKemeny(w);
      const answer = best.order.map((i) => items[i]);
      for (let k = 0; k < 5; k++) {
        const tris = Array.from({ length: H.randInt(r, 0, 4) }, () => [H.randInt(r, 0, n - 1), H.randInt(r, 0, n - 1), H.randInt(r, 0, n - 1), H.randInt(r, 0, 6) / 2]);
        sound(checkCertificate('rank', problem, answer, { kind: 'cycle_packing', triangles: tris }), best.value);
      }
      const rep = checkCertificate('rank', problem, answer, { kind: 'cycle_packing', triangles: H.greedyTriangles(w) });
      expect(rep.ok, rep.detail).toBe(true);
      sound(rep, best.value);
      if (rep.optimal) optimal++;
    }
    expect(optimal).toBeGreaterThan(30);
  });
});

function randomGraph(r: () => number, n: number, negative: boolean): number[][] {
  const edges: number[][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.6) edges.push([i, j, negative && r() < 0.3 ? -H.randInt(r, 1, 5) : r() < 0.3 ? H.randInt(r, 1, 20) / 4 : H.randInt(r, 1, 5)]);
  if (edges.length === 0) edges.push([0, 1, 1]);
  return edges;
}

describe('maxcut bipartite, odd_cycles, sdp_dual', () => {
  it('odd cycles and SDP duals never prove below the maximum cut', () => {
    const r = H.rng(4);
    let accepted = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = H.randInt(r, 2, 8);
      const edges = randomGraph(r, n, true);
      const best = H.bestCut(n, edges);
      for (let k = 0; k < 4; k++) {
        const cycles = Array.from({ length: H.randInt(r, 1, 3) }, () => Array.from({ length: H.randInt(r, 3, 5) }, () => H.randInt(r, 0, n - 1)));
        const rep = checkCertificate('maxcut', { n, edges }, best.x, { kind: 'odd_cycles', cycles });
        if (rep.ok) accepted++;
        sound(rep, best.value);
        const y = Array.from({ length: n }, () => H.randInt(r, -8, 16) / 4);
        const mu = r() < 0.3 ? undefined : `${H.randInt(r, -10, 40) / 8}`;
        sound(checkCertificate('maxcut', { n, edges }, best.x, { kind: 'sdp_dual', y, ...(mu === undefined ? {} : { mu }) }), best.value);
      }
      // The eigenvalue bound: y_i = L_ii / 4, μ a float estimate of λ_max rounded up (exact elimination proves it).
      const L = Array.from({ length: n }, () => new Array(n).fill(0));
      for (const [i, j, w] of edges) { L[i][i] += w; L[j][j] += w; L[i][j] -= w; L[j][i] -= w; }
      const y = L.map((row, i) => row[i] / 4);
      const A = L.map((row, i) => row.map((x, j) => x / 4 - (i === j ? y[i] : 0)));
      const mu = (Math.ceil((H.lambdaMax(A) + 1e-6) * 1e6) / 1e6).toFixed(6);
      const rep = checkCertificate('maxcut', { n, edges }, best.x, { kind: 'sdp_dual', y, mu });
      expect(rep.ok, rep.detail).toBe(true);
      sound(rep, best.value);
    }
    expect(accepted).toBeGreaterThan(0);
    // An even cycle proves nothing: the square's maximum cut takes all four edges.
    const square = { n: 4, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]] };
    expect(checkCertificate('maxcut', square, [0, 1, 0, 1], { kind: 'odd_cycles', cycles: [[0, 1, 2, 3]] }).failed_step).toBe('odd_cycles.cycles[0]');
  });

  it('bipartite: accepted exactly when the answer cuts every positive edge and no negative one, proving optimality', () => {
    const r = H.rng(5);
    for (let trial = 0; trial < 60; trial++) {
      const n = H.randInt(r, 2, 8);
      const side = Array.from({ length: n }, () => H.randInt(r, 0, 1));
      const edges = randomGraph(r, n, true).map(([i, j, w]) => [i, j, side[i] !== side[j] ? Math.abs(w) : -Math.abs(w)]);
      const best = H.bestCut(n, edges);
      const rep = checkCertificate('maxcut', { n, edges }, side, { kind: 'bipartite' });
      expect(rep.ok, rep.detail).toBe(true);
      expect(rep.optimal).toBe(true);
      expect(val(rep.bound)).toBeCloseTo(best.value, 9);
      const flip = side.slice(); flip[0] ^= 1;
      const rep2 = checkCertificate('maxcut', { n, edges }, flip, { kind: 'bipartite' });
      if (rep2.ok) expect(H.cut(edges, flip)).toBeCloseTo(best.value, 9);
      else expect(rep2.failed_step).toBe('bipartite.edge');
    }
  });
});

describe('optimize sdp_dual through the Ising transform', () => {
  it('never proves above the least energy', () => {
    const r = H.rng(6);
    let ok = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = H.randInt(r, 1, 7);
      const linear: Record<string, number> = {};
      for (let i = 0; i < n; i++) if (r() < 0.7) linear[i] = H.randInt(r, -6, 6) / 2;
      const quadratic: number[][] = [];
      for (let k = 0; k < H.randInt(r, 0, 10); k++) quadratic.push([H.randInt(r, 0, n - 1), H.randInt(r, 0, n - 1), H.randInt(r, -5, 5)]);
      let bestE = Infinity, bestX: number[] = [];
      for (let mask = 0; mask < 1 << n; mask++) { const x = H.bits(n, mask); const e = H.energy(linear, quadratic, x); if (e < bestE) { bestE = e; bestX = x; } }
      for (let k = 0; k < 5; k++) {
        const y = Array.from({ length: n + 1 }, () => H.randInt(r, -8, 16) / 4);
        const rep = checkCertificate('optimize', { n, linear, quadratic }, bestX, { kind: 'sdp_dual', y, ...(r() < 0.5 ? { mu: H.randInt(r, -4, 20) / 4 } : {}) });
        if (rep.ok) ok++;
        sound(rep, bestE);
      }
    }
    expect(ok).toBeGreaterThan(50);
  });
});

describe('xorsat contradiction', () => {
  it('random row sets never prove past the fewest violations; planted contradictions are accepted', () => {
    const r = H.rng(7);
    let accepted = 0;
    for (let trial = 0; trial < 80; trial++) {
      const n = H.randInt(r, 1, 7);
      const eqs = Array.from({ length: H.randInt(r, 1, 6) }, () => ({ vars: Array.from({ length: H.randInt(r, 0, 3) }, () => H.randInt(r, 0, n - 1)), rhs: H.randInt(r, 0, 1) }));
      // Plant: the XOR of the first few equations, right-hand side flipped.
      const k = H.randInt(r, 1, eqs.length);
      const planted = { vars: eqs.slice(0, k).flatMap((e) => e.vars), rhs: (eqs.slice(0, k).reduce((s, e) => s ^ e.rhs, 0) ^ 1) };
      eqs.push(planted);
      let best = Infinity, bestX: number[] = [];
      for (let mask = 0; mask < 1 << n; mask++) {
        const x = H.bits(n, mask);
        const v = eqs.filter((e) => e.vars.reduce((s, i) => s ^ x[i], e.rhs) === 1).length;
        if (v < best) { best = v; bestX = x; }
      }
      const rows = [...Array.from({ length: k }, (_, i) => i), eqs.length - 1];
      const rep = checkCertificate('xorsat', { n, equations: eqs }, bestX, { kind: 'contradiction', rows });
      expect(rep.ok, rep.detail).toBe(true);
      sound(rep, best);
      for (let t = 0; t < 5; t++) {
        const sets = Array.from({ length: H.randInt(r, 1, 3) }, () => Array.from({ length: H.randInt(r, 1, 4) }, () => H.randInt(r, 0, eqs.length - 1)));
        const rr = checkCertificate('xorsat', { n, equations: eqs }, bestX, { kind: 'contradiction', rows: sets });
        if (rr.ok) accepted++;
        sound(rr, best);
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });
});

/**
 * `tree` against brute force (full enumeration trees prove the optimum; random trees never prove
 * past it) and `unimodular` against a small textbook LLL with its transforms.
 */
import { describe, expect, it } from 'vitest';
import { checkCertificate } from '../src/index';
import * as H from './helpers';

type Node = { split: unknown } | { leaf: unknown };

describe('tree', () => {
  it('cover: the full enumeration tree over every set proves the cheapest cover optimal', () => {
    const r = H.rng(11);
    for (let trial = 0; trial < 20; trial++) {
      const U = H.randInt(r, 1, 5), S = H.randInt(r, 1, 5);
      const sets = Array.from({ length: S }, () => [...new Set(Array.from({ length: H.randInt(r, 1, U) }, () => H.randInt(r, 0, U - 1)))]);
      sets.push(Array.from({ length: U }, (_, e) => e));
      const costs = sets.map(() => H.randInt(r, 1, 9));
      const best = H.bestCover(U, sets, costs);
      const nodes: Node[] = [];
      const build = (t: number, fixed: number[]): void => {
        if (t === sets.length) {
          const open = new Set(sets.flatMap((s, k) => (fixed[k] === 1 ? s : [])));
          nodes.push({ leaf: open.size === U ? { kind: 'lagrangian', y: new Array(U).fill(0) } : 'infeasible' });
          return;
        }
        nodes.push({ split: t });
        build(t + 1, [...fixed, 0]);
        build(t + 1, [...fixed, 1]);
      };
      build(0, []);
      // The answer: the brute-force optimum's sets.
      let answer: number[] = [];
      for (let mask = 1; mask < 1 << sets.length; mask++) {
        const chosen = sets.map((_, t) => t).filter((t) => mask & (1 << t));
        const cov = new Set(chosen.flatMap((t) => sets[t]));
        if (cov.size === U && chosen.reduce((s, t) => s + costs[t], 0) === best) { answer = chosen; break; }
      }
      const rep = checkCertificate('cover', { universe: U, sets, costs }, answer, { kind: 'tree', nodes });
      expect(rep.ok, rep.detail).toBe(true);
      expect(rep.bound).toBe(String(best));
      expect(rep.optimal).toBe(true);
      // A leaf said infeasible that is not, or a dropped node, is refused naming the node.
      const bad = nodes.map((nd) => ('leaf' in nd && nd.leaf !== 'infeasible' ? { leaf: 'infeasible' } : nd));
      const k = bad.findIndex((nd, i) => 'leaf' in nd && 'leaf' in nodes[i] && nodes[i].leaf !== 'infeasible');
      expect(checkCertificate('cover', { universe: U, sets, costs }, answer, { kind: 'tree', nodes: bad }).failed_step).toBe(`tree.leaf[${k}]`);
      expect(checkCertificate('cover', { universe: U, sets, costs }, answer, { kind: 'tree', nodes: nodes.slice(0, -1) }).failed_step).toBe('tree.nodes');
    }
  });

  it('rank: the full enumeration tree over every pair proves the Kemeny optimum', () => {
    const r = H.rng(12);
    for (let trial = 0; trial < 15; trial++) {
      const n = H.randInt(r, 2, 4);
      const comps: [number, number][] = [];
      for (let k = 0; k < 12; k++) { const a = H.randInt(r, 0, n - 1); let b = H.randInt(r, 0, n - 2); if (b >= a) b++; comps.push([a, b]); }
      const items = Array.from({ length: n }, (_, i) => `i${i}`);
      const problem = { items, comparisons: comps.map(([a, b]) => [items[a], items[b]]) };
      const best = H.bestKemeny(H.votes(n, comps));
      const pairs: [number, number][] = [];
      for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) pairs.push([a, b]);
      const nodes: Node[] = [];
      const build = (t: number, before: [number, number][]): void => {
        if (t === pairs.length) {
          // A cycle among the fixed pairs: infeasible; else the order is fixed and its cost the bound.
          const ok = H.bestKemeny(H.votes(n, [])).order && [...H.permutations(n)].some((p) => before.every(([a, b]) => p.indexOf(a) < p.indexOf(b)));
          nodes.push({ leaf: ok ? { kind: 'cycle_packing', triangles: [] } : 'infeasible' });
          return;
        }
        const [a, b] = pairs[t];
        nodes.push({ split: [a, b] });
        build(t + 1, [...before, [b, a]]);
        build(t + 1, [...before, [a, b]]);
      };
      build(0, []);
      const rep = checkCertificate('rank', problem, best.order.map((i) => items[i]), { kind: 'tree', nodes });
      expect(rep.ok, rep.detail).toBe(true);
      expect(rep.bound).toBe(String(best.value));
      expect(rep.optimal).toBe(true);
    }
  });

  it('tsp: the full enumeration tree over every edge of 5 cities proves the shortest tour', () => {
    const r = H.rng(13);
    for (let trial = 0; trial < 4; trial++) {
      const m = H.randomMatrix(r, 5);
      const best = H.bestTour(m);
      const edges: [number, number][] = [];
      for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) edges.push([i, j]);
      const nodes: Node[] = [];
      const build = (t: number, inEdges: [number, number][]): void => {
        if (t === edges.length) {
          const deg = new Array(5).fill(0);
          for (const [i, j] of inEdges) { deg[i]++; deg[j]++; }
          const hamiltonian = inEdges.length === 5 && deg.every((d) => d === 2) && [...H.permutations(4)].some((p) => {
            const tour = [0, ...p.map((x) => x + 1)];
            return tour.every((c, k) => inEdges.some(([i, j]) => (i === c && j === tour[(k + 1) % 5]) || (j === c && i === tour[(k + 1) % 5])));
          });
          nodes.push({ leaf: hamiltonian ? { kind: 'one_tree', pi: [0, 0, 0, 0, 0] } : 'infeasible' });
          return;
        }
        nodes.push({ split: edges[t] });
        build(t + 1, inEdges);
        build(t + 1, [...inEdges, edges[t]]);
      };
      build(0, []);
      const rep = checkCertificate('tsp', { matrix: m }, best.tour, { kind: 'tree', nodes });
      expect(rep.ok, rep.detail).toBe(true);
      expect(rep.bound).toBe(String(best.length));
      expect(rep.optimal).toBe(true);
    }
  });

  it('random trees never prove past the optimum (tsp, cover, rank)', () => {
    const r = H.rng(14);
    const randomTree = (split: () => unknown, leaf: () => unknown): Node[] => {
      const nodes: Node[] = [];
      const go = (depth: number): void => {
        if (depth > 0 && r() < 0.6) { nodes.push({ split: split() }); go(depth - 1); go(depth - 1); } else nodes.push({ leaf: r() < 0.2 ? 'infeasible' : leaf() });
      };
      go(4);
      return nodes;
    };
    let okCount = 0;
    for (let trial = 0; trial < 40; trial++) {
      const n = H.randInt(r, 3, 6);
      const m = H.randomMatrix(r, n);
      const best = H.bestTour(m);
      const nodes = randomTree(() => { const i = H.randInt(r, 0, n - 1); let j = H.randInt(r, 0, n - 2); if (j >= i) j++; return [i, j]; },
        () => ({ kind: 'one_tree', pi: Array.from({ length: n }, () => H.randInt(r, -10, 10)) }));
      const rep = checkCertificate('tsp', { matrix: m }, best.tour, { kind: 'tree', nodes });
      if (rep.ok) { okCount++; expect(Number(rep.bound)).toBeLessThanOrEqual(best.length); }
      const U = 4;
      const sets = [[0, 1], [1, 2], [2, 3], [0, 3], [0, 1, 2, 3]];
      const costs = sets.map(() => H.randInt(r, 1, 9));
      const cnodes = randomTree(() => H.randInt(r, 0, 4), () => ({ kind: 'lagrangian', y: Array.from({ length: U }, () => H.randInt(r, 0, 12) / 2) }));
      const crep = checkCertificate('cover', { universe: U, sets, costs }, [4], { kind: 'tree', nodes: cnodes });
      if (crep.ok) { okCount++; expect(Number(crep.bound)).toBeLessThanOrEqual(H.bestCover(U, sets, costs)); }
    }
    expect(okCount).toBeGreaterThan(5);
  });
});

/** A textbook LLL on small integer bases with float Gram–Schmidt, tracking U (B′ = U·B) and V = U⁻¹. */
function lll(B: number[][], delta: number): { Bp: number[][]; U: number[][]; V: number[][] } {
  const m = B.length;
  const b = B.map((r) => r.slice());
  const U: number[][] = b.map((_, i) => b.map((__, j) => (i === j ? 1 : 0)));
  const V = U.map((r) => r.slice());
  const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i], 0);
  const gs = () => {
    const bs: number[][] = [], mu = b.map(() => new Array(m).fill(0)), Bn: number[] = [];
    for (let i = 0; i < m; i++) {
      let v = b[i].slice();
      for (let j = 0; j < i; j++) { mu[i][j] = dot(b[i], bs[j]) / Bn[j]; v = v.map((x, t) => x - mu[i][j] * bs[j][t]); }
      bs.push(v); Bn.push(dot(v, v));
    }
    return { mu, Bn };
  };
  let k = 1;
  while (k < m) {
    for (let j = k - 1; j >= 0; j--) {
      const mu = gs().mu[k][j];
      const q = Math.round(mu);
      if (q !== 0) {
        b[k] = b[k].map((x, t) => x - q * b[j][t]);
        U[k] = U[k].map((x, t) => x - q * U[j][t]);
        for (let i = 0; i < m; i++) V[i][j] += q * V[i][k];
      }
    }
    const { mu, Bn } = gs();
    if (Bn[k] >= (delta - mu[k][k - 1] ** 2) * Bn[k - 1]) k++;
    else {
      [b[k], b[k - 1]] = [b[k - 1], b[k]];
      [U[k], U[k - 1]] = [U[k - 1], U[k]];
      for (let i = 0; i < m; i++) [V[i][k], V[i][k - 1]] = [V[i][k - 1], V[i][k]];
      k = Math.max(k - 1, 1);
    }
  }
  return { Bp: b, U, V };
}

describe('reduce unimodular', () => {
  it('a textbook LLL\'s basis and transforms are accepted; a changed U entry, V entry or answer entry is refused', () => {
    const r = H.rng(15);
    for (let trial = 0; trial < 40; trial++) {
      const m = H.randInt(r, 1, 4), dim = m + H.randInt(r, 0, 2);
      const B = Array.from({ length: m }, (_, i) => Array.from({ length: dim }, (__, j) => (i === j ? 1 : 0) + H.randInt(r, -20, 20)));
      const { Bp, U, V } = lll(B, 0.75);
      const problem = { basis: B, delta: 0.75 };
      const answer = Bp.map((row) => row.map(String));
      const cert = { kind: 'unimodular', U, V };
      const rep = checkCertificate('reduce', problem, answer, cert);
      if (!rep.ok) {
        // A dependent random basis (rare): the textbook LLL does not bring zero vectors first.
        expect(rep.failed_step).toBe('unimodular.lll');
        continue;
      }
      expect(rep).toMatchObject({ ok: true, kind: 'unimodular', bound: null, optimal: false });
      const U2 = U.map((row) => row.slice()); U2[0][0] += 1;
      expect(checkCertificate('reduce', problem, answer, { kind: 'unimodular', U: U2, V }).failed_step).toBe('unimodular.U');
      const V2 = V.map((row) => row.slice()); V2[m - 1][m - 1] -= 1;
      expect(checkCertificate('reduce', problem, answer, { kind: 'unimodular', U, V: V2 }).failed_step).toBe('unimodular.V');
    }
  });

  it('the LLL conditions: an unreduced basis of the same lattice is refused; δ is the request\'s binary value', () => {
    const B = [[1, 0], [0, 1]];
    // [[1, 0], [5, 1]] spans the same lattice (U unimodular) but |μ| = 5 > 1/2.
    const rep = checkCertificate('reduce', { basis: B }, [['1', '0'], ['5', '1']], { kind: 'unimodular', U: [[1, 0], [5, 1]], V: [[1, 0], [-5, 1]] });
    expect(rep.failed_step).toBe('unimodular.lll');
    // [[2, 1], [1, 1]]… swapped unit vectors: B′ = [[0,1],[1,0]] is reduced.
    expect(checkCertificate('reduce', { basis: B }, [['0', '1'], ['1', '0']], { kind: 'unimodular', U: [[0, 1], [1, 0]], V: [[0, 1], [1, 0]] }).ok).toBe(true);
    // Lovász with δ: b1 = (2, 0), b2 = (1, 2): μ = 1/2, B2 = 4, B1 = 4: 4 ≥ (δ − 1/4)·4 holds for every δ < 1.
    const L = [[2, 0], [1, 2]];
    expect(checkCertificate('reduce', { basis: L, delta: 0.99 }, [['2', '0'], ['1', '2']], { kind: 'unimodular', U: [[1, 0], [0, 1]], V: [[1, 0], [0, 1]] }).ok).toBe(true);
    // b1 = (3, 0), b2 = (1, 2): μ = 1/3, B2 = 4, B1 = 9: 4 ≥ (δ − 1/9)·9 iff δ ≤ 5/9.
    const M = [[3, 0], [1, 2]];
    const id = { kind: 'unimodular', U: [[1, 0], [0, 1]], V: [[1, 0], [0, 1]] };
    expect(checkCertificate('reduce', { basis: M, delta: 0.5 }, [['3', '0'], ['1', '2']], id).ok).toBe(true);
    expect(checkCertificate('reduce', { basis: M, delta: 0.6 }, [['3', '0'], ['1', '2']], id).failed_step).toBe('unimodular.lll');
  });
});

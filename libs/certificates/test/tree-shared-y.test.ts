/**
 * Cover trees whose leaves repeat a y (the engines' reduced-cost fixings): the checker reuses the
 * previous leaf's reduced costs when a leaf's y is written the same. Each leaf's bound is
 * recomputed here from scratch (quarters: exact in doubles) and the tree's bound must be their least;
 * a y that differs in one entry, or in the type of one entry, is read afresh.
 */
import { describe, expect, it } from 'vitest';
import { checkCertificate } from '../src/index';
import * as H from './helpers';

type Node = { split: number } | { leaf: unknown };

/** Σy + Σ_S (fixed 1: r_S; free: min(0, r_S); fixed 0: nothing), r_S = c_S − Σ_{e∈S} y_e. */
function leafBound(sets: number[][], costs: number[], y: number[], fix: Map<number, 0 | 1>): number {
  let b = y.reduce((s, v) => s + v, 0);
  sets.forEach((s, t) => {
    const f = fix.get(t);
    if (f === 0) return;
    const r = costs[t] - s.reduce((a, e) => a + y[e], 0);
    if (f === 1 || r < 0) b += r;
  });
  return b;
}

const value = (text: string): number => {
  const [p, d] = text.split('/');
  return d === undefined ? Number(p) : Number(p) / Number(d);
};

describe('tree: cover leaves that share a y', () => {
  it('the bound is the least of the leaves recomputed one by one, whichever leaves repeat a y', () => {
    const r = H.rng(34);
    for (let trial = 0; trial < 150; trial++) {
      const U = H.randInt(r, 1, 6), S = H.randInt(r, 2, 7);
      const sets = Array.from({ length: S }, () => [...new Set(Array.from({ length: H.randInt(r, 1, U) }, () => H.randInt(r, 0, U - 1)))]);
      sets.push(Array.from({ length: U }, (_, e) => e));
      const costs = sets.map(() => H.randInt(r, 1, 9));
      // A few y (quarters), and copies of the first that differ in one entry.
      const base = Array.from({ length: U }, () => H.randInt(r, 0, 12) / 4);
      const pool: number[][] = [base, Array.from({ length: U }, () => H.randInt(r, 0, 12) / 4)];
      for (let e = 0; e < U; e++) pool.push(base.map((v, i) => (i === e ? v + 0.25 : v)));
      const nodes: Node[] = [];
      const bounds: number[] = [];
      let last: number[] = base;
      const build = (depth: number, fix: Map<number, 0 | 1>): void => {
        const free = sets.map((_, t) => t).filter((t) => !fix.has(t));
        if (free.length === 0 || depth >= 4 || r() < 0.3) {
          // Most leaves repeat the last y (the same array, or a copy written the same), some change it.
          const y = r() < 0.6 ? last : pool[H.randInt(r, 0, pool.length - 1)];
          last = y;
          nodes.push({ leaf: { kind: 'lagrangian', y: r() < 0.5 ? y : [...y] } });
          bounds.push(leafBound(sets, costs, y, fix));
          return;
        }
        const t = free[H.randInt(r, 0, free.length - 1)];
        nodes.push({ split: t });
        build(depth + 1, new Map(fix).set(t, 0));
        build(depth + 1, new Map(fix).set(t, 1));
      };
      build(0, new Map());
      const answer = [sets.length - 1];
      const rep = checkCertificate('cover', { universe: U, sets, costs }, answer, { kind: 'tree', nodes });
      expect(rep.ok, rep.detail).toBe(true);
      expect(value(rep.bound!)).toBe(Math.min(...bounds));
    }
  });

  it('a leaf repeating the previous y but for one tampered entry is refused at its own step', () => {
    const sets = [[0, 1], [1, 2], [0, 2], [0, 1, 2]];
    const costs = [2, 2, 2, 3];
    const y = [1, 1, 1];
    const nodes = [
      { split: 3 },
      { split: 0 },
      { leaf: { kind: 'lagrangian', y } },
      { leaf: { kind: 'lagrangian', y } },
      { leaf: { kind: 'lagrangian', y } },
    ];
    const problem = { universe: 3, sets, costs };
    const good = checkCertificate('cover', problem, [3], { kind: 'tree', nodes });
    expect([good.ok, good.bound, good.optimal]).toEqual([true, '3', true]);
    const tamper = (k: number, entry: number, v: unknown) => {
      const copy = nodes.map((n) => ('leaf' in n ? { leaf: { kind: 'lagrangian', y: [...(n.leaf as { y: number[] }).y] as unknown[] } } : n));
      (copy[k] as { leaf: { y: unknown[] } }).leaf.y[entry] = v;
      return checkCertificate('cover', problem, { answer: [3], certainty: 'certified optimal' }, { kind: 'tree', nodes: copy });
    };
    expect(tamper(3, 1, -1).failed_step).toBe('tree.leaf[3].y');
    expect(tamper(4, 2, 'x').failed_step).toBe('tree.leaf[4].numbers');
    expect(tamper(4, 2, true).failed_step).toBe('tree.leaf[4].numbers');
    expect(tamper(4, 2, null).failed_step).toBe('tree.leaf[4].numbers');
    // A valid y that proves less (−1 at leaf 4): the bound is this leaf's own, so the optimality claim falls.
    const weaker = tamper(4, 0, 3);
    expect([weaker.ok, weaker.failed_step]).toEqual([false, 'claim.optimal']);
    // The same number written as a string is the same y: the same bound.
    expect(tamper(4, 0, '1')).toMatchObject({ ok: true, bound: '3' });
  });

  it('{"leaf": {"same": j}} is leaf j\'s certificate read with this path: the bound of the written-out copy; bad references refused at the leaf', () => {
    const r = H.rng(3434);
    for (let trial = 0; trial < 100; trial++) {
      const U = H.randInt(r, 1, 5), S = H.randInt(r, 2, 6);
      const sets = Array.from({ length: S }, () => [...new Set(Array.from({ length: H.randInt(r, 1, U) }, () => H.randInt(r, 0, U - 1)))]);
      sets.push(Array.from({ length: U }, (_, e) => e));
      const costs = sets.map(() => H.randInt(r, 1, 9));
      const nodes: Node[] = [];
      const written: number[] = [];
      const build = (depth: number, fixed: Set<number>): void => {
        const free = sets.map((_, t) => t).filter((t) => !fixed.has(t));
        if (free.length === 0 || depth >= 4 || r() < 0.3) {
          if (written.length > 0 && r() < 0.6) nodes.push({ leaf: { same: written[H.randInt(r, 0, written.length - 1)] } });
          else {
            written.push(nodes.length);
            nodes.push({ leaf: { kind: 'lagrangian', y: Array.from({ length: U }, () => H.randInt(r, 0, 8) / 4) } });
          }
          return;
        }
        const t = free[H.randInt(r, 0, free.length - 1)];
        nodes.push({ split: t });
        build(depth + 1, new Set(fixed).add(t));
        build(depth + 1, new Set(fixed).add(t));
      };
      build(0, new Set());
      const problem = { universe: U, sets, costs };
      const inlined = nodes.map((nd) => ('leaf' in nd && typeof nd.leaf === 'object' && nd.leaf !== null && 'same' in nd.leaf ? { leaf: (nodes[(nd.leaf as { same: number }).same] as { leaf: unknown }).leaf } : nd));
      const a = checkCertificate('cover', problem, [sets.length - 1], { kind: 'tree', nodes });
      const b = checkCertificate('cover', problem, [sets.length - 1], { kind: 'tree', nodes: inlined });
      expect(a.ok, a.detail).toBe(true);
      expect(a).toEqual(b);
    }
    const problem = { universe: 2, sets: [[0], [1], [0, 1]], costs: [1, 1, 1] };
    const y = { kind: 'lagrangian', y: [0.5, 0.5] };
    const ok = checkCertificate('cover', problem, [2], { kind: 'tree', nodes: [{ split: 2 }, { leaf: y }, { leaf: { same: 1 } }] });
    expect([ok.ok, ok.bound, ok.optimal]).toEqual([true, '1', true]);
    const bad = (leaf: unknown, first: unknown = y) => checkCertificate('cover', problem, [2], { kind: 'tree', nodes: [{ split: 2 }, { leaf: first }, { leaf }] }).failed_step;
    expect(bad({ same: 2 })).toBe('tree.leaf[2]');
    expect(bad({ same: 0 })).toBe('tree.leaf[2]');
    expect(bad({ same: 1.5 })).toBe('tree.leaf[2]');
    expect(bad({ same: '1' })).toBe('tree.leaf[2]');
    expect(bad({ same: -1 })).toBe('tree.leaf[2]');
    expect(bad({ same: 1, kind: 'lagrangian' })).toBe('tree.leaf[2]');
    expect(bad({ same: 1 }, 'infeasible')).toBe('tree.leaf[1]');
    expect(checkCertificate('cover', problem, [2], { kind: 'tree', nodes: [{ split: 2 }, { split: 0 }, { leaf: { same: 1 } }, { leaf: { same: 2 } }, { leaf: y }] }).failed_step).toBe('tree.leaf[2]');
    // The leaf referred to is checked first, at its own step.
    expect(checkCertificate('cover', problem, [2], { kind: 'tree', nodes: [{ split: 2 }, { leaf: { kind: 'lagrangian', y: [-1, 0] } }, { leaf: { same: 1 } }] }).failed_step).toBe('tree.leaf[1].y');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvcError } from '@svc/errors';
import { localVerify } from './local-verify';

const D = 'a decision described in one sentence';
const check = (r: ReturnType<typeof localVerify>, name: string) => r.checks.find((c) => c.name === name);

describe('verify --local: maxcut', () => {
  const square = { description: D, n: 4, edges: [[0, 1, 1], [1, 2, 2], [2, 3, 3], [3, 0, 4]] };

  it('recomputes the cut and checks a declared cut_value', () => {
    const r = localVerify('maxcut', square, { answer: [0, 1, 0, 1], cut_value: 10 });
    expect(r).toMatchObject({ ok: true, objective: 10, objective_field: 'cut_value', verification: 'local_recompute' });
    const wrong = localVerify('maxcut', square, { answer: [0, 0, 1, 1], cut_value: 10 });
    expect(wrong.ok).toBe(false);
    expect(wrong.objective).toBe(6);
    expect(check(wrong, 'declared_cut_value')).toMatchObject({ ok: false });
    expect(localVerify('maxcut', square, [1, 1, 1, 1])).toMatchObject({ ok: true, objective: 0 });
  });

  it('rejects malformed witnesses as a failed answer_shape check', () => {
    for (const a of [[0, 1, 0], [0, 1, 2, 0], 'x', { answer: null }]) {
      const r = localVerify('maxcut', square, a);
      expect(r.ok).toBe(false);
      expect(r.objective).toBeNull();
      expect(check(r, 'answer_shape')?.ok).toBe(false);
    }
  });

  it('evaluates complete: true as k·(n−k) and agrees with the explicit graph', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 2, maxLength: 12 }), (x) => {
      const n = x.length;
      const edges: number[][] = [];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j, 1]);
      const implicit = localVerify('maxcut', { description: D, n, complete: true }, x).objective;
      expect(implicit).toBe(localVerify('maxcut', { description: D, n, edges }, x).objective);
    }));
  });

  it('refuses a problem it cannot read (SVC_INVALID_INPUT)', () => {
    for (const p of [{ description: D, n: 3, edges: [] }, { description: D, n: 3, edges: [[0, 3, 1]] }, { description: D, n: 3, edges: [[1, 1, 1]] }, { description: D, edges: [[0, 1, 1]] }]) {
      expect(() => localVerify('maxcut', p, [0, 1, 0])).toThrow(SvcError);
    }
  });
});

describe('verify --local: tsp, qap, rank, xorsat, rules', () => {
  const m = [[0, 2, 9, 10], [2, 0, 6, 4], [9, 6, 0, 3], [10, 4, 3, 0]];

  it('tsp from points: the TSPLIB metric of the problem (euc_2d by default)', () => {
    const points = [[0, 0], [3, 4], [6, 0]];
    expect(localVerify('tsp', { description: D, points }, [0, 1, 2]).objective).toBe(5 + 5 + 6);
    expect(localVerify('tsp', { description: D, points, metric: 'ceil_2d' }, [0, 1, 2]).objective).toBe(16);
    expect(() => localVerify('tsp', { description: D, points, metric: 'manhattan' }, [0, 1, 2])).toThrow(/metric/);
  });

  it('tsp: the closed tour length; rotations and the closing city agree; repeats fail', () => {
    expect(localVerify('tsp', { description: D, matrix: m }, { answer: [0, 1, 3, 2], length: 18 })).toMatchObject({ ok: true, objective: 18 });
    expect(localVerify('tsp', { description: D, matrix: m }, [3, 2, 0, 1, 3]).objective).toBe(2 + 4 + 3 + 9);
    fc.assert(fc.property(fc.integer({ min: 0, max: 3 }), (k) => {
      const tour = [0, 1, 3, 2];
      const rotated = [...tour.slice(k), ...tour.slice(0, k)];
      expect(localVerify('tsp', { description: D, matrix: m }, rotated).objective).toBe(18);
    }));
    expect(localVerify('tsp', { description: D, matrix: m }, [0, 1, 1, 2]).ok).toBe(false);
    expect(() => localVerify('tsp', { description: D, matrix: [[0, 1], [1]] }, [0, 1])).toThrow(/square/);
  });

  it('qap: Σ F[i][j]·D[p[i]][p[j]]', () => {
    const flow = [[0, 3], [3, 0]];
    const dist = [[0, 5], [5, 0]];
    expect(localVerify('qap', { description: D, flow, dist }, { answer: [1, 0], cost: 30 })).toMatchObject({ ok: true, objective: 30 });
    const f3 = [[0, 1, 0], [1, 0, 2], [0, 2, 0]];
    const d3 = [[0, 1, 4], [1, 0, 1], [4, 1, 0]];
    // p = [2, 1, 0]: 2·(F01·D21 + F12·D10) = 2·(1·1 + 2·1) = 6.
    expect(localVerify('qap', { description: D, flow: f3, dist: d3 }, [2, 1, 0]).objective).toBe(6);
    expect(localVerify('qap', { description: D, flow: f3, dist: d3 }, [0, 1, 2]).objective).toBe(6);
    // 600² = 360,000 distances (the cap is n = 1,000): a spread of them into Math.max overflowed the stack.
    const big = Array.from({ length: 600 }, (_, i) => Array.from({ length: 600 }, (_, j) => (i === j ? 0 : 1)));
    expect(localVerify('qap', { description: D, flow: big, dist: big }, Array.from({ length: 600 }, (_, i) => i)).objective).toBe(600 * 599);
    // p = [0, 2, 1]: 2·(F01·D02 + F12·D21) = 2·(4 + 2) = 12.
    expect(localVerify('qap', { description: D, flow: f3, dist: d3 }, { answer: [0, 2, 1], cost: 6 }).ok).toBe(false);
  });

  it('rank: Kemeny disagreements, items as names or indices', () => {
    const p = { description: D, items: ['a', 'b', 'c'], comparisons: [['a', 'b'], ['b', 'c'], ['c', 'a'], ['a', 'c']] };
    expect(localVerify('rank', p, { answer: ['a', 'b', 'c'], disagreements: 1 })).toMatchObject({ ok: true, objective: 1 });
    expect(localVerify('rank', p, ['c', 'b', 'a']).objective).toBe(3);
    expect(localVerify('rank', p, [0, 1, 2]).objective).toBe(1);
    expect(localVerify('rank', p, ['a', 'b']).ok).toBe(false);
    expect(localVerify('rank', p, ['a', 'b', 'z']).ok).toBe(false);
    expect(() => localVerify('rank', { ...p, comparisons: [['a', 'z']] }, ['a', 'b', 'c'])).toThrow(/not one of the items/);
  });

  it('xorsat: violated equations; satisfied must be honest', () => {
    const p = { description: D, n: 3, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [1, 2], rhs: 0 }, { vars: [0, 2], rhs: 1 }] };
    expect(localVerify('xorsat', p, { answer: [1, 0, 0], violations: 0, satisfied: true })).toMatchObject({ ok: true, objective: 0 });
    const bad = localVerify('xorsat', p, { answer: [1, 1, 1], satisfied: true });
    expect(bad.ok).toBe(false);
    expect(check(bad, 'declared_satisfied')?.ok).toBe(false);
    expect(check(bad, 'constraints_satisfied')?.ok).toBe(false);
    // An inconsistent system: the best answer may violate one equation if it says so.
    const inconsistent = { description: D, n: 2, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [0, 1], rhs: 0 }] };
    expect(localVerify('xorsat', inconsistent, { answer: [0, 1], violations: 1 }).ok).toBe(true);
    expect(localVerify('xorsat', inconsistent, [0, 1]).ok).toBe(false);
    // The service's reading: a repeated variable cancels in pairs, an empty equation reads 0 = rhs.
    const cancels = { description: D, n: 2, equations: [{ vars: [0, 0, 1], rhs: 1 }, { vars: [], rhs: 1 }] };
    expect(localVerify('xorsat', cancels, { answer: [0, 1], violations: 1, satisfied: false })).toMatchObject({ ok: true, objective: 1 });
  });

  it('rules: identical/different only, with violations and energy', () => {
    const p = {
      description: D, n: 3,
      constraints: [{ type: 'identical', nodes: [0, 1] }, { type: 'different', nodes: [1, 2] }],
      linear: { 0: -1, 2: 2 }, quadratic: [[0, 2, 5], [1, 1, -3]],
    };
    expect(localVerify('rules', p, { answer: [1, 1, 0], violations: 0, energy: -4 })).toMatchObject({ ok: true, objective: 0 });
    const off = localVerify('rules', p, { answer: [1, 0, 0], energy: -1 });
    expect(off.ok).toBe(false);
    expect(check(off, 'constraints_satisfied')?.detail).toMatch(/2 constraint/);
    expect(check(off, 'declared_energy')?.ok).toBe(true);
    expect(() => localVerify('rules', { ...p, constraints: [{ type: 'choose_one', nodes: [0, 1] }] }, [1, 0, 0])).toThrow(expect.objectContaining({ code: 'SVC_UNSUPPORTED' }));
  });

  it('refuses commands it does not cover', () => {
    expect(() => localVerify('optimize', { description: D, n: 1 }, [0])).toThrow(expect.objectContaining({ code: 'SVC_UNSUPPORTED' }));
  });
});

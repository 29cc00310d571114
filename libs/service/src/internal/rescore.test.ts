import { describe, expect, it } from 'vitest';
import { isSvcError } from '@svc/errors';
import { assertAgrees, checkBinaryAnswer, rescoreTolerance } from './rescore';
import { rescoreOptimize } from '../commands/optimize/rescore';
import { rescoreMaxcut } from '../commands/maxcut/rescore';

describe('rescore', () => {
  it('recomputes QUBO energy from the JSON terms, self-pairs counting once', () => {
    const p = { n: 3, linear: { '0': 1.5, '2': -2 }, quadratic: [[0, 1, 3], [1, 1, -1], [0, 2, 4]] as [number, number, number][] };
    expect(rescoreOptimize(p, [1, 1, 0])).toEqual({ value: 1.5 + 3 - 1, weightSum: 1.5 + 2 + 3 + 1 + 4 });
    expect(rescoreOptimize(p, [1, 0, 1]).value).toBe(1.5 - 2 + 4);
    expect(rescoreOptimize({ n: 2 }, [1, 1]).value).toBe(0);
  });

  it('recomputes cuts of explicit and complete graphs', () => {
    const p = { n: 4, edges: [[0, 1, 2], [1, 2, 3], [2, 3, -1], [0, 1, 1]] as [number, number, number][] };
    expect(rescoreMaxcut(p, [0, 1, 0, 0]).value).toBe(2 + 3 + 1);
    expect(rescoreMaxcut({ n: 5, complete: true }, [1, 1, 0, 0, 0])).toEqual({ value: 6, weightSum: 10 });
  });

  it('accepts agreement within 1e-9·(1+Σ|w|) and flags anything beyond as SVC_ENGINE_FAILURE', () => {
    const r = { value: 10, weightSum: 1e6 };
    const tol = rescoreTolerance(r.weightSum);
    expect(tol).toBeCloseTo(1e-9 * (1 + 1e6));
    expect(() => assertAgrees('energy', 10 + tol / 2, r)).not.toThrow();
    let err: unknown;
    try { assertAgrees('energy', 10 + tol * 2, r); } catch (e) { err = e; }
    expect(isSvcError(err) && err.code).toBe('SVC_ENGINE_FAILURE');
    expect(() => assertAgrees('energy', NaN, r)).toThrow(/re-score/);
  });

  it('checks the answer shape', () => {
    expect(() => checkBinaryAnswer([0, 1], 2)).not.toThrow();
    expect(() => checkBinaryAnswer([0, 1], 3)).toThrow(/length/);
    expect(() => checkBinaryAnswer([0, 2], 2)).toThrow(/entry 1/);
  });
});

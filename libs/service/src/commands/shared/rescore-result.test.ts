import { describe, expect, it } from 'vitest';
import type { BinaryResult, EngineResult } from '@svc/engine-ts';
import { rescoreOptimize } from '../optimize/rescore';
import { rescoreMaxcut } from '../maxcut/rescore';
import { rescoreResult } from './rescore-result';

const qubo = { n: 3, linear: { '0': -2, '1': 1 }, quadratic: [[0, 2, -1]] as [number, number, number][] };
const result = (over: Partial<BinaryResult>): EngineResult => ({
  kind: 'binary',
  answer: Uint8Array.from([1, 0, 1]),
  objective: -3,
  proof: null,
  stoppedAtDeadline: false,
  work: { iterations: 0, nodes: 0, restarts: 0 },
  engineMs: 1,
  ...over,
});
const base = { minimise: true, n: 3, rescore: (x: ArrayLike<number>) => rescoreOptimize(qubo, x), deadlineFired: false };

describe('rescoreResult', () => {
  it('accepts a correct heuristic answer and derives the gap from its bound', () => {
    expect(rescoreResult({ ...base, result: result({ bound: -4 }) })).toEqual({ proof: null, stoppedAtDeadline: false, bound: -4, gap: 1 / 3 });
    expect(rescoreResult({ ...base, result: result({ proof: 'exhaustive', bound: -4 }) })).toEqual({ proof: 'exhaustive', stoppedAtDeadline: false });
  });

  it('rejects a bound on the wrong side of the answer', () => {
    expect(() => rescoreResult({ ...base, result: result({ bound: -2 }) })).toThrow(/contradicts/);
    const cut = { n: 2, edges: [[0, 1, 5]] as [number, number, number][] };
    const ok = rescoreResult({ minimise: false, n: 2, rescore: (x) => rescoreMaxcut(cut, x), deadlineFired: false, result: result({ answer: Uint8Array.from([0, 1]), objective: 5, bound: 5 }) });
    expect(ok.gap).toBe(0);
    expect(() => rescoreResult({ minimise: false, n: 2, rescore: (x) => rescoreMaxcut(cut, x), deadlineFired: false, result: result({ answer: Uint8Array.from([0, 1]), objective: 5, bound: 4 }) })).toThrow(/contradicts/);
  });

  it('rejects an answer worse than the warm start', () => {
    expect(() => rescoreResult({ ...base, warmStart: Uint8Array.from([1, 0, 1]), result: result({ answer: Uint8Array.from([0, 0, 0]), objective: 0 }) })).toThrow(/warm start/);
  });

  it('never certifies a search cut short by the deadline', () => {
    expect(rescoreResult({ ...base, result: result({ proof: 'exhaustive', stoppedAtDeadline: true }) }).proof).toBeNull();
    expect(rescoreResult({ ...base, deadlineFired: true, result: result({}) }).stoppedAtDeadline).toBe(true);
    // An exact search that finished before the timer fired keeps its proof.
    expect(rescoreResult({ ...base, deadlineFired: true, result: result({ proof: 'exhaustive' }) })).toMatchObject({ proof: 'exhaustive', stoppedAtDeadline: false });
  });
});

import { describe, expect, it } from 'vitest';
import { svcErrorOf, validExample } from '../../test/fixtures';
import { LIMITS } from '../limits';
import { asymmetricRangeMax } from './tsp';
import { validateProblem } from '../validate-problem';

const open = { sandbox: false };
const body = (patch: Record<string, unknown> = {}) => ({ ...validExample('tsp'), ...patch });
const pts = (n: number) => Array.from({ length: n }, (_, i) => [i % 100, Math.floor(i / 100)]);

describe('tsp input', () => {
  it('accepts a symmetric integer matrix, or points with an optional TSPLIB metric', () => {
    expect(validateProblem('tsp', body(), open).n).toBe(4);
    const { matrix: _m, ...bare } = body();
    expect(validateProblem('tsp', { ...bare, n: 3, points: [[0, 0], [3, 4], [6, 0]] }, open).n).toBe(3);
    for (const metric of ['euc_2d', 'ceil_2d', 'att', 'geo']) expect(validateProblem('tsp', { ...bare, n: 2, points: [[0, 0], [1.5, 2]], metric }, open).n).toBe(2);
  });

  it('accepts an asymmetric matrix (one-way distances) within its range cap, refuses a wider one naming matrix', () => {
    expect(validateProblem('tsp', body({ n: 3, matrix: [[0, 1, 2], [5, 0, 3], [2, 3, 0]] }), open).n).toBe(3);
    expect(asymmetricRangeMax(3)).toBe(Math.floor((2 ** 52 - 12) / 36));
    const at = (n: number, hi: number) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : i < j ? hi : 0)));
    expect(validateProblem('tsp', body({ n: 100, matrix: at(100, asymmetricRangeMax(100)) }), open).n).toBe(100);
    const e = svcErrorOf(() => validateProblem('tsp', body({ n: 100, matrix: at(100, asymmetricRangeMax(100) + 1) }), open));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.detail).toContain('matrix');
    expect(e.detail).toContain('asymmetric');
    // A symmetric matrix keeps the full safe-integer range.
    const wide = [[0, 2 ** 52, -(2 ** 52)], [2 ** 52, 0, 7], [-(2 ** 52), 7, 0]];
    expect(validateProblem('tsp', body({ n: 3, matrix: wide }), open).n).toBe(3);
  });

  it('refuses both or neither input, a metric with a matrix, bad points, unknown metrics', () => {
    const { matrix: _m, ...bare } = body();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ matrix: [[0, 1.5], [1.5, 0]], n: 2 }, ['matrix']],
      [{ points: [[0, 0], [1, 1]] }, ['either matrix or points']],
      [{ metric: 'att' }, ['metric applies to points']],
      [{ matrix: [[0]], n: 1 }, ['at least 2']],
    ];
    for (const [patch, words] of cases) {
      const e = svcErrorOf(() => validateProblem('tsp', body(patch), open));
      expect(e.code, JSON.stringify(patch)).toBe('SVC_INVALID_INPUT');
      for (const w of words) expect(e.detail, JSON.stringify(patch)).toContain(w);
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ n: 2, points: [[0, 0], [1]] }, 'points'],
      [{ n: 2, points: [[0, 0], [1, 'x']] }, 'points'],
      [{ n: 2, points: [[0, 0], [1, 1]], metric: 'manhattan' }, 'metric'],
      [{ n: 3 }, 'matrix'],
      [{ n: 1, points: [[0, 0]] }, 'points'],
    ];
    for (const [patch, field] of bad) {
      const e = svcErrorOf(() => validateProblem('tsp', { ...bare, ...patch }, open));
      expect(e.code, JSON.stringify(patch)).toBe('SVC_INVALID_INPUT');
      expect(e.detail, JSON.stringify(patch)).toContain(field);
    }
  });

  it('more points than the cap is SVC_DIMENSION_LIMIT naming points', () => {
    const { matrix: _m, ...bare } = body();
    const e = svcErrorOf(() => validateProblem('tsp', { ...bare, n: LIMITS.maxTspPoints + 1, points: pts(LIMITS.maxTspPoints + 1) }, open));
    expect(e.code).toBe('SVC_DIMENSION_LIMIT');
    expect(e.facts.reduce_problem_size).toMatchObject({ max_n: LIMITS.maxTspPoints, limit: 'points' });
  });
});

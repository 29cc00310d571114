import { describe, expect, it } from 'vitest';
import { validateProblem } from '@svc/contracts';
import { isSvcError } from '@svc/errors';
import type { EngineResult, NumericResult } from '@svc/engine-ts';
import { randomChains, randomCloud, sampledGrid } from '@svc/engine-ts/families/world/testing';
import { CHECKERS, MODULES } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { numericCertainty } from '../shared/numeric-certainty';

const DESCRIPTION = 'Work out where the robot arm and the drones are.';
const { prepare, run } = adapterHarness(DESCRIPTION);
const check = (b: Record<string, unknown>, answer: unknown, declared: Record<string, unknown> | null) => {
  const v = validateProblem('world', { tag: TAG, description: DESCRIPTION, ...b }, { sandbox: false });
  return CHECKERS.world!.check({ v, prep: prepare('world', b), answer, declared });
};
const invalid = (b: Record<string, unknown>): string => {
  try {
    validateProblem('world', { tag: TAG, description: DESCRIPTION, ...b }, { sandbox: false });
  } catch (e) {
    return isSvcError(e) ? `${e.code}: ${e.detail}` : String(e);
  }
  return 'valid';
};

describe('world contract', () => {
  it('refuses fields of another op, points outside the grid (naming them), k over the points, poses out of order', () => {
    expect(invalid({ op: 'kinematics', links: [{ length: 1, angle: 0 }], grid: [[0, 0], [0, 0]] })).toMatch(/SVC_INVALID_INPUT: grid: grid does not apply to op "kinematics"/);
    expect(invalid({ op: 'terrain', grid: [[0, 1], [2, 3]], cell: 2, points: [[1, 1], [2.5, 1]] })).toMatch(/points\[1\]: \[2.5, 1\] is outside the grid \(x in \[0, 2\], y in \[0, 2\]\)/);
    expect(invalid({ op: 'terrain', grid: [[0, 1], [2, 3]], cell: [1, -1], points: [[0, 0]] })).toMatch(/cell/);
    expect(invalid({ op: 'neighbors', points: [[0, 0], [1, 1]], queries: [[0, 0]], k: 3 })).toMatch(/k = 3 is more than the 2 points/);
    expect(invalid({ op: 'neighbors', points: [[0, 0], [1]], queries: [[0, 0]] })).toMatch(/points\[1\]/);
    expect(invalid({ op: 'neighbors', points: [[0, 0]], queries: [[0, 0, 1]] })).toMatch(/queries\[0\]/);
    expect(invalid({ op: 'predict', poses: [{ t: 1, x: 0, y: 0 }, { t: 1, x: 1, y: 0 }], at: 2 })).toMatch(/times must increase/);
    expect(invalid({ op: 'predict', poses: [{ t: 0, x: 0, y: 0, theta: 1 }, { t: 1, x: 1, y: 0 }], at: 2 })).toMatch(/theta must be on every pose/);
    expect(invalid({ op: 'predict', poses: [{ t: 0, x: 0, y: 0 }, { t: 1, x: 1, y: 0 }], at: 2, model: 'acceleration' })).toMatch(/needs 3 poses/);
    expect(invalid({ op: 'kinematics', links: [{ length: 1, angle: 0 }], dh: [{ a: 1, alpha: 0, d: 0, theta: 0 }] })).toMatch(/not both/);
    expect(invalid({ op: 'kinematics', dh: [{ a: 1, alpha: 0, d: 0, theta: 0 }], base: { x: 0, y: 0 } })).toMatch(/base applies to a planar chain/);
    expect(invalid({ op: 'neighbors', points: [[0]], queries: [[0]], n: 2 })).toMatch(/n \(2\) disagrees/);
    expect(invalid({ op: 'neighbors', points: Array.from({ length: 3 }, () => [0, 0, 0, 0, 0, 0, 0, 0, 0]), queries: [[0, 0, 0, 0, 0, 0, 0, 0, 0]] })).toMatch(/1\.\.8 coordinates/);
  });
});

describe('world through the service adapter', () => {
  it('every op: the answer fields, the certainty with the engine\'s round-off bound, the re-check passes', () => {
    const { links, dh } = randomChains(4, 9);
    const grid = sampledGrid(5, 6, 0.5, 0.5, 1, 1, (x, y) => x * y - x);
    const bodies: Record<string, unknown>[] = [
      { op: 'kinematics', links, base: { x: 1, y: 2, theta: 0.1 } },
      { op: 'kinematics', dh },
      { op: 'terrain', grid, cell: 0.5, origin: [1, 1], points: [[1, 1], [2.2, 2.9], [3.5, 3]] },
      { op: 'neighbors', points: randomCloud(1, 300, 3, { duplicates: 0.1 }), queries: randomCloud(2, 50, 3), k: 4 },
      { op: 'predict', poses: [{ t: 0, x: 0, y: 1, z: 2, theta: 3 }, { t: 0.5, x: 1, y: 1, z: 2, theta: -3 }, { t: 1.5, x: 2, y: 0, z: 1, theta: -2.5 }], at: 2 },
    ];
    for (const b of bodies) {
      const { done } = run('world', b);
      const f = done.fields as Record<string, any>;
      expect(done.certainty).toBe(numericCertainty(f.tolerance));
      expect(f.op).toBe(b.op);
      expect(f.tolerance).toBeGreaterThan(0);
      const ok = check(b, f.answer, { ...f, certainty: done.certainty });
      expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
      expect(Math.abs((ok.objective as number) - f.objective)).toBeLessThan(1e-9 * (1 + Math.abs(f.objective)));
    }
    const p = run('world', bodies[4]).done.fields as Record<string, any>;
    expect(Object.keys(p.answer).sort()).toEqual(['theta', 'x', 'y', 'z']);
    expect(p.model).toBe('acceleration');
    expect(p.acceleration).toBeDefined();
  });

  it('never trusts the engine: a moved pose, height, index, distance, objective or tolerance is SVC_ENGINE_FAILURE', () => {
    const cases: [Record<string, unknown>, (r: NumericResult) => Partial<NumericResult>, RegExp][] = [
      [{ op: 'kinematics', links: [{ length: 1, angle: 0.3 }, { length: 2, angle: -1 }] }, (r) => ({ answer: r.answer.map((x, i) => (i === 7 ? x + 1e-6 : x)) }), /re-check disagrees/],
      [{ op: 'terrain', grid: [[0, 1], [2, 3]], cell: 1, points: [[0.5, 0.5]] }, (r) => ({ answer: r.answer.map((x, i) => (i === 0 ? x + 1e-6 : x)) }), /re-check disagrees/],
      [{ op: 'neighbors', points: [[0], [1], [2], [3]], queries: [[1.2]], k: 2 }, () => ({ ints: Int32Array.of(2, 1) }), /is not after entry 0/],
      [{ op: 'neighbors', points: [[0], [1], [2], [3]], queries: [[1.2]], k: 2 }, () => ({ ints: Int32Array.of(1, 3) }), /to point 3|brute-force nearest/],
      [{ op: 'neighbors', points: [[0], [1], [2], [3]], queries: [[1.2]], k: 2 }, (r) => ({ answer: r.answer.map((x) => x + 1e-9) }), /distance/],
      [{ op: 'predict', poses: [{ t: 0, x: 0, y: 0 }, { t: 1, x: 9, y: 0 }, { t: 2, x: 16, y: 0 }], at: 3 }, (r) => ({ objective: r.objective + 1e-6 }), /objective/],
      [{ op: 'predict', poses: [{ t: 0, x: 0, y: 0 }, { t: 1, x: 9, y: 0 }], at: 3 }, () => ({ extras: { tolerance: -1 } }), /finite bound/],
      [{ op: 'predict', poses: [{ t: 0, x: 0, y: 0 }, { t: 1, x: 9, y: 0 }], at: 3 }, (r) => ({ answer: r.answer.subarray(0, 4) }), /expected 12/],
    ];
    for (const [b, patch, why] of cases) {
      const { prep, r } = run('world', b);
      const good = r as NumericResult;
      expect(engineFailure(() => prep.finish({ ...good, ...patch(good) } as EngineResult, { deadlineFired: false })), JSON.stringify(b)).toMatch(why);
    }
  });

  it('verify: a caller\'s poses, heights, neighbours and prediction are recomputed; wrong ones fail', () => {
    const arm = { op: 'kinematics', links: [{ length: 3, angle: 0 }, { length: 4, angle: Math.PI / 2 }] };
    const bad = (b: Record<string, unknown>, a: unknown, d: Record<string, unknown> | null = null) => check(b, a, d).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(arm, [{ x: 0, y: 0, theta: 0 }, { x: 3, y: 0, theta: 0 }, { x: 3, y: 4, theta: Math.PI / 2 }])).toEqual([]);
    expect(bad(arm, [{ x: 0, y: 0, theta: 0 }, { x: 3, y: 0, theta: 0 }, { x: 3, y: 4.5, theta: Math.PI / 2 }])).toEqual(['recomputed', 'links_recovered']);
    expect(bad(arm, 'nonsense')).toEqual(['answer_shape']);
    const nb = { op: 'neighbors', points: [[0, 0], [1, 0], [1, 0], [5, 5]], queries: [[1, 0.1]], k: 2 };
    expect(bad(nb, [[1, 2]])).toEqual([]);
    expect(bad(nb, [[2, 1]])).toEqual(['sorted', 'exact']);
    expect(bad(nb, [[1, 3]])).toEqual(['exact']);
    expect(bad(nb, [[1, 2]], { distances: [[0.1, 0.2]] })).toEqual(['distances']);
    expect(bad(nb, [[1]])).toEqual(['answer_shape']);
    const cart = { op: 'predict', poses: [{ t: 0, x: 0, y: 0 }, { t: 1, x: 9, y: 0 }, { t: 2, x: 16, y: 0 }], at: 3 };
    expect(bad(cart, { x: 21, y: 0 }, { velocity: { x: 4, y: 0 }, acceleration: { x: -2, y: 0 } })).toEqual([]);
    expect(bad(cart, { x: 23, y: 0 }, { velocity: { x: 4, y: 0 }, acceleration: { x: -2, y: 0 } })).toEqual(['recomputed']);
  });

  it('the module examples state what both engines answer', () => {
    for (const ex of MODULES.world!.examples) {
      const { done } = run('world', ex.problem as Record<string, unknown>, ex.query);
      expect(Math.abs((done.fields.objective as number) - Number(ex.expected.value)), ex.id).toBeLessThanOrEqual(ex.expected.tolerance!);
      expect(done.certainty, ex.id).toBe(ex.expected.certainty);
    }
  });
});

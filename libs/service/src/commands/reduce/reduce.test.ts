import { describe, expect, it } from 'vitest';
import { CERTAINTY } from '@svc/contracts';
import { decimalBytes, type ReduceResult } from '@svc/engine-ts/families/reduce';
import { basisJson, knapsackBasis, plainReducedFailure, uniformBasis } from '@svc/engine-ts/families/reduce/testing';
import { createNativeEngine, loadNativeAddon } from '@svc/engine-native';
import { adapterHarness, engineFailure } from '../../../test/adapters';
import { inputBasis, RECHECK_MAX_WORK, recheckWork } from './rescore';

const DESCRIPTION = 'Reduce a lattice basis to find short vectors for a cryptanalysis exercise.';
const { prepare, run, check } = adapterHarness(DESCRIPTION);
const ok = (r: { checks: { name: string; ok: boolean }[] }) => r.checks.every((c) => c.ok);
const failed = (r: { checks: { name: string; ok: boolean }[] }) => r.checks.filter((c) => !c.ok).map((c) => c.name);

describe('reduce through the service adapter', () => {
  it('answers the reduced basis as strings, the rank, the shortest norm (exact squared) and the exact label', () => {
    const { done } = run('reduce', { basis: [[1, 1, 1], [-1, 0, 2], [3, 5, 6]], delta: 0.75 });
    expect(done).toMatchObject({
      fields: { answer: [['0', '1', '0'], ['1', '0', '1'], ['-1', '0', '2']], rank: 3, shortest_norm: 1, shortest_norm_squared: '1', shortest_index: 0, delta: 0.75, reduced: true },
      proof: null, certainty: CERTAINTY.operationExact,
    });
    const dep = run('reduce', { basis: [[2, 4], [3, 6], ['1' + '0'.repeat(120), '2' + '0'.repeat(120)]] }).done.fields;
    expect(dep.rank).toBe(1);
    expect((dep.answer as string[][]).slice(0, 2)).toEqual([['0', '0'], ['0', '0']]);
    expect(dep.shortest_norm_squared).toBe('5');
    expect(dep.shortest_norm).toBeCloseTo(Math.sqrt(5), 14);
  });

  it('big entries (100+ digit strings): the answer checks by plain fractions and by POST /verify', () => {
    const b = knapsackBasis(11, 8, 400);
    const { done } = run('reduce', { basis: basisJson(b) });
    const answer = done.fields.answer as string[][];
    expect(plainReducedFailure(answer.map((r) => r.map(BigInt)), 0.99)).toBeNull();
    expect(ok(check('reduce', { basis: basisJson(b) }, answer, done.fields))).toBe(true);
  });

  it('verify accepts any LLL-reduced basis of the lattice and refuses another lattice or an unreduced basis', () => {
    const body = { basis: [[1, 0], [7, 5]], delta: 0.99 };
    expect(ok(check('reduce', body, [['1', '0'], ['0', '5']]))).toBe(true);
    expect(ok(check('reduce', body, [[-1, 0], [0, -5]]))).toBe(true); // signs differ: still valid
    expect(failed(check('reduce', body, [['1', '0'], ['0', '10']]))).toEqual(['same_lattice']); // index 2
    expect(failed(check('reduce', body, [['1', '0'], ['1', '5']]))).toEqual(['lll_reduced']); // same lattice, |mu| = 1
    expect(failed(check('reduce', body, [['2', '0'], ['0', '5']]))).toEqual(['same_lattice']);
    expect(failed(check('reduce', body, [['1', '0']]))).toEqual(['answer_shape']);
    expect(failed(check('reduce', body, [['1', '0'], ['0', 5.5]]))).toEqual(['answer_shape']);
    expect(failed(check('reduce', body, [['1', '0'], ['0', '5']], { shortest_norm_squared: '4', rank: 2 }))).toEqual(['shortest_norm_squared']);
    const dep = { basis: [[2, 4], [3, 6]] };
    expect(ok(check('reduce', dep, [[0, 0], [-1, -2]]))).toBe(true);
    expect(failed(check('reduce', dep, [[0, 0], [2, 4]]))).toEqual(['same_lattice']);
    expect(failed(check('reduce', dep, [[1, 2], [0, 0]]))).toEqual(['lll_reduced']);
  });

  it('random bases of both engines pass verify; the two engines may differ, both valid', async () => {
    const native = createNativeEngine();
    let nativeRuns = 0;
    for (let seed = 1; seed <= 4; seed++) {
      for (const b of [knapsackBasis(seed, 12, 90), uniformBasis(seed, 7, 16)]) {
        const body = { basis: basisJson(b, true) };
        const ts = run('reduce', body).done.fields;
        expect(ok(check('reduce', body, ts.answer, ts))).toBe(true);
        if (native === null || !native.supports('reduce')) continue;
        const prep = prepare('reduce', body);
        const r = await native.solve({ command: 'reduce', problem: prep.problem, effort: 'medium', seed: 0 }, { flag: new Int32Array(new SharedArrayBuffer(4)) });
        const nat = prep.finish(r, { deadlineFired: false }).fields;
        nativeRuns++;
        expect(ok(check('reduce', body, nat.answer, nat))).toBe(true);
      }
    }
    // Where the addon was built with fplll, the native engine answered too.
    if (loadNativeAddon().addon?.commands().includes('reduce')) expect(nativeRuns).toBe(8);
  }, 120_000);

  it('bounds the thread’s own exact re-check by size: a solve above RECHECK_MAX_WORK stands on the engine’s check, verify answers 422', () => {
    // 90 × 90 identity (already reduced): 90³ · (1 + 900)² ≈ 5.9e11 > 4e11; 80 × 80 (3.3e11) is re-checked.
    const identity = (d: number) => Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? 1 : 0)));
    expect(recheckWork(inputBasis(identity(80)))).toBeLessThanOrEqual(RECHECK_MAX_WORK);
    expect(recheckWork(inputBasis(identity(90)))).toBeGreaterThan(RECHECK_MAX_WORK);
    const big = run('reduce', { basis: identity(90) }).done.fields;
    expect([big.rank, big.shortest_norm_squared, big.reduced]).toEqual([90, '1', true]);
    let code = '';
    try {
      check('reduce', { basis: identity(90) }, big.answer);
    } catch (e) {
      code = (e as { code?: string }).code ?? String(e);
    }
    expect(code).toBe('SVC_DIMENSION_LIMIT');
    expect(ok(check('reduce', { basis: identity(80) }, run('reduce', { basis: identity(80) }).done.fields.answer))).toBe(true);
  });

  it('refuses an engine that lies: another lattice, a wrong transform, an unreduced basis, malformed text', () => {
    const { prep, r } = run('reduce', { basis: [[1, 0], [7, 5]] });
    const finish = (text: string) => () => prep.finish({ ...r, answer: decimalBytes(text) } as ReduceResult, { deadlineFired: false });
    expect(() => finish('1 0\n0 5;1 0\n-7 1;1 0\n7 1')()).not.toThrow();
    expect(engineFailure(finish('1 0\n0 10;1 0\n-7 1;1 0\n7 1'))).toMatch(/not a basis of the input lattice/);
    expect(engineFailure(finish('1 0\n7 5;1 0\n0 1;1 0\n0 1'))).toMatch(/not LLL-reduced/);
    expect(engineFailure(finish('1 0\n0 5;1 0\n-7 1'))).toMatch(/malformed/);
    expect(engineFailure(() => prep.finish({ ...r, kind: 'binary' } as never, { deadlineFired: false }))).toMatch(/binary/);
  });
});

describe('reduce reference: the lattice\'s shortest vector by enumeration', () => {
  it('is λ1² on hand lattices and never above the first LLL vector on random ones', async () => {
    const { shortestByEnumeration } = await import('./check-answer');
    expect(shortestByEnumeration([[1n, 1n, 1n], [-1n, 0n, 2n], [3n, 5n, 6n]])).toBe(1n);
    expect(shortestByEnumeration([[1n, 0n], [7n, 5n]])).toBe(1n);
    // a·(5,0) + b·(3,4) = (5a + 3b, 4b): b = 1, a = −1 gives (−2, 4), 20; b = 0 gives 25; |b| ≥ 2 at least 64.
    expect(shortestByEnumeration([[5n, 0n], [3n, 4n]])).toBe(20n);
    expect(shortestByEnumeration([[2n, 4n], [3n, 6n]])).toBeNull(); // dependent: no reference
    for (let seed = 1; seed <= 5; seed++) {
      const b = uniformBasis(seed, 5, 8);
      const lll = run('reduce', { basis: basisJson(b, true) }).done.fields;
      const l1 = shortestByEnumeration(b)!;
      expect(l1 <= BigInt(lll.shortest_norm_squared as string)).toBe(true);
      // Plain box search over coefficients −3..3 never finds anything shorter than λ1.
      let box = -1n;
      const c = [0, 0, 0, 0, 0];
      const walk = (k: number): void => {
        if (k === 5) {
          if (c.every((x) => x === 0)) return;
          const v = b[0].map((_, t) => c.reduce((s, x, i) => s + BigInt(x) * b[i][t], 0n));
          const sq = v.reduce((s, x) => s + x * x, 0n);
          if (box < 0n || sq < box) box = sq;
          return;
        }
        for (let x = -3; x <= 3; x++) { c[k] = x; walk(k + 1); }
      };
      walk(0);
      expect(l1 <= box).toBe(true);
    }
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { CERTAINTY, validateProblem } from '@svc/contracts';
import { isSvcError } from '@svc/errors';
import { LATEST_BUDGET_MODEL, type EngineResult } from '@svc/engine-ts';
import { bruteXorsat, plainRankXorsat, randomXorsat, sparseXorsat } from '@svc/engine-ts/families/xorsat/testing';
import { nativeOrFail } from '@svc/engine-native/testing';
import { CHECKERS, sureCertificateOf } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { closeServices, makeService } from '../../../test/services';
import { recheckable } from './rescore';

const DESCRIPTION = 'Set the switches so that the parity checks hold.';
const { prepare, run } = adapterHarness(DESCRIPTION);
type Body = { n: number; equations: { vars: number[]; rhs: number }[] };

const check = (b: Body, answer: unknown, declared: Record<string, unknown> | null) => {
  const v = validateProblem('xorsat', { tag: TAG, description: DESCRIPTION, ...b }, { sandbox: false });
  return CHECKERS.xorsat!.check({ v, prep: prepare('xorsat', b), answer, declared });
};

describe('xorsat through the service adapter', () => {
  it('violations, rank and solutions equal brute force over the JSON; certified on both sides of consistency', () => {
    for (let s = 0; s < 60; s++) {
      const b: Body = randomXorsat(s, 1 + (s % 10), 1 + (s % 13), 1 + (s % 4), s % 2 === 0);
      const brute = bruteXorsat(b);
      const { done } = run('xorsat', b, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      expect(done.proof, `seed ${s}`).not.toBeNull();
      expect(done.fields.violations, `seed ${s}`).toBe(brute.violations);
      expect(done.fields.rank, `seed ${s}`).toBe(brute.rank);
      expect(done.fields.solutions, `seed ${s}`).toBe(String(brute.solutions));
      expect(done.fields.satisfied).toBe(brute.violations === 0);
      expect(done.certainty).toBeUndefined(); // the standard certified text
    }
  });

  it('solutions beyond 2^53 stay exact', () => {
    const { done } = run('xorsat', { n: 100, equations: [{ vars: [0, 1], rhs: 1 }] });
    expect(done.fields.solutions).toBe((2n ** 99n).toString());
  });

  it('a system past the service\'s own elimination: rank and consistency come from the engine, checked against the answer', () => {
    // Half as many equations of 3-5 variables as variables: everything peels, each equation adds 1 to the rank.
    const b: Body = sparseXorsat(3, 20_000, 10_000, 3, 5, true);
    expect(recheckable(b)).toBe(false);
    const { done } = run('xorsat', b, { effort: 'flash' });
    expect([done.fields.violations, done.proof, done.fields.rank]).toEqual([0, 'exhaustive', 10_000]);
    expect(done.fields.solutions).toBe((1n << 10_000n).toString());
  });

  it('rejects an engine answer whose violations, shape, rank or consistency are wrong, or that certifies violations on a consistent system', () => {
    const b: Body = { n: 3, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [1, 2], rhs: 0 }] };
    const { prep, r } = run('xorsat', b);
    const finish = (x: Partial<EngineResult>) => () => prep.finish({ ...r, ...x } as EngineResult, { deadlineFired: false });
    expect(engineFailure(finish({ objective: 1 }))).toMatch(/re-score/);
    expect(engineFailure(finish({ answer: Uint8Array.from([1, 1]) }))).toMatch(/expected 3/);
    expect(engineFailure(finish({ answer: Uint8Array.from([1, 1, 1]), objective: 1 }))).toMatch(/consistent system/);
    expect(engineFailure(finish({ rank: 1 } as Partial<EngineResult>))).toMatch(/service's elimination 2/);
    expect(engineFailure(finish({ rank: 9 } as Partial<EngineResult>))).toMatch(/not in 0\.\.min/);
    expect(engineFailure(finish({ consistent: false } as Partial<EngineResult>))).toMatch(/says otherwise/);
    expect(engineFailure(finish({ kind: 'labels' } as Partial<EngineResult>))).toMatch(/labels result for xorsat/);
    // Rank unknown (a stopped elimination) on a small system: the service's own.
    const stopped = prep.finish({ ...r, proof: null, rank: null, consistent: null } as EngineResult, { deadlineFired: true });
    expect([stopped.fields.rank, stopped.fields.solutions, stopped.proof]).toEqual([2, '2', null]);
  });

  it('a system whose dense part would be over 2^31 bits is SVC_DIMENSION_LIMIT before any engine runs', () => {
    // 60,000 equations of 40 random variables over 60,000: nothing peels, the dense core is 3.6e9 bits.
    const big: Body = sparseXorsat(1, 60_000, 60_000, 40, 40, false);
    let code = '';
    try {
      prepare('xorsat', big);
    } catch (e) {
      code = isSvcError(e) ? e.code : String(e);
    }
    expect(code).toBe('SVC_DIMENSION_LIMIT');
  });

  it('verify: a right answer passes; wrong violations, satisfied, rank, solutions or a false certificate fail', () => {
    const b: Body = { n: 4, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [1, 2], rhs: 0 }, { vars: [0, 2], rhs: 1 }] };
    const { done } = run('xorsat', b);
    const answer = done.fields.answer as number[];
    const ok = check(b, answer, { ...done.fields, certainty: CERTAINTY.certified });
    expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
    const bad = (a: unknown, declared: Record<string, unknown> | null = null) => check(b, a, declared).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad([0, 1])).toEqual(['answer_shape']);
    expect(bad(answer, { violations: 1 })).toEqual(['declared_objective']);
    expect(bad(answer, { satisfied: false, rank: 3, solutions: '1' })).toEqual(['satisfied', 'rank', 'solutions']);
    expect(bad([0, 0, 0, 0], { certainty: CERTAINTY.certified })).toEqual(['certified_consistent', 'certified_optimum']);
  });

  it('the estimate promises a certificate up to the walk\'s rank, or the syndrome search\'s equations', () => {
    const sure = (n: number, m = 1) => sureCertificateOf('xorsat', prepare('xorsat', { n, equations: Array.from({ length: m }, () => ({ vars: [0], rhs: 1 })) }), 'flash', LATEST_BUDGET_MODEL);
    expect(sure(16)).not.toBeNull();
    expect(sure(17, 16)).not.toBeNull();
    expect(sure(17, 17)).toBeNull();
  });
});

describe('xorsat through the service on each engine', () => {
  afterAll(closeServices);
  const engines = nativeOrFail('POST /solve/xorsat on the native engine') ? (['ts', 'native'] as const) : (['ts'] as const);
  for (const engine of engines) {
    it(`POST /solve/xorsat on the ${engine} engine: the envelope names it, certified values match brute force and plain elimination`, async () => {
      const svc = await makeService({ engine });
      const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.29' });
      for (let s = 0; s < 8; s++) {
        const b: Body = randomXorsat(40 + s, 3 + s, 4 + 2 * s, 3, s % 2 === 0);
        const env = await svc.solve('xorsat', { tag: TAG, description: DESCRIPTION, ...b }, { principal: me, query: { seed: String(s) } });
        expect(env.engine).toBe(engine);
        const brute = bruteXorsat(b);
        expect(env.violations).toBe(brute.violations);
        expect(env.rank).toBe(brute.rank);
        expect(env.solutions).toBe(String(brute.solutions));
        expect(env.certainty).toBe(CERTAINTY.certified);
      }
      // A sparse 5,000-variable system: peeled and eliminated lazily.
      const big: Body = sparseXorsat(9, 5_000, 4_800, 3, 5, true);
      const env = await svc.solve('xorsat', { tag: TAG, description: DESCRIPTION, ...big }, { principal: me, query: { effort: 'flash' } });
      expect([env.violations, env.certainty, env.rank]).toEqual([0, CERTAINTY.certified, plainRankXorsat(big).rank]);
    }, 120_000);
  }
});

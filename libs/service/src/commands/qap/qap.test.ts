import { describe, expect, it } from 'vitest';
import { CERTAINTY, validateProblem } from '@svc/contracts';
import { LATEST_BUDGET_MODEL, type EngineResult } from '@svc/engine-ts';
import { CHECKERS, sureCertificateOf } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { lcg } from '../../../test/brute-force';

const DESCRIPTION = 'Place the departments in rooms to minimise walking.';
const { prepare, run } = adapterHarness(DESCRIPTION);

function body(n: number, seed: number): { n: number; flow: number[][]; dist: number[][] } {
  const r = lcg(seed);
  const m = (symmetric: boolean, lo: number) => {
    const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) for (let j = symmetric ? i : 0; j < n; j++) {
      const v = Math.round((lo + r() * 20) * 4) / 4;
      a[i][j] = v;
      if (symmetric) a[j][i] = v;
    }
    return a;
  };
  return { n, flow: m(seed % 2 === 0, seed % 3 === 0 ? -5 : 0), dist: m(seed % 2 === 0, 0) };
}

function brute(b: ReturnType<typeof body>): number {
  let best = Infinity;
  const rec = (perm: number[], left: number[]): void => {
    if (left.length === 0) {
      let c = 0;
      for (let i = 0; i < b.n; i++) for (let j = 0; j < b.n; j++) c += b.flow[i][j] * b.dist[perm[i]][perm[j]];
      best = Math.min(best, c);
    }
    for (let i = 0; i < left.length; i++) rec([...perm, left[i]], [...left.slice(0, i), ...left.slice(i + 1)]);
  };
  rec([], [...Array(b.n).keys()]);
  return best;
}

const check = (b: Record<string, unknown>, answer: unknown, declared: Record<string, unknown> | null) => {
  const v = validateProblem('qap', { tag: TAG, description: DESCRIPTION, ...b }, { sandbox: false });
  return CHECKERS.qap!.check({ v, prep: prepare('qap', b), answer, declared });
};

describe('qap through the service adapter', () => {
  it('certified costs equal brute force over the JSON (symmetric, asymmetric, negative flows, quarters)', () => {
    for (let s = 0; s < 30; s++) {
      const n = 1 + (s % 7);
      const b = body(n, s);
      const { done } = run('qap', b, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      expect(done.proof, `seed ${s}`).not.toBeNull();
      expect(Math.abs((done.fields.cost as number) - brute(b))).toBeLessThan(1e-9 * (1 + Math.abs(brute(b))));
      expect([...(done.fields.answer as number[])].sort((x, y) => x - y)).toEqual([...Array(n).keys()]);
    }
  });

  it('a heuristic answer carries a bound below it', () => {
    const { done } = run('qap', body(20, 4), { effort: 'flash' });
    expect(done.proof).toBeNull();
    expect(done.bound!).toBeLessThanOrEqual(done.fields.cost as number);
    expect(done.gap!).toBeGreaterThanOrEqual(0);
  });

  it('rejects an engine answer that is not a permutation, or whose cost or bound is wrong', () => {
    const b = body(6, 8);
    const { prep, r } = run('qap', b);
    const finish = (x: Partial<EngineResult>) => () => prep.finish({ ...r, ...x } as EngineResult, { deadlineFired: false });
    expect(engineFailure(finish({ objective: r.objective + 1 }))).toMatch(/re-score/);
    expect(engineFailure(finish({ answer: Int32Array.from([0, 1, 2, 3, 4, 4]) }))).toMatch(/twice/);
    expect(engineFailure(finish({ answer: Int32Array.from([0, 1]) }))).toMatch(/expected 6/);
    expect(engineFailure(finish({ kind: 'binary' } as Partial<EngineResult>))).toMatch(/binary result for qap/);
    expect(engineFailure(finish({ proof: null, bound: r.objective + 1000 }))).toMatch(/bound/);
  });

  it('verify: a right assignment passes; a wrong shape, cost, bound or certified claim fails', () => {
    const b = body(6, 10);
    const { done } = run('qap', b);
    const perm = done.fields.answer as number[];
    const cost = done.fields.cost as number;
    const ok = check(b, perm, { cost, certainty: CERTAINTY.certified });
    expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
    expect(ok.checks.map((c) => c.name)).toContain('certified_optimum');
    const bad = (a: unknown, declared: Record<string, unknown> | null = null) => check(b, a, declared).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(perm.slice(1))).toEqual(['answer_shape']);
    expect(bad([...perm.slice(1), perm[1]])).toEqual(['answer_shape']);
    expect(bad(perm, { cost: cost + 1 })).toEqual(['declared_objective']);
    expect(bad(perm, { bound: cost + 1000 })).toEqual(['bound']);
    const worse = [...perm].reverse();
    if (check(b, worse, null).objective! > cost + 1e-6) expect(bad(worse, { certainty: CERTAINTY.certified })).toEqual(['certified_optimum']);
  });

  it('the estimate promises a certificate up to 8 facilities', () => {
    expect(sureCertificateOf('qap', prepare('qap', body(8, 1)), 'flash', LATEST_BUDGET_MODEL)).not.toBeNull();
    expect(sureCertificateOf('qap', prepare('qap', body(9, 1)), 'flash', LATEST_BUDGET_MODEL)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createTsEngine, type CanonicalProblem, type EngineRequest, type ExactMethod } from '@svc/engine-ts';
import { randomMaxcut, randomQubo } from '@svc/engine-ts/families/qubo/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';


function req(p: CanonicalProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: p.kind === 'qubo' ? 'optimize' : 'maxcut', problem: p, effort: 'medium', seed: 0, ...extra };
}

describeNative('exact methods: native and ts do the same work', () => {
  const ts = createTsEngine();

  it('same proofs, objectives, bounds and node counts on 72 requests (n = 8..43, every method)', { timeout: 120_000 }, async () => {
    const native = createNativeEngine()!;
    const methods: ExactMethod[] = ['auto', 'branch_and_bound', 'heuristic'];
    let certifiedByBnb = 0;
    for (let s = 0; s < 24; s++) {
      const n = 8 + ((s * 5) % 36);
      const p: CanonicalProblem = s % 2 === 0
        ? randomQubo(9000 + s, n, { density: 0.5, weights: s % 4 === 0 ? 'real' : 'int' })
        : randomMaxcut(9100 + s, n, { density: 0.4, weights: (['unit', 'pm1', 'real'] as const)[s % 3] });
      for (const exactMethod of methods) {
        const r = req(p, { effort: (['flash', 'medium', 'high'] as const)[s % 3], seed: s, exactMethod });
        const [a, b] = await Promise.all([native.solve(r), ts.solve(r)]);
        expect(a.proof, `${s} ${exactMethod}`).toBe(b.proof);
        expect(a.objective, `${s} ${exactMethod}`).toBe(b.objective);
        expect(a.bound, `${s} ${exactMethod}`).toBe(b.bound);
        expect(a.work, `${s} ${exactMethod}`).toEqual(b.work);
        if (a.proof === 'branch_and_bound') certifiedByBnb++;
      }
    }
    expect(certifiedByBnb).toBeGreaterThan(24);
  });

  it('the facade passes the exact budget and method through in the qubo family budget; bad methods are refused', () => {
    const p = randomQubo(1, 30, { density: 0.5 });
    const { options } = prepare(req(p, { effort: 'high', exactMethod: 'branch_and_bound' }));
    expect(options.family).toMatchObject({
      exact: { bnbMaxN: expect.any(Number), bnbWork: expect.any(Number), boundWork: expect.any(Number) },
      exactMethod: 'branch_and_bound',
    });
    expect(prepare(req(randomMaxcut(2, 9, { density: 0.5 }))).options.family).toMatchObject({ exact: expect.any(Object), exactMethod: 'auto' });
    expect(() => prepare(req(p, { exactMethod: 'magic' as never }))).toThrow(/exactMethod/);
  });
});

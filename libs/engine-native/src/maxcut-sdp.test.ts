// The max-cut SDP bound (core/qubo/sdp_bound.cc, engine-ts families/qubo/sdp-bound.ts): both
// engines compute it operation for operation alike, so they report the same bound.
import { expect, it } from 'vitest';
import { createTsEngine, type EngineRequest } from '@svc/engine-ts';
import { randomMaxcut } from '@svc/engine-ts/families/qubo/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

describeNative('maxcut SDP bound: native and ts agree', () => {
  it('the same bound, dual point, cut and work on 6 graphs of 90..180 nodes (unit, ±1, real weights; medium and high)', { timeout: 120_000 }, async () => {
    const native = createNativeEngine()!;
    const ts = createTsEngine();
    for (let s = 0; s < 6; s++) {
      const n = 90 + s * 18;
      const p = randomMaxcut(700 + s, n, { density: 0.2, weights: (['unit', 'pm1', 'real'] as const)[s % 3] });
      const req: EngineRequest = { command: 'maxcut', problem: p, effort: s % 2 === 0 ? 'medium' : 'high', seed: s, ...(s % 2 === 1 ? { deadlineMs: 600_000 } : {}) };
      const flash = await native.solve({ ...req, effort: 'flash', deadlineMs: undefined });
      const [a, b] = await Promise.all([native.solve(req), ts.solve(req)]);
      expect(a.bound, `${s}`).toBeDefined();
      expect(a.bound, `${s}`).toBe(b.bound);
      expect(a.objective, `${s}`).toBe(b.objective);
      expect(a.bound!, `${s}`).toBeGreaterThanOrEqual(a.objective);
      expect(a.bound!, `${s}`).toBeLessThan(flash.bound!);
      // The SDP bound's dual point (the service's sdp_dual certificate) crosses alike from both.
      const dual = (r: typeof a) => (r.kind === 'binary' && r.sdpDual !== undefined ? { y: Array.from(r.sdpDual.y), mu: r.sdpDual.mu } : undefined);
      expect(dual(a), `${s}`).toBeDefined();
      expect(dual(a), `${s}`).toEqual(dual(b));
    }
  });
});

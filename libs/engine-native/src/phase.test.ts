import { expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest, type NumericResult } from '@svc/engine-ts';
import { canonicalPhase, phaseVerdict, type PhaseInput } from '@svc/engine-ts/families/phase';
import { acceptable, knownPhase, sweepPoints } from '@svc/engine-ts/families/phase/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

const request = (i: PhaseInput): EngineRequest => ({ command: 'phase', problem: canonicalPhase(i), effort: 'medium', seed: 0 });

describeNative('native phase', () => {
  const ts = createTsEngine();

  it('native and TS give the same evidence within its bounds, and the same label', async () => {
    const e = createNativeEngine()!;
    expect(e.supports('phase')).toBe(true);
    const points: PhaseInput[] = [
      { model: 'tfim', n: 10, h: 0.5 }, { model: 'tfim', n: 9, h: 1.5, boundary: 'open' }, { model: 'tfim', n: 12, J: -1, h: 0.7 },
      { model: 'xxz', n: 10, delta: 0.4 }, { model: 'xxz', n: 12, delta: 2, boundary: 'open' }, { model: 'xxz', n: 8, delta: -1.6 },
      { model: 'heisenberg', n: 12 },
    ];
    for (const i of points) {
      const req = request(i);
      const [a, b] = (await Promise.all([ts.solve(req), e.solve(req)])) as NumericResult[];
      expect(b.kind).toBe('numeric');
      // Sizes whose sectors go to Lanczos are not proven complete: not converged on either engine.
      expect([b.extras.sizes, b.extras.stride, b.extras.converged]).toEqual([a.extras.sizes, a.extras.stride, a.extras.converged]);
      const stride = b.extras.stride;
      for (let k = 0; k < b.extras.sizes; k++) {
        const o = k * stride;
        expect(Math.abs(a.answer[o + 1] - b.answer[o + 1]), JSON.stringify(i)).toBeLessThanOrEqual(a.answer[o + 2] + b.answer[o + 2]);
      }
      const p = canonicalPhase(i);
      expect(phaseVerdict(p, b.answer, b.extras.sizes, true).label).toBe(phaseVerdict(p, a.answer, a.extras.sizes, true).label);
    }
  }, 120_000);

  it('sweeps of the diagrams at n = 16 (every other point) and 20 (a few; the bench sweeps all): beyond ±10 % right, no confident wrong label', async () => {
    const e = createNativeEngine()!;
    const report: string[] = [];
    for (const [model, n] of [['tfim', 16], ['tfim', 20], ['xxz', 16], ['xxz', 20]] as const) {
      let away = 0;
      let right = 0;
      for (const i of sweepPoints(model, n).filter((_, k) => k % (n < 20 ? 2 : 9) === 0)) {
        const r = (await e.solve(request(i))) as NumericResult;
        const v = phaseVerdict(canonicalPhase(i), r.answer, r.extras.sizes, r.extras.converged === 1);
        const ok = acceptable(i, v.label);
        expect(ok || !v.certain, `${JSON.stringify(i)} → ${v.label}`).toBe(true);
        if (!knownPhase(i).nearTransition) {
          away++;
          if (ok) right++;
        }
      }
      report.push(`${model} n=${n}: ${right}/${away}`);
      expect(right).toBe(away);
    }
    console.log(`native phase sweeps, right beyond ±10 %: ${report.join('; ')}`);
  }, 600_000);

  it('a deadline that leaves no time still gives every size (the first complete answer), stopped, not converged', async () => {
    const e = createNativeEngine()!;
    for (const i of [{ model: 'tfim', n: 14, h: 1.5 }, { model: 'xxz', n: 14, delta: 0.5 }] as PhaseInput[]) {
      const r = (await e.solve({ ...request(i), deadlineMs: 1e-6 }, newCancelSignal())) as NumericResult;
      expect([r.extras.sizes, r.extras.converged, r.stoppedAtDeadline]).toEqual([3, 0, true]);
      expect(Array.from(r.answer).every(Number.isFinite)).toBe(true);
    }
  });
});

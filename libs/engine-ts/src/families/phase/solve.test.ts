import { describe, expect, it } from 'vitest';
import { newCancelSignal } from '../../base';
import { acceptable, knownPhase, sweepPoints } from './testing';
import { canonicalPhase, type PhaseInput } from './canonical';
import { phaseVerdict } from './label';
import { solvePhase } from './solve';

const verdict = (i: PhaseInput) => {
  const p = canonicalPhase(i);
  const r = solvePhase({ command: 'phase', problem: p, effort: 'medium', seed: 0 });
  return { r, v: phaseVerdict(p, r.answer, r.extras.sizes, r.extras.converged === 1) };
};

/** Sweeps a diagram: the share labelled right beyond ±10 % of the transitions, and no confident wrong label anywhere. */
function sweep(model: 'tfim' | 'xxz', n: number) {
  let away = 0;
  let right = 0;
  const wrongConfident: string[] = [];
  for (const i of sweepPoints(model, n)) {
    const { v } = verdict(i);
    const ok = acceptable(i, v.label);
    if (!ok && v.certain) wrongConfident.push(`${JSON.stringify(i)} → ${v.label}`);
    if (!knownPhase(i).nearTransition) {
      away++;
      if (ok) right++;
    }
  }
  return { share: right / away, away, wrongConfident };
}

describe('phase', () => {
  it('the Ising diagram: every point beyond ±10 % right for n ≥ 6, never a confident wrong label (n = 4..12)', () => {
    const shares: string[] = [];
    for (const n of [4, 5, 6, 8, 12]) {
      const s = sweep('tfim', n);
      shares.push(`n=${n}: ${(100 * s.share).toFixed(0)} % of ${s.away}`);
      expect(s.wrongConfident, `n = ${n}`).toEqual([]);
      if (n >= 6) expect(s.share, `n = ${n}`).toBe(1);
    }
    console.log(`tfim sweep, share right beyond ±10 %: ${shares.join('; ')}`);
  }, 300_000);

  it('the XXZ diagram (both signs of J, both boundaries): every point beyond ±10 % right, never a confident wrong label', () => {
    const shares: string[] = [];
    for (const n of [4, 6, 8, 10]) {
      const s = sweep('xxz', n);
      shares.push(`n=${n}: ${(100 * s.share).toFixed(0)} % of ${s.away}`);
      expect(s.wrongConfident, `n = ${n}`).toEqual([]);
      expect(s.share, `n = ${n}`).toBe(1);
    }
    console.log(`xxz sweep, share right beyond ±10 %: ${shares.join('; ')}`);
  }, 300_000);

  it('the Heisenberg antiferromagnet is critical (the SU(2) point, certain where every sector is dense), the ferromagnet ferromagnetic', () => {
    for (const boundary of ['periodic', 'open'] as const) {
      const a = verdict({ model: 'heisenberg', n: 8, J: 1, boundary }).v;
      expect([a.label, a.certain]).toEqual(['critical', true]);
      // 12 sites: the Σ Z = 0 sector (924 states) goes to Lanczos, not proven complete: heuristic.
      const b = verdict({ model: 'heisenberg', n: 12, J: 1, boundary }).v;
      expect([b.label, b.certain]).toEqual(['critical', false]);
      const f = verdict({ model: 'heisenberg', n: 8, J: -1, boundary }).v;
      expect([f.label, f.certain, f.orderParameter]).toEqual(['ferromagnetic', true, 1]);
    }
  });

  it('evidence: the numbers used, the gap of the largest size, an order parameter', () => {
    const { v } = verdict({ model: 'tfim', n: 10, J: 1, h: 0.5, boundary: 'periodic' });
    expect(v.label).toBe('ferromagnetic');
    expect(v.evidence.sizes).toEqual([6, 8, 10]);
    expect((v.evidence.binder as number[])[2]).toBeGreaterThan(0.6);
    expect(v.orderParameter).toBeGreaterThan(0.9);
    const p = verdict({ model: 'tfim', n: 10, J: 1, h: 2, boundary: 'periodic' }).v;
    expect(p.gap).toBeCloseTo(2 * (2 - 1), 1);
    const x = verdict({ model: 'xxz', n: 10, J: 1, delta: 2, boundary: 'periodic' }).v;
    expect(x.label).toBe('antiferromagnetic');
    expect((x.evidence.level_spectroscopy_q as number[]).every((q) => q > 0)).toBe(true);
  });

  it('a cancel before the first size: nothing, not converged', () => {
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const r = solvePhase({ command: 'phase', problem: canonicalPhase({ model: 'tfim', n: 12, h: 1 }), effort: 'medium', seed: 0 }, signal);
    expect(r.extras.converged).toBe(0);
    expect(r.stoppedAtDeadline).toBe(true);
  });

  it('a deadline that leaves no time still gives every size (the first complete answer), stopped, not converged', () => {
    for (const problem of [canonicalPhase({ model: 'tfim', n: 14, h: 1.5 }), canonicalPhase({ model: 'xxz', n: 14, delta: 0.5 })]) {
      const r = solvePhase({ command: 'phase', problem, effort: 'medium', seed: 0, deadlineMs: 1e-6 });
      expect(r.extras.sizes).toBe(3);
      expect(r.stoppedAtDeadline).toBe(true);
      expect(r.extras.converged).toBe(0);
      expect(Array.from(r.answer).every(Number.isFinite)).toBe(true);
    }
  });
});

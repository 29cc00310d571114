import { describe, expect, it } from 'vitest';
import { Prng } from '../prng';
import { randomQubo } from '../families/qubo/testing';
import { Annealer, annealScale, expNeg, isIntegral } from './anneal';
import { BestTracker, FlipState } from './flip-state';
import { computeDeltas, Limits, modelEnergy, quboModel } from './model';

describe('expNeg', () => {
  it('is e^−z to 1e−8 relative where annealing uses it, 0 from 44 on, and non-increasing', () => {
    let prev = 2;
    for (let k = 0; k <= 4400; k++) {
      const z = k / 100;
      const e = expNeg(z);
      expect(e).toBeLessThanOrEqual(prev);
      prev = e;
      if (z < 30) expect(Math.abs(e - Math.exp(-z))).toBeLessThanOrEqual(1e-8 * Math.exp(-z));
    }
    expect(expNeg(0)).toBe(1);
    expect(expNeg(44)).toBe(0);
    expect(expNeg(Infinity)).toBe(0);
  });
});

describe('Annealer', () => {
  it('keeps the incremental state exact and the tracked best correct', () => {
    const m = quboModel(randomQubo(91, 120, { density: 0.08, weights: 'int' }));
    expect(isIntegral(m)).toBe(true);
    const rng = new Prng(3);
    const st = new FlipState(m);
    const x0 = Uint8Array.from({ length: 120 }, () => rng.nextInt(2));
    st.load(x0);
    const best = new BestTracker(st.x, st.energy);
    const scale = annealScale(m);
    expect(new Annealer(true).run(st, 300, 1 / scale, 4 / scale, rng, best, 1e-9, new Limits(null, Infinity))).toBe(true);
    expect(st.energy).toBe(modelEnergy(m, st.x));
    const d = new Float64Array(120);
    computeDeltas(m, st.x, d);
    // + 0 folds −0 into 0: the incremental and the recomputed deltas may differ in the zero's sign.
    expect(Array.from(st.delta, (v) => v + 0)).toEqual(Array.from(d, (v) => v + 0));
    const b = best.materialize(st.x);
    expect(modelEnergy(m, b)).toBe(best.energy);
    expect(best.energy).toBeLessThanOrEqual(modelEnergy(m, x0));
    expect(best.energy).toBeLessThanOrEqual(st.energy);
  });

  it('the threshold table only changes speed: the same flips with and without it', () => {
    const m = quboModel(randomQubo(92, 80, { density: 0.1, weights: 'int' }));
    const runs = [true, false].map((table) => {
      const rng = new Prng(4);
      const st = new FlipState(m);
      st.load(new Uint8Array(80));
      const best = new BestTracker(st.x, st.energy);
      const a = new Annealer(table);
      const scale = annealScale(m);
      a.run(st, 200, 1 / scale, 4 / scale, rng, best, 1e-9, new Limits(null, Infinity));
      return { x: Array.from(st.x), e: st.energy, flips: a.flips, state: rng.state() };
    });
    expect(runs[0]).toEqual(runs[1]);
    expect(runs[0].flips).toBeGreaterThan(0);
  });

  it('a cancelled limit stops it after a sweep', () => {
    const m = quboModel(randomQubo(93, 2000, { pairs: 4000, weights: 'int' }));
    const st = new FlipState(m);
    st.load(new Uint8Array(2000));
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    const a = new Annealer(true);
    expect(a.run(st, 1000, 1, 4, new Prng(1), new BestTracker(st.x, st.energy), 1e-9, new Limits(flag, Infinity))).toBe(false);
    expect(a.flips).toBeLessThanOrEqual(2000);
  });
});

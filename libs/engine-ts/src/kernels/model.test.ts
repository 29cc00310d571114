import { describe, expect, it } from 'vitest';
import { evaluateMaxcut, evaluateQubo } from '../families/qubo/evaluate';
import { CANCEL_FLAG, DEADLINE_FLAG } from '../base';
import { Prng } from '../prng';
import { randomMaxcut, randomQubo } from '../families/qubo/testing';
import { exactEnumerate } from '../families/qubo/exact';
import { computeDeltas, Limits, modelEnergy, quboModel } from './model';
import { maxcutModel } from '../families/qubo/model';
import { greedyStart } from './tabu';

describe('solver model', () => {
  it('QUBO model energy equals the evaluator; max-cut model energy is −cut', () => {
    const rng = new Prng(4);
    const q = randomQubo(1, 30, { weights: 'int', duplicates: true });
    const c = randomMaxcut(2, 30, { weights: 'int' });
    const qm = quboModel(q);
    const cm = maxcutModel(c);
    for (let t = 0; t < 50; t++) {
      const x = Uint8Array.from({ length: 30 }, () => rng.nextInt(2));
      expect(modelEnergy(qm, x)).toBe(evaluateQubo(q, x));
      expect(modelEnergy(cm, x)).toBe(-evaluateMaxcut(c, x));
    }
  });

  it('deltas are the exact energy change of each flip', () => {
    const q = randomQubo(3, 25, { weights: 'int' });
    const m = quboModel(q);
    const x = Uint8Array.from({ length: 25 }, (_, i) => i % 2);
    const delta = new Float64Array(25);
    computeDeltas(m, x, delta);
    const e = modelEnergy(m, x);
    for (let i = 0; i < 25; i++) {
      x[i] ^= 1;
      expect(modelEnergy(m, x) - e).toBe(delta[i]);
      x[i] ^= 1;
    }
  });

  it('greedy start is deterministic per seed and locally sensible for max-cut', () => {
    const c = randomMaxcut(5, 200, { density: 0.05 });
    const m = maxcutModel(c);
    const a = greedyStart(m, new Prng(1));
    expect(Array.from(greedyStart(m, new Prng(1)))).toEqual(Array.from(a));
    // The greedy cut is at least half the edges (the classic guarantee for unit weights).
    expect(evaluateMaxcut(c, a)).toBeGreaterThanOrEqual(c.edges!.w.length / 2);
  });
});

describe('exact enumeration', () => {
  it('visits every state and reports its step count', () => {
    const q = randomQubo(8, 10, { weights: 'real' });
    const r = exactEnumerate(quboModel(q), 10, new Limits(null, Infinity));
    expect(r.complete).toBe(true);
    expect(r.steps).toBe(1023);
    expect(r.energy).toBeCloseTo(evaluateQubo(q, r.x), 9);
  });

  it('stops at a passed deadline with a valid best-so-far, not complete', () => {
    const q = randomQubo(9, 22, { weights: 'int' });
    const r = exactEnumerate(quboModel(q), 22, new Limits(null, performance.now() - 1));
    expect(r.complete).toBe(false);
    expect(r.steps).toBe(0);
    expect(evaluateQubo(q, r.x)).toBe(r.energy);
  });

  it('a cancel mid-way leaves a consistent best state', () => {
    const q = randomQubo(10, 22, { weights: 'int' });
    const flag = new Int32Array(new SharedArrayBuffer(4));
    let polls = 0;
    const limits = new Limits(flag, Infinity);
    const check = limits.check.bind(limits);
    limits.check = () => {
      if (++polls === 5) Atomics.store(flag, 0, 1);
      return check();
    };
    const r = exactEnumerate(quboModel(q), 22, limits);
    expect(r.complete).toBe(false);
    expect(limits.stopped).toBe('cancel');
    expect(r.steps).toBe(4 * 4096);
    expect(evaluateQubo(q, r.x)).toBe(r.energy);
  });

  it('the flag says why: DEADLINE_FLAG is the service deadline, any other value a cancel', () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, DEADLINE_FLAG);
    const atDeadline = new Limits(flag, Infinity);
    expect([atDeadline.check(), atDeadline.stopped]).toEqual([true, 'deadline']);
    Atomics.store(flag, 0, CANCEL_FLAG);
    const cancelled = new Limits(flag, Infinity);
    expect([cancelled.check(), cancelled.stopped]).toEqual([true, 'cancel']);
  });
});

import { describe, expect, it } from 'vitest';
import { randomQubo } from '../families/qubo/testing';
import { bitsOfCode, GrayWalk, grayCode } from './gray-walk';
import { computeDeltas, Limits, modelEnergy, quboModel } from './model';

/** Limits that fire on the `fireAt`-th check (never when 0), counting every check. */
function firingLimits(fireAt: number): { limits: Limits; polls: () => number } {
  const limits = new Limits(null, Infinity);
  let polls = 0;
  limits.check = () => {
    polls++;
    if (polls === fireAt) limits.stopped = 'deadline';
    return limits.stopped !== null;
  };
  return { limits, polls: () => polls };
}

describe('GrayWalk', () => {
  it('visits every state of the free variables once, one flip apart, with exact energies and deltas', () => {
    for (const [seed, n, free] of [[1, 9, 9], [2, 12, 7], [3, 6, 0], [4, 11, 1]] as const) {
      const m = quboModel(randomQubo(seed, n, { weights: 'int' }));
      const walk = new GrayWalk(m, free, new Limits(null, Infinity));
      const seen = new Set<number>();
      const delta = new Float64Array(n);
      let prev = -1;
      do {
        const g = grayCode(walk.t);
        expect(seen.has(g)).toBe(false);
        seen.add(g);
        // Exactly one bit apart from the previous state.
        if (prev >= 0) expect([prev !== g, (prev ^ g) & ((prev ^ g) - 1)]).toEqual([true, 0]);
        prev = g;
        expect(Array.from(walk.x)).toEqual(Array.from(bitsOfCode(g, n, free)));
        expect(walk.energy).toBe(modelEnergy(m, walk.x));
        computeDeltas(m, walk.x, delta);
        // Integer weights: the incremental deltas are exact (up to the sign of zero).
        expect(Array.from(walk.delta, (d) => d + 0)).toEqual(Array.from(delta, (d) => d + 0));
      } while (walk.step());
      expect(seen.size).toBe(2 ** free);
      expect(walk.t).toBe(2 ** free - 1);
      expect(walk.complete).toBe(true);
    }
  });

  it('polls every 4096 states after the caller saw the state, and stops there when a limit fires', () => {
    const m = quboModel(randomQubo(5, 16, { weights: 'int' }));
    // Never fires: polls at t = 0, 4096, 8192, 12288 (not after the last state).
    const quiet = firingLimits(0);
    const w0 = new GrayWalk(m, 14, quiet.limits);
    while (w0.step());
    expect([w0.t, w0.complete, quiet.polls()]).toEqual([16383, true, 4]);
    // Fires at the first poll: no step at all.
    const first = firingLimits(1);
    const w1 = new GrayWalk(m, 14, first.limits);
    expect(w1.step()).toBe(false);
    expect([w1.t, w1.complete]).toEqual([0, false]);
    // Fires at the third poll: stops at state 8192, which the caller has seen.
    const third = firingLimits(3);
    const w3 = new GrayWalk(m, 14, third.limits);
    let seen = 0;
    while (w3.step()) seen = w3.t;
    expect([seen, w3.t, w3.complete, third.polls()]).toEqual([8192, 8192, false, 3]);
    expect(w3.step()).toBe(false);
    // A single state needs no poll.
    const single = firingLimits(1);
    const ws = new GrayWalk(m, 0, single.limits);
    expect([ws.step(), ws.t, ws.complete, single.polls()]).toEqual([false, 0, true, 0]);
  });

  it('recomputes energy and deltas from x at state 65536 before that poll', () => {
    const m = quboModel(randomQubo(6, 20, { weights: 'real' }));
    // The 17th poll is the one at t = 65536 (polls at 0, 4096, …).
    const { limits } = firingLimits(17);
    const walk = new GrayWalk(m, 18, limits);
    // Drift planted at state 0 (energy, and the delta of a variable that never flips) lasts
    // until the resync.
    walk.energy += 0.5;
    walk.delta[19] += 0.25;
    while (walk.step() && walk.t < 65535);
    expect(walk.energy).not.toBe(modelEnergy(m, walk.x));
    while (walk.step());
    expect(walk.t).toBe(65536);
    expect(walk.complete).toBe(false);
    expect(walk.energy).toBe(modelEnergy(m, walk.x));
    const delta = new Float64Array(20);
    computeDeltas(m, walk.x, delta);
    expect(Array.from(walk.delta)).toEqual(Array.from(delta));
  });

  it('refuses more than 30 free variables', () => {
    const m = quboModel(randomQubo(7, 3));
    expect(() => new GrayWalk(m, 31, new Limits(null, Infinity))).toThrow(/not supported/);
    expect(() => new GrayWalk(m, -1, new Limits(null, Infinity))).toThrow(/not supported/);
  });
});

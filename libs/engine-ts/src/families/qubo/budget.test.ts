import { describe, expect, it } from 'vitest';
import { BUDGET_MODELS, LATEST_BUDGET_MODEL } from '../../effort';
import { EFFORTS } from '../../engine';
import { budgetFor } from './budget';

/** The parts of a Gset-sized (n=800, m=19176) medium max-cut budget that no model table changes. */
const G1_MEDIUM_SHAPE = {
  exactMaxN: 24, tenureBase: 20, tenureSpan: 40, annealSweeps: 1000, elitePool: 10, shrinkRounds: 10, useTrees: false,
};

describe('budgetFor', () => {
  it('has exact caps of 20 (flash) and at least 24 (medium, high)', () => {
    expect(budgetFor('optimize', 'flash', 100, 100).exactMaxN).toBeGreaterThanOrEqual(24);
    expect(budgetFor('optimize', 'medium', 100, 100).exactMaxN).toBeGreaterThanOrEqual(24);
    expect(budgetFor('maxcut', 'high', 100, 100).exactMaxN).toBeGreaterThanOrEqual(24);
  });

  it('gives a Gset-sized graph (n=800, m=19176) the documented medium budget', () => {
    expect(budgetFor('maxcut', 'medium', 800, 19176)).toEqual({ ...G1_MEDIUM_SHAPE, restarts: 15, tabuIterations: 252000, stall: 8000 });
  });

  it('keeps the frozen 2026-11-01 table when that model is named (its medium budget for n=800, m=19176)', () => {
    expect(BUDGET_MODELS).toEqual(['2026-11-01', '2026-11-21']);
    expect(LATEST_BUDGET_MODEL).toBe('2026-11-21');
    expect(budgetFor('maxcut', 'medium', 800, 19176, '2026-11-01')).toEqual({ ...G1_MEDIUM_SHAPE, restarts: 7, tabuIterations: 341600, stall: 24000 });
    expect(budgetFor('maxcut', 'high', 800, 4694, '2026-11-01').restarts).toBe(400);
    expect(budgetFor('maxcut', 'medium', 800, 19176, '2026-11-21')).toEqual(budgetFor('maxcut', 'medium', 800, 19176));
  });

  it('refuses an unknown model version', () => {
    for (const bad of ['2026-10-01', 'latest', 'toString', '__proto__']) expect(() => budgetFor('maxcut', 'medium', 10, 10, bad)).toThrow(RangeError);
  });

  it('gives dense QUBO short tenure and short annealing, sparse max-cut long ones', () => {
    const q = budgetFor('optimize', 'medium', 1000, 50000);
    const c = budgetFor('maxcut', 'medium', 1000, 5000);
    expect(q.tenureBase + q.tenureSpan).toBeLessThan(c.tenureBase + c.tenureSpan);
    expect(q.annealSweeps).toBeLessThan(c.annealSweeps);
  });

  it('lets effort high run many rounds on large inputs and few on small ones', () => {
    expect(budgetFor('maxcut', 'high', 60, 300).restarts).toBe(120);
    expect(budgetFor('maxcut', 'high', 800, 4694).restarts).toBe(1600);
    expect(budgetFor('maxcut', 'high', 5000, 12498).restarts).toBeGreaterThan(2000);
    expect(budgetFor('maxcut', 'flash', 5000, 12498).restarts).toBeLessThanOrEqual(4);
  });

  it('uses the trees for large sparse graphs and the scan for dense ones', () => {
    expect(budgetFor('maxcut', 'medium', 10000, 10000).useTrees).toBe(true);
    expect(budgetFor('optimize', 'medium', 1000, 50000).useTrees).toBe(false);
  });

  it('grows with effort and stays within integer limits at every size', () => {
    for (const cmd of ['optimize', 'maxcut'] as const) {
      for (const [n, m] of [[1, 0], [21, 50], [60, 500], [800, 19176], [3000, 30000], [100000, 5000000], [100000, 0]]) {
        let prev = 0;
        for (const effort of EFFORTS) {
          const b = budgetFor(cmd, effort, n, m);
          expect(Number.isInteger(b.tabuIterations)).toBe(true);
          expect(b.tabuIterations).toBeGreaterThanOrEqual(prev);
          expect(b.tabuIterations).toBeGreaterThanOrEqual(n);
          expect(b.tabuIterations + b.tenureBase + b.tenureSpan).toBeLessThan(2 ** 31);
          expect(b.tenureSpan).toBeGreaterThanOrEqual(1);
          if (n > b.exactMaxN) expect(b.tenureBase + b.tenureSpan).toBeLessThan(n);
          expect(b.annealSweeps).toBeGreaterThanOrEqual(1);
          expect(b.elitePool).toBeGreaterThanOrEqual(1);
          expect(b.stall).toBeGreaterThanOrEqual(1);
          expect(b.restarts).toBeGreaterThanOrEqual(1);
          prev = b.tabuIterations;
        }
      }
    }
  });

  it('is a pure function of its arguments', () => {
    expect(budgetFor('maxcut', 'high', 5000, 12345)).toEqual(budgetFor('maxcut', 'high', 5000, 12345));
  });

  it('rejects unknown commands, efforts and sizes', () => {
    expect(() => budgetFor('tsp' as never, 'medium', 10, 10)).toThrow(RangeError);
    expect(() => budgetFor('maxcut', 'ultra' as never, 10, 10)).toThrow(RangeError);
    expect(() => budgetFor('maxcut', 'medium', 0, 10)).toThrow(RangeError);
    expect(() => budgetFor('maxcut', 'medium', 10, -1)).toThrow(RangeError);
  });
});

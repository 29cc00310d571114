import { describe, expect, it } from 'vitest';
import { budgetFor, parseEffort } from './effort';
import { EFFORTS } from './engine';

describe('parseEffort', () => {
  it('accepts canonical names and the historical aliases', () => {
    expect(parseEffort('flash')).toBe('flash');
    expect(parseEffort('medium')).toBe('medium');
    expect(parseEffort('high')).toBe('high');
    expect(parseEffort('low')).toBe('medium');
    expect(parseEffort('med')).toBe('medium');
    expect(parseEffort('max')).toBe('high');
  });

  it('rejects anything else', () => {
    for (const bad of ['ultra', 'Medium', '', ' high', 'min']) expect(() => parseEffort(bad)).toThrow(RangeError);
  });
});

describe('budgetFor', () => {
  it('has exact caps of 20 (flash) and at least 24 (medium, high)', () => {
    expect(budgetFor('optimize', 'flash', 100, 100).exactMaxN).toBeGreaterThanOrEqual(24);
    expect(budgetFor('optimize', 'medium', 100, 100).exactMaxN).toBeGreaterThanOrEqual(24);
    expect(budgetFor('maxcut', 'high', 100, 100).exactMaxN).toBeGreaterThanOrEqual(24);
  });

  it('gives a Gset-sized graph (n=800, m=19176) the documented medium budget', () => {
    const b = budgetFor('maxcut', 'medium', 800, 19176);
    expect(b.useTrees).toBe(false);
    expect(b.tabuIterations).toBe(400000);
    expect(b.tenureBase).toBe(80);
    expect(b.tenureSpan).toBe(40);
    expect(b.stall).toBe(5000);
    expect(b.perturbMin).toBe(16);
    expect(b.perturbMax).toBe(160);
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
          expect(b.perturbMax).toBeGreaterThanOrEqual(b.perturbMin);
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

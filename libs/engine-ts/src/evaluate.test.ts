import { describe, expect, it } from 'vitest';
import { canonicalMaxcut, canonicalQubo } from './families/qubo/canonical';
import { evaluate, notWorse, tolerance } from './evaluate';
import { evaluateMaxcut, evaluateQubo } from './families/qubo/evaluate';

describe('evaluateQubo', () => {
  it('sums linear terms and couplings of the ones', () => {
    const p = canonicalQubo(4, { '0': 1, '1': -2, '3': 0.5 }, [[0, 1, 3], [1, 2, -1], [2, 2, 4], [3, 0, -7]]);
    // linear = [1, -2, 4, 0.5]
    expect(evaluateQubo(p, [0, 0, 0, 0])).toBe(0);
    expect(evaluateQubo(p, [1, 1, 0, 0])).toBe(1 - 2 + 3);
    expect(evaluateQubo(p, [0, 1, 1, 0])).toBe(-2 + 4 - 1);
    expect(evaluateQubo(p, [1, 0, 0, 1])).toBe(1 + 0.5 - 7);
    expect(evaluate(p, Uint8Array.from([1, 1, 1, 1]))).toBe(1 - 2 + 4 + 0.5 + 3 - 1 - 7);
  });

  it('rejects a wrong length or a non-binary value', () => {
    const p = canonicalQubo(3, undefined, [[0, 1, 1]]);
    expect(() => evaluateQubo(p, [0, 1])).toThrow(/length/);
    expect(() => evaluateQubo(p, [0, 2, 1])).toThrow(/0 or 1/);
  });
});

describe('evaluateMaxcut', () => {
  it('sums the weights of edges whose ends differ, negative ones included', () => {
    const p = canonicalMaxcut(4, [[0, 1, 2], [1, 2, -1], [2, 3, 5], [0, 3, 1]], false);
    expect(evaluateMaxcut(p, [0, 0, 0, 0])).toBe(0);
    expect(evaluateMaxcut(p, [0, 1, 0, 1])).toBe(2 - 1 + 5 + 1);
    expect(evaluateMaxcut(p, [1, 1, 0, 0])).toBe(-1 + 1);
  });

  it('counts the complete graph as |S|·(n − |S|)', () => {
    const p = canonicalMaxcut(5, undefined, true);
    expect(evaluateMaxcut(p, [0, 0, 0, 0, 0])).toBe(0);
    expect(evaluateMaxcut(p, [1, 0, 0, 0, 0])).toBe(4);
    expect(evaluateMaxcut(p, [1, 1, 0, 0, 0])).toBe(6);
    const big = new Uint8Array(100000);
    big.fill(1, 50000);
    expect(evaluateMaxcut(canonicalMaxcut(100000, undefined, true), big)).toBe(2500000000);
  });
});

describe('tolerance', () => {
  it('is 1e-9 · (1 + Σ|weights|), linear terms included', () => {
    expect(tolerance(canonicalQubo(3, { '0': -2 }, [[0, 1, 3], [1, 1, -1]]))).toBeCloseTo(1e-9 * (1 + 2 + 1 + 3), 20);
    expect(tolerance(canonicalMaxcut(3, [[0, 1, -4], [1, 2, 1]], false))).toBeCloseTo(1e-9 * 6, 20);
    expect(tolerance(canonicalMaxcut(4, undefined, true))).toBeCloseTo(1e-9 * 7, 20);
  });

  it('drives notWorse in the direction of each command', () => {
    const q = canonicalQubo(2, { '0': 1 }, undefined);
    expect(notWorse(q, -1, 0)).toBe(true);
    expect(notWorse(q, 1, 0)).toBe(false);
    expect(notWorse(q, 1e-12, 0)).toBe(true);
    const c = canonicalMaxcut(2, [[0, 1, 1]], false);
    expect(notWorse(c, 1, 0)).toBe(true);
    expect(notWorse(c, 0, 1)).toBe(false);
  });
});

describe('malformed max-cut problems', () => {
  it('throw instead of being read as the complete graph', () => {
    const p = { kind: 'maxcut' as const, n: 3, edges: null, complete: false };
    expect(() => evaluateMaxcut(p, [0, 1, 0])).toThrow(/neither/);
  });
});

import { describe, expect, it } from 'vitest';
import { certifiedCaps } from './certified-caps';
import { budgetFor, exactBudgetFor } from './budget';
import { EFFORTS } from '../../engine';

describe('exact budgets and certified caps', () => {
  it('exactBudgetFor: work caps grow with effort and are plain integers', () => {
    for (const command of ['optimize', 'maxcut'] as const) {
      let prev = { bnbMaxN: 0, bnbWork: 0, boundWork: 0 };
      for (const e of EFFORTS) {
        const b = exactBudgetFor(command, e, 100);
        for (const v of Object.values(b)) expect(Number.isSafeInteger(v) && v > 0).toBe(true);
        expect(b.bnbMaxN).toBeGreaterThan(budgetFor(command, e, 100, 0).exactMaxN);
        expect(b.bnbMaxN).toBeGreaterThanOrEqual(prev.bnbMaxN);
        expect(b.bnbWork).toBeGreaterThan(prev.bnbWork);
        expect(b.boundWork).toBeGreaterThan(prev.boundWork);
        prev = b;
      }
    }
  });

  it('exactBudgetFor rejects bad sizes, commands and efforts', () => {
    expect(() => exactBudgetFor('optimize', 'high', 0)).toThrow(RangeError);
    expect(() => exactBudgetFor('optimize', 'high', 2.5)).toThrow(RangeError);
    expect(() => exactBudgetFor('tsp' as never, 'high', 10)).toThrow(RangeError);
    expect(() => exactBudgetFor('maxcut', 'ultra' as never, 10)).toThrow(RangeError);
  });

  it('certifiedCaps: at least the enumeration cap, monotone in effort, 40+ at high', () => {
    for (const command of ['optimize', 'maxcut'] as const) {
      const caps = certifiedCaps(command);
      for (const e of EFFORTS) expect(caps[e]).toBeGreaterThanOrEqual(budgetFor(command, e, 1, 0).exactMaxN);
      expect(caps.flash).toBeLessThanOrEqual(caps.medium);
      expect(caps.medium).toBeLessThanOrEqual(caps.high);
      expect(caps.high).toBeGreaterThanOrEqual(40);
    }
    expect(() => certifiedCaps('tsp' as never)).toThrow(RangeError);
  });
});

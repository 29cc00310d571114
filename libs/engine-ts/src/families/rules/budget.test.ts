import { describe, expect, it } from 'vitest';
import { rulesBudgetFor } from './budget';

const size = { n: 4000, pairs: 6000, ruleSquares: 40_000 };

describe('rulesBudgetFor', () => {
  it('puts the whole search before the proof from model 2026-11-21 on, the old order for 2026-11-01', () => {
    expect(rulesBudgetFor('high', size).searchFirst).toBe(true);
    expect(rulesBudgetFor('high', size, '2026-11-21').searchFirst).toBe(true);
    expect(rulesBudgetFor('high', size, '2026-11-01').searchFirst).toBe(false);
    // Only the order differs between the models.
    const { searchFirst: _a, ...latest } = rulesBudgetFor('medium', size);
    const { searchFirst: _b, ...old } = rulesBudgetFor('medium', size, '2026-11-01');
    expect(old).toEqual(latest);
  });

  it('grows the work with effort and uses the trees above 512 variables', () => {
    const f = rulesBudgetFor('flash', size);
    const m = rulesBudgetFor('medium', size);
    const h = rulesBudgetFor('high', size);
    expect(f.tabuMoves).toBeLessThan(m.tabuMoves);
    expect(m.tabuMoves).toBeLessThan(h.tabuMoves);
    expect(f.bbSteps).toBeLessThan(h.bbSteps);
    expect(m.useTrees).toBe(true);
    expect(rulesBudgetFor('medium', { n: 100, pairs: 0, ruleSquares: 400 }).useTrees).toBe(false);
  });

  it('refuses an unknown model, effort or size', () => {
    expect(() => rulesBudgetFor('medium', size, '1999-01-01')).toThrow(RangeError);
    expect(() => rulesBudgetFor('ultra' as 'high', size)).toThrow(RangeError);
    expect(() => rulesBudgetFor('medium', { n: 0, pairs: 0, ruleSquares: 0 })).toThrow(RangeError);
  });
});

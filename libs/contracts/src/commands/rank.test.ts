import { describe, expect, it } from 'vitest';
import { svcErrorOf, validExample } from '../../test/fixtures';
import { LIMITS } from '../limits';
import { validateProblem } from '../validate-problem';

const open = { sandbox: false };
const body = (patch: Record<string, unknown> = {}) => ({ ...validExample('rank'), ...patch });

describe('rank input', () => {
  it('accepts the example; comparisons are optional; n is the number of items', () => {
    expect(validateProblem('rank', body(), open).n).toBe(3);
    const { comparisons: _c, ...bare } = body();
    expect(validateProblem('rank', bare, open).n).toBe(3);
    expect(validateProblem('rank', body({ n: undefined }), open).n).toBe(3);
  });

  it('unknown or duplicate item names are SVC_INVALID_INPUT naming them', () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ items: ['a', 'b', 'a'], n: 3 }, ['duplicate', '"a"', 'items']],
      [{ comparisons: [['alpha', 'delta']] }, ['unknown item', '"delta"', 'comparisons']],
      [{ comparisons: [['alpha', 'alpha']] }, ['itself', '"alpha"']],
      [{ comparisons: [['alpha']] }, ['[winner, loser]']],
      [{ comparisons: [[0, 1]] }, ['item name']],
      [{ items: [], n: undefined }, ['items']],
      [{ items: ['a', ''], n: 2 }, ['non-empty']],
      [{ n: 4 }, ['n']],
    ];
    for (const [patch, words] of cases) {
      const e = svcErrorOf(() => validateProblem('rank', body(patch), open));
      expect(e.code, JSON.stringify(patch)).toBe('SVC_INVALID_INPUT');
      for (const w of words) expect(e.detail, JSON.stringify(patch)).toContain(w);
    }
  });

  it('more than the item cap is SVC_DIMENSION_LIMIT naming items', () => {
    const items = Array.from({ length: LIMITS.maxRankItems + 1 }, (_, i) => `i${i}`);
    const e = svcErrorOf(() => validateProblem('rank', body({ items, n: items.length, comparisons: [] }), open));
    expect(e.code).toBe('SVC_DIMENSION_LIMIT');
    expect(e.facts.reduce_problem_size).toMatchObject({ max_n: LIMITS.maxRankItems, limit: 'items' });
    const ok = items.slice(0, LIMITS.maxRankItems);
    expect(validateProblem('rank', body({ items: ok, n: ok.length, comparisons: [] }), open).n).toBe(LIMITS.maxRankItems);
  });
});

import { describe, expect, it } from 'vitest';
import { svcErrorOf, validExample } from '../../test/fixtures';
import { validateProblem } from '../validate-problem';
import { REDUCE_LIMITS } from './reduce';

const open = { sandbox: false };
const base = () => {
  const { basis: _b, delta: _d, ...rest } = validExample('reduce');
  return rest;
};
const body = (patch: Record<string, unknown>) => ({ ...base(), ...patch });
const refused = (patch: Record<string, unknown>) => svcErrorOf(() => validateProblem('reduce', body(patch), open));

describe('reduce input', () => {
  it('accepts numbers and strings of any size, dependent vectors, and delta in (0.25, 1); n is the number of vectors', () => {
    expect(validateProblem('reduce', validExample('reduce'), open).n).toBe(3);
    expect(validateProblem('reduce', body({ basis: [[1, 2], [2, 4]] }), open).n).toBe(2);
    expect(validateProblem('reduce', body({ basis: [['-' + '9'.repeat(REDUCE_LIMITS.maxDigits), '+0'], [Number.MAX_SAFE_INTEGER, -1]], delta: 0.2500001 }), open).n).toBe(2);
    expect(validateProblem('reduce', body({ basis: [[0]], delta: 0.75, n: 1 }), open).n).toBe(1);
  });

  it('refuses bad input with SVC_INVALID_INPUT naming the field', () => {
    const cases: [Record<string, unknown>, string, string[]][] = [
      [{}, 'basis', ['required']],
      [{ basis: [] }, 'basis', ['empty basis']],
      [{ basis: [[]] }, 'basis[0]', ['at least one coordinate']],
      [{ basis: [[1, 2], [3]] }, 'basis[1]', ['2 coordinates']],
      [{ basis: [[1, 2], 3] }, 'basis[1]', ['vector']],
      [{ basis: [[1.5, 2]] }, 'basis[0][0]', ['integer']],
      [{ basis: [['1.5', 2]] }, 'basis[0][0]', ['decimal integer string']],
      [{ basis: [['1e5', 2]] }, 'basis[0][0]', ['decimal integer string']],
      [{ basis: [[2 ** 60, 2]] }, 'basis[0][0]', ['decimal string', '2^53']],
      [{ basis: [[null, 2]] }, 'basis[0][0]', ['integer']],
      [{ basis: [[1, 2]], delta: 1 }, 'delta', ['less than 1']],
      [{ basis: [[1, 2]], delta: 0.25 }, 'delta', []],
      [{ basis: [[1, 2]], delta: '0.9' }, 'delta', []],
      [{ basis: [[1, 2]], n: 2 }, 'n', ['disagrees']],
    ];
    for (const [patch, field, words] of cases) {
      const e = refused(patch);
      expect(e.code, JSON.stringify(patch)).toBe('SVC_INVALID_INPUT');
      expect(e.extensions.field, JSON.stringify(patch)).toBe(field);
      for (const w of words) expect(e.detail, JSON.stringify(patch)).toContain(w);
    }
  });

  it('caps vectors, coordinates and digits with SVC_DIMENSION_LIMIT', () => {
    const L = REDUCE_LIMITS;
    const cases: Record<string, unknown>[] = [
      { basis: Array.from({ length: L.maxVectors + 1 }, () => [1]) },
      { basis: [Array.from({ length: L.maxDimension + 1 }, () => 1)] },
      { basis: [['1'.repeat(L.maxDigits + 1)]] },
    ];
    for (const patch of cases) {
      const e = refused(patch);
      expect(e.code).toBe('SVC_DIMENSION_LIMIT');
      expect(e.extensions.field).toBe('basis');
    }
  });
});

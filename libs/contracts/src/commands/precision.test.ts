import { describe, expect, it } from 'vitest';
import { svcErrorOf, validExample } from '../../test/fixtures';
import { validateProblem } from '../validate-problem';
import { PRECISION_LIMITS } from './precision';

const open = { sandbox: false };
const base = () => {
  const { n: _n, digits: _d, op: _o, x: _x, ...rest } = validExample('precision');
  return rest;
};
const body = (patch: Record<string, unknown>) => ({ ...base(), ...patch });
const refused = (patch: Record<string, unknown>) => svcErrorOf(() => validateProblem('precision', body(patch), open));

describe('precision input', () => {
  it('accepts every operation at 31 and 5240 digits; n is the digits (default 31)', () => {
    expect(validateProblem('precision', validExample('precision'), open).n).toBe(31);
    const ok: Record<string, unknown>[] = [
      { op: 'sqrt', x: '2' }, { op: 'nthroot', x: '-27', k: 3 }, { op: 'exp', x: '-2000000' }, { op: 'exp', x: '2e6' }, { op: 'ln', x: '1e-1000000' },
      { op: 'powq', x: '8', p: -2, q: 3 }, { op: 'powq', x: '-8', p: 2, q: 6 }, { op: 'powq', x: '0', p: 1, q: 2 }, { op: 'pi' }, { op: 'e' }, { op: 'ln2' },
      { op: 'sqrt', x: '.5' }, { op: 'sqrt', x: '5.' }, { op: 'sqrt', x: '+1.25E-3' }, { op: 'sqrt', x: '0' },
    ];
    for (const patch of ok) {
      expect(validateProblem('precision', body({ ...patch, digits: 5240 }), open).n, JSON.stringify(patch)).toBe(5240);
      expect(validateProblem('precision', body(patch), open).n).toBe(31);
    }
    expect(validateProblem('precision', body({ op: 'pi', n: 5240 }), open).n).toBe(5240);
  });

  it('refuses bad input with SVC_INVALID_INPUT naming the field and its valid range', () => {
    const cases: [Record<string, unknown>, string, string[]][] = [
      [{ op: 'cbrt', x: '2' }, 'op', ['sqrt, nthroot']],
      [{ x: '2' }, 'op', ['required']],
      [{ op: 'sqrt', x: '2', digits: 30 }, 'digits', ['31 or 5240']],
      [{ op: 'pi', n: 100 }, 'n', ['31 or 5240']],
      [{ op: 'pi', digits: 5240, n: 31 }, 'n', ['disagrees']],
      [{ op: 'sqrt', x: 'two' }, 'x', ['not a decimal string']],
      [{ op: 'sqrt', x: 2 }, 'x', ['decimal string', 'number']],
      [{ op: 'sqrt', x: 'NaN' }, 'x', ['not a decimal string']],
      [{ op: 'sqrt', x: '1e1000001' }, 'x', ['±1000000']],
      [{ op: 'sqrt', x: '1e99999999999' }, 'x', ['±1000000']],
      [{ op: 'sqrt', x: '1'.repeat(PRECISION_LIMITS.maxXChars + 1) }, 'x', ['at most 10000']],
      [{ op: 'sqrt', x: '-2' }, 'x', ['x >= 0']],
      [{ op: 'ln', x: '0' }, 'x', ['x > 0']],
      [{ op: 'ln', x: '-1' }, 'x', ['x > 0']],
      [{ op: 'exp', x: '1e30' }, 'x', ['-2000000 <= x <= 2000000']],
      [{ op: 'exp', x: '-2000000.0001' }, 'x', ['-2000000 <= x <= 2000000']],
      [{ op: 'sqrt' }, 'x', ['required']],
      [{ op: 'pi', x: '2' }, 'x', ['takes no x']],
      [{ op: 'nthroot', x: '2' }, 'k', ['required', '2..1000']],
      [{ op: 'nthroot', x: '2', k: 1 }, 'k', ['2..1000']],
      [{ op: 'nthroot', x: '2', k: 2.5 }, 'k', ['2..1000']],
      [{ op: 'nthroot', x: '-16', k: 4 }, 'x', ['even root']],
      [{ op: 'sqrt', x: '2', k: 2 }, 'k', ['nthroot only']],
      [{ op: 'powq', x: '2', q: 3 }, 'p', ['required']],
      [{ op: 'powq', x: '2', p: 1 }, 'q', ['required']],
      [{ op: 'powq', x: '2', p: 1001, q: 3 }, 'p', ['-1000..1000']],
      [{ op: 'powq', x: '2', p: 1, q: 0 }, 'q', ['1..1000']],
      [{ op: 'powq', x: '-2', p: 1, q: 2 }, 'q', ['odd q']],
      [{ op: 'powq', x: '0', p: -1, q: 3 }, 'p', ['p > 0']],
      [{ op: 'powq', x: '1e999999', p: 1000, q: 1 }, 'p', ['±1000000']],
      [{ op: 'exp', x: '1', p: 1 }, 'p', ['powq only']],
    ];
    for (const [patch, field, words] of cases) {
      const e = refused(patch);
      expect(e.code, JSON.stringify(patch)).toBe('SVC_INVALID_INPUT');
      expect(e.extensions.field, JSON.stringify(patch)).toBe(field);
      for (const w of words) expect(e.detail, JSON.stringify(patch)).toContain(w);
    }
  });
});

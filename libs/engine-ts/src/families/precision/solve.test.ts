import { describe, expect, it } from 'vitest';
import { hasPython, publishedRounded, pythonPrecision, randomPrecisionCases, squareOf, type PrecisionCase } from './testing';
import { canonicalPrecision, parseDecimal } from './canonical';
import { formatDecimal, roundRatio } from './decimal';
import { solvePrecision } from './solve';
import { decimalText } from './problem';

const solve = (c: PrecisionCase) => {
  const r = solvePrecision({ command: 'precision', problem: canonicalPrecision(c), effort: 'medium', seed: 0 });
  return { ...r, answer: decimalText(r) };
};
const answer = (c: PrecisionCase): string => solve(c).answer;
const python = hasPython();

describe('precision (engine-ts)', () => {
  it('parses decimal strings exactly and refuses anything else', () => {
    expect(parseDecimal('-0012.3400e-2')).toMatchObject({ negative: true, exponent: -4 });
    expect(Array.from(parseDecimal('-0012.3400e-2').digits)).toEqual([1, 2, 3, 4]);
    expect(parseDecimal('0.000')).toMatchObject({ negative: false, exponent: 0 });
    expect(parseDecimal('.5').exponent).toBe(-1);
    expect(parseDecimal('5.').exponent).toBe(0);
    for (const bad of ['', '-', '1e', 'e5', '1.2.3', 'NaN', 'Infinity', '0x10', ' 1', '1e+', '١']) expect(() => parseDecimal(bad), bad).toThrow(/not a decimal/);
    expect(() => parseDecimal('1e1234567890')).toThrow(/exponent/);
    expect(() => parseDecimal('1e1000001')).toThrow(/exponent/);
    expect(() => parseDecimal('9'.repeat(12_001))).toThrow(/significant digits/);
  });

  it('spells answers one way: trailing zeros dropped, plain for −7 < E < 21, else d.ddde±E', () => {
    expect(formatDecimal(false, roundRatio(1n, 3n, 5))).toBe('0.33333');
    expect(formatDecimal(true, roundRatio(25n, 10n, 5))).toBe('-2.5');
    expect(formatDecimal(false, roundRatio(10n ** 20n, 1n, 3))).toBe('100000000000000000000');
    expect(formatDecimal(false, roundRatio(10n ** 21n, 1n, 3))).toBe('1e+21');
    expect(formatDecimal(false, roundRatio(1n, 10n ** 6n, 3))).toBe('0.000001');
    expect(formatDecimal(false, roundRatio(12n, 10n ** 8n, 3))).toBe('1.2e-7');
    expect(formatDecimal(false, null)).toBe('0');
  });

  it('exact cases are exact (and found without a retry)', () => {
    expect(solve({ op: 'sqrt', x: '1522756', digits: 31 })).toMatchObject({ answer: '1234', exact: true });
    expect(solve({ op: 'sqrt', x: '0', digits: 31 })).toMatchObject({ answer: '0', exact: true });
    expect(solve({ op: 'exp', x: '0', digits: 5240 })).toMatchObject({ answer: '1', exact: true });
    expect(solve({ op: 'ln', x: '1.000', digits: 5240 })).toMatchObject({ answer: '0', exact: true });
    expect(solve({ op: 'powq', x: '8', p: 2, q: 3, digits: 31 })).toMatchObject({ answer: '4', exact: true });
    expect(solve({ op: 'powq', x: '0.0625', p: -3, q: 4, digits: 31 })).toMatchObject({ answer: '8', exact: true });
    expect(solve({ op: 'powq', x: '2', p: -10, q: 1, digits: 31 })).toMatchObject({ answer: '0.0009765625', exact: true });
    expect(solve({ op: 'nthroot', x: '-3.375e-9', k: 3, digits: 31 })).toMatchObject({ answer: '-0.0015', exact: true });
    expect(solve({ op: 'powq', x: '7', p: 0, q: 5, digits: 31 })).toMatchObject({ answer: '1', exact: true });
    // p/q is taken in lowest terms: (−8)^(2/6) = (−8)^(1/3).
    expect(answer({ op: 'powq', x: '-8', p: 2, q: 6, digits: 31 })).toBe('-2');
  });

  it('ties round half-even: exact midpoints of D-digit numbers', () => {
    // √1.5625 = 1.25 → 1.2 at two digits; √1.8225 = 1.35 → 1.4; 3.375^(1/3) = 1.5 → 2 at one digit.
    expect(solve({ op: 'sqrt', x: '1.5625', digits: 2 })).toMatchObject({ answer: '1.2', exact: false });
    expect(answer({ op: 'sqrt', x: '1.8225', digits: 2 })).toBe('1.4');
    expect(answer({ op: 'nthroot', x: '3.375', k: 3, digits: 1 })).toBe('2');
    expect(answer({ op: 'nthroot', x: '15.625', k: 3, digits: 1 })).toBe('2');
    expect(answer({ op: 'powq', x: '2.25', p: 3, q: 2, digits: 2 })).toBe('3.4');
  });

  it('a root a hair away from a midpoint is settled exactly (the bracket alone would need more bits than allowed)', () => {
    // m = 1.00005 is the midpoint between 1.0000 and 1.0001; x = m³ ± 10^−80.
    const m3 = BigInt(squareOf('1.00005', 3).split('e')[0]);
    const above = `${m3 * 10n ** 65n + 1n}e-80`;
    const below = `${m3 * 10n ** 65n - 1n}e-80`;
    expect(solve({ op: 'nthroot', x: above, k: 3, digits: 5 })).toMatchObject({ answer: '1.0001', work: { iterations: 4 } });
    expect(answer({ op: 'nthroot', x: below, k: 3, digits: 5 })).toBe('1');
    expect(answer({ op: 'nthroot', x: `${m3}e-15`, k: 3, digits: 5 })).toBe('1');
  });

  it('π, e and ln 2 agree with their published digits (31, 100, 160 digits)', () => {
    for (const D of [1, 2, 31, 100, 160]) {
      expect(answer({ op: 'pi', digits: D }), `pi ${D}`).toBe(publishedRounded('pi', D));
      expect(answer({ op: 'e', digits: D }), `e ${D}`).toBe(publishedRounded('e', D));
      expect(answer({ op: 'ln2', digits: D }), `ln2 ${D}`).toBe(publishedRounded('ln2', D));
    }
  });

  it.runIf(python)('3000 random cases at 1..60 digits agree with the independent reference (Python decimal, exact integer roots)', () => {
    const cases = randomPrecisionCases(20261126, 3000, 60);
    const ref = pythonPrecision(cases);
    const wrong: string[] = [];
    cases.forEach((c, i) => {
      const got = answer(c);
      if (got !== ref[i]) wrong.push(`${JSON.stringify(c)}: got ${got}, reference ${ref[i]}`);
    });
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 300_000);

  it.runIf(python)('31 and 5240 digits agree with the reference on every operation', () => {
    const cases: PrecisionCase[] = [];
    for (const digits of [31, 5240]) {
      cases.push(
        { op: 'sqrt', x: '2', digits }, { op: 'sqrt', x: '0.1', digits }, { op: 'exp', x: '1.2345', digits }, { op: 'exp', x: '-1000.5', digits },
        { op: 'ln', x: '7.5', digits }, { op: 'ln', x: '1.00000000001', digits }, { op: 'nthroot', x: '2', k: 3, digits }, { op: 'nthroot', x: '-17.25', k: 7, digits },
        { op: 'powq', x: '3.7', p: 5, q: 7, digits }, { op: 'powq', x: '0.3', p: -2, q: 3, digits }, { op: 'pi', digits }, { op: 'e', digits }, { op: 'ln2', digits },
      );
    }
    const ref = pythonPrecision(cases);
    cases.forEach((c, i) => expect(answer(c), JSON.stringify(c)).toBe(ref[i]));
  }, 300_000);

  it('refuses what the engine cannot bound: digits, x, k, p, q, exp overflow, the domain', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ op: 'sqrt', x: '2', digits: 0 }, /digits/], [{ op: 'sqrt', x: '2', digits: 10_001 }, /digits/],
      [{ op: 'sqrt', x: '-2', digits: 5 }, /x >= 0/], [{ op: 'ln', x: '0', digits: 5 }, /x > 0/], [{ op: 'ln', x: '-1', digits: 5 }, /x > 0/],
      [{ op: 'exp', x: '2000000.5', digits: 5 }, /exp needs/], [{ op: 'exp', x: '-1e30', digits: 5 }, /exp needs/],
      [{ op: 'nthroot', x: '-2', k: 4, digits: 5 }, /even root/], [{ op: 'nthroot', x: '2', k: 1, digits: 5 }, /k must/],
      [{ op: 'powq', x: '-2', p: 1, q: 2, digits: 5 }, /odd q/], [{ op: 'powq', x: '0', p: -1, q: 2, digits: 5 }, /p > 0/],
      [{ op: 'powq', x: '1e999999', p: 1000, q: 1, digits: 5 }, /exponent/], [{ op: 'powq', x: '2', p: 1, q: 0, digits: 5 }, /q must/],
      [{ op: 'pi', x: '2', digits: 5 }, /takes no x/], [{ op: 'sqrt', digits: 5 }, /needs x/], [{ op: 'sqrt', x: '2', k: 2, digits: 5 }, /k applies/],
      [{ op: 'cbrt', x: '2', digits: 5 }, /op must/],
    ];
    for (const [input, why] of bad) expect(() => canonicalPrecision(input as never), JSON.stringify(input)).toThrow(why);
  });

  it('is fast enough at 5240 digits (each operation well under a second here; the bench has the figures)', () => {
    for (const c of [{ op: 'exp', x: '3.25', digits: 5240 }, { op: 'ln', x: '3.25', digits: 5240 }, { op: 'pi', digits: 5240 }] as PrecisionCase[]) {
      const t = performance.now();
      solve(c);
      expect(performance.now() - t, c.op).toBeLessThan(1000);
    }
  });
});

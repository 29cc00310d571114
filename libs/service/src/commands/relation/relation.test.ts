import { describe, expect, it } from 'vitest';
import { CERTAINTY, certaintyMatches } from '@svc/contracts';
import type { NumericResult } from '@svc/engine-ts';
import { randomAlgebraic } from '@svc/engine-ts/families/relation/testing';
import { adapterHarness, engineFailure, svcFault } from '../../../test/adapters';
import { boundText, polynomialText } from './adapter';
import { VERIFY_NONE_MAX_WORK } from './check-answer';
import { relationWork, type RelationProblem } from '@svc/engine-ts/families/relation';

const { run, check, prepare } = adapterHarness('Find an integer relation among measured constants for a model.');
const PHI = '1.618033988749894848204586834365638117720309179805762862135448';
const LN = ['1.791759469228055000812477358380702272722990692183004705855374', '0.693147180559945309417232121458176568075500134360255254120680', '1.098612288668109691395245236922525704647490557822749451734694'];
const PI = '3.141592653589793238462643383279502884197169399375105820974944', E = '2.718281828459045235360287471352662497757247093699959574966967';

describe('relation through the service adapter', () => {
  it('answers a relation with its residual, the digits verified and the reason', () => {
    const { done } = run('relation', { values: LN });
    expect(done.fields).toMatchObject({ answer: [1, -1, -1], digits: 50, reason: expect.stringMatching(/^found/) });
    expect(done.fields.residual).toMatch(/^(0|\d\.\de-\d+)$/);
    expect(certaintyMatches(done.certainty, CERTAINTY.recorded)).toBe(true);
    const d = Number(/verified to (\d+) digits/.exec(done.certainty!)![1]);
    expect(d).toBeGreaterThanOrEqual(25);
  });

  it('answers the minimal polynomial highest degree first (x^2 - x - 1 for the golden ratio asked at degree 6)', () => {
    const { done } = run('relation', { value: PHI, degree: 6 });
    expect(done.fields).toMatchObject({ answer: [1, -1, -1], degree: 2, irreducible: true, polynomial: 'x^2 - x - 1' });
    expect(polynomialText([8, 4, -4, -1])).toBe('8*x^3 + 4*x^2 - 4*x - 1');
  });

  it('abstains with "none", the bound and the abstention label', () => {
    const { done } = run('relation', { values: [PI, E, '1'], max_height: 100 });
    expect(done.fields).toMatchObject({ answer: 'none', residual: null, reason: expect.stringMatching(/^bound/) });
    expect(done.fields.bound as number).toBeGreaterThan(Math.sqrt(3) * 100);
    expect(done.certainty).toBe(CERTAINTY.abstention);
  });

  it('resolves digits: at most what the values carry (a double carries about 16)', () => {
    expect(run('relation', { value: 1.618033988749895, degree: 2 }).done.fields).toMatchObject({ answer: [1, -1, -1], digits: 14 });
  });

  it('re-checks random algebraic numbers exactly (a factor of the generating polynomial, checked by its residual)', () => {
    for (const c of randomAlgebraic(3, 6, { maxDegree: 6, digits: 70 })) {
      const { done } = run('relation', { value: c.value, degree: c.poly.length - 1, digits: 60 });
      expect(Array.isArray(done.fields.answer), c.value).toBe(true);
      expect(check('relation', { value: c.value, degree: c.poly.length - 1, digits: 60 }, done.fields.answer).checks.every((x) => x.ok)).toBe(true);
    }
  }, 60_000);

  it('refuses an engine that lies: a wrong coefficient, a non-primitive or wrongly signed relation, over max_height, a relation with stop bound', () => {
    const { prep, r } = run('relation', { values: LN });
    const res = r as NumericResult;
    const finish = (x: Partial<NumericResult>) => () => prep.finish({ ...res, ...x } as NumericResult, { deadlineFired: false });
    expect(engineFailure(finish({ answer: Float64Array.from([1, -1, -2]) }))).toMatch(/exact re-check/);
    expect(engineFailure(finish({ answer: Float64Array.from([2, -2, -2]) }))).toMatch(/primitive/);
    expect(engineFailure(finish({ answer: Float64Array.from([-1, 1, 1]) }))).toMatch(/positive/);
    expect(engineFailure(finish({ answer: Float64Array.from([1, -1]) }))).toMatch(/coefficients/);
    expect(engineFailure(finish({ extras: { ...res.extras, stop: 1 } }))).toMatch(/stop/);
    expect(engineFailure(finish({ answer: new Float64Array(0), extras: { ...res.extras, found: 0 } }))).toMatch(/found/);
  });

  it('refuses bad input with the field named', () => {
    const f = (body: Record<string, unknown>) => svcFault(() => prepare('relation', body));
    expect(f({ values: ['1.5', 'x'] })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/values\[1\]|values\.1/) });
    expect(f({ values: [PI] })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/at least 2/) });
    expect(f({ value: PI, degree: 25 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/degree/) });
    expect(f({ value: PI })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/degree/) });
    expect(f({ values: [PI, E], digits: 9 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/digits/) });
    expect(f({ values: [PI, E], digits: 80 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/carry only/) });
    expect(f({ values: [PI, E], max_height: 0 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/max_height/) });
    expect(f({ values: [PI, E], max_height: 2.5 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/max_height/) });
    expect(f({ values: Array.from({ length: 33 }, () => PI) })).toMatchObject({ code: 'SVC_DIMENSION_LIMIT' });
    expect(f({ values: [PI, E], value: PI, degree: 2 })).toMatchObject({ code: 'SVC_INVALID_INPUT' });
    expect(f({ values: [0.5, 1.5] })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/carry only/) });
    expect(f({ values: [PI, E], n: 3 })).toMatchObject({ code: 'SVC_INVALID_INPUT', detail: expect.stringMatching(/n/) });
  });
});

describe('relation verify (a caller\'s relation re-checked the same way)', () => {
  it('accepts a true relation, refuses a false one, checks max_height, and checks "none" by running PSLQ', () => {
    const ok = check('relation', { values: LN }, [1, -1, -1]);
    expect(ok.checks.every((c) => c.ok)).toBe(true);
    expect(ok.objective).toBe(1);
    expect(check('relation', { values: LN }, [1, -1, 1]).checks.find((c) => c.name === 'residual')!.ok).toBe(false);
    expect(check('relation', { values: LN, max_height: 1 }, [2, -2, -2]).checks.find((c) => c.name === 'max_height')!.ok).toBe(false);
    expect(check('relation', { values: LN }, 'none').checks.find((c) => c.name === 'no_relation_found')!.ok).toBe(false);
    expect(check('relation', { values: [PI, E, '1'], max_height: 100 }, 'none').checks.every((c) => c.ok)).toBe(true);
    expect(check('relation', { value: PHI, degree: 4 }, [1, -1, -1]).checks.every((c) => c.ok)).toBe(true);
    expect(check('relation', { value: PHI, degree: 4 }, [1, 1, -1]).checks.every((c) => c.ok)).toBe(false);
    expect(check('relation', { values: LN }, [1, 'a', 2]).checks[0].ok).toBe(false);
  });

  it('bounds the PSLQ re-run of a "none" by its work estimate: 32 values at 300 digits is 422 SVC_DIMENSION_LIMIT, not a held thread', () => {
    const digits = (k: number) => `0.${Array.from({ length: 300 }, (_, i) => String((k * 7919 + i * 104729) % 10)).join('')}`;
    const values = Array.from({ length: 32 }, (_, k) => digits(k + 1));
    expect(relationWork(prepare('relation', { values, digits: 290 }).problem as RelationProblem)).toBeGreaterThan(VERIFY_NONE_MAX_WORK);
    const fault = svcFault(() => check('relation', { values, digits: 290 }, 'none'));
    expect(fault.code).toBe('SVC_DIMENSION_LIMIT');
    expect(fault.detail).toMatch(/fewer values, fewer digits or a lower degree/);
    // A relation (not "none") of the same problem is still checked: its residual, exactly.
    expect(check('relation', { values, digits: 290 }, Array.from({ length: 32 }, (_, k) => (k === 0 ? 1 : 0))).checks.find((c) => c.name === 'residual')!.ok).toBe(false);
  });
});

// Issue 31: relations and polynomials the digits as sent refute, and abstentions that claim more than was proven.
const SMALL = '-0.00003258653877320317864311006';
const EIGHT = ['2.39789527279837054406194357796', '1.60943791243410037460075933322', '0.693147180559945309417232121458', '1.41421356237309504880168872420', '18.9370691399441224394914253604', '1.94591014905531330510535274344', '1.09861228866810969139524523692', '3.14159265358979323846264338327'];
const MACHIN4 = ['-4.634038232428505433310333841643134536923e+0', '4.184076002074723864538214959285452741048e-3', '1.973955598498807583700497651947902934475e-1', '3.141592653589793238462643383279502884197e+0'];

describe('relation: no false relation, no false abstention (issue 31)', () => {
  it('answers the three reported requests truthfully', () => {
    const small = run('relation', { n: 7, value: SMALL, degree: 6 }).done;
    if (Array.isArray(small.fields.answer)) {
      expect((small.fields.answer as number[]).at(-1)).not.toBe(0);
      expect(check('relation', { value: SMALL, degree: 6 }, small.fields.answer).checks.every((c) => c.ok)).toBe(true);
    } else expect(small.certainty).not.toBe(CERTAINTY.abstention);
    const eight = run('relation', { values: EIGHT, digits: 11 }).done;
    expect(eight.fields.answer).not.toEqual([1, 2, 2, -4, 0, -4, 3, 1]);
    if (Array.isArray(eight.fields.answer)) expect(check('relation', { values: EIGHT, digits: 11 }, eight.fields.answer).checks.every((c) => c.ok)).toBe(true);
    const m4 = run('relation', { n: 4, values: MACHIN4, max_height: 10 }).done;
    expect(m4.fields.answer).toEqual([3, -7, -9, 5]);
    expect(certaintyMatches(m4.certainty, CERTAINTY.recorded)).toBe(true);
  });

  it('refuses an engine that answers x^5 for a non-zero value, or a relation the 30 digits sent refute at digits 11', () => {
    const a = run('relation', { value: SMALL, degree: 6 });
    const ra = a.r as NumericResult;
    const x5 = { ...ra, answer: Float64Array.from([1, 0, 0, 0, 0, 0]), extras: { ...ra.extras, found: 1, stop: 0, degree: 5, irreducible: 1 } };
    expect(engineFailure(() => a.prep.finish(x5 as NumericResult, { deadlineFired: false }))).toMatch(/divisible by x|refute/);
    const b = run('relation', { values: EIGHT, digits: 11 });
    const rb = b.r as NumericResult;
    const lie = { ...rb, answer: Float64Array.from([1, 2, 2, -4, 0, -4, 3, 1]), extras: { ...rb.extras, found: 1, stop: 0 } };
    expect(engineFailure(() => b.prep.finish(lie as NumericResult, { deadlineFired: false }))).toMatch(/refute/);
    // verify says the same of a caller's.
    expect(check('relation', { value: SMALL, degree: 6 }, [1, 0, 0, 0, 0, 0]).checks.find((c) => c.name === 'residual')!.ok).toBe(false);
    expect(check('relation', { values: EIGHT, digits: 11 }, [1, 2, 2, -4, 0, -4, 3, 1]).checks.find((c) => c.name === 'residual')!.ok).toBe(false);
    // x^2 - 2 still holds for √2 to 12 digits at 10 working digits (the truncation is allowed for).
    expect(check('relation', { value: '1.41421356237', degree: 2, digits: 10 }, [1, 0, -2]).checks.every((c) => c.ok)).toBe(true);
  });

  it('says "no relation within bounds" only when PSLQ\'s bound excluded max_height; otherwise only the norm bound', () => {
    const { prep, r } = run('relation', { values: [PI, E, '1'], max_height: 100 });
    const res = r as NumericResult;
    expect(prep.finish(res, { deadlineFired: false }).certainty).toBe(CERTAINTY.abstention);
    const unverified = prep.finish({ ...res, extras: { ...res.extras, stop: 5, bound: 12.345 } } as NumericResult, { deadlineFired: false });
    expect(unverified.certainty).toBe('abstention (no relation found; none of norm below 12.3)');
    expect(certaintyMatches(unverified.certainty, CERTAINTY.abstentionNorm)).toBe(true);
    expect([boundText(0), boundText(1.999), boundText(123456), boundText(2 ** 100), boundText(0.0123)]).toEqual(['0', '1.99', '123000', '1.26e+30', '1.23e-2']);
  });

  it('accepts `irreducible` only where its own mod-prime proof holds (x^4 - 10x^2 + 1 for √2 + √3 has none)', () => {
    const { prep, r, done } = run('relation', { value: '3.146264369941972342329135065715570445512477129187328701232486', degree: 4 });
    expect(done.fields).toMatchObject({ answer: [1, 0, -10, 0, 1], irreducible: false });
    const res = r as NumericResult;
    expect(engineFailure(() => prep.finish({ ...res, extras: { ...res.extras, irreducible: 1 } } as NumericResult, { deadlineFired: false }))).toMatch(/irreducible/);
    expect(run('relation', { value: PHI, degree: 6 }).done.fields.irreducible).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createTsEngine, type EngineRequest, type NumericResult } from '@svc/engine-ts';
import { canonicalRelation, type RelationInput } from '@svc/engine-ts/families/relation';
import { digitsRefute, plantedCombination, polyRemainder, randomAlgebraic, RELATION_CONSTANTS } from '@svc/engine-ts/families/relation/testing';
import { Prng } from '@svc/engine-ts';
import { createEngine, createNativeEngine, loadNativeAddon, nativeLibraryDeclarations } from './index';
import { describeNative } from './testing';

const request = (input: RelationInput): EngineRequest => ({ command: 'relation', problem: canonicalRelation(input), effort: 'medium', seed: 0 });

describe('relation runs natively only when the addon was built with GMP (the precision libraries)', () => {
  it('is declared as needing MPFR and GMP in its folder (core/relation/library.cmake)', () => {
    const declared = nativeLibraryDeclarations().filter((d) => d.family === 'relation');
    expect(declared.map((d) => [d.name, d.required, d.debian])).toEqual([['mpfr', true, ['libmpfr-dev']], ['gmp', true, ['libgmp-dev']]]);
  });
  it('an addon built without it leaves relation to engine-ts', () => {
    const stub = { version: '1.0.0', commands: () => ['tsp'], libraries: () => [], solve: () => Promise.reject(new Error('not called')) };
    expect(createEngine('native', () => ({ addon: stub, error: null })).engineFor('relation').kind).toBe('ts');
  });
});

const built = loadNativeAddon().addon?.commands().includes('relation') ?? false;

describeNative('native relation (GMP): the same relation, stop, bound and extras as engine-ts', () => {
  if (!built) {
    it('this addon was built without GMP: relation is served by engine-ts', () => {
      expect(createEngine().engineFor('relation').kind).toBe('ts');
    });
    return;
  }
  const native = createNativeEngine()!;
  const ts = createTsEngine();
  const both = async (input: RelationInput) => {
    const req = request(input);
    const [a, b] = (await Promise.all([ts.solve(req), native.solve(req)])) as [NumericResult, NumericResult];
    expect(b.kind).toBe('numeric');
    expect(Array.from(b.answer), JSON.stringify(input).slice(0, 80)).toEqual(Array.from(a.answer));
    expect(b.extras).toEqual(a.extras);
    return b;
  };
  it('agrees on the known cases and the abstentions', async () => {
    const base = { max_height: 1e6, digits: 50 };
    expect(Array.from((await both({ ...base, value: '3.146264369941972342329135065715570445512477129187328701232486', degree: 4 })).answer)).toEqual([1, 0, -10, 0, 1]);
    expect(Array.from((await both({ ...base, value: '2.856463132680503431123327034989807666961541128876298650723095', degree: 6 })).answer)).toEqual([1, 0, -6, -6, 12, -36, 1]);
    expect(Array.from((await both({ ...base, value: '0.623489801858733530525004884004239810632274730896402105365549', degree: 3 })).answer)).toEqual([8, 4, -4, -1]);
    expect(Array.from((await both({ ...base, value: '1.618033988749894848204586834365638117720309179805762862135448', degree: 6 })).answer)).toEqual([1, -1, -1]);
    expect(Array.from((await both({ ...base, values: ['1.791759469228055000812477358380702272722990692183004705855374', '0.693147180559945309417232121458176568075500134360255254120680', '1.098612288668109691395245236922525704647490557822749451734694'] })).answer)).toEqual([1, -1, -1]);
    expect(Array.from((await both({ ...base, values: ['0.785398163397448309615660845819875721049292349843776455243736', '0.197395559849880758370049765194790293447585103787852101517688', '0.004184076002074723864538214959285452741048065307631950827019'] })).answer)).toEqual([1, -4, 1]);
    const none = await both({ ...base, values: ['3.141592653589793238462643383279502884197169399375105820974944', '2.718281828459045235360287471352662497757247093699959574966967', '1'], max_height: 100 });
    expect(none.answer.length).toBe(0);
    expect(none.extras.bound).toBeGreaterThan(Math.sqrt(3) * 100);
    await both({ ...base, value: '3.141592653589793238462643383279502884197169399375105820974944', degree: 5, max_height: 10000 });
    await both({ max_height: 1e6, digits: 40, value: '1.41421356237', degree: 2 });
    await both({ max_height: 1e6, digits: 20, values: ['0', '0.000', '2', '3'] });
  });
  it('agrees on 20 random algebraic numbers (degree <= 8), each a factor of its generating polynomial', async () => {
    for (const c of randomAlgebraic(11, 20, { digits: 110 })) {
      const b = await both({ value: c.value, degree: c.poly.length - 1, max_height: 1e6, digits: 100 });
      const asc = Array.from(b.answer, (x) => BigInt(x)).reverse();
      expect(asc.length).toBeGreaterThan(1);
      expect(polyRemainder(c.poly, asc)).toEqual([]);
    }
  }, 120_000);
  it('agrees at 60 digits on 50 degree <= 8 numbers, where significance refuses near-miss relations', async () => {
    for (const c of randomAlgebraic(2026, 50, { digits: 110 })) {
      const b = await both({ value: c.value, degree: c.poly.length - 1, max_height: 1e6, digits: 60 });
      if (b.answer.length > 0) expect(polyRemainder(c.poly, Array.from(b.answer, (x) => BigInt(x)).reverse())).toEqual([]);
    }
  }, 120_000);
  it('agrees on random value vectors with planted relations and without', async () => {
    for (const c of randomAlgebraic(5, 8, { maxDegree: 4, digits: 60 })) {
      // x, x^2 given separately, and 1: the relation of a degree-2 polynomial, or none within 10^3.
      await both({ values: [c.value, '1', '3.141592653589793238462643383279502884197169399375105820974944'], max_height: 1000, digits: 50 });
    }
  }, 60_000);
  it('issue 31: agrees on the three reported cases, each answer holding on the digits as sent', async () => {
    const small = await both({ value: '-0.00003258653877320317864311006', degree: 6, max_height: 1e6, digits: 28 });
    if (small.answer.length > 0) expect(small.answer[small.answer.length - 1]).not.toBe(0);
    const eight = ['2.39789527279837054406194357796', '1.60943791243410037460075933322', '0.693147180559945309417232121458', '1.41421356237309504880168872420', '18.9370691399441224394914253604', '1.94591014905531330510535274344', '1.09861228866810969139524523692', '3.14159265358979323846264338327'];
    const e8 = await both({ values: eight, max_height: 1e6, digits: 11 });
    if (e8.answer.length > 0) expect(digitsRefute(Array.from(e8.answer, (x) => BigInt(x)), eight, false)).toBe(false);
    const machin = ['-4.634038232428505433310333841643134536923e+0', '4.184076002074723864538214959285452741048e-3', '1.973955598498807583700497651947902934475e-1', '3.141592653589793238462643383279502884197e+0'];
    const m4 = await both({ values: machin, max_height: 10, digits: 39 });
    expect(Array.from(m4.answer)).toEqual([3, -7, -9, 5]);
    // Bounds claimed only as far as proven: 2·10^9x² + 2·10^5x + 3 within max_height 10^11 at 14 digits,
    // 2·10^6x² − 7 (norm 2·10^6) at 36 digits.
    const lie1 = await both({ value: '-0.000018377223398316206680011064555672', degree: 2, max_height: 1e11, digits: 14 });
    expect(lie1.extras.stop).not.toBe(1);
    const lie2 = await both({ value: '0.0018708286933869706927918743661582746', degree: 5, max_height: 1e6, digits: 36 });
    if (lie2.answer.length === 0) expect(lie2.extras.bound).toBeLessThanOrEqual(2e6);
  });
  it('issue 31: agrees on planted relations at small digits and on small values, none refuted by the digits', async () => {
    const rng = new Prng(3102);
    for (let t = 0; t < 12; t++) {
      const vals = RELATION_CONSTANTS.slice(t % 5, (t % 5) + 2 + (t % 3));
      const c = vals.map(() => BigInt(rng.nextInt(15) - 7));
      const values = [...vals, plantedCombination(vals, c)];
      const r = await both({ values, max_height: 1 + rng.nextInt(12), digits: 10 + rng.nextInt(8) });
      if (r.answer.length > 0) expect(digitsRefute(Array.from(r.answer, (x) => BigInt(x)), values, false)).toBe(false);
    }
    for (const c of randomAlgebraic(32, 6, { maxDegree: 4, digits: 40 })) {
      const [ip, fp] = c.value.replace('-', '').split('.');
      const v = `${c.value.startsWith('-') ? '-' : ''}0.000${ip}${fp}`.slice(0, 36);
      const r = await both({ value: v, degree: 6, max_height: 1e6, digits: 24 });
      if (r.answer.length > 0) expect(digitsRefute(Array.from(r.answer, (x) => BigInt(x)).reverse(), [v], true)).toBe(false);
    }
  }, 120_000);
});

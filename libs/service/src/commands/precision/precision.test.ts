import { afterAll, describe, expect, it } from 'vitest';
import { CERTAINTY, validateProblem } from '@svc/contracts';
import { decimalBytes, type DecimalResult } from '@svc/engine-ts/families/precision';
import { randomPrecisionCases, type PrecisionCase } from '@svc/engine-ts/families/precision/testing';
import { CHECKERS } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { closeServices, makeService } from '../../../test/services';
import { createNativeEngine, type NativeAddon } from '@svc/engine-native';
import { parseDec, verifyRounding } from './rescore';

const DESCRIPTION = 'Compute a constant of the calibration table to many digits.';
const { prepare, run } = adapterHarness(DESCRIPTION);
const body = (c: PrecisionCase): Record<string, unknown> => ({ n: c.digits, ...c });

/** The D-digit neighbour of a decimal text one unit in the last place above or below (same spelling rules are not needed here). */
function neighbour(text: string, D: number, up: boolean): string {
  const d = parseDec(text)!;
  let s = d.n.toString();
  let e = d.e;
  while (s.length < D) {
    s += '0';
    e -= 1;
  }
  const n = BigInt(s) + ((up !== d.negative) ? 1n : -1n);
  return `${d.negative ? '-' : ''}${n}e${e}`;
}

const check = (c: PrecisionCase, answer: unknown, declared: Record<string, unknown> | null = null) => {
  const v = validateProblem('precision', { tag: TAG, description: DESCRIPTION, ...body(c) }, { sandbox: false });
  return CHECKERS.precision!.check({ v, prep: prepare('precision', body(c)), answer, declared });
};

describe('precision through the service adapter', () => {
  it('answers with the operation label, the digits and whether the value is exact', () => {
    const { done } = run('precision', { n: 31, op: 'sqrt', x: '2', digits: 31 });
    expect(done).toMatchObject({ fields: { answer: '1.41421356237309504880168872421', exact: false, digits: 31 }, proof: null, certainty: CERTAINTY.operationExact });
    expect(run('precision', { n: 31, op: 'powq', x: '8', p: 2, q: 3 }).done.fields).toMatchObject({ answer: '4', exact: true });
    expect(run('precision', { op: 'pi', digits: 5240 }).done.fields.digits).toBe(5240);
  });

  it('re-checks every engine answer independently: 600 random cases pass, and each one an ulp off is caught', () => {
    // The contract takes 31 or 5240 digits; the engines' own tests cover the others.
    const cases = randomPrecisionCases(31, 600, 40).map((c) => ({ ...c, digits: 31 }));
    for (const c of cases) {
      const { done } = run('precision', body(c));
      const text = done.fields.answer as string;
      expect(check(c, text).checks.every((x) => x.ok), `${JSON.stringify(c)} ${text}`).toBe(true);
      if (text === '0') continue;
      for (const up of [true, false]) {
        const wrong = neighbour(text, c.digits, up);
        const verdict = verifyRounding({ ...c, x: c.x } as never, parseDec(wrong)!);
        expect(verdict.ok, `${JSON.stringify(c)}: ${wrong} accepted`).toBe(false);
      }
    }
  }, 120_000);

  it('refuses an engine that lies: a wrong digit, a bad spelling, a false exact flag, another kind', () => {
    const { prep, r } = run('precision', { n: 31, op: 'exp', x: '1' });
    const finish = (x: Partial<DecimalResult>) => () => prep.finish({ ...r, ...x } as DecimalResult, { deadlineFired: false });
    expect(engineFailure(finish({ answer: decimalBytes('2.718281828459045235360287471354') }))).toMatch(/not correctly rounded/);
    expect(engineFailure(finish({ answer: decimalBytes('2.7182818284590452353602874713530') }))).toMatch(/canonical spelling/);
    expect(engineFailure(finish({ answer: decimalBytes('e') }))).toMatch(/canonical spelling/);
    expect(engineFailure(finish({ exact: true }))).toMatch(/exact/);
    expect(engineFailure(finish({ kind: 'binary' } as unknown as Partial<DecimalResult>))).toMatch(/binary result for precision/);
    const sq = run('precision', { n: 31, op: 'sqrt', x: '16' });
    expect(engineFailure(() => sq.prep.finish({ ...sq.r, exact: false } as DecimalResult, { deadlineFired: false }))).toMatch(/exact/);
  });

  it('the receipt form: x by its value, p/q in lowest terms', () => {
    expect(prepare('precision', { n: 31, op: 'sqrt', x: '0.0200e2' }).receiptProblem).toEqual(prepare('precision', { n: 31, op: 'sqrt', x: '2' }).receiptProblem);
    expect(prepare('precision', { n: 31, op: 'powq', x: '8', p: 2, q: 6 }).receiptProblem).toEqual(prepare('precision', { n: 31, op: 'powq', x: '8', p: 1, q: 3 }).receiptProblem);
    expect(prepare('precision', { n: 31, op: 'pi' }).receiptProblem).toEqual({ n: 31, op: 'pi', digits: 31 });
  });

  it('verify: a right answer in any spelling passes; a wrong one, too many digits, a false exact flag or a wrong label fail', () => {
    const c: PrecisionCase = { op: 'ln', x: '2', digits: 31 };
    const right = '0.6931471805599453094172321214582';
    expect(check(c, right, { exact: false, digits: 31, certainty: CERTAINTY.operationExact }).checks.every((x) => x.ok)).toBe(true);
    expect(check(c, '6.931471805599453094172321214582e-1').checks.every((x) => x.ok)).toBe(true);
    const bad = (a: unknown, declared: Record<string, unknown> | null = null) => check(c, a, declared).checks.filter((x) => !x.ok).map((x) => x.name);
    expect(bad('0.6931471805599453094172321214581')).toEqual(['correctly_rounded']);
    expect(bad('0.69314718055994530941723212145818')).toEqual(['correctly_rounded']);
    expect(bad('ln 2')).toEqual(['answer_shape']);
    expect(bad(0.69)).toEqual(['answer_shape']);
    expect(bad(right, { certainty: CERTAINTY.certified })).toEqual(['certainty']);
    expect(check({ op: 'sqrt', x: '16', digits: 31 }, '4', { exact: false }).checks.filter((x) => !x.ok).map((x) => x.name)).toEqual(['exact']);
    expect(check(c, right).objective).toBeCloseTo(Math.LN2, 15);
  });

  it('checks the ends of the range: exp near its limits, ln of huge and tiny x, constants at 5240 digits', () => {
    for (const c of [
      { op: 'exp', x: '-2000000', digits: 31 }, { op: 'exp', x: '1999999.99', digits: 31 }, { op: 'ln', x: '1e1000000', digits: 31 },
      { op: 'ln', x: '9.99e-1000000', digits: 31 }, { op: 'ln', x: '1.000000000000000000000000000000000001', digits: 31 },
      { op: 'pi', digits: 5240 }, { op: 'e', digits: 5240 }, { op: 'ln2', digits: 5240 }, { op: 'nthroot', x: '-7', k: 999, digits: 31 },
    ] as PrecisionCase[]) {
      const { done } = run('precision', body(c));
      expect(check(c, done.fields.answer).checks.every((x) => x.ok), JSON.stringify(c)).toBe(true);
    }
  }, 120_000);
});

describe('/healthz and capabilities say which engine answers precision', () => {
  afterAll(closeServices);
  const stub = (commands: string[], libraries: { name: string; version: string; family: string }[]): NativeAddon => ({
    version: '1.0.0', commands: () => commands, libraries: () => libraries, solve: () => Promise.reject(new Error('not called')),
  });
  const capsOf = (caps: unknown, name: string) => (caps as { commands: { name: string; engine?: string }[] }).commands.find((c) => c.name === name);

  it('an addon built without MPFR: precision in ts_commands and on engine ts, no libraries', async () => {
    const svc = await makeService({ engine: 'native', loadNative: () => ({ addon: stub(['tsp', 'maxcut'], []), error: null }) });
    const h = svc.health();
    expect(h.ts_commands).toContain('precision');
    expect(h.native_commands).toContain('tsp');
    expect(h.native_libraries).toEqual([]);
    expect(capsOf(svc.capabilities(), 'precision')?.engine).toBe('ts');
    expect(capsOf(svc.capabilities(), 'tsp')?.engine).toBe('native');
  });

  it('an addon built with MPFR: precision native, the libraries named', async () => {
    const svc = await makeService({ engine: 'native', loadNative: () => ({ addon: stub(['tsp', 'precision'], [{ name: 'mpfr', version: '4.2.0', family: 'precision' }]), error: null }) });
    expect(svc.health()).toMatchObject({ engine: 'native', native_libraries: ['mpfr 4.2.0 (precision)'] });
    expect(svc.health().native_commands).toContain('precision');
    expect((svc.capabilities() as { native_libraries: unknown[] }).native_libraries).toEqual([{ name: 'mpfr', version: '4.2.0', family: 'precision' }]);
  });

  it('on engine-ts alone the health document is as before', async () => {
    const svc = await makeService();
    expect(Object.keys(svc.health()).sort()).toEqual(['engine', 'engine_id', 'status', 'version']);
  });
});

describe('the largest inputs the contract takes finish in bounded time, re-check included (never a hang)', () => {
  const digitsOf = (n: number) => Array.from({ length: n }, (_, i) => String((i * 7 + 3) % 10)).join('');
  const cases: Record<string, unknown>[] = [
    { op: 'nthroot', x: `1.${digitsOf(9990)}`, k: 999 }, { op: 'nthroot', x: '2', k: 1000 },
    { op: 'powq', x: `1.${digitsOf(9990)}`, p: 997, q: 999 }, { op: 'powq', x: `1.${digitsOf(9990)}`, p: -1000, q: 7 },
    { op: 'exp', x: `1999999.${'9'.repeat(9980)}` }, { op: 'ln', x: `1.${'0'.repeat(9990)}7` },
    { op: 'ln', x: `${'9'.repeat(9990)}e980000` }, { op: 'sqrt', x: `1.${digitsOf(9990)}` },
  ];
  const native = createNativeEngine();
  it.each(cases.map((c) => [c.op as string, c] as const))('%s at 5240 digits, 10,000-character x', async (_op, c) => {
    const t0 = performance.now();
    const { prep, done } = run('precision', { n: 5240, digits: 5240, ...c });
    expect(performance.now() - t0).toBeLessThan(10_000);
    if (native?.supports('precision')) {
      const r = await native.solve({ command: 'precision', problem: prep.problem, effort: 'medium', seed: 0 });
      expect(prep.finish(r, { deadlineFired: false }).fields.answer).toBe(done.fields.answer);
    }
  }, 60_000);
});

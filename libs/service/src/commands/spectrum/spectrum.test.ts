import { describe, expect, it } from 'vitest';
import { CERTAINTY, certaintyMatches, validateProblem } from '@svc/contracts';
import type { EngineResult, NumericResult } from '@svc/engine-ts';
import { randomPauliTerms, referenceLowest, tfimPeriodicLowest, tfimTerms, xxzTerms } from '@svc/engine-ts/families/spectrum/testing';
import { CHECKERS } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { numericCertainty } from './adapter';

const DESCRIPTION = 'Find the low-lying levels of a small spin Hamiltonian.';
const { prepare, run } = adapterHarness(DESCRIPTION);

describe('spectrum through the service adapter', () => {
  it('eigenvalues, gap and ground energy within their bounds; certainty states the measured tolerance', () => {
    const cases = [
      [{ terms: tfimTerms(8, 1, 0.8, true), k: 3 }, tfimPeriodicLowest(8, 1, 0.8, 3)],
      [{ terms: xxzTerms(6, 1, 1, true), k: 4 }, referenceLowest(6, xxzTerms(6, 1, 1, true), 4)],
      [{ terms: randomPauliTerms(4, 5, 12), k: 5 }, referenceLowest(5, randomPauliTerms(4, 5, 12), 5)],
      [{ terms: tfimTerms(14, 1, 2, false) }, null],
    ] as const;
    for (const [body, ref] of cases) {
      const { done } = run('spectrum', body as unknown as Record<string, unknown>);
      const f = done.fields as Record<string, any>;
      expect(f.answer).toEqual(f.eigenvalues);
      expect(f.ground_energy).toBe(f.eigenvalues[0]);
      expect(f.gap).toBe(f.eigenvalues[1] - f.eigenvalues[0]);
      expect(f.tolerance).toBe(Math.max(...f.errors));
      if (String(f.method).includes('lanczos')) {
        // Not proven complete (docs/spectrum.md): heuristic, whatever its bounds.
        expect(f.converged).toBe(false);
        expect(done.certainty).toBe(CERTAINTY.heuristic);
      } else {
        expect(f.converged).toBe(true);
        expect(certaintyMatches(done.certainty, CERTAINTY.operationNumeric)).toBe(true);
        expect(done.certainty).toBe(numericCertainty(f.tolerance));
      }
      if (ref) ref.forEach((x, i) => expect(Math.abs(f.eigenvalues[i] - x)).toBeLessThanOrEqual(f.errors[i] + 1e-12));
    }
    expect(numericCertainty(3.27e-13)).toBe('operation (numeric, tolerance 3.3e-13)');
    expect(numericCertainty(1e-12)).toBe('operation (numeric, tolerance 1.0e-12)');
    expect(certaintyMatches('operation (numeric, tolerance 3.3e-13)', CERTAINTY.operationNumeric)).toBe(true);
    expect(certaintyMatches('operation (numeric, tolerance three)', CERTAINTY.operationNumeric)).toBe(false);
  }, 60_000);

  it('the receipt form merges repeated strings; eigenvectors asked up to n = 12 only', () => {
    const a = prepare('spectrum', { terms: [{ coeff: 1, ops: 'XX' }, { coeff: 0.5, ops: 'XX' }, { coeff: 1, ops: 'ZI' }] });
    expect(a.receiptProblem).toEqual({ n: 2, k: 2, terms: [{ coeff: 1, ops: 'ZI' }, { coeff: 1.5, ops: 'XX' }] });
    expect((a.problem as { vectors: number }).vectors).toBe(1);
    expect((prepare('spectrum', { terms: tfimTerms(13, 1, 1, false) }).problem as { vectors: number }).vectors).toBe(0);
  });

  it('refuses a lying engine: a shifted value, an understated residual, a bad vector, values out of order', () => {
    const body = { terms: tfimTerms(6, 1, 0.7, true), k: 3 };
    const { prep, r } = run('spectrum', body);
    const rr = r as NumericResult;
    const finish = (answer: Float64Array, extras: Record<string, number> = rr.extras) => () => prep.finish({ ...rr, answer, extras } as EngineResult, { deadlineFired: false });
    const shifted = Float64Array.from(rr.answer);
    shifted[0] -= 1e-6;
    expect(engineFailure(finish(shifted))).toMatch(/energy|exact spectrum/);
    const under = Float64Array.from(rr.answer);
    under[6] = 0;
    under[3] = 1e-30;
    expect(engineFailure(finish(under))).toMatch(/residual|floor/);
    const vec = Float64Array.from(rr.answer);
    vec[9] += 0.1;
    expect(engineFailure(finish(vec))).toMatch(/norm|energy|residual/);
    const order = Float64Array.from(rr.answer);
    [order[0], order[1]] = [order[1], order[0]];
    expect(engineFailure(finish(order))).toMatch(/ascending/);
    expect(engineFailure(finish(rr.answer.subarray(0, 5)))).toMatch(/numbers/);
  });

  it('a result stopped early is heuristic, with what was found', () => {
    const { prep, r } = run('spectrum', { terms: tfimTerms(6, 1, 0.7, true), k: 2 });
    const done = prep.finish({ ...(r as NumericResult), extras: { ...(r as NumericResult).extras, converged: 0 } } as EngineResult, { deadlineFired: false });
    expect(done.certainty).toBe(CERTAINTY.heuristic);
    expect(done.fields.converged).toBe(false);
  });

  it('verify: the exact spectrum up to 6 qubits, the declared gap and ground energy; the reference ground energy', () => {
    const body = { n: 3, terms: [{ coeff: 1, ops: 'XXI' }, { coeff: 0.5, ops: 'IYY' }, { coeff: -0.25, ops: 'ZIZ' }], k: 3 };
    const v = validateProblem('spectrum', { tag: TAG, description: DESCRIPTION, ...body }, { sandbox: false });
    const prep = prepare('spectrum', body);
    const { done } = run('spectrum', body);
    const f = done.fields as Record<string, any>;
    const check = (answer: unknown, declared: Record<string, unknown> | null) => CHECKERS.spectrum!.check({ v, prep, answer, declared });
    const ok = check(f.eigenvalues, f);
    expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
    expect(ok.objective).toBe(f.eigenvalues[0]);
    expect(CHECKERS.spectrum!.reference!({ v, prep })).toBeCloseTo(f.eigenvalues[0], 12);
    const wrong = check([f.eigenvalues[0] + 0.01, f.eigenvalues[1], f.eigenvalues[2]], null);
    expect(wrong.checks.find((c) => c.name === 'exact_spectrum')!.ok).toBe(false);
    expect(check([1, 2], null).checks[0]).toMatchObject({ name: 'answer_shape', ok: false });
    expect(check(f.eigenvalues, { ...f, gap: 7 }).checks.find((c) => c.name === 'declared_gap')!.ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { CERTAINTY, certaintyMatches, validateProblem } from '@svc/contracts';
import type { EngineResult, NumericResult } from '@svc/engine-ts';
import { ghzState, randomState, referenceEntropy } from '@svc/engine-ts/families/entropy/testing';
import { tfimTerms } from '@svc/engine-ts/families/spectrum/testing';
import { isSvcError } from '@svc/errors';
import { CHECKERS } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';

const DESCRIPTION = 'Measure the entanglement of part of a small quantum register.';
const { prepare, run } = adapterHarness(DESCRIPTION);

describe('entropy through the service adapter', () => {
  it('states and ground states: entropy within its bound, certainty with the measured tolerance', () => {
    const s = randomState(11, 6);
    const a = run('entropy', { state: s, subsystem: [1, 3, 4] }).done;
    const f = a.fields as Record<string, any>;
    expect(Math.abs(f.entropy - referenceEntropy(6, s, [1, 3, 4]).entropy)).toBeLessThanOrEqual(f.tolerance + 1e-12);
    expect(f.source).toBe('state');
    expect(f.answer).toBe(f.entropy);
    expect(certaintyMatches(a.certainty, CERTAINTY.operationNumeric)).toBe(true);
    const g = run('entropy', { terms: tfimTerms(8, 1, 1.5, true), subsystem: [0, 1, 2, 3] }).done;
    const gf = g.fields as Record<string, any>;
    expect(gf.source).toBe('ground_state');
    expect(gf.degenerate).toBe(false);
    expect(gf.tolerance).toBeLessThan(1e-6);
    expect(gf.gap).toBeGreaterThan(0.5);
    expect(certaintyMatches(g.certainty, CERTAINTY.operationNumeric)).toBe(true);
  });

  it('a degenerate ground level is heuristic', () => {
    const d = run('entropy', { terms: [{ coeff: 1, ops: 'ZI' }], subsystem: [0] }).done;
    expect(d.certainty).toBe(CERTAINTY.heuristic);
    expect((d.fields as Record<string, unknown>).degenerate).toBe(true);
  });

  it('the contract: a state off its norm is 422 naming the norm; both or neither source; a repeated qubit', () => {
    const bad = (body: Record<string, unknown>) => {
      try {
        validateProblem('entropy', { tag: TAG, description: DESCRIPTION, ...body }, { sandbox: false });
      } catch (e) {
        if (isSvcError(e)) return `${e.code}: ${e.detail}`;
        throw e;
      }
      return 'accepted';
    };
    expect(bad({ state: [[1, 0], [1, 0]], subsystem: [0] })).toMatch(/SVC_INVALID_INPUT.*not normalised.*Σ\|ψ\|² = 2/);
    expect(bad({ state: [[1, 0], [0, 0], [0, 0]], subsystem: [0] })).toMatch(/2\^n/);
    expect(bad({ subsystem: [0] })).toMatch(/SVC_INVALID_INPUT/);
    expect(bad({ state: [[1, 0], [0, 0]], terms: [{ coeff: 1, ops: 'Z' }], subsystem: [0] })).toMatch(/not both/);
    expect(bad({ state: [[1, 0], [0, 0], [0, 0], [0, 0]], subsystem: [1, 1] })).toMatch(/twice/);
    expect(bad({ state: [[1, 0], [0, 0], [0, 0], [0, 0]], subsystem: [2] })).toMatch(/out of range/);
    expect(bad({ state: [[1, 0], [0, 0]], subsystem: [0], n: 2 })).toMatch(/disagrees/);
    expect(bad({ state: [[1.0000001, 0], [0, 0]], subsystem: [0] })).toBe('accepted');
  });

  it('refuses a lying engine: a shifted entropy, Rényi-2 above it, bad Schmidt coefficients, a wrong ground state', () => {
    const { prep, r } = run('entropy', { state: ghzState(4), subsystem: [0, 1] });
    const rr = r as NumericResult;
    const finish = (answer: Float64Array) => () => prep.finish({ ...rr, answer } as EngineResult, { deadlineFired: false });
    const shifted = Float64Array.from(rr.answer);
    shifted[0] = 0.5;
    expect(engineFailure(finish(shifted))).toMatch(/entropy|Schmidt/);
    const renyi = Float64Array.from(rr.answer);
    renyi[1] = 3;
    expect(engineFailure(finish(renyi))).toMatch(/Rényi/);
    const schmidt = Float64Array.from(rr.answer);
    schmidt[5] = 0.1;
    expect(engineFailure(finish(schmidt))).toMatch(/Schmidt|descending/);
    const g = run('entropy', { terms: tfimTerms(6, 1, 1, true), subsystem: [0, 1, 2] });
    const gr = g.r as NumericResult;
    const tampered = Float64Array.from(gr.answer);
    tampered[tampered.length - 3] += 0.2;
    expect(engineFailure(() => g.prep.finish({ ...gr, answer: tampered } as EngineResult, { deadlineFired: false }))).toMatch(/norm|energy|entropy/);
  });

  it('verify: recomputes the entropy of a state, and of a small ground state; the reference value', () => {
    const body = { state: ghzState(3), subsystem: [2] };
    const v = validateProblem('entropy', { tag: TAG, description: DESCRIPTION, ...body }, { sandbox: false });
    const prep = prepare('entropy', body);
    const check = (answer: unknown, declared: Record<string, unknown> | null) => CHECKERS.entropy!.check({ v, prep, answer, declared });
    expect(check(1, null).checks.every((c) => c.ok)).toBe(true);
    expect(check(0.5, null).checks.find((c) => c.name === 'recomputed')!.ok).toBe(false);
    expect(check('one', null).checks[0].ok).toBe(false);
    expect(CHECKERS.entropy!.reference!({ v, prep })).toBeCloseTo(1, 12);
    const tb = { terms: tfimTerms(4, 1, 1, true), subsystem: [0, 1] };
    const tv = validateProblem('entropy', { tag: TAG, description: DESCRIPTION, ...tb }, { sandbox: false });
    const done = run('entropy', tb).done;
    expect(CHECKERS.entropy!.reference!({ v: tv, prep: prepare('entropy', tb) })).toBeCloseTo((done.fields as Record<string, number>).entropy, 10);
  });
});

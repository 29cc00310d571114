import { describe, expect, it } from 'vitest';
import { CERTAINTY, certaintyMatches, validateProblem } from '@svc/contracts';
import type { EngineResult, NumericResult } from '@svc/engine-ts';
import { isSvcError } from '@svc/errors';
import { CHECKERS } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';

const DESCRIPTION = 'Tell which phase a small spin chain is in.';
const { prepare, run } = adapterHarness(DESCRIPTION);

describe('phase through the service adapter', () => {
  it('labels with their evidence; clear ones state the evidence tolerance, near ones are heuristic', () => {
    const a = run('phase', { n: 9, model: 'tfim', h: 0.4 }).done;
    const f = a.fields as Record<string, any>;
    expect(f.answer).toBe('ferromagnetic');
    expect(f.near_transition).toBe(false);
    expect(certaintyMatches(a.certainty, CERTAINTY.operationNumeric)).toBe(true);
    expect(f.evidence.sizes).toEqual([5, 7, 9]);
    expect(f.evidence.rule).toMatch(/gap scaling/);
    // 10 sites: sectors of 512 states go to Lanczos, not proven complete: the same label, heuristic.
    const big = run('phase', { n: 10, model: 'tfim', h: 0.4 }).done;
    expect((big.fields as Record<string, any>).answer).toBe('ferromagnetic');
    expect(big.certainty).toBe(CERTAINTY.heuristic);
    const near = run('phase', { n: 8, model: 'tfim', h: 1.02 }).done;
    expect((near.fields as Record<string, any>).answer).toBe('critical');
    expect(near.certainty).toBe(CERTAINTY.heuristic);
    const x = run('phase', { n: 8, model: 'xxz', delta: 0.3, boundary: 'open' }).done;
    expect((x.fields as Record<string, any>).answer).toBe('xy');
    const hb = run('phase', { n: 8, model: 'heisenberg' }).done;
    expect((hb.fields as Record<string, any>).answer).toBe('critical');
    expect(certaintyMatches(hb.certainty, CERTAINTY.operationNumeric)).toBe(true);
  });

  it('the contract: h for tfim, delta for xxz, even n for xxz, a frustrated ring, J = 0, n over 20', () => {
    const bad = (body: Record<string, unknown>) => {
      try {
        validateProblem('phase', { tag: TAG, description: DESCRIPTION, ...body }, { sandbox: false });
      } catch (e) {
        if (isSvcError(e)) return `${e.code}: ${e.detail}`;
        throw e;
      }
      return 'accepted';
    };
    expect(bad({ n: 8, model: 'tfim' })).toMatch(/SVC_INVALID_INPUT.*h/);
    expect(bad({ n: 8, model: 'tfim', h: 1, delta: 2 })).toMatch(/delta applies to xxz/);
    expect(bad({ n: 8, model: 'xxz', h: 1 })).toMatch(/SVC_INVALID_INPUT/);
    expect(bad({ n: 7, model: 'xxz', delta: 1 })).toMatch(/even/);
    expect(bad({ n: 7, model: 'tfim', J: -1, h: 0.5 })).toMatch(/frustrated/);
    expect(bad({ n: 7, model: 'tfim', J: -1, h: 0.5, boundary: 'open' })).toBe('accepted');
    expect(bad({ n: 8, model: 'tfim', J: 0, h: 0.5 })).toMatch(/non-zero/);
    expect(bad({ n: 22, model: 'tfim', h: 0.5 })).toMatch(/SVC_DIMENSION_LIMIT/);
    expect(bad({ n: 3, model: 'tfim', h: 0.5 })).toMatch(/SVC_INVALID_INPUT/);
    expect(bad({ n: 8, model: 'potts', h: 0.5 })).toMatch(/SVC_INVALID_INPUT/);
    expect(bad({ n: 8, model: 'heisenberg', delta: 2 })).toMatch(/xxz/);
  });

  it('refuses lying evidence: a level off the exact spectrum, inconsistent moments, a wrong polarised level, a missing size', () => {
    const { prep, r } = run('phase', { n: 6, model: 'tfim', h: 0.7 });
    const rr = r as NumericResult;
    const finish = (answer: Float64Array, extras = rr.extras) => () => prep.finish({ ...rr, answer, extras } as EngineResult, { deadlineFired: false });
    const level = Float64Array.from(rr.answer);
    level[1] -= 0.01;
    expect(engineFailure(finish(level))).toMatch(/exactly|ascending/);
    const moments = Float64Array.from(rr.answer);
    moments[6] = 0;
    expect(engineFailure(finish(moments))).toMatch(/moments/);
    expect(engineFailure(finish(rr.answer.subarray(0, 8), { ...rr.extras, sizes: 2 }))).toMatch(/numbers/);
    const x = run('phase', { n: 8, model: 'xxz', delta: 0.5 });
    const xr = x.r as NumericResult;
    const ferro = Float64Array.from(xr.answer);
    ferro[7] += 1;
    expect(engineFailure(() => x.prep.finish({ ...xr, answer: ferro } as EngineResult, { deadlineFired: false }))).toMatch(/polarised/);
  });

  it('verify: the label belongs to the model, the gap of a small chain recomputed, the label read from its evidence', () => {
    const body = { n: 6, model: 'tfim', h: 2 };
    const v = validateProblem('phase', { tag: TAG, description: DESCRIPTION, ...body }, { sandbox: false });
    const prep = prepare('phase', body);
    const done = run('phase', body).done;
    const f = done.fields as Record<string, any>;
    const check = (answer: unknown, declared: Record<string, unknown> | null) => CHECKERS.phase!.check({ v, prep, answer, declared });
    const ok = check(f.answer, f);
    expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
    expect(check('xy', null).checks.find((c) => c.name === 'label_of_model')!.ok).toBe(false);
    expect(check('ferromagnetic', f).checks.find((c) => c.name === 'label_from_evidence')!.ok).toBe(false);
    expect(check(f.answer, { ...f, gap: 1 }).checks.find((c) => c.name === 'gap_recomputed')!.ok).toBe(false);
    expect(CHECKERS.phase!.reference!({ v, prep })).toBeCloseTo(f.gap, 10);
  });
});

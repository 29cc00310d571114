import { describe, expect, it } from 'vitest';
import { problemDocument } from '@svc/errors';
import { validateProblem } from '../validate-problem';
import { inputSchemas, outputSchemas } from '../schemas';
import { inputJsonSchema, outputJsonSchema } from '../json-schema';
import { SAMPLE_LIMITS } from './sample';
import { svcErrorOf, validExample } from '../../test/fixtures';

type Cmd = 'feel' | 'want' | 'sample';

function body(c: Cmd, patch: Record<string, unknown>): Record<string, unknown> {
  const b = validExample(c);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete b[k];
    else b[k] = v;
  }
  return b;
}

/** validateProblem's verdict; the full zod schema must agree on accept/reject. */
function verdict(c: Cmd, b: unknown): { code: string; field?: unknown; detail: string } | 'ok' {
  let out: { code: string; field?: unknown; detail: string } | 'ok' = 'ok';
  try {
    validateProblem(c, b, { sandbox: false });
  } catch {
    const e = svcErrorOf(() => validateProblem(c, b, { sandbox: false }));
    out = { code: e.code, field: e.extensions.field, detail: e.detail };
  }
  expect(inputSchemas[c].safeParse(b).success, `${c} zod vs fast path`).toBe(out === 'ok');
  return out;
}

describe('feel schema', () => {
  it('accepts fields, couplings, ±1 warm starts and duplicates; n resolved', () => {
    expect(verdict('feel', validExample('feel'))).toBe('ok');
    expect(validateProblem('feel', body('feel', { field: undefined, quadratic: undefined, warm_start: undefined }), { sandbox: false }).n).toBe(5);
  });

  it.each([
    ['a self-pair', { quadratic: [[0, 1, 1], [2, 2, 1]] }, 'quadratic[1]'],
    ['a 0/1 warm start', { warm_start: [1, 0, 1, 1, 0] }, 'warm_start[1]'],
    ['a short warm start', { warm_start: [1, -1] }, 'warm_start'],
    ['field as an array', { field: [1, 2] }, 'field'],
    ['a field index out of range', { field: { 5: 1 } }, 'field.5'],
    ['a coupling index out of range', { quadratic: [[0, 7, 1]] }, 'quadratic[0][1]'],
    ['a non-finite coupling', { quadratic: [[0, 1, 'x']] }, 'quadratic[0][2]'],
    ['linear instead of field', { linear: { 0: 1 } }, 'linear'],
    ['no n', { n: undefined }, 'n'],
  ])('%s is SVC_INVALID_INPUT', (_label, patch, field) => {
    expect(verdict('feel', body('feel', patch))).toMatchObject({ code: 'SVC_INVALID_INPUT', field });
  });

  it('n over 100000 is SVC_DIMENSION_LIMIT', () => {
    const v = verdict('feel', body('feel', { n: 100_001, warm_start: undefined }));
    expect(v).toMatchObject({ code: 'SVC_DIMENSION_LIMIT' });
  });
});

describe('want schema', () => {
  it('accepts pins, including a warm start that disagrees with them (the pin wins)', () => {
    expect(verdict('want', body('want', { warm_start: [0, 1, 1, 1, 0] }))).toBe('ok');
    expect(verdict('want', body('want', { pins: { 4: 0 }, warm_start: undefined }))).toBe('ok');
  });

  it.each([
    ['no pins', { pins: undefined }, 'pins'],
    ['empty pins', { pins: {} }, 'pins'],
    ['pins as an array', { pins: [[0, 1]] }, 'pins'],
    ['a pin index out of range', { pins: { 5: 1 } }, 'pins.5'],
    ['a pin value of 2', { pins: { 1: 2 } }, 'pins.1'],
    ['a pin value of true', { pins: { 1: true } }, 'pins.1'],
    ['a pin key with a leading zero', { pins: { '01': 1 } }, 'pins["01"]'],
    ['a negative pin key', { pins: { '-1': 1 } }, 'pins["-1"]'],
  ])('%s is SVC_INVALID_INPUT', (_label, patch, field) => {
    expect(verdict('want', body('want', patch))).toMatchObject({ code: 'SVC_INVALID_INPUT', field });
  });

  it('duplicate pin keys in the raw text collapse to one pin before validation (no contradiction is visible)', () => {
    const parsed = JSON.parse('{"0": 1, "0": 0}');
    expect(parsed).toEqual({ 0: 0 });
    expect(verdict('want', body('want', { pins: parsed }))).toBe('ok');
  });
});

describe('sample schema', () => {
  it('accepts num_samples 1..1000 and a window >= 0; both optional', () => {
    for (const k of [1, 16, 1000]) expect(verdict('sample', body('sample', { num_samples: k }))).toBe('ok');
    expect(verdict('sample', body('sample', { num_samples: undefined, energy_window: undefined }))).toBe('ok');
    expect(verdict('sample', body('sample', { energy_window: 0 }))).toBe('ok');
  });

  it.each([
    ['num_samples 0', { num_samples: 0 }, 'num_samples'],
    ['num_samples 1001', { num_samples: 1001 }, 'num_samples'],
    ['num_samples 2.5', { num_samples: 2.5 }, 'num_samples'],
    ['a negative window', { energy_window: -1 }, 'energy_window'],
    ['a window as a string', { energy_window: '3' }, 'energy_window'],
    ['pins (want only)', { pins: { 0: 1 } }, 'pins'],
  ])('%s is SVC_INVALID_INPUT', (_label, patch, field) => {
    expect(verdict('sample', body('sample', patch))).toMatchObject({ code: 'SVC_INVALID_INPUT', field });
  });

  it('num_samples · n and num_samples · (n + terms) over their caps are SVC_DIMENSION_LIMIT naming the largest count that fits', () => {
    const wide = body('sample', { n: 20_000, num_samples: 1000, warm_start: undefined });
    const e = svcErrorOf(() => validateProblem('sample', wide, { sandbox: false }));
    expect(e.code).toBe('SVC_DIMENSION_LIMIT');
    expect(e.extensions.field).toBe('num_samples');
    const doc = problemDocument(e);
    expect(doc.next_actions[0]).toMatchObject({ action: 'reduce_problem_size', max_num_samples: SAMPLE_LIMITS.maxSampleEntries / 20_000 });
    expect(verdict('sample', { ...wide, num_samples: 500 })).toBe('ok');
    const quadratic = Array.from({ length: 200_000 }, (_, t) => [t % 100, 100 + (t % 900), 1]);
    const dense = body('sample', { n: 1000, num_samples: 600, quadratic, warm_start: undefined });
    const d = svcErrorOf(() => validateProblem('sample', dense, { sandbox: false }));
    expect(d.code).toBe('SVC_DIMENSION_LIMIT');
    expect(problemDocument(d).next_actions[0]).toMatchObject({ max_num_samples: Math.floor(SAMPLE_LIMITS.maxSampleTerms / 201_000) });
    expect(validateProblem('sample', { ...dense, num_samples: 497 }, { sandbox: false }).n).toBe(1000);
  });
});

describe('output schemas and JSON Schema export', () => {
  it('parse well-formed answers and reject malformed ones', () => {
    expect(outputSchemas.feel.safeParse({ answer: [1, -1], energy: -2, certainty: 'c' }).success).toBe(true);
    expect(outputSchemas.feel.safeParse({ answer: [1, 0], energy: -2, certainty: 'c' }).success).toBe(false);
    expect(outputSchemas.want.safeParse({ answer: [1, 0], energy: 0, pinned: { 0: 1 }, certainty: 'c' }).success).toBe(true);
    expect(outputSchemas.want.safeParse({ answer: [1, 0], energy: 0, pinned: { 0: 2 }, certainty: 'c' }).success).toBe(false);
    const s = { answer: [1, 0], samples: [{ assignment: [1, 0], energy: -1, count: 3 }], distinct: 1, certainty: 'c' };
    expect(outputSchemas.sample.safeParse(s).success).toBe(true);
    expect(outputSchemas.sample.safeParse({ ...s, samples: [{ assignment: [1, 0], energy: -1, count: 0 }] }).success).toBe(false);
    expect(outputSchemas.sample.safeParse({ ...s, samples: [] }).success).toBe(false);
  });

  it('export as JSON Schema with unknown fields rejected', () => {
    for (const c of ['feel', 'want', 'sample'] as const) {
      const js = inputJsonSchema(c) as { additionalProperties?: unknown; required?: string[] };
      expect(js.additionalProperties).toBe(false);
      expect(js.required).toContain('n');
      expect(outputJsonSchema(c)).toBeTypeOf('object');
    }
    expect((inputJsonSchema('want') as { required: string[] }).required).toContain('pins');
  });
});

import { describe, expect, it } from 'vitest';
import { SCHEMA_COMMANDS, type SchemaCommand } from './schema-commands';
import { validateProblem } from './validate-problem';
import { svcErrorOf, validExample } from '../test/fixtures';

// Messages say what is wrong and how to fix it in the user's terms: no raw validator words.
const ZOD_WORDS = /nonoptional|received|Invalid input|Too small|Too big|Invalid option|expected int\b/;

function detailOf(c: SchemaCommand, body: unknown): { code: string; field: unknown; detail: string } {
  const e = svcErrorOf(() => validateProblem(c, body, { sandbox: false }));
  return { code: e.code, field: e.extensions.field, detail: e.detail };
}

/** The fields whose absence the schema rejects (found by deleting each in turn). */
function requiredFields(c: SchemaCommand): string[] {
  const out: string[] = [];
  for (const key of Object.keys(validExample(c))) {
    if (key === 'tag' || key === 'description') continue;
    const b = validExample(c);
    delete b[key];
    try {
      validateProblem(c, b, { sandbox: false });
    } catch {
      out.push(key);
    }
  }
  return out;
}

describe('validation messages', () => {
  it.each(SCHEMA_COMMANDS.map((c) => [c]))('%s: every fixture field deleted or mistyped gives a plain sentence', (c) => {
    const base = validExample(c);
    for (const key of Object.keys(base)) {
      for (const value of [undefined, '3', -1, null, [], {}, true, 0.5]) {
        const b = validExample(c);
        if (value === undefined) delete b[key];
        else b[key] = value;
        let d: ReturnType<typeof detailOf>;
        try {
          validateProblem(c, b, { sandbox: false });
          continue;
        } catch {
          d = detailOf(c, b);
        }
        expect(d.detail, `${c}.${key} = ${JSON.stringify(value)}`).not.toMatch(ZOD_WORDS);
        if (d.code === 'SVC_INVALID_INPUT' && d.field === key && typeof value === 'string' && value === '3' && key !== 'version') {
          expect(d.detail).toMatch(/must be (a number|an integer|an array|true or false|a JSON object)|expected/);
        }
      }
    }
  });

  it.each(SCHEMA_COMMANDS.map((c) => [c]))('%s: a missing required field says it is required and what to give', (c) => {
    for (const key of requiredFields(c)) {
      const b = validExample(c);
      delete b[key];
      const d = detailOf(c, b);
      if (d.code !== 'SVC_INVALID_INPUT' || d.field !== key) continue;
      // maxcut's edges is required unless complete: true, which the sentence says instead.
      expect(d.detail, `${c}.${key}`).toMatch(new RegExp(`^("${key}" is required: .{8,}|${key}: .* needs .* or complete: true)`));
    }
  });

  it('examples from the brief', () => {
    const rules = validExample('rules');
    delete rules.constraints;
    expect(detailOf('rules', rules)).toEqual({ code: 'SVC_INVALID_INPUT', field: 'constraints', detail: '"constraints" is required: an array of rules {type, nodes, k?}' });
    expect(detailOf('optimize', { ...validExample('optimize'), n: '3' }).detail).toBe('n: must be a number, got string "3"');
    expect(detailOf('optimize', { ...validExample('optimize'), n: 2.5 }).detail).toBe('n: must be an integer, got number 2.5');
    expect(detailOf('optimize', { ...validExample('optimize'), n: 0 }).detail).toBe('n: must be at least 1, got 0');
    const n = validExample('optimize');
    delete n.n;
    expect(detailOf('optimize', n).detail).toBe('"n" is required: number of variables or nodes, 1..100000');
    const want = validExample('want');
    delete want.pins;
    expect(detailOf('want', want).detail).toMatch(/^"pins" is required: variables fixed before optimizing/);
    expect(detailOf('optimize', { ...validExample('optimize'), version: 'has space' }).detail).toMatch(/^version: "has space" is not in the accepted form/);
    expect(detailOf('sample', { ...validExample('sample'), num_samples: 5000 }).detail).toBe('num_samples: must be at most 1000, got 5000');
  });

  describe('an out-of-range index says indices are 0-based', () => {
    const edges = (n: number, bad: number) => ({ ...validExample('maxcut'), n, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, bad, 1]], warm_start: undefined });

    it('index == n (1-based-looking) also says to subtract 1', () => {
      expect(detailOf('maxcut', edges(5, 5))).toEqual({
        code: 'SVC_INVALID_INPUT', field: 'edges[3][1]',
        detail: 'edges[3][1] = 5 is out of range for n = 5; indices are 0-based (0..4); if you numbered from 1, subtract 1 from every index',
      });
    });

    it('above n and negative', () => {
      expect(detailOf('maxcut', edges(5, 9)).detail).toBe('edges[3][1] = 9 is out of range for n = 5; indices are 0-based (0..4)');
      expect(detailOf('maxcut', edges(5, -1)).detail).toBe('edges[3][1] = -1 is out of range for n = 5; indices are 0-based (0..4)');
    });

    const atN: [SchemaCommand, (b: Record<string, any>) => void, string][] = [
      ['optimize', (b) => { b.quadratic = [[0, b.n, 1]]; }, 'quadratic[0][1]'],
      ['optimize', (b) => { b.linear = { [b.n]: 1 }; }, `linear.`],
      ['rules', (b) => { b.constraints = [{ type: 'choose_one', nodes: [0, b.n] }]; }, 'constraints[0].nodes[1]'],
      ['feel', (b) => { b.quadratic = [[b.n, 0, 1]]; }, 'quadratic[0][0]'],
      ['want', (b) => { b.pins = { [b.n]: 1 }; }, 'pins.'],
      ['sample', (b) => { b.quadratic = [[0, b.n, 1]]; }, 'quadratic[0][1]'],
      ['design', (b) => { b.bonds = [[0, b.L]]; }, 'bonds[0][1]'],
      ['milp', (b) => { b.linear = { [b.vars.length]: 1 }; }, 'linear.'],
    ];
    it.each(atN)('%s: index == size → 0-based and 1-based hints (%#)', (c, patch, fieldStart) => {
      const b = validExample(c);
      patch(b);
      const d = detailOf(c, b);
      expect(d.code).toBe('SVC_INVALID_INPUT');
      expect(String(d.field).startsWith(fieldStart)).toBe(true);
      expect(d.detail).toMatch(/ is out of range for (n|L|K) = \d+; indices are 0-based \(0\.\.\d+\); if you numbered from 1, subtract 1 from every index$/);
      expect(d.detail.startsWith(String(d.field))).toBe(true);
    });
  });
});

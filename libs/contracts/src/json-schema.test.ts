import { describe, expect, it } from 'vitest';
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from './json-schema';
import { TAG } from './catalogue';
import { SCHEMA_COMMANDS } from './schema-commands';
import { outputShapes } from './schemas';
import { NOT_A_COMMAND, svcErrorOf, validExample } from '../test/fixtures';

/** Follows a schema the way a client would: required keys present, no unknown ones, enums and consts. */
function conforms(schema: any, value: any, path = '$'): string | null {
  if (schema.const !== undefined && value !== schema.const) return `${path}: const`;
  if (schema.enum && !schema.enum.includes(value)) return `${path}: enum`;
  if (schema.oneOf || schema.anyOf) {
    const opts = schema.oneOf ?? schema.anyOf;
    const ok = opts.filter((s: any) => conforms(s, value, path) === null).length;
    return (schema.oneOf ? ok === 1 : ok >= 1) ? null : `${path}: ${schema.oneOf ? 'oneOf' : 'anyOf'} matched ${ok}`;
  }
  const t = schema.type;
  if (t === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path}: object`;
    for (const k of schema.required ?? []) if (!(k in value)) return `${path}.${k}: required`;
    for (const [k, v] of Object.entries(value)) {
      const sub = schema.properties?.[k];
      if (sub) { const r = conforms(sub, v, `${path}.${k}`); if (r) return r; }
      else if (schema.additionalProperties === false) return `${path}.${k}: additional`;
      else if (schema.propertyNames?.pattern && !new RegExp(schema.propertyNames.pattern).test(k)) return `${path}.${k}: key pattern`;
      else if (typeof schema.additionalProperties === 'object') { const r = conforms(schema.additionalProperties, v, `${path}.${k}`); if (r) return r; }
    }
    return null;
  }
  if (t === 'array') {
    if (!Array.isArray(value)) return `${path}: array`;
    if (schema.minItems !== undefined && value.length < schema.minItems) return `${path}: minItems`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${path}: maxItems`;
    for (let i = 0; i < value.length; i++) {
      const sub = schema.prefixItems?.[i] ?? schema.items;
      if (sub && sub !== false) { const r = conforms(sub, value[i], `${path}[${i}]`); if (r) return r; }
    }
    return null;
  }
  if (t === 'integer') return Number.isInteger(value) && (schema.minimum === undefined || value >= schema.minimum) && (schema.maximum === undefined || value <= schema.maximum) ? null : `${path}: integer`;
  if (t === 'number') return typeof value === 'number' && (schema.minimum === undefined || value >= schema.minimum) ? null : `${path}: number`;
  if (t === 'string') return typeof value === 'string' && (schema.minLength === undefined || value.length >= schema.minLength) && (!schema.pattern || new RegExp(schema.pattern).test(value)) ? null : `${path}: string`;
  if (t === 'boolean') return typeof value === 'boolean' ? null : `${path}: boolean`;
  if (Array.isArray(t)) return t.some((x: string) => conforms({ ...schema, type: x }, value, path) === null) ? null : `${path}: ${t.join('|')}`;
  if (t === 'null') return value === null ? null : `${path}: null`;
  return null;
}

describe('inputJsonSchema', () => {
  it.each([...SCHEMA_COMMANDS])('%s: a strict draft 2020-12 object the valid example conforms to', (c) => {
    const s = inputJsonSchema(c) as any;
    expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(s.type).toBe('object');
    expect(s.additionalProperties).toBe(false);
    expect(s.title).toBe(`${c} problem`);
    expect(s.required).toEqual(expect.arrayContaining(['tag', 'description']));
    expect(s.properties.tag.const).toBe(TAG);
    expect(s.properties.description.minLength).toBe(10);
    expect(Object.keys(s.properties)).toEqual(expect.arrayContaining(['tag', 'description', 'n', 'version']));
    expect(conforms(s, validExample(c))).toBeNull();
    expect(conforms(s, { ...validExample(c), unknown_field: 1 })).toMatch(/additional/);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('documents the contract where JSON Schema can say it', () => {
    const opt = inputJsonSchema('optimize') as any;
    expect(opt.required).toEqual(expect.arrayContaining(['n']));
    expect(opt.properties.n.maximum).toBe(100000);
    expect(opt.properties.linear.type).toBe('object');
    expect(opt.properties.linear.propertyNames.pattern).toBe('^(0|[1-9][0-9]*)$');
    expect(opt.properties.quadratic.items.prefixItems).toHaveLength(3);
    const rules = inputJsonSchema('rules') as any;
    expect(rules.properties.constraints.items.oneOf).toHaveLength(9);
    const milp = inputJsonSchema('milp') as any;
    expect(milp.properties.vars.items.oneOf).toHaveLength(2);
    expect((inputJsonSchema('tsp') as any).properties.matrix.items.items.type).toBe('integer');
    expect((inputJsonSchema('design') as any).properties.circular.additionalProperties).toBe(false);
  });

  it('returns a private copy each time', () => {
    const a = inputJsonSchema('rank') as JsonSchema;
    a.title = 'changed';
    expect(inputJsonSchema('rank').title).toBe('rank problem');
  });

  it('unknown commands are SVC_UNSUPPORTED', () => {
    expect(svcErrorOf(() => inputJsonSchema(NOT_A_COMMAND as never)).code).toBe('SVC_UNSUPPORTED');
    expect(svcErrorOf(() => outputJsonSchema(NOT_A_COMMAND as never)).code).toBe('SVC_UNSUPPORTED');
  });
});

describe('outputJsonSchema', () => {
  it.each([...SCHEMA_COMMANDS])('%s: envelope plus answer fields', (c) => {
    const s = outputJsonSchema(c) as any;
    expect(s.type).toBe('object');
    for (const k of ['certainty', 'receipt', 'compute_units', 'compute_units_left', 'elapsed_ms', 'peak_rss_kb', 'observability', 'tag', 'version', 'engine']) {
      expect(s.required).toContain(k);
    }
    for (const k of ['usage_alert', 'latency_budget_ms', 'stopped_at_deadline', 'proof']) expect(s.properties[k]).toBeDefined();
    for (const k of Object.keys(outputShapes[c])) expect(s.properties[k]).toBeDefined();
    expect(s.required).toContain('answer');
    const bare = outputJsonSchema(c, { envelope: false }) as any;
    expect(Object.keys(bare.properties).sort()).toEqual(Object.keys(outputShapes[c]).sort());
  });

  it('names the command-specific fields', () => {
    expect((outputJsonSchema('optimize', { envelope: false }) as any).required).toEqual(expect.arrayContaining(['answer', 'energy', 'certainty', 'n', 'receipt']));
    expect((outputJsonSchema('maxcut', { envelope: false }) as any).required).toEqual(expect.arrayContaining(['answer', 'cut_value', 'certainty']));
    expect((outputJsonSchema('rank', { envelope: false }) as any).required).toEqual(expect.arrayContaining(['answer', 'disagreements', 'certainty']));
    expect((outputJsonSchema('select', { envelope: false }) as any).required).toEqual(expect.arrayContaining(['answer', 'value', 'count']));
  });
});

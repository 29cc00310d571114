import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CERTAINTY } from './limits';
import { capabilitiesManifest } from './capabilities-manifest';
import { CATALOGUE, COMMANDS, SERVED_COMMANDS, TAG } from './catalogue';
import { SCHEMA_COMMANDS } from './schema-commands';
import { inputJsonSchema } from './json-schema';

describe('capabilitiesManifest', () => {
  const m = capabilitiesManifest({
    available: (c) => c !== 'milp',
    exactCaps: { optimize: { flash: 16, medium: 22, high: 26 } },
    engine: 'ts-1.0.0',
  });

  it('lists every certainty class the service emits, with its meaning, as docs/contract.md does', () => {
    expect(m.certainty_labels).toEqual(Object.values(CERTAINTY));
    expect(m.certainty_classes.map((c) => c.label)).toEqual(Object.values(CERTAINTY));
    for (const c of m.certainty_classes) expect(c.meaning.length, c.label).toBeGreaterThan(20);
    const doc = readFileSync(new URL('../../../docs/contract.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('## Certainty'), doc.indexOf('\n## ', doc.indexOf('## Certainty') + 5));
    for (const label of Object.values(CERTAINTY)) expect(table, label).toContain(`| \`${label}\` |`);
  });

  it('lists every schema command with schemas, availability and stability', () => {
    expect(m.tag).toBe(TAG);
    expect(m.engine).toBe('ts-1.0.0');
    expect(m.efforts).toEqual(['flash', 'medium', 'high']);
    expect(m.default_effort).toBe('medium');
    expect(m.commands.map((c) => c.name)).toEqual([...SCHEMA_COMMANDS]);
    for (const c of m.commands) {
      expect(c.input_schema).toEqual(inputJsonSchema(c.name));
      expect((c.output_schema as any).properties.answer).toBeDefined();
      expect(c.stability).toBe(CATALOGUE[c.name].stability ?? 'beta');
      // A command this version does not serve is never available, whatever the caller says.
      expect(c.available).toBe(c.name !== 'milp' && SERVED_COMMANDS.includes(c.name));
      expect(c.status).toBe(SERVED_COMMANDS.includes(c.name) ? 'served' : 'not available yet');
    }
    expect(m.other_commands.map((c) => c.name).sort()).toEqual(COMMANDS.filter((c) => !(SCHEMA_COMMANDS as readonly string[]).includes(c)).sort());
    for (const c of m.other_commands) expect(c).toMatchObject({ status: 'not available yet', available: false });
  });

  it('says "not available yet" for every command this version does not serve, even when the caller says available', () => {
    const all = capabilitiesManifest({ available: () => true, engine: 'ts-1.0.0' });
    const listed = [...all.commands, ...all.other_commands];
    expect(listed.filter((c) => c.available).map((c) => c.name).sort()).toEqual([...SERVED_COMMANDS].sort());
    for (const c of listed) {
      expect(c.status).toBe(SERVED_COMMANDS.includes(c.name as never) ? 'served' : 'not available yet');
      if (c.status === 'not available yet') expect(c.available).toBe(false);
    }
  });

  it('certified caps: engine-given, else interface defaults, else null', () => {
    const caps = Object.fromEntries(m.commands.map((c) => [c.name, c.certified_caps]));
    expect(caps.optimize).toEqual({ flash: 16, medium: 22, high: 26 });
    expect(caps.maxcut).toEqual({ flash: 22, medium: 22, high: 22 });
    expect(caps.tsp).toEqual({ flash: 9, medium: 9, high: 9 });
    expect(caps.qap).toEqual({ flash: 6, medium: 6, high: 6 });
    expect(caps.rank).toBeNull();
  });

  it('marks the latency-budget commands and is plain JSON', () => {
    const lat = m.commands.filter((c) => c.latency_budget).map((c) => c.name);
    expect(lat).toEqual(SCHEMA_COMMANDS.filter((c) => CATALOGUE[c].latencyBudget === true));
    expect(lat).toContain('maxcut');
    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, COMMANDS, NOT_AVAILABLE_COMMANDS, SERVED_COMMANDS, isCommandName, isServedCommand } from './catalogue';
import { COMMANDS as NAMES } from './command-names';
import { SCHEMA_COMMANDS, STABILITY, assertSchemaCommand, isSchemaCommand } from './schema-commands';
import { REGISTRY } from './commands';
import { RULE_TYPES, ruleSchema } from './commands/rules';
import { svcErrorOf } from '../test/fixtures';

describe('command lists', () => {
  it('COMMANDS is the one list of command-names.ts (engine-ts re-exports it too: tools/src/boundaries), and imports nothing', () => {
    expect(COMMANDS).toBe(NAMES);
    expect(new Set(COMMANDS).size).toBe(COMMANDS.length);
    const src = readFileSync(new URL('./command-names.ts', import.meta.url), 'utf8');
    expect(src).not.toMatch(/^\s*(import|export\s.*\sfrom)\s/m);
  });

  it('schema commands are the registry\'s keys, in its order; served ones are the catalogue\'s, and each has a contract', () => {
    expect([...SCHEMA_COMMANDS]).toEqual(Object.keys(REGISTRY));
    for (const c of SCHEMA_COMMANDS) expect(isCommandName(c)).toBe(true);
    expect(SERVED_COMMANDS).toEqual(COMMANDS.filter((c) => CATALOGUE[c].status === 'served'));
    for (const c of SERVED_COMMANDS) expect(SCHEMA_COMMANDS, c).toContain(c);
    expect([...SERVED_COMMANDS, ...NOT_AVAILABLE_COMMANDS].sort()).toEqual([...COMMANDS].sort());
  });

  it('schema commands carry interface §9 stability', () => {
    for (const c of SCHEMA_COMMANDS) {
      expect(STABILITY[c]).toBe(CATALOGUE[c].stability ?? 'beta');
      expect(['beta', 'research']).toContain(STABILITY[c]);
    }
    // Interface §9 names milp research and these eight beta (feel/want/sample are beta in this service too).
    expect(STABILITY.milp).toBe('research');
    expect(SCHEMA_COMMANDS.filter((c) => STABILITY[c] === 'beta')).toEqual(expect.arrayContaining(['rules', 'optimize', 'maxcut', 'tsp', 'qap', 'design', 'select', 'rank']));
  });

  it('guards', () => {
    expect(isSchemaCommand('tsp')).toBe(true);
    expect(isSchemaCommand('not-a-command')).toBe(false);
    for (const c of COMMANDS) expect(isSchemaCommand(c)).toBe(c in REGISTRY);
    expect(isSchemaCommand(undefined)).toBe(false);
    expect(isServedCommand('not-a-command')).toBe(false);
    for (const c of COMMANDS) expect(isServedCommand(c)).toBe(CATALOGUE[c].status === 'served');
    expect(assertSchemaCommand('rank')).toBe('rank');
    expect(svcErrorOf(() => assertSchemaCommand('toString')).code).toBe('SVC_UNSUPPORTED');
  });

  it('RULE_TYPES matches the rule schema options', () => {
    const types = ruleSchema.options.map((o) => o.shape.type.value);
    expect(types).toEqual([...RULE_TYPES]);
  });
});

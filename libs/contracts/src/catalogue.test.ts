import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, SCHEMA_COMMANDS, STABILITY, assertSchemaCommand, isCommandName, isSchemaCommand } from './catalogue';
import { RULE_TYPES, ruleSchema } from './commands/rules';
import { svcErrorOf } from '../test/fixtures';

describe('command lists', () => {
  it('COMMANDS equals the engine list, in order (read as text: contracts may not import the engine)', () => {
    const src = readFileSync(new URL('../../engine-ts/src/engine.ts', import.meta.url), 'utf8');
    const block = /export const COMMANDS = \[([\s\S]*?)\] as const/.exec(src);
    expect(block).not.toBeNull();
    const names = [...block![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect([...COMMANDS]).toEqual(names);
    expect(COMMANDS).toHaveLength(25);
  });

  it('schema commands are commands, with interface §9 stability', () => {
    for (const c of SCHEMA_COMMANDS) expect(isCommandName(c)).toBe(true);
    expect(SCHEMA_COMMANDS.filter((c) => STABILITY[c] === 'research')).toEqual(['milp']);
    // The interface's eight beta commands, plus feel/want/sample (beta in this service).
    expect(SCHEMA_COMMANDS.filter((c) => STABILITY[c] === 'beta')).toEqual(expect.arrayContaining(['rules', 'optimize', 'maxcut', 'tsp', 'qap', 'design', 'select', 'rank', 'feel', 'want', 'sample']));
    expect(SCHEMA_COMMANDS.filter((c) => STABILITY[c] !== 'beta' && STABILITY[c] !== 'research')).toEqual([]);
  });

  it('guards', () => {
    expect(isSchemaCommand('tsp')).toBe(true);
    expect(isSchemaCommand('spectrum')).toBe(false);
    expect(isSchemaCommand(undefined)).toBe(false);
    expect(assertSchemaCommand('rank')).toBe('rank');
    expect(svcErrorOf(() => assertSchemaCommand('toString')).code).toBe('SVC_UNSUPPORTED');
  });

  it('RULE_TYPES matches the rule schema options', () => {
    const types = ruleSchema.options.map((o) => o.shape.type.value);
    expect(types).toEqual([...RULE_TYPES]);
  });
});

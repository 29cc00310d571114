import { describe, expect, it } from 'vitest';
import { COMMANDS, isSchemaCommand, isServedCommand } from '@svc/contracts';
import { COMMAND_MODULES, MODULES } from './index';
import { SOLVABLE_COMMANDS } from '../solve/plan';
import { SHAPES } from '../route-problem';
import { EXAMPLES } from '../examples';

describe('command registry', () => {
  it('lists each solvable command once, every module whole', () => {
    expect([...COMMAND_MODULES.map((m) => m.command)].sort()).toEqual([...SOLVABLE_COMMANDS].sort());
    expect(new Set(COMMAND_MODULES.map((m) => m.command)).size).toBe(COMMAND_MODULES.length);
    for (const m of COMMAND_MODULES) {
      expect(MODULES[m.command], m.command).toBe(m);
      expect(m.adapter.command, m.command).toBe(m.command);
      expect(typeof m.checker.check, m.command).toBe('function');
      expect(SHAPES[m.command], m.command).toBe(m.shape);
      expect(m.worksheet.objective.length, m.command).toBeGreaterThan(10);
      expect(isSchemaCommand(m.command), m.command).toBe(true);
      expect(m.examples.length, m.command).toBeGreaterThan(0);
      for (const e of m.examples) expect(e.command, e.id).toBe(m.command);
    }
    expect(EXAMPLES).toEqual(COMMAND_MODULES.flatMap((m) => m.examples));
  });

  it('a module for exactly the commands the catalogue serves; every other command keeps a planned route shape', () => {
    for (const c of COMMANDS) {
      expect(MODULES[c] !== undefined, c).toBe(isServedCommand(c));
      expect(SHAPES[c]?.fields.length, c).toBeGreaterThan(0);
    }
  });
});

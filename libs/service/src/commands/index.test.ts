import { describe, expect, it } from 'vitest';
import { COMMANDS, isSchemaCommand, isServedCommand } from '@svc/contracts';
import { solveSync } from '@svc/engine-ts';
import { COMMAND_MODULES, MODULES } from './index';
import { planSolve, SOLVABLE_COMMANDS } from '../solve/plan';
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

  it('a job\'s progress reading names the answer\'s numeric objective field (the one its checker reads), on every example', () => {
    const account = { kind: 'account', id: 'account:a', accountId: 'a', keyId: 'k', email: 'a@example.com', plan: 'free', scopes: ['solve'], emailVerified: true, ip: '192.0.2.1' } as const;
    for (const m of COMMAND_MODULES) {
      const reading = m.progress;
      if (reading === undefined) continue;
      expect(reading.objectiveField, m.command).toBe(m.checker.objectiveField);
      for (const e of m.examples) {
        const plan = planSolve({ lane: 'json', command: e.command, body: e.problem }, account, { effort: 'flash', seed: 1 }, { sandboxMaxN: 100 });
        const r = solveSync({ command: plan.command, problem: plan.prep.problem, effort: 'flash', seed: 1, warmStart: plan.prep.warmStart } as Parameters<typeof solveSync>[0]);
        const fields = plan.prep.finish(r, { deadlineFired: false }).fields as Record<string, unknown>;
        expect(typeof fields[reading.objectiveField], e.id).toBe('number');
        const known = reading.start?.(plan.prep);
        if (known?.warmObjective != null && reading.sense !== undefined) {
          // The answer is never worse than the warm start it began from.
          const v = fields[reading.objectiveField] as number;
          expect(reading.sense === 'min' ? v <= known.warmObjective : v >= known.warmObjective, e.id).toBe(true);
        }
      }
    }
    // The engines report their best and bound in the answer's terms for these commands only.
    expect(COMMAND_MODULES.filter((m) => m.progress?.sense !== undefined).map((m) => `${m.command}:${m.progress!.sense}`).sort())
      .toEqual(['maxcut:max', 'milp:min', 'optimize:min', 'qap:min', 'tsp:min']);
  });
});

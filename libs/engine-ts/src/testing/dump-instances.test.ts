import { describe, expect, it } from 'vitest';
import { SOLVERS } from '../families/index';
import type { Command } from '../engine';
import { dumpInstances } from './dump-instances';

describe('the behaviour dump instances (each family folder\'s dump.ts)', () => {
  it('every command a family solves has instances of its problem kind, and no instances name a command nobody solves', async () => {
    const all = await dumpInstances();
    for (const [command, solver] of Object.entries(SOLVERS)) {
      const list = all[command as Command] ?? [];
      expect(list.length, `${command}: DUMP_INSTANCES in its family's dump.ts`).toBeGreaterThan(0);
      for (const p of list) expect(p.kind, command).toBe(solver!.kind);
    }
    expect(Object.keys(all).sort()).toEqual(Object.keys(SOLVERS).sort());
  });

  it('builds the same instances on every call (fixed seeds)', async () => {
    const a = await dumpInstances();
    const b = await dumpInstances();
    const json = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v));
    expect(json(a)).toBe(json(b));
  });
});

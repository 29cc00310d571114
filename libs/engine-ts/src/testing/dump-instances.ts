/**
 * The behaviour dump's instances (tools/src/behaviour/dump.ts), gathered from every family folder's
 * `dump.ts` (its `DUMP_INSTANCES`: small (exact), medium and larger (heuristic, bounds) instances of
 * each command it solves). A new family adds its own `dump.ts`; nothing here names one. The glob
 * import below is bundled whole by esbuild; the family folders present are read from disk, so this
 * runs from a checkout (as the dump does).
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CanonicalProblem, Command } from '../engine';

/** A family's dump instances per command it solves; each call builds them afresh from fixed seeds. */
export type DumpInstances = Readonly<Partial<Record<Command, () => readonly CanonicalProblem[]>>>;

/** The folders under engine-ts/src/families that hold a dump.ts, in name order. */
function dumpFolders(): string[] {
  const families = join(dirname(createRequire(import.meta.url).resolve('@svc/engine-ts/package.json')), 'src', 'families');
  return readdirSync(families).filter((f) => existsSync(join(families, f, 'dump.ts'))).sort();
}

/** Every command's dump instances; throws if two families give instances for one command. */
export async function dumpInstances(): Promise<Partial<Record<Command, readonly CanonicalProblem[]>>> {
  const out: Partial<Record<Command, readonly CanonicalProblem[]>> = {};
  for (const folder of dumpFolders()) {
    const { DUMP_INSTANCES } = (await import(`../families/${folder}/dump.ts`)) as { DUMP_INSTANCES: DumpInstances };
    for (const [command, make] of Object.entries(DUMP_INSTANCES) as [Command, () => readonly CanonicalProblem[]][]) {
      if (out[command] !== undefined) throw new Error(`two families give dump instances for "${command}"`);
      out[command] = make();
    }
  }
  return out;
}

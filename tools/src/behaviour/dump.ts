/**
 * `npm run behaviour:dump -- <file>`: every answer both engines give on a fixed set of instances of
 * every command the engines solve (several sizes, every effort, two seeds), one JSON line each:
 * answer, objective, proof, bound, status and work — everything but the time (`high` on the
 * smallest instance of each command only). A restructuring
 * that must not change behaviour is checked by running it before and after and comparing the
 * files byte for byte (`cmp`). The instances are each family's own (its `families/<family>/dump.ts`,
 * gathered by engine-ts testing/dump-instances.ts), built from fixed seeds; no instance is read from disk.
 */
import { writeFileSync } from 'node:fs';
import { COMMANDS, createTsEngine, type Command, type Effort, type Engine, type EngineResult } from '@svc/engine-ts';
import { dumpInstances } from '@svc/engine-ts/testing/dump-instances';
import { createNativeEngine } from '@svc/engine-native';

const EFFORTS: Effort[] = ['flash', 'medium', 'high'];
const SEEDS = [0, 7];

function line(engine: string, command: Command, index: number, effort: Effort, seed: number, r: EngineResult): string {
  const { engineMs: _time, ...rest } = r;
  return JSON.stringify({ engine, command, index, effort, seed, ...rest }, (_k, v: unknown) =>
    ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );
}

async function main(): Promise<void> {
  const out = process.argv[2];
  if (out === undefined) throw new Error('usage: behaviour-dump <file>');
  const engines: [string, Engine][] = [['ts', createTsEngine()]];
  const native = createNativeEngine();
  if (native !== null) engines.push(['native', native]);
  else console.error('behaviour dump: the native addon did not load; engine-ts only');
  const lines: string[] = [];
  const instances = await dumpInstances();
  for (const command of COMMANDS.filter((c) => engines[0][1].supports(c))) {
    const problems = instances[command] ?? [];
    // A command the engines solve needs instances, or the dump would pass it by.
    if (problems.length === 0) throw new Error(`behaviour dump: no instances for "${command}"; add them to DUMP_INSTANCES in its family's dump.ts`);
    for (const [name, engine] of engines) {
      for (const [index, problem] of problems.entries()) {
        for (const effort of EFFORTS) {
          // `high` on the smallest instance only: its budgets are long on the larger ones in engine-ts.
          if (effort === 'high' && index > 0) continue;
          for (const seed of SEEDS) {
            try {
              lines.push(line(name, command, index, effort, seed, await engine.solve({ command, problem, effort, seed })));
            } catch (err) {
              lines.push(JSON.stringify({ engine: name, command, index, effort, seed, error: String(err) }));
            }
          }
        }
      }
    }
    console.error(`behaviour dump: ${command} (${problems.length} instances)`);
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.error(`behaviour dump: ${lines.length} answers in ${out}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

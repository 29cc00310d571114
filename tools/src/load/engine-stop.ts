/**
 * How long the engines take to answer once asked to stop (issue 19): the large OR-Library set-cover
 * instances solved at `high` with the cancel flag already set, with a 1 ms deadline, and with the
 * flag set after DEADLINE_STOP_AFTER_MS (default 2000) of search, in this thread (no pool, no HTTP).
 * What it prints is the floor of any deadline: the time from the stop to the answer. Under load,
 * run it beside e.g. two `timeout 150 yes > /dev/null`.
 *
 *   npx esbuild tools/src/load/engine-stop.ts --bundle --platform=node --format=esm --external:'*.node' \
 *     --banner:js="import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);" \
 *     --outfile=tools/dist/engine-stop.mjs && node tools/dist/engine-stop.mjs   (repository root; the
 *     bundle must sit inside the repository to find the native addon)
 *
 *   DEADLINE_INSTANCES (default scpnre1,scpnrf1,scpnrg1,scpnrh1), DEADLINE_ENGINES (native,ts)
 *   DEADLINE_SWEEP_MS  comma list of deadlines (e.g. 1000,2000,…,10000): a second table of how far
 *                      past its own `deadlineMs` each engine answers (engineMs − deadlineMs), per seed
 *   DEADLINE_SEEDS     seeds of the sweep (default 0)
 */
import { join } from 'node:path';
import { createTsEngine, newCancelSignal, type Engine } from '@svc/engine-ts';
import { canonicalCover, type CoverProblem } from '@svc/engine-ts/families/cover';
import { createNativeEngine } from '@svc/engine-native';
import { benchmarksDir } from '../bench/gset';
import { readScp } from '../bench/orlib-scp';

const list = (v: string | undefined, d: string) => (v ?? d).split(',').map((s) => s.trim()).filter(Boolean);
const INSTANCES = list(process.env.DEADLINE_INSTANCES, 'scpnre1,scpnrf1,scpnrg1,scpnrh1');
const ENGINES = list(process.env.DEADLINE_ENGINES, 'native,ts');
const STOP_AFTER = Number(process.env.DEADLINE_STOP_AFTER_MS ?? 2000);
const dir = benchmarksDir(process.cwd());

const engines: Record<string, () => Engine | null> = { native: () => createNativeEngine(), ts: () => createTsEngine() };

/** Every engine asked for that loads, with every instance asked for that is on disk. */
function* cases(): Generator<{ kind: string; engine: Engine; name: string; problem: CoverProblem }> {
  for (const kind of ENGINES) {
    const engine = engines[kind]();
    if (!engine) continue;
    for (const name of INSTANCES) {
      const d = readScp(join(dir, 'setcover', `${name}.txt`));
      if (d) yield { kind, engine, name, problem: canonicalCover(d.universe, d.sets, d.costs) };
    }
  }
}

process.stdout.write('| engine | instance | flag set before the call: ms | deadlineMs 1: ms | flag set after ' + STOP_AFTER + ' ms: ms after the flag |\n|---|---|---:|---:|---:|\n');
for (const { kind, engine, name, problem } of cases()) {
  const req = { command: 'cover' as const, problem, effort: 'high' as const, seed: 0 };
  const pre = newCancelSignal();
  Atomics.store(pre.flag, 0, 1);
  let t = performance.now();
  await engine.solve(req, pre);
  const preset = performance.now() - t;
  t = performance.now();
  await engine.solve({ ...req, deadlineMs: 1 }, newCancelSignal());
  const oneMs = performance.now() - t;
  const late = newCancelSignal();
  let flagAt = 0;
  const timer = setTimeout(() => {
    flagAt = performance.now();
    Atomics.store(late.flag, 0, 1);
  }, STOP_AFTER);
  // The TS engine runs on this thread: its deadline stands in for the flag it cannot see while it runs.
  const r = await engine.solve(kind === 'ts' ? { ...req, deadlineMs: STOP_AFTER } : req, late);
  const end = performance.now();
  clearTimeout(timer);
  const after = kind === 'ts' ? r.engineMs - STOP_AFTER : end - flagAt;
  process.stdout.write(`| ${engine.id} | ${name} | ${preset.toFixed(0)} | ${oneMs.toFixed(0)} | ${after.toFixed(0)} |\n`);
}

const SWEEP = list(process.env.DEADLINE_SWEEP_MS, '').map(Number);
const SEEDS = list(process.env.DEADLINE_SEEDS, '0').map(Number);
if (SWEEP.length > 0) {
  process.stdout.write(`\n| engine | instance | seed | ${SWEEP.map((d) => `${d}`).join(' | ')} | max |\n|---|---|---:|${SWEEP.map(() => '---:').join('|')}|---:|\n`);
  for (const { engine, name, problem } of cases()) {
    for (const seed of SEEDS) {
      const over: number[] = [];
      for (const deadlineMs of SWEEP) {
        const r = await engine.solve({ command: 'cover', problem, effort: 'high', seed, deadlineMs }, newCancelSignal());
        over.push(r.engineMs - deadlineMs);
      }
      process.stdout.write(`| ${engine.id} | ${name} | ${seed} | ${over.map((x) => x.toFixed(0)).join(' | ')} | ${Math.max(...over).toFixed(0)} |\n`);
    }
  }
}

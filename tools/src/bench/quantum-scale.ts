/**
 * The quantum-scale rows of `npm run bench`: planted Ising instances of 10^6 and 10^7 spins
 * solved by each engine, with time, whether the proven floor was reached, and peak memory.
 *
 * Every case runs in a fresh child process (this bundle re-executed with SVC_BENCH_QS_CASE set,
 * handled at load time below), so the peak RSS it reports (getrusage maxrss) is that case's own.
 *
 * Environment:
 *   BENCH_QUANTUM_SCALE  comma-separated n (default 1000000,10000000); `off` skips the section
 *   BENCH_QS_DEGREE      maximum degree, 3..16 (default 3, the command's default)
 *   BENCH_QS_EFFORT      flash | medium | high (default high)
 *   BENCH_QS_TS_MAX_N    largest n run on the TS engine (default 1000000: at 10^7 the TS engine
 *                        needs several minutes; set 10000000 to include it)
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createTsEngine, parseEffort, type Engine } from '@svc/engine-ts';
import { plantedEnergyOf, plantedLayout, type PlantedIsingProblem } from '@svc/engine-ts/families/planted';
import { createNativeEngine, nativeStatus } from '@svc/engine-native';
import { table } from './table';

const CASE_ENV = 'SVC_BENCH_QS_CASE';

interface Case {
  readonly engine: 'native' | 'ts';
  readonly n: number;
  readonly degree: number;
  readonly effort: 'flash' | 'medium' | 'high';
}

interface CaseResult {
  readonly ms: number;
  readonly engineMs: number;
  readonly energy: number;
  readonly rescored: number;
  readonly rescoreMs: number;
  readonly planted: number;
  readonly edges: number;
  readonly proof: string | null;
  readonly sweeps: number;
  readonly rounds: number;
  readonly maxRssKb: number;
}

/** Child side: one solve, re-scored the way the service does it, printed as one JSON line. */
async function runCase(c: Case): Promise<void> {
  const engine: Engine | null = c.engine === 'native' ? createNativeEngine() : createTsEngine();
  if (engine === null) throw new Error(`native engine unavailable: ${nativeStatus().error}`);
  const problem: PlantedIsingProblem = { kind: 'planted-ising', n: c.n, degree: c.degree, instanceSeed: 0 };
  const t0 = performance.now();
  const r = await engine.solve({ command: 'quantum-scale', problem, effort: c.effort, seed: 0 });
  const ms = performance.now() - t0;
  const t1 = performance.now();
  const rescored = plantedEnergyOf(plantedLayout(c.n, c.degree, 0), r.answer);
  const out: CaseResult = {
    ms, engineMs: r.engineMs, energy: r.objective, rescored, rescoreMs: performance.now() - t1,
    planted: r.kind === 'planted' ? r.plantedEnergy : NaN, edges: r.kind === 'planted' ? r.edges : NaN, proof: r.proof,
    sweeps: r.work.iterations / c.n, rounds: r.work.restarts, maxRssKb: process.resourceUsage().maxRSS,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

// A child started by quantumScaleBench runs its case and exits before the rest of the bench.
const childCase = process.env[CASE_ENV];
if (childCase !== undefined) {
  try {
    await runCase(JSON.parse(childCase) as Case);
    process.exit(0);
  } catch (e) {
    console.error(e);
    process.exit(1);
  }
}

function runChild(c: Case): CaseResult | string {
  const p = spawnSync(process.execPath, [process.argv[1]!], {
    env: { ...process.env, [CASE_ENV]: JSON.stringify(c) },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (p.status !== 0) return `failed (${(p.stderr || p.error?.message || `exit ${p.status}`).trim().split('\n')[0]})`;
  return JSON.parse(p.stdout.trim().split('\n').at(-1)!) as CaseResult;
}

const secs = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);

/** Prints the quantum-scale section (see the header for the environment variables). */
export async function quantumScaleBench(): Promise<void> {
  const sizes = process.env.BENCH_QUANTUM_SCALE ?? '1000000,10000000';
  if (sizes.trim() === 'off') return;
  const degree = Number(process.env.BENCH_QS_DEGREE ?? 3);
  const effort = parseEffort(process.env.BENCH_QS_EFFORT ?? 'high');
  const tsMaxN = Number(process.env.BENCH_QS_TS_MAX_N ?? 1_000_000);
  const native = nativeStatus().loaded;
  const rows: (string | number)[][] = [];
  const notes = new Set<string>();
  for (const n of sizes.split(',').map((s) => Number(s.trim()))) {
    const layout = plantedLayout(n, degree, 0);
    const nativeMs: number[] = [];
    for (const engine of ['native', 'ts'] as const) {
      if (engine === 'native' && !native) {
        notes.add(`native engine unavailable (${nativeStatus().error ?? 'unknown'}): no native rows`);
        continue;
      }
      if (engine === 'ts' && n > tsMaxN) {
        notes.add(`TS at n = ${n.toLocaleString('en-US')} skipped (BENCH_QS_TS_MAX_N = ${tsMaxN.toLocaleString('en-US')})`);
        continue;
      }
      const r = runChild({ engine, n, degree, effort });
      if (typeof r === 'string') {
        rows.push([n.toLocaleString('en-US'), degree, layout.edges.toLocaleString('en-US'), engine, r, '', '', '', '', '', '', '', '']);
        continue;
      }
      if (r.rescored !== r.energy || r.planted !== layout.plantedEnergy) throw new Error(`quantum-scale ${engine} n=${n}: re-score ${r.rescored} / planted ${r.planted} disagree with the engine`);
      if (engine === 'native') nativeMs.push(r.ms);
      rows.push([
        n.toLocaleString('en-US'), degree, layout.edges.toLocaleString('en-US'), engine, secs(r.ms),
        r.proof === 'planted' ? 'yes' : 'no', r.energy, r.planted, r.energy - r.planted,
        Math.round(r.sweeps), r.rounds, (r.maxRssKb / 1024).toFixed(0),
        engine === 'ts' && nativeMs.length > 0 ? `${(r.ms / nativeMs[0]).toFixed(1)}×` : '-',
      ]);
    }
  }
  console.log(`\n## quantum-scale: planted Ising instances (degree ${degree}, effort ${effort}, instance_seed 0, seed 0)\n`);
  console.log(table(
    ['n', 'degree', 'edges', 'engine', 'time s', 'floor reached', 'energy', 'planted energy', 'gap', 'sweeps', 're-anneals', 'peak RSS MB', 'TS/native time'],
    rows,
  ));
  for (const note of notes) console.log(`\n${note}`);
}

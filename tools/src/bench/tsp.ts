/**
 * Section `tsp` of `npm run bench`: TSPLIB95 instances of ../shared/benchmarks/tsp (read in place,
 * skipped when missing) against the proven optima of its solutions.txt.
 *   BENCH_TSP        comma list of instance names (default: every .tsp file of the folder)
 *   BENCH_TSP_SEEDS  seeds of the native `high` runs (default 0,1,2; the table shows the median)
 *   BENCH_TSP_MS     deadline of the `high` runs (default 10000; 30000 for n > 2000)
 * Per instance: native at `high` with the deadline (median of the seeds: length, gap, proof, time),
 * engine-ts at `medium` (same work on both engines: the TS/native time ratio), native time to the
 * optimum (the shortest deadline of a ladder 0.05 s … the deadline that reaches it, seed 0), and
 * LKH-3 when built beside the project (LKH_BIN, default ../peers/LKH3/LKH: never committed): its
 * time to the optimum with RUNS 1 and the optimum given, and our time as a ratio of it. Writes
 * BENCH_PLOTS_DIR/tsp-gap.svg: gap against the deadline for the ladder instances.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Engine, type EngineResult } from '@svc/engine-ts';
import { canonicalTsp, type TspProblem } from '@svc/engine-ts/families/tsp';
import { linePlot } from '../plot/svg';
import { table } from './table';
import { parseTsplib } from './tsplib';

const LADDER_S = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 7, 10, 20, 30];

function optima(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const file = join(dir, 'tsp', 'solutions.txt');
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*(\S+)\s*:\s*(\d+)/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

async function timed(engine: Engine, problem: TspProblem, effort: 'medium' | 'high', seed: number, deadlineMs?: number): Promise<{ r: EngineResult; ms: number }> {
  const t0 = performance.now();
  const r = await engine.solve({ command: 'tsp', problem, effort, seed, ...(deadlineMs ? { deadlineMs } : {}) });
  return { r, ms: performance.now() - t0 };
}

/** LKH-3's wall time to the optimum (RUNS 1, the optimum given so it stops there), or null. */
function lkhTime(bin: string, file: string, optimum: number, limitS: number): { ms: number; length: number } | null {
  const work = mkdtempSync(join(tmpdir(), 'lkh-'));
  try {
    const par = join(work, 'run.par');
    writeFileSync(par, [`PROBLEM_FILE = ${file}`, `OPTIMUM = ${optimum}`, 'RUNS = 1', 'SEED = 1', `TIME_LIMIT = ${limitS}`, 'TRACE_LEVEL = 1', 'STOP_AT_OPTIMUM = YES', ''].join('\n'));
    const t0 = performance.now();
    const out = execFileSync(bin, [par], { encoding: 'utf8', cwd: work, timeout: (limitS + 60) * 1000, maxBuffer: 1 << 26 });
    const ms = performance.now() - t0;
    const m = /Cost\.min = (\d+)/.exec(out);
    return { ms, length: m ? Number(m[1]) : NaN };
  } catch {
    return null;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function benchTsp(dir: string, ts: Engine, native: Engine | null, root: string, plotsDir: string): Promise<string> {
  const folder = join(dir, 'tsp');
  if (!existsSync(folder)) return `## tsp\n\nskipped: ${folder} not found`;
  const best = optima(dir);
  const names = (process.env.BENCH_TSP?.split(',').map((s) => s.trim()) ?? readdirSync(folder).filter((f) => f.endsWith('.tsp')).map((f) => f.slice(0, -4)))
    .filter((nm) => existsSync(join(folder, `${nm}.tsp`)));
  const instances = names.map((nm) => ({ name: nm, inst: parseTsplib(readFileSync(join(folder, `${nm}.tsp`), 'utf8')) })).sort((a, b) => a.inst.n - b.inst.n);
  const seeds = (process.env.BENCH_TSP_SEEDS ?? '0,1,2').split(',').map(Number);
  const lkhBin = process.env.LKH_BIN ?? resolve(root, '..', 'peers', 'LKH3', 'LKH');
  const hasLkh = existsSync(lkhBin);
  const engine = native ?? ts;
  const rows: (string | number)[][] = [];
  const series: { name: string; points: [number, number][] }[] = [];
  for (const { name, inst } of instances) {
    const opt = best.get(name);
    const problem = canonicalTsp(inst.body as never);
    const deadline = Number(process.env.BENCH_TSP_MS ?? (inst.n > 2000 ? 30000 : 10000));
    const gap = (len: number) => (opt ? (((len - opt) / opt) * 100).toFixed(2) + '%' : '-');
    const runs = [];
    for (const seed of seeds) runs.push(await timed(engine, problem, 'high', seed, deadline));
    runs.sort((a, b) => a.r.objective - b.r.objective);
    const med = runs[Math.floor(runs.length / 2)];
    const tsRun = await timed(ts, problem, 'medium', 0);
    const natMedium = native ? await timed(native, problem, 'medium', 0) : null;
    // Time to the optimum: the shortest deadline of the ladder that reaches it (seed 0); a
    // certificate can come later (the run's own time), so certified tours run the ladder too.
    let toOpt: number | null = null;
    const points: [number, number][] = [];
    if (opt !== undefined && med.r.proof !== 'dynamic_program') {
      for (const s of LADDER_S.filter((x) => x * 1000 <= deadline)) {
        const r = await timed(engine, problem, 'high', 0, s * 1000);
        points.push([s, ((r.r.objective - opt) / opt) * 100]);
        if (r.r.objective <= opt) {
          toOpt = r.ms;
          break;
        }
      }
      if (points.length > 1 && med.r.proof === null) series.push({ name, points });
    } else if (med.r.proof !== null) toOpt = med.ms;
    const lkh = hasLkh && opt !== undefined ? lkhTime(lkhBin, join(folder, `${name}.tsp`), opt, deadline / 1000) : null;
    rows.push([
      name, inst.n, opt ?? '-',
      `${med.r.objective} (${runs.map((x) => x.r.objective).join('/')})`, gap(med.r.objective), med.r.proof ?? (med.r.bound !== undefined ? `bound ${med.r.bound}` : 'heuristic'), (med.ms / 1000).toFixed(2),
      toOpt !== null ? (toOpt / 1000).toFixed(2) : '-',
      lkh ? `${lkh.length}, ${(lkh.ms / 1000).toFixed(2)}` : '-',
      lkh && toOpt !== null && lkh.length === opt ? (toOpt / lkh.ms).toFixed(1) + '×' : '-',
      `${tsRun.r.objective}, ${(tsRun.ms / 1000).toFixed(2)}`,
      natMedium ? `${natMedium.r.objective}, ${(natMedium.ms / 1000).toFixed(2)}` : '-',
      natMedium ? (tsRun.ms / natMedium.ms).toFixed(1) + '×' : '-',
    ]);
  }
  mkdirSync(plotsDir, { recursive: true });
  writeFileSync(join(plotsDir, 'tsp-gap.svg'), linePlot({
    title: 'tsp: gap to the optimum against the deadline (native, high, seed 0)', xLabel: 'deadline (s)', yLabel: 'gap (%)', series: series.slice(0, 6),
  }));
  return `## tsp (TSPLIB95; native ${native ? native.id : 'unavailable'}, high with a deadline, seeds ${seeds.join(',')})\n\n${table(
    ['instance', 'n', 'optimum', 'high: median (all)', 'gap', 'proof / bound', 's', 'time to optimum s', `LKH-3 ${hasLkh ? '' : '(not built) '}length, s`, 'ours / LKH time', 'TS medium: length, s', 'native medium: length, s', 'TS/native'],
    rows,
  )}\n\nplot: ${join(plotsDir, 'tsp-gap.svg')}`;
}

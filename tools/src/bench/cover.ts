/**
 * Section `cover` of `npm run bench`: OR-Library set-cover instances of ../shared/benchmarks/setcover
 * (read in place, skipped when missing) against best_known.csv, with the `highs` npm package
 * (HiGHS compiled to WebAssembly) solving the same integer program in the same run.
 *   BENCH_COVER        comma list of instance names (default: the first of each class and all of 4, 5, 6)
 *   BENCH_COVER_SEEDS  seeds of the native `high` runs (default 0,1,2; the table shows the median)
 *   BENCH_COVER_MS     deadline of the `high` runs (default 1000 for sets 4–6, 30000 for A–E, 10000
 *                      for NRE–NRH, where the question is the value, not the proof)
 *   BENCH_COVER_TS_MS  deadline of the engine-ts run (default the deadline, at most 10000)
 *   BENCH_HIGHS_S      HiGHS time limit in seconds (default 60)
 * Per instance: native at `high` (median cost, gap to best known, proof or bound, time), engine-ts,
 * HiGHS (cost, status, time), the time to proof side by side (ours: the median run's time when all
 * the seeds certified; HiGHS's when its status is Optimal) with their ratio, and
 * BENCH_PLOTS_DIR/cover-gap.svg (gap against the deadline, native, seed 0, for every instance the
 * high runs did not certify).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Engine, type EngineResult } from '@svc/engine-ts';
import { canonicalCover, type CoverProblem } from '@svc/engine-ts/families/cover';
import { linePlot } from '../plot/svg';
import { readScp, type ScpInstance } from './orlib-scp';
import { table } from './table';
import { loadHighs } from './highs';

const DEFAULT = [
  'scp41', 'scp42', 'scp43', 'scp44', 'scp45', 'scp46', 'scp47', 'scp48', 'scp49', 'scp410',
  'scp51', 'scp52', 'scp53', 'scp54', 'scp55', 'scp56', 'scp57', 'scp58', 'scp59', 'scp510',
  'scp61', 'scp62', 'scp63', 'scp64', 'scp65',
  'scpa1', 'scpb1', 'scpc1', 'scpd1', 'scpe1', 'scpnre1', 'scpnrf1', 'scpnrg1', 'scpnrh1',
];
const LADDER_S = [0.1, 0.25, 0.5, 1, 2, 5, 10];

function bestKnown(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const file = join(dir, 'setcover', 'best_known.csv');
  if (!existsSync(file)) return out;
  for (const row of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
    const [name, , , cost] = row.split(',');
    out.set(name, Number(cost));
  }
  return out;
}

async function timed(engine: Engine, problem: CoverProblem, seed: number, deadlineMs: number): Promise<{ r: EngineResult; ms: number }> {
  const t0 = performance.now();
  const r = await engine.solve({ command: 'cover', problem, effort: 'high', seed, deadlineMs });
  return { r, ms: performance.now() - t0 };
}

function lpOf(d: ScpInstance): string {
  const lines = ['Minimize', ` obj: ${d.costs.map((c, j) => `${c} x${j}`).join(' + ')}`, 'Subject To'];
  const rows: number[][] = Array.from({ length: d.universe }, () => []);
  d.sets.forEach((s, j) => s.forEach((e) => rows[e].push(j)));
  rows.forEach((r, i) => lines.push(` r${i}: ${r.map((j) => `x${j}`).join(' + ')} >= 1`));
  lines.push('Binary', ` ${d.costs.map((_, j) => `x${j}`).join(' ')}`, 'End');
  return lines.join('\n');
}

export async function benchCover(dir: string, ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const folder = join(dir, 'setcover');
  if (!existsSync(folder)) return `## cover\n\nskipped: ${folder} not found`;
  const best = bestKnown(dir);
  const names = process.env.BENCH_COVER?.split(',').map((s) => s.trim()) ?? DEFAULT;
  const seeds = (process.env.BENCH_COVER_SEEDS ?? '0,1,2').split(',').map(Number);
  const engine = native ?? ts;
  const highs = await loadHighs();
  const rows: (string | number)[][] = [];
  const series: { name: string; points: [number, number][] }[] = [];
  for (const name of names) {
    const d = readScp(join(folder, `${name}.txt`));
    if (d === null) continue;
    const bk = best.get(name);
    const problem = canonicalCover(d.universe, d.sets, d.costs);
    const deadline = Number(process.env.BENCH_COVER_MS ?? (/^scp[456]/.test(name) ? 1000 : /^scp[a-e]\d/.test(name) ? 30000 : 10000));
    const tsDeadline = Number(process.env.BENCH_COVER_TS_MS ?? Math.min(deadline, 10000));
    const gap = (v: number) => (bk ? (((v - bk) / bk) * 100).toFixed(2) + '%' : '-');
    const runs = [];
    for (const seed of seeds) runs.push(await timed(engine, problem, seed, deadline));
    runs.sort((a, b) => a.r.objective - b.r.objective || a.ms - b.ms);
    const med = runs[Math.floor(runs.length / 2)];
    const tsRun = native ? await timed(ts, problem, 0, tsDeadline) : null;
    let hs: { cost: number; status: string; ms: number } | null = null;
    if (highs) {
      const t0 = performance.now();
      try {
        const s = highs.solve(lpOf(d), { time_limit: Number(process.env.BENCH_HIGHS_S ?? 60), output_flag: false });
        hs = { cost: s.ObjectiveValue, status: s.Status, ms: performance.now() - t0 };
      } catch (e) {
        hs = { cost: NaN, status: `failed: ${(e as Error).message.slice(0, 40)}`, ms: performance.now() - t0 };
      }
    }
    const proved = runs.every((x) => x.r.proof !== null);
    if (bk !== undefined && !proved) {
      const points: [number, number][] = [];
      for (const s of LADDER_S.filter((x) => x * 1000 <= Math.min(deadline, 10000))) {
        const r = await timed(engine, problem, 0, s * 1000);
        points.push([s, ((r.r.objective - bk) / bk) * 100]);
      }
      series.push({ name, points });
    }
    rows.push([
      name, d.universe, d.sets.length, bk ?? '-',
      `${med.r.objective} (${runs.map((x) => x.r.objective).join('/')})`, gap(med.r.objective), med.r.proof ?? `bound ${med.r.bound ?? '-'}`, (med.ms / 1000).toFixed(2),
      tsRun ? `${tsRun.r.objective}, ${(tsRun.ms / 1000).toFixed(2)}` : '-',
      hs ? `${Number.isFinite(hs.cost) ? hs.cost : '-'} (${hs.status}), ${(hs.ms / 1000).toFixed(2)}` : 'not installed',
      proved ? (med.ms / 1000).toFixed(2) : '-',
      hs?.status === 'Optimal' ? (hs.ms / 1000).toFixed(2) : '-',
      proved && hs?.status === 'Optimal' ? (med.ms / hs.ms).toFixed(2) + '×' : '-',
    ]);
  }
  mkdirSync(plotsDir, { recursive: true });
  writeFileSync(join(plotsDir, 'cover-gap.svg'), linePlot({
    title: 'cover: gap to the best known against the deadline (native, high, seed 0)', xLabel: 'deadline (s)', yLabel: 'gap (%)', series: series.slice(0, 8),
  }));
  return `## cover (OR-Library; native ${native ? native.id : 'unavailable'}, high with a deadline, seeds ${seeds.join(',')}; engine-ts at most 10 s; HiGHS ${highs ? 'wasm (npm highs), 60 s limit' : 'not installed'})\n\n${table(
    ['instance', 'rows', 'sets', 'best known', 'high: median (all)', 'gap', 'proof / bound', 's', 'TS high: cost, s', 'HiGHS: cost (status), s', 'ours: proof s', 'HiGHS: proof s', 'ours / HiGHS proof time'],
    rows,
  )}\n\nplot: ${join(plotsDir, 'cover-gap.svg')}`;
}

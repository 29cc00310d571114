/**
 * Section `qap` of `npm run bench`: QAPLIB instances of ../shared/benchmarks/qap (read in place,
 * skipped when missing) against best_known.csv.
 *   BENCH_QAP        comma list of instance names (default: every .dat with n ≤ 100)
 *   BENCH_QAP_SEEDS  seeds of the native `high` runs (default 0,1,2; the table shows the median)
 *   BENCH_QAP_MS     deadline of the `high` runs (default 10000)
 * Per instance: native at `high` (median of the seeds: cost, gap to best known, proof, time) and
 * engine-ts at `medium` against native at `medium` (same work: the TS/native time ratio), and
 * BENCH_PLOTS_DIR/qap-gap.svg: the gap to the best known against the deadline (native, seed 0) for
 * the instances whose median misses it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Engine, type EngineResult } from '@svc/engine-ts';
import { canonicalQap, type QapProblem } from '@svc/engine-ts/families/qap';
import { linePlot } from '../plot/svg';
import { parseQaplib } from './qaplib';
import { table } from './table';

function bestKnown(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const file = join(dir, 'qap', 'best_known.csv');
  if (!existsSync(file)) return out;
  for (const row of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
    const [name, , value] = row.split(',');
    out.set(name, Number(value));
  }
  return out;
}

async function timed(engine: Engine, problem: QapProblem, effort: 'medium' | 'high', seed: number, deadlineMs?: number): Promise<{ r: EngineResult; ms: number }> {
  const t0 = performance.now();
  const r = await engine.solve({ command: 'qap', problem, effort, seed, ...(deadlineMs ? { deadlineMs } : {}) });
  return { r, ms: performance.now() - t0 };
}

const LADDER_S = [0.1, 0.25, 0.5, 1, 2, 5, 10];

export async function benchQap(dir: string, ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const folder = join(dir, 'qap');
  if (!existsSync(folder)) return `## qap\n\nskipped: ${folder} not found`;
  const best = bestKnown(dir);
  const all = (process.env.BENCH_QAP?.split(',').map((s) => s.trim()) ?? readdirSync(folder).filter((f) => f.endsWith('.dat')).map((f) => f.slice(0, -4)))
    .filter((nm) => existsSync(join(folder, `${nm}.dat`)))
    .map((nm) => ({ name: nm, q: parseQaplib(readFileSync(join(folder, `${nm}.dat`), 'utf8')) }))
    .filter((x) => process.env.BENCH_QAP !== undefined || x.q.n <= 100)
    .sort((a, b) => a.q.n - b.q.n || a.name.localeCompare(b.name));
  const seeds = (process.env.BENCH_QAP_SEEDS ?? '0,1,2').split(',').map(Number);
  const deadline = Number(process.env.BENCH_QAP_MS ?? 10000);
  const engine = native ?? ts;
  const rows: (string | number)[][] = [];
  const series: { name: string; points: [number, number][] }[] = [];
  for (const { name, q } of all) {
    const problem = canonicalQap(q.flow, q.dist);
    const bk = best.get(name);
    const gap = (v: number) => (bk ? (((v - bk) / bk) * 100).toFixed(2) + '%' : '-');
    const runs = [];
    for (const seed of seeds) runs.push(await timed(engine, problem, 'high', seed, deadline));
    runs.sort((a, b) => a.r.objective - b.r.objective);
    const med = runs[Math.floor(runs.length / 2)];
    if (bk !== undefined && med.r.objective > bk) {
      const points: [number, number][] = [];
      for (const s of LADDER_S.filter((x) => x * 1000 <= deadline)) {
        const r = await timed(engine, problem, 'high', 0, s * 1000);
        points.push([s, ((r.r.objective - bk) / bk) * 100]);
      }
      series.push({ name, points });
    }
    const tsRun = await timed(ts, problem, 'medium', 0, deadline);
    const natMedium = native ? await timed(native, problem, 'medium', 0, deadline) : null;
    rows.push([
      name, q.n, bk ?? '-',
      `${med.r.objective} (${runs.map((x) => x.r.objective).join('/')})`, gap(med.r.objective), med.r.proof ?? (med.r.bound !== undefined ? `bound ${Math.round(med.r.bound)}` : 'heuristic'), (med.ms / 1000).toFixed(2),
      `${tsRun.r.objective}, ${(tsRun.ms / 1000).toFixed(2)}`,
      natMedium ? `${natMedium.r.objective}, ${(natMedium.ms / 1000).toFixed(2)}` : '-',
      natMedium ? (tsRun.ms / natMedium.ms).toFixed(1) + '×' : '-',
    ]);
  }
  mkdirSync(plotsDir, { recursive: true });
  writeFileSync(join(plotsDir, 'qap-gap.svg'), linePlot({
    title: 'qap: gap to the best known against the deadline (native, high, seed 0)', xLabel: 'deadline (s)', yLabel: 'gap (%)', series: series.slice(-6),
  }));
  return `## qap (QAPLIB; native ${native ? native.id : 'unavailable'}, high with a ${deadline / 1000} s deadline, seeds ${seeds.join(',')})\n\n${table(
    ['instance', 'n', 'best known', 'high: median (all)', 'gap', 'proof / bound', 's', 'TS medium: cost, s', 'native medium: cost, s', 'TS/native'],
    rows,
  )}\n\nplot: ${join(plotsDir, 'qap-gap.svg')}`;
}

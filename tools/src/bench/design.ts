/**
 * Section `design` of `npm run bench`: DIMACS colouring graphs of ../shared/benchmarks/coloring
 * (read in place, skipped when missing) as `design` problems at their best-known colour count K
 * (table = K×K identity, energy = clashes; 0 = a proper colouring, certified at once).
 *   BENCH_DESIGN        comma list of name[:K] (default: the targets and a few easy graphs)
 *   BENCH_DESIGN_SEEDS  seeds of the native `high` runs (default 0,1,2; the table shows the median)
 *   BENCH_DESIGN_MS     deadline of the `high` runs (default 10000; 60000 for DSJC500.5)
 * Per instance: native at `high` (median clashes and time), engine-ts at the same deadline, and
 * BENCH_PLOTS_DIR/design-gap.svg: clashes left against the deadline (native, seed 0).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Engine, type EngineResult } from '@svc/engine-ts';
import { canonicalDesign, type DesignProblem } from '@svc/engine-ts/families/design';
import { linePlot } from '../plot/svg';
import { colouringInput, readCol } from './coloring';
import { table } from './table';

const DEFAULT = ['myciel5', 'queen8_8', 'DSJC125.1', 'DSJC125.5', 'le450_15a', 'school1', 'flat300_20_0', 'DSJC250.5', 'le450_15c', 'DSJC500.5:49'];
const LADDER_S = [0.25, 0.5, 1, 2, 5, 10, 20, 40, 60];

function bestKnown(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const file = join(dir, 'coloring', 'best_known.csv');
  if (!existsSync(file)) return out;
  for (const row of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
    const [name, , , k] = row.split(',');
    out.set(name, Number(k));
  }
  return out;
}

async function timed(engine: Engine, problem: DesignProblem, seed: number, deadlineMs: number): Promise<{ r: EngineResult; ms: number }> {
  const t0 = performance.now();
  const r = await engine.solve({ command: 'design', problem, effort: 'high', seed, deadlineMs });
  return { r, ms: performance.now() - t0 };
}

export async function benchDesign(dir: string, ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const folder = join(dir, 'coloring');
  if (!existsSync(folder)) return `## design\n\nskipped: ${folder} not found`;
  const best = bestKnown(dir);
  const wanted = process.env.BENCH_DESIGN?.split(',').map((s) => s.trim()) ?? DEFAULT;
  const seeds = (process.env.BENCH_DESIGN_SEEDS ?? '0,1,2').split(',').map(Number);
  const engine = native ?? ts;
  const rows: (string | number)[][] = [];
  const series: { name: string; points: [number, number][] }[] = [];
  for (const spec of wanted) {
    const [name, k] = spec.split(':');
    const g = readCol(join(folder, `${name}.col`));
    if (g === null) continue;
    const K = k !== undefined ? Number(k) : best.get(name);
    if (K === undefined) continue;
    const problem = canonicalDesign(colouringInput(g, K));
    const deadline = Number(process.env.BENCH_DESIGN_MS ?? (name === 'DSJC500.5' ? 60000 : 10000));
    const runs = [];
    for (const seed of seeds) runs.push(await timed(engine, problem, seed, deadline));
    runs.sort((a, b) => a.r.objective - b.r.objective || a.ms - b.ms);
    const med = runs[Math.floor(runs.length / 2)];
    const tsRun = native ? await timed(ts, problem, 0, deadline) : null;
    if (med.r.objective > 0 || med.ms > 1000) {
      const points: [number, number][] = [];
      for (const s of LADDER_S.filter((x) => x * 1000 <= deadline)) {
        const r = await timed(engine, problem, 0, s * 1000);
        points.push([s, r.r.objective]);
        if (r.r.objective === 0) break;
      }
      if (points.length > 1) series.push({ name: `${name} K=${K}`, points });
    }
    rows.push([
      name, g.n, g.edges.length, best.get(name) ?? '-', K,
      `${med.r.objective} (${runs.map((x) => x.r.objective).join('/')})`, med.r.proof ?? `bound ${med.r.bound ?? '-'}`,
      `${(med.ms / 1000).toFixed(2)} (${runs.map((x) => (x.ms / 1000).toFixed(1)).join('/')})`,
      tsRun ? `${tsRun.r.objective}, ${(tsRun.ms / 1000).toFixed(2)}` : '-',
    ]);
  }
  mkdirSync(plotsDir, { recursive: true });
  writeFileSync(join(plotsDir, 'design-gap.svg'), linePlot({
    title: 'design (colouring at the best-known K): clashes left against the deadline (native, high, seed 0)', xLabel: 'deadline (s)', yLabel: 'clashes', series: series.slice(0, 6),
  }));
  return `## design (DIMACS colouring at K colours; native ${native ? native.id : 'unavailable'}, high with a deadline, seeds ${seeds.join(',')})\n\n${table(
    ['instance', 'n', 'edges', 'best known K', 'K asked', 'high: clashes median (all)', 'proof / bound', 's median (all)', 'TS high: clashes, s'],
    rows,
  )}\n\nplot: ${join(plotsDir, 'design-gap.svg')}`;
}

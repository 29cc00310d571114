/**
 * Section `milp` of `npm run bench`: random convex instances (no public set in ../shared/benchmarks):
 * nb binaries and nc continuous variables, the continuous curvature MᵀM + I (positive definite,
 * half the bounds infinite), binary couplings of density 0.5, native (else engine-ts) and engine-ts:
 * certified or not, time, at `high` with a 10 s deadline (BENCH_MILP_MS).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Engine } from '@svc/engine-ts';
import { canonicalMilp, type MilpVarInput } from '@svc/engine-ts/families/milp';
import { linePlot } from '../plot/svg';
import { lcg } from './lcg';
import { table } from './table';

const SIZES: [number, number][] = [[8, 4], [12, 8], [16, 16], [20, 20], [24, 24], [32, 32], [48, 48]];

function instance(nb: number, nc: number, seed: number) {
  const r = lcg(seed);
  const n = nb + nc;
  const vars: MilpVarInput[] = [];
  for (let i = 0; i < n; i++) vars.push(i < nb ? { domain: 'binary' } : i % 2 ? { domain: 'continuous', lo: -5, hi: 5 } : { domain: 'continuous', lo: null, hi: null });
  const linear: Record<string, number> = {};
  const diag: Record<string, number> = {};
  const quadratic: [number, number, number][] = [];
  for (let i = 0; i < n; i++) linear[String(i)] = Math.round(r() * 20 - 10);
  const M = Array.from({ length: nc }, () => Array.from({ length: nc }, () => Math.round(r() * 4 - 2)));
  for (let a = 0; a < nc; a++) {
    for (let b = a; b < nc; b++) {
      let s = 0;
      for (let k = 0; k < nc; k++) s += M[k][a] * M[k][b];
      if (a === b) diag[String(nb + a)] = s + 1;
      else if (s !== 0) quadratic.push([nb + a, nb + b, s]);
    }
  }
  for (let i = 0; i < nb; i++) for (let j = i + 1; j < n; j++) if (r() < 0.5) quadratic.push([i, j, Math.round(r() * 12 - 6)]);
  return canonicalMilp(vars, linear, diag, quadratic);
}

export async function benchMilp(ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const deadline = Number(process.env.BENCH_MILP_MS ?? 10000);
  const rows: (string | number)[][] = [];
  const nat: [number, number][] = [];
  const tsp: [number, number][] = [];
  for (const [nb, nc] of SIZES) {
    const problem = instance(nb, nc, 1000 * nb + nc);
    const run = async (e: Engine) => {
      const t0 = performance.now();
      const r = await e.solve({ command: 'milp', problem, effort: 'high', seed: 0, deadlineMs: deadline });
      return { r, s: (performance.now() - t0) / 1000 };
    };
    const a = await run(native ?? ts);
    const t = native ? await run(ts) : null;
    nat.push([nb + nc, a.s]);
    if (t) tsp.push([nb + nc, t.s]);
    rows.push([
      nb, nc, problem.pairs.w.length, a.r.objective.toPrecision(10), a.r.proof ?? (a.r.stoppedAtDeadline ? 'heuristic (deadline)' : 'heuristic'),
      a.r.bound !== undefined ? `${a.r.bound.toPrecision(10)} (${((Math.abs(a.r.objective - a.r.bound) / Math.max(1, Math.abs(a.r.objective))) * 100).toFixed(2)} %)` : '-',
      a.r.work.nodes, a.s.toFixed(2),
      t ? `${t.r.proof ?? 'heuristic'}, ${t.s.toFixed(2)}` : '-',
    ]);
  }
  mkdirSync(plotsDir, { recursive: true });
  writeFileSync(join(plotsDir, 'milp-time.svg'), linePlot({
    title: `milp: time to the certified optimum (capped by the ${deadline / 1000} s deadline) against the variables`, xLabel: 'variables (half binary)', yLabel: 'seconds',
    series: [{ name: native ? 'native' : 'engine-ts', points: nat }, ...(tsp.length > 0 ? [{ name: 'engine-ts', points: tsp }] : [])],
  }));
  return `## milp (random convex instances; ${native ? native.id : 'engine-ts'}, high with a ${deadline / 1000} s deadline, seed 0)\n\n${table(
    ['binaries', 'continuous', 'couplings', 'objective', 'proof', 'bound (gap)', 'nodes', 's', 'TS: proof, s'],
    rows,
  )}\n\nplot: ${join(plotsDir, 'milp-time.svg')}`;
}

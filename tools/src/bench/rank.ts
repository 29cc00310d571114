/**
 * Section `rank` of `npm run bench`: Kemeny aggregation.
 *   - The PrefLib skating elections of ../shared/benchmarks/kemeny (read in place, skipped when
 *     missing) against their optimal scores (best_known.csv), at every effort.
 *   - Seeded random elections (BENCH_RANK_N, default 20,30,40,50,60,80; 9 voters, each a noisy sort
 *     of one hidden order with noise 3·n, close to uniform): disagreements, proof, bound, gap, time.
 *   - The peer, on the `high` rows: HiGHS (the `highs` npm package, HiGHS in WebAssembly) solving
 *     the Kemeny integer program (a binary per ordered pair, every 3-cycle inequality listed) in the
 *     same run, time limit BENCH_HIGHS_S seconds (default 60); skipped when not installed.
 * Writes BENCH_PLOTS_DIR/rank-gap.svg (default docs/benchmarks): gap to the proven bound against
 * time per engine and effort on the random elections.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EFFORTS, type Engine, type Effort } from '@svc/engine-ts';
import { canonicalRank, type RankProblem } from '@svc/engine-ts/families/rank';
import { linePlot } from '../plot/svg';
import { lcg } from './lcg';
import { table } from './table';
import { loadHighs } from './highs';

interface Election {
  readonly name: string;
  readonly n: number;
  readonly voters: number;
  readonly problem: RankProblem;
  readonly best?: number;
}

/** A PrefLib `.soc` file (old format: m, m names, totals line, then "count,a1,…,am" 1-based). */
export function parseSoc(name: string, text: string): Election {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const m = Number(lines[0]);
  const votes: [number, number][] = [];
  let voters = 0;
  for (const line of lines.slice(m + 2)) {
    const xs = line.split(',').map(Number);
    const order = xs.slice(1).map((x) => x - 1);
    voters += xs[0];
    for (let c = 0; c < xs[0]; c++) for (let a = 0; a < order.length; a++) for (let b = a + 1; b < order.length; b++) votes.push([order[a], order[b]]);
  }
  return { name, n: m, voters, problem: canonicalRank(m, votes) };
}

function skate(dir: string): Election[] {
  const folder = join(dir, 'kemeny');
  const csv = join(folder, 'best_known.csv');
  if (!existsSync(csv)) return [];
  const out: Election[] = [];
  for (const row of readFileSync(csv, 'utf8').trim().split('\n').slice(1)) {
    const [file, , , best] = row.split(',');
    const path = join(folder, file);
    if (!existsSync(path)) continue;
    out.push({ ...parseSoc(file.replace(/\.soc$/, ''), readFileSync(path, 'utf8')), best: Number(best) });
  }
  return out;
}

function randomElection(n: number, seed: number): Election {
  const r = lcg(seed);
  const votes: [number, number][] = [];
  for (let v = 0; v < 9; v++) {
    const key = Array.from({ length: n }, (_, i) => i + 3 * n * r());
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => key[a] - key[b]);
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) votes.push([order[a], order[b]]);
  }
  return { name: `random n=${n}`, n, voters: 9, problem: canonicalRank(n, votes) };
}

/**
 * The Kemeny integer program in LP format: x_i_j = 1 when i is placed before j (i < j), cost
 * Σ w_ji x_ij + w_ij (1 − x_ij), and for every i < j < k both 3-cycle inequalities
 * 0 <= x_ij + x_jk − x_ik <= 1.
 */
export function kemenyLp(p: RankProblem): { lp: string; constant: number } {
  const n = p.n;
  const w = p.wins;
  let constant = 0;
  const terms: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      constant += w[i * n + j];
      const c = w[j * n + i] - w[i * n + j];
      if (c !== 0) terms.push(`${c >= 0 ? '+' : '-'} ${Math.abs(c)} x${i}_${j}`);
    }
  }
  const lines = ['Minimize', ` obj: ${terms.length > 0 ? terms.join(' ') : '0 x0_1'}`, 'Subject To'];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        lines.push(` a${i}_${j}_${k}: x${i}_${j} + x${j}_${k} - x${i}_${k} <= 1`, ` b${i}_${j}_${k}: x${i}_${j} + x${j}_${k} - x${i}_${k} >= 0`);
      }
    }
  }
  const vars: string[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) vars.push(`x${i}_${j}`);
  lines.push('Binary', ` ${vars.join(' ')}`, 'End');
  return { lp: lines.join('\n'), constant };
}

export async function benchRank(dir: string, engines: readonly (readonly [string, Engine | null])[], plotsDir: string): Promise<string> {
  const elections = [...skate(dir)];
  const sizes = (process.env.BENCH_RANK_N ?? '20,30,40,50,60,80').split(',').map(Number);
  const randoms = sizes.map((n) => randomElection(n, 1000 + n));
  const rows: (string | number)[][] = [];
  const series: { name: string; points: [number, number][] }[] = [];
  const live = engines.filter((e): e is readonly [string, Engine] => e[1] !== null);
  for (const [id] of live) for (const effort of EFFORTS) series.push({ name: `${id} ${effort}`, points: [] });
  const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
  const highs = await loadHighs();
  const highsS = Number(process.env.BENCH_HIGHS_S ?? 60);
  for (const el of [...elections, ...randoms]) {
    for (const effort of EFFORTS) {
      const cells: (string | number)[] = [];
      const ms: Record<string, number> = {};
      for (const [id, engine] of live) {
        const t0 = performance.now();
        const r = await engine.solve({ command: 'rank', problem: el.problem, effort, seed: 0 });
        ms[id] = performance.now() - t0;
        const gap = r.proof !== null ? 0 : r.bound !== undefined ? (r.objective - r.bound) / Math.max(1, r.objective) : NaN;
        if (el.best === undefined) series.find((x) => x.name === `${id} ${effort}`)!.points.push([ms[id] / 1000, gap * 100]);
        const vs = el.best !== undefined ? (r.objective === el.best ? ' (optimum)' : ` (+${r.objective - el.best})`) : '';
        cells.push(`${r.objective}${vs}`, r.proof ?? `heuristic, bound ${r.bound}`, Number.isNaN(gap) ? '-' : (gap * 100).toFixed(2) + '%', fmt(ms[id]));
      }
      const ratio = ms.ts !== undefined && ms.native !== undefined ? (ms.ts / ms.native).toFixed(1) + '×' : '-';
      let peer = '-';
      if (effort === 'high' && highs !== null && el.n >= 3) {
        const { lp, constant } = kemenyLp(el.problem);
        const t0 = performance.now();
        try {
          const s = highs.solve(lp, { time_limit: highsS, output_flag: false, threads: 1 });
          const v = Number.isFinite(s.ObjectiveValue) ? String(Math.round(s.ObjectiveValue + constant)) : '-';
          peer = `${v} (${s.Status}), ${fmt(performance.now() - t0)}`;
        } catch (e) {
          peer = `failed: ${(e as Error).message.slice(0, 40)}, ${fmt(performance.now() - t0)}`;
        }
      } else if (effort === 'high' && highs === null) peer = 'not installed';
      rows.push([el.name, el.n, el.voters, el.best ?? '-', effort, ...cells, ratio, peer]);
    }
  }
  if (elections.length === 0) rows.push([`skate: not found under ${dir}/kemeny`]);
  mkdirSync(plotsDir, { recursive: true });
  writeFileSync(join(plotsDir, 'rank-gap.svg'), linePlot({
    title: `rank: gap to the proven bound on random elections (n = ${sizes.join(', ')})`,
    xLabel: 'seconds', yLabel: 'gap (%)',
    series: series.map((x) => ({ name: x.name, points: x.points.sort((p, q) => p[0] - q[0]) })),
  }));
  const head = ['instance', 'items', 'voters', 'optimum', 'effort'];
  for (const [id] of live) head.push(`${id} disagreements`, `${id} proof`, `${id} gap`, `${id} ms`);
  head.push('TS/native time', `HiGHS ILP (${highsS} s limit): value (status), ms`);
  return `## rank (Kemeny), seed 0; peer ${highs !== null ? 'HiGHS wasm (npm highs), one thread' : 'HiGHS not installed'}\n\n${table(head, rows)}\n\nplot: ${join(plotsDir, 'rank-gap.svg')}`;
}

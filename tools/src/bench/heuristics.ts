/**
 * Bench sections for the optimize/maxcut heuristic against public best-known values:
 *   - `gset`: Gset max-cut graphs at effort high with a deadline (the request's max_latency_ms),
 *     the issue-3 targets next to each row;
 *   - `bqp`: the Beasley bqp50…bqp1000 QUBO instances at a fixed effort (default medium),
 *     grouped by size.
 * Environment:
 *   BENCH_GSET_HIGH   comma list of Gset graphs (default: G1 G2 G3 G11–G15 G18 G22 G23 G27 G32 G35
 *                     G39 G43 G55)
 *   BENCH_GSET_MS     the deadline in ms (default 10000)
 *   BENCH_TS_GSET=1   also run the TS engine on `gset` (10 s per graph more; off by default)
 *   - `gset-bound`: the proven upper bounds (the SDP bound of docs/optimize-maxcut.md) against
 *     the best-known cuts, with the time at which the bound was first reported:
 *   BENCH_GSET_BOUND  comma list of graphs (default: every Gset file in the folder)
 *   BENCH_GSET_BOUND_MS  deadline per graph in ms (default 10000 for n <= 2000, 60000 above)
 *   BENCH_BQP_SIZES   comma list of sizes (default 50,100,250,500,1000)
 *   BENCH_BQP_EFFORT  effort of `bqp` (default medium)
 *   BENCH_TS_BQP=0    skip the TS engine on `bqp`
 */
import { performance } from 'node:perf_hooks';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseEffort, type Engine, type EngineProgress, type EngineRequest, type EngineResult } from '@svc/engine-ts';
import { canonicalMaxcut } from '@svc/engine-ts/families/qubo';
import { loadBqp } from './bqp';
import { loadGset } from './gset';
import { table } from './table';

export const DEFAULT_GSET_HIGH = 'G1,G2,G3,G11,G12,G13,G14,G15,G18,G22,G23,G27,G32,G35,G39,G43,G55';

/**
 * The issue-3 target gap (fraction of the best-known value): 0 for the 800-node graphs, half of
 * the MQLib Burer–Monteiro–Zhang gap measured on this machine (10 s) where one was quoted.
 */
const TARGET_GAP: Record<string, number> = {
  G1: 0, G2: 0, G3: 0, G11: 0, G12: 0, G13: 0, G14: 0, G15: 0, G18: 0,
  G22: 0.0007, G43: 0.00015, G55: 0.0025,
};

interface Timed {
  res: EngineResult;
  ms: number;
}

async function timed(engine: Engine, req: EngineRequest): Promise<Timed> {
  const t0 = performance.now();
  const res = await engine.solve(req);
  return { res, ms: performance.now() - t0 };
}

const pct = (g: number) => `${(g * 100).toFixed(g > 0 && g < 0.001 ? 3 : 2)}%`;
const secs = (ms: number) => (ms / 1000).toFixed(2);

/** Section `gset`: every listed graph, native (and TS with BENCH_TS_GSET=1), effort high, deadline. */
export async function benchGsetHigh(dir: string, ts: Engine, native: Engine | null): Promise<string> {
  const names = (process.env.BENCH_GSET_HIGH ?? DEFAULT_GSET_HIGH).split(',').map((s) => s.trim()).filter((s) => s !== '');
  const deadlineMs = Number(process.env.BENCH_GSET_MS ?? 10000);
  const withTs = process.env.BENCH_TS_GSET === '1';
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  for (const name of names) {
    const g = loadGset(dir, name);
    if (!g) {
      notes.push(`skipped ${name}: not found under ${dir}/maxcut`);
      continue;
    }
    const problem = canonicalMaxcut(g.n, g.edges, false);
    const req: EngineRequest = { command: 'maxcut', problem, effort: 'high', seed: 0, deadlineMs };
    const best = g.bestKnown;
    const gapOf = (cut: number) => (best ? (best - cut) / best : NaN);
    const target = TARGET_GAP[name];
    const nat = native ? await timed(native, req) : null;
    const tsr = withTs ? await timed(ts, req) : null;
    process.stderr.write(`gset ${name}: native ${nat?.res.objective ?? '-'} ts ${tsr?.res.objective ?? '-'}\n`);
    const rate = (t: Timed) => t.res.work.iterations / t.ms;
    const met = (t: Timed | null) => (t && target !== undefined && best ? (gapOf(t.res.objective) <= target + 1e-12 ? 'yes' : 'no') : '-');
    rows.push([
      name, g.n, g.edges.length, best ?? '-', target !== undefined ? (target === 0 ? 'best known' : `≤ ${pct(target)}`) : 'report',
      nat ? nat.res.objective : '-', nat && best ? pct(gapOf(nat.res.objective)) : '-', nat ? secs(nat.ms) : '-',
      nat ? nat.res.work.restarts + 1 : '-', met(nat),
      nat?.res.bound ?? '-', nat?.res.bound !== undefined && best ? pct((nat.res.bound - best) / best) : '-',
      tsr ? tsr.res.objective : '-', tsr && best ? pct(gapOf(tsr.res.objective)) : '-', tsr ? secs(tsr.ms) : '-', met(tsr),
      nat && tsr ? `${(rate(nat) / rate(tsr)).toFixed(1)}×` : '-',
    ]);
  }
  const head = `## Max-cut, Gset: effort high, deadline ${deadlineMs} ms, seed 0\n`;
  const body = table(
    ['graph', 'n', 'm', 'best known', 'target', 'native cut', 'native gap', 'native s', 'native rounds', 'met', 'native bound', 'bound above best', 'TS cut', 'TS gap', 'TS s', 'TS met', 'native/TS moves per s'],
    rows,
  );
  const foot = [
    ...notes,
    withTs ? '' : 'TS columns: run with BENCH_TS_GSET=1 (10 s per graph more).',
  ].filter((s) => s !== '');
  return [head, body, ...(foot.length ? ['', ...foot] : [])].join('\n');
}

/** The proven-bound target of issue 25: within 5 % of the best-known cut. */
const BOUND_TARGET = 0.05;

/**
 * Section `gset-bound`: native at effort high with a deadline (10 s for n <= 2000, 60 s above),
 * the proven bound it returns, how far above the best-known cut it is, and when it was first
 * reported (progress listener); the bound at flash (Σ max(0, w) and the cycle bound, no SDP)
 * beside it.
 */
export async function benchGsetBound(dir: string, ts: Engine, native: Engine | null): Promise<string> {
  const all = (() => {
    try {
      return readdirSync(join(dir, 'maxcut')).filter((f) => /^G\d+\.txt$/.test(f)).map((f) => f.slice(0, -4)).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    } catch {
      return [];
    }
  })();
  const names = (process.env.BENCH_GSET_BOUND ?? all.join(',')).split(',').map((s) => s.trim()).filter((s) => s !== '');
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  if (!native) notes.push('native engine unavailable: no SDP bound');
  for (const name of names) {
    const g = loadGset(dir, name);
    if (!g) {
      notes.push(`skipped ${name}: not found under ${dir}/maxcut`);
      continue;
    }
    const problem = canonicalMaxcut(g.n, g.edges, false);
    const deadlineMs = Number(process.env.BENCH_GSET_BOUND_MS ?? (g.n <= 2000 ? 10000 : 60000));
    const best = g.bestKnown;
    const old = await timed(native ?? ts, { command: 'maxcut', problem, effort: 'flash', seed: 0 });
    const seen: EngineProgress[] = [];
    let nat: Timed | null = null;
    if (native) {
      const t0 = performance.now();
      const res = await native.solve({ command: 'maxcut', problem, effort: 'high', seed: 0, deadlineMs }, undefined, (p: EngineProgress) => seen.push(p));
      nat = { res, ms: performance.now() - t0 };
    }
    // The first report that carries the final bound (the SDP bound is reported before the search).
    const final = nat?.res.bound;
    const firstAt = final === undefined ? null : (seen.find((p) => p.bound !== null && p.bound <= final)?.elapsedMs ?? null);
    const bound = nat?.res.bound;
    const above = (b: number | undefined) => (b !== undefined && best ? (b - best) / best : NaN);
    process.stderr.write(`gset-bound ${name}: native bound ${bound ?? '-'} (cut ${nat?.res.objective ?? '-'}), flash bound ${old.res.bound ?? '-'}\n`);
    rows.push([
      name, g.n, g.edges.length, best ?? '-',
      old.res.bound ?? '-', old.res.bound !== undefined && best ? pct(above(old.res.bound)) : '-',
      bound ?? '-', bound !== undefined && best ? pct(above(bound)) : '-',
      firstAt !== null ? secs(firstAt) : '-', (deadlineMs / 1000).toFixed(0),
      bound !== undefined && best ? (above(bound) <= BOUND_TARGET ? 'yes' : 'no') : '-',
      nat ? nat.res.objective : '-',
    ]);
  }
  const head = '## Max-cut, Gset: proven upper bounds (native high with a deadline; flash, which has no SDP bound, beside it)\n';
  const body = table(
    ['graph', 'n', 'm', 'best known', 'flash bound', 'flash above best', 'native bound', 'native above best', 'bound at s', 'deadline s', '≤ 5 %', 'native cut'],
    rows,
  );
  return [head, body, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** Section `bqp`: the Beasley instances by size, both engines at one effort, seed 0. */
export async function benchBqp(dir: string, ts: Engine, native: Engine | null): Promise<string> {
  const sizes = (process.env.BENCH_BQP_SIZES ?? '50,100,250,500,1000').split(',').map((s) => Number(s.trim()));
  const effort = parseEffort(process.env.BENCH_BQP_EFFORT ?? 'medium');
  const withTs = process.env.BENCH_TS_BQP !== '0';
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  for (const size of sizes) {
    let count = 0;
    let natHits = 0;
    let tsHits = 0;
    let same = 0;
    let worst = 0;
    let natMs = 0;
    let tsMs = 0;
    let natMax = 0;
    for (let k = 1; k <= 10; k++) {
      const inst = loadBqp(dir, size, k);
      if (!inst) {
        notes.push(`skipped bqp${size}.${k}: not found under ${dir}/qubo`);
        continue;
      }
      count++;
      const req: EngineRequest = { command: 'optimize', problem: inst.problem, effort, seed: 0 };
      const best = inst.bestKnown ?? NaN;
      const nat = native ? await timed(native, req) : null;
      const tsr = withTs ? await timed(ts, req) : null;
      for (const t of [nat, tsr]) {
        if (!t) continue;
        const value = -t.res.objective;
        if (Number.isFinite(best)) worst = Math.max(worst, (best - value) / best);
      }
      if (nat) {
        natMs += nat.ms;
        natMax = Math.max(natMax, nat.ms);
        if (-nat.res.objective >= best) natHits++;
      }
      if (tsr) {
        tsMs += tsr.ms;
        if (-tsr.res.objective >= best) tsHits++;
      }
      if (nat && tsr && nat.res.objective === tsr.res.objective) same++;
      process.stderr.write(`bqp ${inst.name}: native ${nat ? -nat.res.objective : '-'} ts ${tsr ? -tsr.res.objective : '-'} best ${best}\n`);
    }
    if (count === 0) continue;
    rows.push([
      `bqp${size}`, count,
      native ? `${natHits}/${count}` : '-', withTs ? `${tsHits}/${count}` : '-', pct(worst),
      native ? secs(natMs / count) : '-', native ? secs(natMax) : '-', withTs ? secs(tsMs / count) : '-',
      native && withTs ? `${(tsMs / natMs).toFixed(1)}×` : '-', native && withTs ? `${same}/${count}` : '-',
    ]);
  }
  const head = `## QUBO, Beasley bqp: effort ${effort}, seed 0 (maximisation values; our minimum is their negation)\n`;
  const body = table(
    ['set', 'instances', 'native at best known', 'TS at best known', 'worst gap', 'native mean s', 'native max s', 'TS mean s', 'TS/native time', 'same answer'],
    rows,
  );
  return [head, body, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

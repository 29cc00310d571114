/**
 * Section `xorsat` of `npm run bench`: no public XOR-system set is in ../shared/benchmarks, so the
 * instances are seeded and random, handed to the engines as canonical typed arrays (a dense
 * 10,000 × 10,000 system is 5·10^7 entries, far past any JSON body):
 *   dense    n × n, every entry 1 with probability 1/2, planted right-hand sides (BENCH_XORSAT_DENSE,
 *            default 1000,2000,5000,10000; engine-ts up to BENCH_XORSAT_TS_DENSE, default 10000).
 *            M4RI beside it when M4RI_BENCH_BIN names a program (built outside the repository, see
 *            docs/benchmarks.md) that prints the milliseconds of M4RI's echelon form of a random
 *            n × (n+1) matrix for `<program> <n>`, and optionally, second, our own kernel's on the
 *            same matrix.
 *   sparse   BENCH_XORSAT_N variables (default 100,000), m = ratio · n equations of 3–5 distinct
 *            variables, planted (consistent), ratios BENCH_XORSAT_RATIOS (default 0.5,0.8,0.9,1,1.1);
 *            the plan (peeled, core, lazy: solved, dense, active), native and engine-ts time
 *            (BENCH_XORSAT_TS=0 skips engine-ts).
 *   noisy    inconsistent systems: certified by the column-space walk or the syndrome search,
 *            else heuristic with the contradictions bound.
 * Every answer is re-scored here (violations from the typed arrays) and the native and TS ranks compared.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Effort, Engine, EngineResult } from '@svc/engine-ts';
import { canonicalXorsat, evaluateXorsat, planXorsat, type XorsatProblem } from '@svc/engine-ts/families/xorsat';
import { sparseXorsat } from '@svc/engine-ts/families/xorsat/testing';
import { lcg } from './lcg';
import { table } from './table';

/**
 * A dense n × n system as canonical arrays: each entry 1 with probability 1/2 (the LCG's top bit:
 * its low bits are far from random), rhs from a hidden assignment (consistent).
 */
function denseProblem(n: number, seed: number): XorsatProblem {
  const r = lcg(seed);
  const hidden = Uint8Array.from({ length: n }, () => (r() < 0.5 ? 1 : 0));
  const start = new Int32Array(n + 1);
  let vars = new Int32Array(Math.ceil(n * n * 0.51) + 1024);
  const rhs = new Uint8Array(n);
  let at = 0;
  for (let e = 0; e < n; e++) {
    if (vars.length - at < n) {
      const grown = new Int32Array(vars.length + n * 64);
      grown.set(vars);
      vars = grown;
    }
    let parity = 0;
    for (let c = 0; c < n; c++) {
      if (r() < 0.5) {
        vars[at++] = c;
        parity ^= hidden[c];
      }
    }
    start[e + 1] = at;
    rhs[e] = parity;
  }
  return { kind: 'xorsat', n, start, vars: vars.subarray(0, at), rhs };
}

async function timed(e: Engine, problem: XorsatProblem, effort: Effort = 'medium'): Promise<{ r: EngineResult; ms: number }> {
  const t0 = performance.now();
  const r = await e.solve({ command: 'xorsat', problem, effort, seed: 0 });
  const ms = performance.now() - t0;
  if (evaluateXorsat(problem, r.answer as Uint8Array) !== r.objective) throw new Error('xorsat bench: an answer whose violations disagree with its objective');
  return { r, ms };
}

const rankOf = (r: EngineResult): string => (r.kind === 'xorsat' ? String(r.rank) : '-');
const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const label = (r: EngineResult): string => (r.proof === null ? `heuristic, bound ${r.bound ?? '-'}` : 'certified');

function m4ri(n: number): { m4ri: number; own?: number } | null {
  const bin = process.env.M4RI_BENCH_BIN;
  if (!bin || !existsSync(bin)) return null;
  const out = execFileSync(bin, [String(n)], { encoding: 'utf8', timeout: 600_000 }).trim().split(/\s+/).map(Number);
  return { m4ri: out[0], ...(out.length > 1 ? { own: out[1] } : {}) };
}

export async function benchXorsat(ts: Engine, native: Engine | null): Promise<string> {
  const sections: string[] = [];
  // Dense.
  const tsMax = Number(process.env.BENCH_XORSAT_TS_DENSE ?? 10000);
  const dense: (string | number)[][] = [];
  for (const n of (process.env.BENCH_XORSAT_DENSE ?? '1000,2000,5000,10000').split(',').map(Number)) {
    const problem = denseProblem(n, n);
    const a = native ? await timed(native, problem) : null;
    const t = n <= tsMax ? await timed(ts, problem) : null;
    if (a && t && rankOf(a.r) !== rankOf(t.r)) throw new Error(`xorsat bench: dense ${n}: native rank ${rankOf(a.r)}, TS ${rankOf(t.r)}`);
    const peer = m4ri(n);
    dense.push([
      `${n} × ${n}`, problem.vars.length, rankOf((a ?? t)!.r), (a ?? t)!.r.objective === 0 ? 'consistent' : `${(a ?? t)!.r.objective} violated`,
      a ? fmt(a.ms) : '-', t ? fmt(t.ms) : '-', peer?.own !== undefined ? fmt(peer.own) : '-', peer ? fmt(peer.m4ri) : '-',
    ]);
  }
  sections.push(`## xorsat: dense random systems (native engine, then engine-ts; effort medium)\n\n${table(
    ['system', 'entries', 'rank', 'result', 'native ms', 'TS ms', 'own kernel ms', 'M4RI ms'],
    dense,
  )}\n\nnative and TS ms: the whole solve from canonical arrays (plan, bit matrix, elimination, answer, re-score); own kernel and M4RI: the echelon form alone of a random n × (n+1) matrix, best of 3 (M4RI_BENCH_BIN${process.env.M4RI_BENCH_BIN ? '' : ' unset: not run'}).`);

  // Sparse.
  const n = Number(process.env.BENCH_XORSAT_N ?? 100_000);
  const withTs = process.env.BENCH_XORSAT_TS !== '0';
  const sparse: (string | number)[][] = [];
  for (const ratio of (process.env.BENCH_XORSAT_RATIOS ?? '0.5,0.8,0.9,1,1.1').split(',').map(Number)) {
    const d = sparseXorsat(17, n, Math.round(ratio * n), 3, 5, true);
    const problem = canonicalXorsat(d.n, d.equations);
    const s = planXorsat(problem);
    const a = native ? await timed(native, problem) : null;
    const t = withTs ? await timed(ts, problem) : null;
    if (a && t && rankOf(a.r) !== rankOf(t.r)) throw new Error(`xorsat bench: sparse ${ratio}: native rank ${rankOf(a.r)}, TS ${rankOf(t.r)}`);
    const r = (a ?? t)!.r;
    sparse.push([
      ratio, problem.rhs.length, s.peelEq.length, `${s.core.m} × ${s.core.n}`,
      s.lazy ? `${s.solvedEq.length} / ${s.denseEqs.length} / ${s.activeVars.length}` : '-', rankOf(r), r.objective === 0 ? 'consistent, certified' : label(r),
      a ? fmt(a.ms) : '-', t ? fmt(t.ms) : '-',
    ]);
  }
  sections.push(`## xorsat: sparse planted systems, ${n} variables, 3–5 per equation (effort medium)\n\n${table(
    ['m / n', 'equations', 'peeled', 'core', 'lazy: solved / dense / active', 'rank', 'result', 'native ms', 'TS ms'],
    sparse,
  )}`);

  // Noisy (inconsistent).
  const noisy: [string, number, number, number, number, number][] = [
    ['walk', 20, 60, 2, 4, 0], ['syndromes', 1000, 990, 3, 5, 0], ['heuristic, dense core', 300, 600, 2, 3, 10],
    ['heuristic, dense core', 2000, 2020, 3, 5, 5], ['heuristic, lazy core', 20_000, 22_000, 3, 5, 20],
  ];
  const rows: (string | number)[][] = [];
  for (const [what, nn, m, lo, hi, noise] of noisy) {
    // Random right-hand sides, or planted ones with `noise` of them flipped.
    const d = sparseXorsat(23, nn, m, lo, hi, noise > 0, noise);
    const problem = canonicalXorsat(d.n, d.equations);
    const a = native ? await timed(native, problem) : null;
    const t = await timed(ts, problem);
    if (a && rankOf(a.r) !== rankOf(t.r)) throw new Error(`xorsat bench: noisy ${what}: native rank ${rankOf(a.r)}, TS ${rankOf(t.r)}`);
    const r = (a ?? t).r;
    rows.push([what, `${nn} × ${m}, ${lo}–${hi} per equation${noise ? `, ${noise} rhs flipped` : ', random rhs'}`, rankOf(r), r.objective, label(r), a ? fmt(a.ms) : '-', fmt(t.ms)]);
  }
  sections.push(`## xorsat: inconsistent systems (effort medium)\n\n${table(['path', 'system (variables × equations)', 'rank', 'violations', 'result', 'native ms', 'TS ms'], rows)}`);
  return sections.join('\n\n');
}

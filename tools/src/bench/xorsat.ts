/**
 * Section `xorsat` of `npm run bench`: no public XOR-system set is in ../shared/benchmarks, so the
 * instances are seeded and random, handed to the engines as canonical typed arrays (a dense
 * 10,000 × 10,000 system is 5·10^7 entries, far past any JSON body):
 *   dense    n × n, every entry 1 with probability 1/2, planted right-hand sides (BENCH_XORSAT_DENSE,
 *            default 1000,2000,4000,10000; engine-ts up to BENCH_XORSAT_TS_DENSE, default 10000):
 *            the engines' whole solve (the native engine's own engineMs, the service's elapsed_ms),
 *            and beside it the dense kernels alone on one random n × (n+1) bit matrix: ours
 *            (core/xorsat/echelon.cc) and M4RI's (mzd_echelonize_m4ri; mzd_echelonize, its PLE
 *            default, too) by m4ri-side.cc, compiled here with echelon.cc when M4RI's headers are
 *            installed (Debian libm4ri-dev; never linked into the engines), with the ratios.
 *   sparse   BENCH_XORSAT_N variables (default 100,000), m = ratio · n equations of 3–5 distinct
 *            variables, planted (consistent), ratios BENCH_XORSAT_RATIOS (default 0.5,0.8,0.9,1,1.1);
 *            the plan (peeled, core, lazy: solved, dense, active), native and engine-ts time
 *            (BENCH_XORSAT_TS=0 skips engine-ts).
 *   noisy    inconsistent systems: certified by the column-space walk or the syndrome search,
 *            else heuristic with the contradictions bound.
 * Every answer is re-scored here (violations from the typed arrays) and the native and TS ranks compared.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
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

/** The solve's wall time, and the process's CPU time over it (the engine's threads; robust to a loaded machine). */
async function timed(e: Engine, problem: XorsatProblem, effort: Effort = 'medium'): Promise<{ r: EngineResult; ms: number; cpuMs: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await e.solve({ command: 'xorsat', problem, effort, seed: 0 });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (evaluateXorsat(problem, r.answer as Uint8Array) !== r.objective) throw new Error('xorsat bench: an answer whose violations disagree with its objective');
  return { r, ms, cpuMs: (c.user + c.system) / 1000 };
}

const rankOf = (r: EngineResult): string => (r.kind === 'xorsat' ? String(r.rank) : '-');
const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const label = (r: EngineResult): string => (r.proof === null ? `heuristic, bound ${r.bound ?? '-'}` : 'certified');

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The kernels alone on one matrix (m4ri-side.cc): milliseconds, best of 3, and the agreed rank. */
interface KernelTimes { n: number; ours: number; m4ri: number; m4ri_ple: number; rank: number }

/** m4ri-side compiled beside the project (a temporary folder), or why not. */
function m4riSide(): string | { exe: string } {
  if (!existsSync('/usr/include/m4ri/m4ri.h')) return 'M4RI not installed (apt-get install libm4ri-dev)';
  const exe = join(mkdtempSync(join(tmpdir(), 'svc-m4ri-')), 'm4ri-side');
  const core = join(ROOT, 'libs', 'engine-native', 'src', 'core');
  // The core's own flags (CMakeLists.txt SVC_CXX_FLAGS) for our kernel.
  const cc = spawnSync('c++', ['-O3', '-ffp-contract=off', '-std=c++20', '-I', core, join(ROOT, 'tools', 'src', 'bench', 'm4ri-side.cc'),
    join(core, 'xorsat', 'echelon.cc'), '-o', exe, '-lm4ri'], { encoding: 'utf8' });
  if (cc.status !== 0) return `m4ri-side not compiled (${(cc.stderr || cc.error?.message || '').trim().split('\n')[0]})`;
  return { exe };
}

function kernels(side: { exe: string }, n: number): KernelTimes {
  const out = execFileSync(side.exe, [String(n)], { encoding: 'utf8', timeout: 600_000 });
  return JSON.parse(out.trim()) as KernelTimes;
}

const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

export async function benchXorsat(ts: Engine, native: Engine | null): Promise<string> {
  const sections: string[] = [];
  // Dense.
  const tsMax = Number(process.env.BENCH_XORSAT_TS_DENSE ?? 10000);
  const dense: (string | number)[][] = [];
  const side = m4riSide();
  for (const n of (process.env.BENCH_XORSAT_DENSE ?? '1000,2000,4000,10000').split(',').map(Number)) {
    const problem = denseProblem(n, n);
    const a = native ? await timed(native, problem) : null;
    const t = n <= tsMax ? await timed(ts, problem) : null;
    if (a && t && rankOf(a.r) !== rankOf(t.r)) throw new Error(`xorsat bench: dense ${n}: native rank ${rankOf(a.r)}, TS ${rankOf(t.r)}`);
    const k = typeof side === 'string' ? null : kernels(side, n);
    if (k && (k.rank < n - 16 || k.rank > n)) throw new Error(`xorsat bench: the kernels' rank ${k.rank} of a random ${n} × ${n + 1} matrix`);
    const cpu = a?.cpuMs;
    dense.push([
      `${n} × ${n}`, problem.vars.length, rankOf((a ?? t)!.r), (a ?? t)!.r.objective === 0 ? 'consistent' : `${(a ?? t)!.r.objective} violated`,
      a ? fmt(a.r.engineMs) : '-', cpu !== undefined ? fmt(cpu) : '-', t ? fmt(t.r.engineMs) : '-',
      k ? fmt(k.ours) : '-', k ? fmt(k.m4ri) : '-', k ? fmt(k.m4ri_ple) : '-',
      k ? ratio(k.ours, k.m4ri) : '-', k && cpu !== undefined ? ratio(cpu, k.m4ri) : '-', k && cpu !== undefined ? `${Math.round((100 * k.ours) / cpu)} %` : '-',
    ]);
  }
  sections.push(`## xorsat: dense random systems (native engine, then engine-ts; effort medium)\n\n${table(
    ['system', 'entries', 'rank', 'result', 'native ms', 'native CPU ms', 'TS ms', 'own kernel ms', 'M4RI ms', 'M4RI PLE ms', 'kernel / M4RI', 'native CPU / M4RI', 'kernel share'],
    dense,
  )}\n\nnative and TS ms: the engine's own time (engineMs, the service's elapsed_ms) of the whole solve from canonical arrays (the addon's copy of the inputs, validation, plan, bit matrix, elimination, answer, re-score); native CPU ms: the process's CPU time over that solve. own kernel, M4RI and M4RI PLE: the echelon form alone of one random n × (n+1) bit matrix, the same for all three, the least CPU time of 5 (mzd_echelonize_m4ri and mzd_echelonize; ${typeof side === 'string' ? side : 'm4ri-side.cc'}); kernel share: own kernel ÷ native CPU.`);

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

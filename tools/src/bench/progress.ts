/**
 * Section `progress` of `npm run bench`: what reporting progress costs. The same solves with and
 * without an `onProgress` listener (a listener that only counts), native and TS, on instances of
 * the families that report (qubo tabu, tsp, qap, milp), interleaved (A B A B …) so drift on a
 * loaded machine falls on both sides; the median of each side and their ratio. The answers are
 * checked equal (progress is observation only).
 *   BENCH_PROGRESS_REPS  solves per side and case, default 5
 */
import { performance } from 'node:perf_hooks';
import { Prng, type Engine, type EngineRequest, type EngineResult } from '@svc/engine-ts';
import { canonicalMilp } from '@svc/engine-ts/families/milp';
import { canonicalQap } from '@svc/engine-ts/families/qap';
import { canonicalTsp } from '@svc/engine-ts/families/tsp';
import { randomMaxcut, randomQubo } from '@svc/engine-ts/families/qubo/testing';
import { randomMilp } from '@svc/engine-ts/families/milp/testing';
import { table } from './table';

function tspPoints(seed: number, n: number): EngineRequest['problem'] {
  const r = new Prng(seed);
  return canonicalTsp({ points: Array.from({ length: n }, () => [r.nextInt(100000) / 100, r.nextInt(100000) / 100]), metric: 'euc_2d' });
}

function qap(seed: number, n: number): EngineRequest['problem'] {
  const r = new Prng(seed);
  const m = () => Array.from({ length: n }, () => Array.from({ length: n }, () => r.nextInt(10)));
  return canonicalQap(m(), m());
}

function milp(seed: number, nb: number, nc: number): EngineRequest['problem'] {
  const d = randomMilp(seed, nb, nc, true);
  return canonicalMilp(d.vars, d.linear, d.diag, d.quadratic);
}

const CASES: [string, EngineRequest][] = [
  ['optimize n=800 d=0.05 medium', { command: 'optimize', problem: randomQubo(3, 800, { density: 0.05 }), effort: 'medium', seed: 1 }],
  ['maxcut n=800 d=0.05 medium', { command: 'maxcut', problem: randomMaxcut(4, 800, { density: 0.05 }), effort: 'medium', seed: 1 }],
  ['tsp 500 cities medium', { command: 'tsp', problem: tspPoints(5, 500), effort: 'medium', seed: 1 }],
  ['qap n=30 medium', { command: 'qap', problem: qap(6, 30), effort: 'medium', seed: 1 }],
  ['milp 20 bin + 5 cont medium', { command: 'milp', problem: milp(7, 20, 5), effort: 'medium', seed: 1 }],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function sameAnswer(a: EngineResult, b: EngineResult): boolean {
  const x = Array.from(a.answer as ArrayLike<number>);
  const y = Array.from(b.answer as ArrayLike<number>);
  return a.objective === b.objective && a.bound === b.bound && x.length === y.length && x.every((v, i) => v === y[i]);
}

export async function benchProgress(ts: Engine, native: Engine | null): Promise<string> {
  const reps = Math.max(1, Number(process.env.BENCH_PROGRESS_REPS ?? 5));
  const rows: (string | number)[][] = [];
  for (const e of native ? [native, ts] : [ts]) {
    for (const [name, req] of CASES) {
      const plain: number[] = [];
      const watched: number[] = [];
      let reports = 0;
      let same = true;
      let first: EngineResult | undefined;
      await e.solve(req); // warm-up (JIT, caches)
      for (let k = 0; k < reps; k++) {
        let t = performance.now();
        const a = await e.solve(req);
        plain.push(performance.now() - t);
        let count = 0;
        t = performance.now();
        const b = await e.solve(req, undefined, () => {
          count++;
        });
        watched.push(performance.now() - t);
        reports = Math.max(reports, count);
        first ??= a;
        same &&= sameAnswer(first, a) && sameAnswer(first, b);
      }
      const p = median(plain);
      const w = median(watched);
      rows.push([e.kind, name, p.toFixed(1), w.toFixed(1), `${((100 * (w - p)) / p).toFixed(2)} %`, reports, same ? 'yes' : 'NO']);
    }
  }
  return `## Progress reports: cost of a listener (median of ${reps} interleaved solves per side)\n\n${table(['engine', 'case', 'ms without', 'ms with listener', 'overhead', 'reports', 'same answers'], rows)}`;
}

/**
 * Section `entropy` of `npm run bench`: half cuts of seeded random states (the largest reduced
 * states: 2^(n/2) × 2^(n/2)), native and engine-ts; the critical Ising ring's ground-state entropy
 * S(ℓ) for ℓ = 1..L/2 with the central charge fitted to the Calabrese–Cardy form
 * S = (c/3)·log2[(L/π) sin(πℓ/L)] + c′ (expected c = ½), and an SVG of S against that chord log.
 *   BENCH_ENTROPY_N     random-state sizes, default 12,16,20
 *   BENCH_ENTROPY_L     ring sizes of the central charge, default 12,16,20
 *   BENCH_ENTROPY_TS_MAX_N   largest n engine-ts runs, default 20
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Engine, NumericResult } from '@svc/engine-ts';
import { canonicalEntropy } from '@svc/engine-ts/families/entropy';
import { fitCentralCharge, randomState } from '@svc/engine-ts/families/entropy/testing';
import { tfimTerms } from '@svc/engine-ts/families/spectrum/testing';
import { linePlot } from '../plot/svg';
import { table } from './table';

const list = (v: string | undefined, d: string) => (v ?? d).split(',').filter((x) => x.trim() !== '').map(Number);

async function timed(e: Engine, problem: ReturnType<typeof canonicalEntropy>) {
  const t0 = performance.now();
  const r = (await e.solve({ command: 'entropy', problem, effort: 'medium', seed: 0 })) as NumericResult;
  return { r, s: (performance.now() - t0) / 1000 };
}

export async function benchEntropy(ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const tsMax = Number(process.env.BENCH_ENTROPY_TS_MAX_N ?? 20);
  const rows: (string | number)[][] = [];
  for (const n of list(process.env.BENCH_ENTROPY_N, '12,16,20')) {
    const half = Array.from({ length: n / 2 }, (_, q) => q);
    const problem = canonicalEntropy(n, half, { state: randomState(n, n) });
    for (const [name, e] of [['native', native], ['ts', n <= tsMax ? ts : null]] as [string, Engine | null][]) {
      if (e === null) continue;
      const { r, s } = await timed(e, problem);
      rows.push([n, `${n / 2} + ${n / 2}`, name, r.answer[0].toFixed(10), r.answer[2].toExponential(1), r.answer[1].toFixed(6), s.toFixed(2)]);
    }
  }
  const out = [`## entropy: half cuts of seeded random complex states (effort medium)\n\n${table(['n', 'cut', 'engine', 'entropy (bits)', 'bound', 'Rényi-2', 's'], rows)}\n\nPage's value for a random state: about n/2 − 1/(2 ln 2) = n/2 − 0.72 bits.`];

  const engine = native ?? ts;
  const crow: (string | number)[][] = [];
  const series: { name: string; points: [number, number][] }[] = [];
  for (const L of list(process.env.BENCH_ENTROPY_L, '12,16,20')) {
    const t0 = performance.now();
    const S: number[] = [];
    let worst = 0;
    for (let l = 1; l <= L / 2; l++) {
      const r = (await engine.solve({ command: 'entropy', problem: canonicalEntropy(L, Array.from({ length: l }, (_, q) => q), { terms: tfimTerms(L, 1, 1, true) }), effort: 'medium', seed: 0 })) as NumericResult;
      S.push(r.answer[0]);
      worst = Math.max(worst, r.answer[2]);
    }
    const s = (performance.now() - t0) / 1000;
    crow.push([L, fitCentralCharge(L, S, true).toFixed(4), fitCentralCharge(L, S, true, 3).toFixed(4), worst.toExponential(1), s.toFixed(2)]);
    series.push({ name: `L = ${L}`, points: S.map((v, i) => [Math.log2((L / Math.PI) * Math.sin((Math.PI * (i + 1)) / L)) / 3, v] as [number, number]) });
  }
  out.push(`### Critical Ising ring ground states (${engine.kind}): central charge from S(ℓ), ℓ = 1..L/2\n\n${table(['L', 'c (ℓ ≥ 1)', 'c (ℓ ≥ 3)', 'largest bound', 's (all ℓ)'], crow)}\n\nexpected c = 1/2 (Calabrese–Cardy, periodic: S = (c/3)·log2 chord + c′).`);
  mkdirSync(plotsDir, { recursive: true });
  const file = join(plotsDir, 'entropy-calabrese-cardy.svg');
  const xs = series.flatMap((x) => x.points.map((p) => p[0]));
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const last = series[series.length - 1].points;
  // The c = 1/2 line through the largest ring's last point (slope c in these coordinates).
  series.push({ name: 'slope c = 1/2', points: [[x0, last[last.length - 1][1] - 0.5 * (x1 - x0)], [x1, last[last.length - 1][1]]] });
  writeFileSync(file, linePlot({ title: 'Critical Ising ring: S(ℓ) against (1/3)·log2[(L/π) sin(πℓ/L)]', xLabel: '(1/3) log2 chord', yLabel: 'S (bits)', series }));
  out.push(`plot: ${file}`);
  return out.join('\n\n');
}

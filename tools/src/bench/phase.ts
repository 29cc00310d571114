/**
 * Section `phase` of `npm run bench`: sweeps of the known diagrams (engine-ts testing/phase.ts
 * sweepPoints: tfim h/J from 0 to 3, xxz Δ from −3 to 3, both signs of J, both boundaries), the share
 * labelled right beyond ±10 % of every transition, labels said near a transition, confident wrong
 * labels (must be none), and time per point; an SVG of the tfim gap-scaling exponent x against h.
 *   BENCH_PHASE_N        sizes of the sweeps, default 12,16,20
 *   BENCH_PHASE_TS_MAX_N largest n engine-ts sweeps, default 12
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Engine, NumericResult } from '@svc/engine-ts';
import { canonicalPhase, phaseVerdict, type PhaseInput } from '@svc/engine-ts/families/phase';
import { acceptable, knownPhase, sweepPoints } from '@svc/engine-ts/families/phase/testing';
import { linePlot } from '../plot/svg';
import { table } from './table';

const list = (v: string | undefined, d: string) => (v ?? d).split(',').filter((x) => x.trim() !== '').map(Number);

async function verdict(e: Engine, i: PhaseInput) {
  const p = canonicalPhase(i);
  const r = (await e.solve({ command: 'phase', problem: p, effort: 'medium', seed: 0 })) as NumericResult;
  return phaseVerdict(p, r.answer, r.extras.sizes, r.extras.converged === 1);
}

export async function benchPhase(ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const tsMax = Number(process.env.BENCH_PHASE_TS_MAX_N ?? 12);
  const rows: (string | number)[][] = [];
  for (const n of list(process.env.BENCH_PHASE_N, '12,16,20')) {
    for (const model of ['tfim', 'xxz'] as const) {
      for (const [name, e] of [['native', native], ['ts', n <= tsMax ? ts : null]] as [string, Engine | null][]) {
        if (e === null) continue;
        let away = 0;
        let right = 0;
        let nearSaid = 0;
        let wrongConfident = 0;
        const points = sweepPoints(model, n);
        const t0 = performance.now();
        for (const i of points) {
          const v = await verdict(e, i);
          const ok = acceptable(i, v.label);
          if (!ok && v.certain) wrongConfident++;
          if (!v.certain) nearSaid++;
          if (!knownPhase(i).nearTransition) {
            away++;
            if (ok) right++;
          }
        }
        const s = (performance.now() - t0) / 1000;
        rows.push([model, n, name, points.length, `${right}/${away}`, nearSaid, wrongConfident, (s / points.length).toFixed(2)]);
      }
    }
  }
  const out = [`## phase: sweeps of the known diagrams (effort medium)\n\n${table(['model', 'n', 'engine', 'points', 'right beyond ±10 %', 'said near (heuristic)', 'confident and wrong', 's per point'], rows)}`];
  const engine = native ?? ts;
  const series: { name: string; points: [number, number][] }[] = [];
  for (const n of list(process.env.BENCH_PHASE_PLOT_N, '8,12,16,20')) {
    const points: [number, number][] = [];
    for (let h = 0.5; h <= 1.5001; h += 0.05) {
      const v = await verdict(engine, { model: 'tfim', n, h, boundary: 'periodic' });
      const x = v.evidence.gap_scaling_x as number;
      points.push([Number(h.toFixed(2)), Math.max(-3, Math.min(1.5, x))]);
    }
    series.push({ name: `n = ${n}`, points });
  }
  mkdirSync(plotsDir, { recursive: true });
  const file = join(plotsDir, 'phase-gap-scaling.svg');
  writeFileSync(file, linePlot({
    title: `Ising ring: gap-scaling exponent x between n − 4 and n sites against h (${engine.kind}; |x| ≤ 0.2 critical, clipped to [−3, 1.5])`,
    xLabel: 'h / J', yLabel: 'x', series, marks: [{ x: 0.9, label: '−10 %' }, { x: 1, label: 'h = J' }, { x: 1.1, label: '+10 %' }],
  }));
  out.push(`plot: ${file}`);
  return out.join('\n\n');
}

/**
 * Section `spectrum` of `npm run bench`: the transverse-field Ising ring −Σ Z_i Z_{i+1} − h Σ X_i at
 * the critical h = 1 (the slowest Lanczos case: the smallest gap), native and engine-ts, against the
 * free-fermion ground energy; scipy's `eigsh` on the same sparse matrix beside them when python3 with
 * scipy is there; the Heisenberg ring against the Bethe ansatz; and an SVG of the gap E1 − E0 against
 * h for several L. No public instance set exists for this: the models are the instances.
 *   BENCH_SPECTRUM_L          ring sizes, default 12,16,20,22,24
 *   BENCH_SPECTRUM_TS_MAX_L   largest L engine-ts runs, default 20
 *   BENCH_SCIPY_MAX_L         largest L scipy runs, default 20 (0: none)
 *   BENCH_SPECTRUM_GAP_L      sizes of the gap plot, default 8,12,16,20
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Engine, NumericResult } from '@svc/engine-ts';
import { canonicalSpectrum } from '@svc/engine-ts/families/spectrum';
import { betheGroundEnergy, tfimPeriodicLowest, tfimTerms, xxzTerms } from '@svc/engine-ts/families/spectrum/testing';
import { linePlot } from '../plot/svg';
import { table } from './table';

const list = (v: string | undefined, d: string) => (v ?? d).split(',').filter((x) => x.trim() !== '').map(Number);

/** Peak resident set of this process since the last reset, MB (Linux /proc; null elsewhere). */
function peakRssMb(): number | null {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the peak resident set (Linux: `5` into clear_refs); false when not possible. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

async function solve(e: Engine, n: number, terms: { coeff: number; ops: string }[], k: number) {
  resetPeak();
  const before = peakRssMb();
  const t0 = performance.now();
  const r = (await e.solve({ command: 'spectrum', problem: canonicalSpectrum(n, terms, k), effort: 'medium', seed: 0 })) as NumericResult;
  const s = (performance.now() - t0) / 1000;
  const peak = peakRssMb();
  const c = r.extras.count;
  return { values: Array.from(r.answer.subarray(0, c)), bounds: Array.from(r.answer.subarray(c, 2 * c)), matvecs: r.extras.matvecs, s, peak, grew: peak !== null && before !== null ? peak - before : null };
}

const SCIPY = `
import sys, time, json
import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import eigsh
L, k = int(sys.argv[1]), int(sys.argv[2])
t0 = time.time()
dim = 1 << L
idx = np.arange(dim, dtype=np.int64)
diag = np.zeros(dim)
for i in range(L):
    j = (i + 1) % L
    diag -= 1.0 - 2.0 * (((idx >> i) ^ (idx >> j)) & 1)
rows = [idx]
cols = [idx]
vals = [diag]
for i in range(L):
    rows.append(idx ^ (1 << i)); cols.append(idx); vals.append(-np.ones(dim))
H = sp.csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(dim, dim))
build = time.time() - t0
t1 = time.time()
w = eigsh(H, k=k, which='SA', tol=0, return_eigenvectors=False)
solve = time.time() - t1
print(json.dumps({"values": sorted(w.tolist()), "build": build, "solve": solve, "scipy": __import__('scipy').__version__}))
`;

function scipyRun(L: number, k: number): { values: number[]; build: number; solve: number; scipy: string } | null {
  const file = join(tmpdir(), `svc-bench-eigsh-${process.pid}.py`);
  writeFileSync(file, SCIPY);
  try {
    return JSON.parse(execFileSync('python3', [file, String(L), String(k)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 600_000 }));
  } catch {
    return null;
  }
}

export async function benchSpectrum(ts: Engine, native: Engine | null, plotsDir: string): Promise<string> {
  const sizes = list(process.env.BENCH_SPECTRUM_L, '12,16,20,22,24');
  const tsMax = Number(process.env.BENCH_SPECTRUM_TS_MAX_L ?? 20);
  const scipyMax = Number(process.env.BENCH_SCIPY_MAX_L ?? 20);
  const out: string[] = [];
  const rows: (string | number)[][] = [];
  let scipyVersion = '';
  const fmtE = (x: number) => x.toFixed(12);
  for (const L of sizes) {
    const exact = tfimPeriodicLowest(L, 1, 1, 2);
    const terms = tfimTerms(L, 1, 1, true);
    for (const k of [1, 2]) {
      const runs: [string, Engine | null][] = [['native', native], ['ts', L <= tsMax ? ts : null]];
      for (const [name, e] of runs) {
        if (e === null) continue;
        const r = await solve(e, L, terms, k);
        rows.push([L, k, name, fmtE(r.values[0]), Math.abs(r.values[0] - exact[0]).toExponential(1), r.bounds[0].toExponential(1),
          k === 2 ? (r.values[1] - r.values[0]).toFixed(9) : '-', r.matvecs, r.s.toFixed(2), r.grew === null ? '-' : r.grew.toFixed(0)]);
      }
      if (L <= scipyMax) {
        const sc = scipyRun(L, k);
        if (sc !== null) {
          scipyVersion = sc.scipy;
          rows.push([L, k, 'scipy eigsh', fmtE(sc.values[0]), Math.abs(sc.values[0] - exact[0]).toExponential(1), '-',
            k === 2 ? (sc.values[1] - sc.values[0]).toFixed(9) : '-', '-', `${sc.solve.toFixed(2)} (+${sc.build.toFixed(2)} build)`, '-']);
        }
      }
    }
  }
  out.push(`## spectrum: transverse-field Ising ring at h = J = 1 (effort medium, seed 0)\n\n${table(
    ['L', 'k', 'engine', 'E0', '|E0 − exact|', 'bound', 'gap', 'H·v', 's', 'peak RSS growth MB'], rows,
  )}\n\nexact: the free-fermion ground energy (even-parity sector). ${scipyVersion ? `scipy ${scipyVersion}, \`eigsh(H, k, which='SA', tol=0)\` on a CSR matrix built with numpy bit operations (build time in brackets).` : 'scipy: not available here.'}`);

  // Heisenberg rings (U(1) sectors) against the Bethe ansatz.
  const hrows: (string | number)[][] = [];
  for (const L of list(process.env.BENCH_SPECTRUM_HEISENBERG_L, '16,20')) {
    const want = 4 * betheGroundEnergy(L);
    for (const [name, e] of [['native', native], ['ts', L <= tsMax ? ts : null]] as [string, Engine | null][]) {
      if (e === null) continue;
      const r = await solve(e, L, xxzTerms(L, 1, 1, true), 2);
      hrows.push([L, name, fmtE(r.values[0]), Math.abs(r.values[0] - want).toExponential(1), r.bounds[0].toExponential(1), r.matvecs, r.s.toFixed(2)]);
    }
  }
  out.push(`### Heisenberg ring Σ (XX + YY + ZZ), k = 2, against the Bethe ansatz\n\n${table(['L', 'engine', 'E0', '|E0 − Bethe|', 'bound', 'H·v', 's'], hrows)}`);

  // The gap against h.
  const engine = native ?? ts;
  const series: { name: string; points: [number, number][] }[] = [];
  for (const L of list(process.env.BENCH_SPECTRUM_GAP_L, '8,12,16,20')) {
    const points: [number, number][] = [];
    for (let h = 0.2; h <= 2.0001; h += 0.1) {
      const r = await engine.solve({ command: 'spectrum', problem: canonicalSpectrum(L, tfimTerms(L, 1, h, true), 2), effort: 'medium', seed: 0 }) as NumericResult;
      points.push([Number(h.toFixed(2)), r.answer[1] - r.answer[0]]);
    }
    series.push({ name: `L = ${L}`, points });
  }
  series.push({ name: 'L → ∞: 2·max(0, h − 1)', points: Array.from({ length: 19 }, (_, i) => [0.2 + 0.1 * i, 2 * Math.max(0, 0.2 + 0.1 * i - 1)] as [number, number]) });
  mkdirSync(plotsDir, { recursive: true });
  const file = join(plotsDir, 'spectrum-gap.svg');
  writeFileSync(file, linePlot({ title: `Ising ring −ΣZZ − hΣX: gap E1 − E0 against h (${engine.kind}, k = 2)`, xLabel: 'h / J', yLabel: 'E1 − E0', series }));
  out.push(`plot: ${file}`);
  return out.join('\n\n');
}

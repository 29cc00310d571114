/**
 * Bench section "certified caps": the largest n at which random instances are certified
 * (proof not null) within 1 s and 10 s, per engine: effort `high`, the time limit as the request
 * deadline (max_latency_ms). A size counts when most seeds certify; the scan goes up in steps of
 * 2 from 20 and stops at the first size that fails. Instances:
 *   - optimize: density 0.5, integer linear and quadratic weights uniform in [−100, 100];
 *   - maxcut ±1 / unit: G(n, 0.5) with weights ±1 / 1.
 * Environment: BENCH_ONLY (comma list of sections; this one runs when it is unset or names
 * `exact-caps`), BENCH_CAPS_LIMITS_MS (default `1000,10000`), BENCH_CAPS_SEEDS (default 3),
 * BENCH_CAPS_FAMILIES (default `qubo,maxcut-pm1,maxcut-unit`).
 */
import { performance } from 'node:perf_hooks';
import { type CanonicalProblem, type Engine } from '@svc/engine-ts';
import { canonicalMaxcut, canonicalQubo } from '@svc/engine-ts/families/qubo';
import { table } from './table';
import { lcg } from './lcg';

const FAMILIES = ['qubo', 'maxcut-pm1', 'maxcut-unit'] as const;
type Family = (typeof FAMILIES)[number];

/** The random instance of a family, size and seed. */
export function capsInstance(family: Family, n: number, seed: number): CanonicalProblem {
  const r = lcg(seed * 7919 + n);
  if (family === 'qubo') {
    const linear: Record<string, number> = {};
    const quadratic: [number, number, number][] = [];
    for (let i = 0; i < n; i++) linear[String(i)] = Math.floor(r() * 201) - 100;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) if (r() < 0.5) quadratic.push([i, j, Math.floor(r() * 201) - 100]);
    }
    return canonicalQubo(n, linear, quadratic);
  }
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (r() < 0.5) edges.push([i, j, family === 'maxcut-unit' ? 1 : r() < 0.5 ? -1 : 1]);
    }
  }
  return canonicalMaxcut(n, edges, false);
}

interface Probe {
  readonly certified: boolean;
  readonly ms: number;
}

async function probe(engine: Engine, p: CanonicalProblem, limitMs: number): Promise<Probe> {
  const t0 = performance.now();
  const r = await engine.solve({ command: p.kind === 'qubo' ? 'optimize' : 'maxcut', problem: p, effort: 'high', seed: 0, deadlineMs: limitMs });
  const ms = performance.now() - t0;
  return { certified: r.proof !== null && !r.stoppedAtDeadline && ms <= limitMs, ms };
}

/** Largest n (from `from`) where most seeds certify within limitMs; 0 when none; with its median time. */
async function scan(engine: Engine, family: Family, limitMs: number, seeds: number, from: number): Promise<{ n: number; ms: number }> {
  let last = { n: 0, ms: 0 };
  for (let n = from; n <= 200; n += 2) {
    const times: number[] = [];
    let ok = 0;
    for (let s = 0; s < seeds; s++) {
      const pr = await probe(engine, capsInstance(family, n, s), limitMs);
      if (pr.certified) ok++;
      times.push(pr.ms);
      // The majority is already out of reach.
      if (s + 1 - ok > seeds - Math.ceil(seeds / 2)) break;
    }
    if (ok < Math.ceil(seeds / 2)) break;
    times.sort((a, b) => a - b);
    last = { n, ms: times[Math.floor(times.length / 2)] };
  }
  return last;
}

/** Runs the section (see the file comment) and prints its table. */
export async function benchExactCaps(engines: readonly (readonly [string, Engine | null])[]): Promise<void> {
  const only = process.env.BENCH_ONLY?.trim();
  if (only && !only.split(',').map((s) => s.trim()).includes('exact-caps')) return;
  const limits = (process.env.BENCH_CAPS_LIMITS_MS ?? '1000,10000').split(',').map(Number).filter((x) => x > 0).sort((a, b) => a - b);
  const seeds = Math.max(1, Number(process.env.BENCH_CAPS_SEEDS ?? 3));
  const families = (process.env.BENCH_CAPS_FAMILIES ?? FAMILIES.join(',')).split(',').filter((f): f is Family => (FAMILIES as readonly string[]).includes(f));
  const rows: (string | number)[][] = [];
  for (const family of families) {
    for (const [id, engine] of engines) {
      const row: (string | number)[] = [family, id];
      let best = { n: 0, ms: 0 };
      for (const limit of limits) {
        if (!engine) {
          row.push('-');
          continue;
        }
        // Certified within a shorter limit is certified within a longer one: resume above it.
        const got = await scan(engine, family, limit, seeds, best.n > 0 ? best.n + 2 : 20);
        if (got.n > 0) best = got;
        row.push(best.n > 0 ? `${best.n} (${best.ms.toFixed(0)} ms)` : '< 20');
      }
      rows.push(row);
    }
  }
  console.log(`\n## Certified cap (effort high; largest n certified for most of ${seeds} seeds within the time limit)\n`);
  console.log(table(['instances', 'engine', ...limits.map((l) => `cap in ${l / 1000} s (median time)`)], rows));
}

/**
 * Section `world` of `npm run bench` (seeded uniform clouds; no public instance set).
 *   1. The k-d tree alone, 1,000,000 uniform 3-D points and as many queries, k = 1, one thread: the
 *      native tree (libs/engine-native/build-core/world_world_test with SVC_BENCH_KDTREE; build it with
 *      `npx nx run engine-native:test-core`), least of 3 runs, wall clock and the thread's CPU time
 *      (the machine is shared: CPU time is what one core spent), beside scipy's cKDTree in python3
 *      (build and query, wall and process CPU time, when scipy is there). BENCH_KD_N sets n.
 *   2. `neighbors` through each engine (the whole op: tree, every query, distances, tolerance) at
 *      BENCH_WORLD_N (default 100000,1000000; TS up to BENCH_WORLD_TS_MAX, default 100000).
 *   3. The other ops on large inputs: a 100,000-link planar chain and DH chain, 1,000,000 terrain
 *      queries on a 2048 × 2048 grid, a prediction from 100,000 poses.
 * The HTTP door is measured by tools/scripts/world-http.mjs (docs/world.md).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Prng, type Engine, type NumericResult } from '@svc/engine-ts';
import { canonicalWorld, type WorldInput } from '@svc/engine-ts/families/world';
import { randomChains, sampledGrid } from '@svc/engine-ts/families/world/testing';
import { table } from './table';

const PY = `
import json, sys, time
import numpy as np
from scipy.spatial import cKDTree
import scipy
n = int(sys.argv[1])
rng = np.random.default_rng(1)
pts = rng.random((n, 3)); qs = rng.random((n, 3))
best = None
for _ in range(3):
    w0, c0 = time.perf_counter(), time.process_time()
    t = cKDTree(pts)
    w1, c1 = time.perf_counter(), time.process_time()
    d, i = t.query(qs, k=1)
    w2, c2 = time.perf_counter(), time.process_time()
    row = {"buildMs": (w1 - w0) * 1e3, "queryMs": (w2 - w1) * 1e3, "buildCpuMs": (c1 - c0) * 1e3, "queryCpuMs": (c2 - c1) * 1e3}
    best = row if best is None else {k: min(best[k], row[k]) for k in row}
best["version"] = scipy.__version__
print(json.dumps(best))
`;

interface KdTimes {
  readonly buildMs: number;
  readonly queryMs: number;
  readonly buildCpuMs: number;
  readonly queryCpuMs: number;
  readonly version?: string;
}

const cloud = (seed: number, n: number, dim: number): number[][] => {
  const r = new Prng(seed);
  return Array.from({ length: n }, () => Array.from({ length: dim }, () => r.nextFloat()));
};

async function timed(e: Engine, w: WorldInput): Promise<{ ms: number; r: NumericResult }> {
  const problem = canonicalWorld(w);
  const t0 = performance.now();
  const r = (await e.solve({ command: 'world', problem, effort: 'medium', seed: 0 })) as NumericResult;
  return { ms: performance.now() - t0, r };
}

const f0 = (x: number | undefined) => (x === undefined ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const rate = (n: number, ms: number | undefined) => (ms === undefined ? '-' : `${(n / ms / 1e3).toFixed(2)}M/s`);

export async function benchWorld(root: string, ts: Engine, native: Engine | null): Promise<string> {
  const out: string[] = [];
  const n = Number(process.env.BENCH_KD_N ?? 1_000_000);
  const bin = join(root, 'libs', 'engine-native', 'build-core', 'world_world_test');
  const nat: KdTimes | string = existsSync(bin)
    ? (JSON.parse(execFileSync(bin, { env: { ...process.env, SVC_BENCH_KDTREE: String(n) }, encoding: 'utf8' }).trim()) as KdTimes)
    : `native tree not built (${bin}; npx nx run engine-native:test-core)`;
  const py = spawnSync('python3', ['-c', PY, String(n)], { encoding: 'utf8' });
  const sp: KdTimes | string = py.status === 0 ? (JSON.parse(py.stdout.trim()) as KdTimes) : `scipy not available (${(py.stderr || '').trim().split('\n').at(-1)})`;
  const rows: (string | number)[][] = [];
  for (const [name, t] of [['native k-d tree', nat], [`scipy cKDTree${typeof sp === 'string' ? '' : ` ${sp.version}`}`, sp]] as const) {
    if (typeof t === 'string') continue;
    rows.push([name, f0(t.buildMs), f0(t.buildCpuMs), f0(t.queryMs), f0(t.queryCpuMs), rate(n, t.queryMs), rate(n, t.queryCpuMs)]);
  }
  const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.trim().split(' ').slice(0, 3).join(' ');
  out.push(`## world: the k-d tree alone (${n.toLocaleString('en-US')} uniform 3-D points and queries, k = 1, one thread, least of 3; load average ${load})\n`);
  out.push(table(['tree', 'build ms (wall)', 'build ms (CPU)', 'queries ms (wall)', 'queries ms (CPU)', 'queries/s (wall)', 'queries/s (CPU)'], rows));
  for (const t of [nat, sp]) if (typeof t === 'string') out.push(`\n${t}`);

  // 2. neighbors through the engines.
  const sizes = (process.env.BENCH_WORLD_N ?? '100000,1000000').split(',').map(Number);
  const tsMax = Number(process.env.BENCH_WORLD_TS_MAX ?? 100_000);
  const opRows: (string | number)[][] = [];
  for (const m of sizes) {
    const w: WorldInput = { op: 'neighbors', points: cloud(11, m, 3), queries: cloud(12, m, 3), k: 1 };
    const a = native ? await timed(native, w) : null;
    const t = m <= tsMax ? await timed(ts, w) : null;
    if (a && t && (a.r.objective !== t.r.objective || a.r.ints.some((x, i) => x !== t.r.ints[i]))) throw new Error(`world neighbors n=${m}: native and TS differ`);
    opRows.push([m.toLocaleString('en-US'), a ? f0(a.ms) : '-', a ? rate(m, a.ms) : '-', t ? f0(t.ms) : '-', a && t ? `${(t.ms / a.ms).toFixed(1)}×` : '-', a ? a.r.extras.tolerance.toExponential(1) : '-']);
  }
  out.push('\n## world: neighbors through the engine (points = queries = n, 3-D, k = 1; tree, search, distances, tolerance)\n');
  out.push(table(['n', 'native ms', 'native queries/s', 'TS ms', 'TS/native', 'tolerance'], opRows));

  // 3. The other ops.
  const { links, dh } = randomChains(5, 100_000);
  const r = new Prng(7);
  const grid = sampledGrid(2048, 2048, 1, 1, 0, 0, (x, y) => Math.sin(x / 50) * Math.cos(y / 70) * 10);
  const tq = Array.from({ length: 1_000_000 }, () => [2047 * r.nextFloat(), 2047 * r.nextFloat()]);
  const poses = Array.from({ length: 100_000 }, (_, t) => ({ t, x: t * 0.5, y: Math.sin(t), theta: (t * 0.1) % 3 }));
  const other: [string, WorldInput][] = [
    ['kinematics, 100,000 planar links', { op: 'kinematics', links }],
    ['kinematics, 100,000 DH rows', { op: 'kinematics', dh }],
    ['terrain, 2048 × 2048 grid, 1,000,000 points', { op: 'terrain', grid, cell: 1, points: tq }],
    ['predict, 100,000 poses', { op: 'predict', poses, at: 100_001 }],
  ];
  const otherRows: (string | number)[][] = [];
  for (const [name, w] of other) {
    const a = native ? await timed(native, w) : null;
    const t = await timed(ts, w);
    otherRows.push([name, a ? f0(a.ms) : '-', f0(t.ms), a ? a.r.extras.tolerance.toExponential(1) : t.r.extras.tolerance.toExponential(1)]);
  }
  out.push('\n## world: the other ops on large inputs\n');
  out.push(table(['op', 'native ms', 'TS ms', 'tolerance'], otherRows));
  return out.join('\n');
}

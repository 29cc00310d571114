/**
 * Section `erasure` of `npm run bench`: protect (encode) and recover (decode with lost shards)
 * throughput of both engines on seeded random data (no public instance set exists for erasure
 * codes), in GB/s of data (10^9 bytes per second of the data size, not of data + parity). Each row
 * is the best of BENCH_ERASURE_REPS runs (default 5) of engine.solve, which includes the binding's
 * copies in and out; `engine ms` is the engine's own time (`engineMs`). A last table times the
 * service's whole path of one protect and one recover (base64 decode, SHA-256 of every shard, the
 * engine, the service's own re-encode, base64 of the answer) on the native engine.
 *
 * Environment:
 *   BENCH_ERASURE_MB     data sizes in MiB, comma-separated (default 1,16,64)
 *   BENCH_ERASURE_CODES  k+m codes, comma-separated (default 10+4,223+32)
 *   BENCH_ERASURE_REPS   runs per row, the best is kept (default 5)
 */
import { performance } from 'node:perf_hooks';
import { validateProblem } from '@svc/contracts';
import type { Engine, EngineResult } from '@svc/engine-ts';
import { canonicalProtect, canonicalRecover, type ErasureProblem } from '@svc/engine-ts/families/erasure';
import { erasureData } from '@svc/engine-ts/families/erasure/testing';
import { ADAPTERS } from '@svc/service';
import { table } from './table';

/** The native erasure kernels by their code in the result's extra "kernel" (core/erasure/kernel.h). */
const KERNELS = ['scalar', 'ssse3', 'avx2', 'isa-l', 'gfni'];

interface Timing {
  readonly wallMs: number;
  readonly engineMs: number;
  readonly r: EngineResult;
}

async function best(engine: Engine, command: 'protect' | 'recover', problem: ErasureProblem, reps: number): Promise<Timing> {
  let out: Timing | null = null;
  for (let k = 0; k < reps; k++) {
    const t0 = performance.now();
    const r = await engine.solve({ command, problem, effort: 'flash', seed: 0 });
    const wallMs = performance.now() - t0;
    if (out === null || wallMs < out.wallMs) out = { wallMs, engineMs: r.engineMs, r };
  }
  return out!;
}

const gbps = (bytes: number, ms: number) => (bytes / (ms / 1000) / 1e9).toFixed(2);

/** The shards of `data` from one protect (parity from the engine), as recover takes them. */
function shardsOf(data: Uint8Array, p: ErasureProblem, parity: Uint8Array): Uint8Array[] {
  const size = p.shardSize;
  const out: Uint8Array[] = [];
  for (let j = 0; j < p.k; j++) out.push(p.shards.subarray(j * size, (j + 1) * size));
  for (let q = 0; q < p.m; q++) out.push(parity.subarray(q * size, (q + 1) * size));
  return out;
}

export async function benchErasure(ts: Engine, native: Engine | null): Promise<string> {
  const sizes = (process.env.BENCH_ERASURE_MB ?? '1,16,64').split(',').map((s) => Number(s.trim()));
  const codes = (process.env.BENCH_ERASURE_CODES ?? '10+4,223+32').split(',').map((s) => s.trim().split('+').map(Number) as [number, number]);
  const reps = Number(process.env.BENCH_ERASURE_REPS ?? 5);
  const rows: (string | number)[][] = [];
  let kernel = '-';
  for (const [k, m] of codes) {
    for (const mb of sizes) {
      const bytes = mb * 1024 * 1024;
      const data = erasureData(mb * 1000 + k, bytes);
      const protect = canonicalProtect(data, k, m);
      const lost = Math.min(m, 4);
      for (const command of ['protect', 'recover'] as const) {
        let problem = protect;
        if (command === 'recover') {
          // The first `lost` data shards lost: the hardest case (every lost one is data).
          const parity = (await ts.solve({ command: 'protect', problem: protect, effort: 'flash', seed: 0 })).answer as Uint8Array;
          const shards = shardsOf(data, protect, parity);
          problem = canonicalRecover(k, m, protect.shardSize, shards.map((s, i) => (i < lost ? null : s)));
        }
        const n = native ? await best(native, command, problem, reps) : null;
        const t = await best(ts, command, problem, Math.min(reps, 3));
        if (n && n.r.kind === 'bytes') kernel = KERNELS[n.r.extras?.kernel ?? -1] ?? '?';
        if (n && !Buffer.from(n.r.answer as Uint8Array).equals(Buffer.from(t.r.answer as Uint8Array))) throw new Error(`erasure bench: the engines disagree on ${command} ${k}+${m} ${mb} MiB`);
        rows.push([
          command === 'protect' ? 'protect (encode)' : `recover (${lost} data shards lost)`, `${k}+${m}`, mb,
          n ? gbps(bytes, n.wallMs) : '-', n ? gbps(bytes, n.engineMs) : '-', gbps(bytes, t.wallMs), gbps(bytes, t.engineMs),
          n ? `${(t.wallMs / n.wallMs).toFixed(1)}×` : '-',
        ]);
      }
    }
  }
  const out = [
    `erasure: protect and recover, GB/s of data (best of ${reps} native, ${Math.min(reps, 3)} TS; native kernel: ${kernel})`,
    table(['operation', 'k+m', 'MiB', 'native GB/s', 'native engine GB/s', 'TS GB/s', 'TS engine GB/s', 'TS/native'], rows),
  ];
  out.push('', await servicePath(native));
  return out.join('\n');
}

/** The service's whole path of protect and recover (adapters, engine, re-check), 10+4 on 16 MiB. */
async function servicePath(native: Engine | null): Promise<string> {
  const engine = native;
  if (engine === null) return 'erasure service path: native engine unavailable';
  const bytes = 16 * 1024 * 1024;
  const data = erasureData(7, bytes);
  const body = { tag: 'svc-cortex-v1', description: 'Benchmark the service path of protect.', n: bytes, data: Buffer.from(data).toString('base64'), data_shards: 10, parity_shards: 4 };
  const rows: (string | number)[][] = [];
  const step = async (command: 'protect' | 'recover', b: Record<string, unknown>) => {
    const t0 = performance.now();
    const v = validateProblem(command, b, { sandbox: false });
    const t1 = performance.now();
    const prep = ADAPTERS[command]!.prepare(v);
    const t2 = performance.now();
    const r = await engine.solve({ command, problem: prep.problem, effort: 'flash', seed: 0 });
    const t3 = performance.now();
    const done = prep.finish(r, { deadlineFired: false });
    const t4 = performance.now();
    rows.push([command, (t1 - t0).toFixed(0), (t2 - t1).toFixed(0), (t3 - t2).toFixed(0), (t4 - t3).toFixed(0), (t4 - t0).toFixed(0), gbps(bytes, t4 - t0)]);
    return done.fields;
  };
  const p = (await step('protect', body)) as unknown as { manifest: unknown; shards: string[] };
  await step('recover', { tag: 'svc-cortex-v1', description: 'Benchmark the service path of recover.', n: bytes, manifest: p.manifest, shards: p.shards.map((s, i) => (i < 4 ? null : s)) });
  return [
    'erasure: the service path on the native engine, 10+4, 16 MiB (ms; recover with 4 data shards lost)',
    table(['command', 'validate', 'prepare (decode, SHA-256)', 'engine', 'finish (re-check, SHA-256, base64)', 'total', 'GB/s'], rows),
  ].join('\n');
}

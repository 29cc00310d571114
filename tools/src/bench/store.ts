/**
 * Section `store` of `npm run bench`: per-operation latency of the store's hot writes on the
 * embedded SQLite store (WAL, synchronous=NORMAL, as `npm start` opens it) and on PostgreSQL 15
 * (a throwaway local server on loopback with durable commits: fsync on, synchronous_commit on),
 * one caller at a time (latency) and 50 at once (throughput). Skipped when PostgreSQL is not
 * installed.
 *   BENCH_STORE_OPS      operations per measurement, default 2000
 *   BENCH_STORE_DURABLE  0: PostgreSQL without fsync / synchronous_commit (what remains is the
 *                        protocol and the server's work, not the disk's flush), default 1
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPostgresStore, openSqliteStore, type Store } from '@svc/store';
import { postgresBinDir, startThrowawayPostgres } from '@svc/store/testing';
import { table } from './table';

const DAY = '2026-11-01';
const LONG = 86_400_000;

interface Op {
  readonly name: string;
  /** One operation number `i` (fresh keys and holds per i). */
  run(s: Store, i: number): Promise<unknown>;
}

const OPS: readonly Op[] = [
  { name: 'consumeUnits (check-and-charge)', run: (s, i) => s.consumeUnits(`p${i % 64}`, DAY, 1, 1e12) },
  {
    name: 'consumeUnits with hold + settleHold',
    run: async (s, i) => {
      await s.consumeUnits(`p${i % 64}`, DAY, 1, 1e12, { holdId: `h${i}`, createdAt: i });
      await s.settleHold(`h${i}`, { refund: false });
    },
  },
  { name: 'claimIdempotencyKey (fresh key)', run: (s, i) => s.claimIdempotencyKey('acct', `k${i}`, 'fp', 1000, LONG, LONG) },
  {
    name: 'idempotency completion (settleHold + answer, one commit)',
    run: (s, i) => s.settleHold(`c${i}`, { refund: false, idempotency: { scope: 'acct', key: `c${i}`, fingerprint: 'fp', status: 200, response: '{"cut_value":6}', at: 2000 } }),
  },
  { name: 'completeIdempotencyKey (alone)', run: (s, i) => s.completeIdempotencyKey('acct', `d${i}`, 'fp', 200, '{"cut_value":6}', 2000) },
];

/** Sets up what op `name` number `i` needs, outside the measurement. */
async function prepare(s: Store, name: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    if (name.startsWith('idempotency completion')) {
      await s.claimIdempotencyKey('acct', `c${i}`, 'fp', 1000, LONG, LONG);
      await s.consumeUnits(`q${i % 64}`, DAY, 1, 1e12, { holdId: `c${i}`, createdAt: i });
    } else if (name.startsWith('completeIdempotencyKey')) {
      await s.claimIdempotencyKey('acct', `d${i}`, 'fp', 1000, LONG, LONG);
    }
  }
}

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(s: Store, op: Op, n: number): Promise<{ p50: number; p99: number; perSecond: number }> {
  await prepare(s, op.name, 2 * n);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await op.run(s, i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  // 50 callers at once on the next n operations.
  const t0 = performance.now();
  let next = n;
  await Promise.all(Array.from({ length: 50 }, async () => {
    while (next < 2 * n) await op.run(s, next++);
  }));
  return { p50: q(times, 0.5), p99: q(times, 0.99), perSecond: n / ((performance.now() - t0) / 1000) };
}

export async function benchStore(): Promise<string> {
  const n = Number(process.env.BENCH_STORE_OPS ?? 2000);
  if (postgresBinDir() === null) return 'store: PostgreSQL is not installed (postgresql-15): section skipped';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-store-'));
  const durable = process.env.BENCH_STORE_DURABLE !== '0';
  const server = await startThrowawayPostgres({ durable });
  const rows: (string | number)[][] = [];
  try {
    for (const op of OPS) {
      const sqlite = await openSqliteStore({ dataDir: dir, fileName: `${rows.length}.sqlite` });
      const pg = await openPostgresStore({ url: await server.createDatabase() });
      try {
        const a = await measure(sqlite, op, n);
        const b = await measure(pg, op, n);
        rows.push([op.name, a.p50.toFixed(3), a.p99.toFixed(3), Math.round(a.perSecond), b.p50.toFixed(3), b.p99.toFixed(3), Math.round(b.perSecond), (b.p50 / a.p50).toFixed(1)]);
      } finally {
        await sqlite.close();
        await pg.close();
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return `store: per-operation latency, one caller (ms), and throughput with 50 callers at once (ops/s); ${n} operations each\n`
    + `(SQLite: WAL, synchronous=NORMAL; PostgreSQL 15: local, loopback TCP, ${durable ? 'fsync and synchronous_commit on' : 'fsync and synchronous_commit off'})\n`
    + table(['operation', 'sqlite p50', 'sqlite p99', 'sqlite 50x ops/s', 'pg p50', 'pg p99', 'pg 50x ops/s', 'pg/sqlite p50'], rows);
}

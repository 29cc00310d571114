/**
 * Section `rate-limits` of `npm run bench`: what a shared rate window costs a request. One take
 * (the per-request rate check every call makes) from this node's memory and from a throwaway
 * Redis on loopback (distributed/redis-limits.ts: one Lua script per take), one caller at a time
 * (latency) and 50 at once (throughput), and two nodes taking from one key at once. Skipped when
 * redis-server is not installed.
 *   BENCH_RATE_TAKES   takes per measurement, default 2000
 */
import { performance } from 'node:perf_hooks';
import { createRedisClient, createRedisLimits, memoryWindows, type WindowCounts } from '@svc/service';
import { redisServerBin, startThrowawayRedis } from '@svc/store/testing';
import { table } from './table';

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(w: WindowCounts, n: number, keyOf: (i: number) => string): Promise<{ p50: number; p99: number; perSecond: number }> {
  // Warm-up (script load, JIT) outside the measurement.
  for (let i = 0; i < 100; i++) await w.take(`warm${i}`, 1, 1e9);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await w.take(keyOf(i), 1, 1e9);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 50 }, async () => {
    while (next < n) await w.take(keyOf(next++), 1, 1e9);
  }));
  return { p50: q(times, 0.5), p99: q(times, 0.99), perSecond: n / ((performance.now() - t0) / 1000) };
}

export async function benchRateLimits(): Promise<string> {
  const n = Number(process.env.BENCH_RATE_TAKES ?? 2000);
  if (redisServerBin() === null) return 'rate-limits: redis-server is not installed: section skipped';
  const server = await startThrowawayRedis();
  const clock = Date.now;
  const nodes = await Promise.all([0, 1].map((i) => createRedisLimits({
    redis: createRedisClient(server.url, 'counters'), clock, nodeId: `bench-${i}`, localWaiting: () => 0, prefix: `bench${i}:`,
  })));
  const rows: (string | number)[][] = [];
  try {
    const key = (i: number) => `ip:198.51.100.${i % 64}`;
    const mem = await measure(memoryWindows(clock), n, key);
    const red = await measure(nodes[0].requests, n, key);
    rows.push(['take, this node\'s memory', mem.p50.toFixed(4), mem.p99.toFixed(4), Math.round(mem.perSecond)]);
    rows.push(['take, Redis (one Lua script)', red.p50.toFixed(3), red.p99.toFixed(3), Math.round(red.perSecond)]);
    // Two nodes (two connections) taking from one key at once: what contention on a hot key costs.
    const hot = () => 'ip:203.0.113.1';
    const [x, y] = await Promise.all([measure(nodes[0].compute, n / 2, hot), measure(nodes[1].compute, n / 2, hot)]);
    rows.push(['take, Redis, two nodes on one key', ((x.p50 + y.p50) / 2).toFixed(3), Math.max(x.p99, y.p99).toFixed(3), Math.round(x.perSecond + y.perSecond)]);
    return `rate-limits: one take of a per-minute window (ms), one caller at a time, and takes per second with 50 callers at once; ${n} takes each\n`
      + `(Redis ${server.url.replace(/:\d+$/, '')} loopback, redis-server from PATH; added per request: ${(red.p50 - mem.p50).toFixed(3)} ms at p50, ${(red.p99 - mem.p99).toFixed(3)} ms at p99)\n`
      + table(['counter', 'p50', 'p99', '50 callers, takes/s'], rows);
  } finally {
    for (const l of nodes) await l.close();
    await server.stop();
  }
}

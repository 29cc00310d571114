/**
 * The probes of load-evloop.mjs in a thread of their own: a keyed small solve, `GET /healthz` and
 * the gRPC health check, each called one at a time every `everyMs`, and the server's RSS sampled
 * every 100 ms, until the main thread posts 'stop'; then `{probes, peakRss, seed}` is posted back.
 * The attacks run on the main thread, and sending a 120 MiB gRPC message there holds that event
 * loop for 0.8–2.5 s (grpc-js's client copies it to frame it): probes on the same loop measured
 * the attacker's stall, not the server's.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

export interface ProbeJob {
  readonly url: string;
  readonly grpcAddress: string;
  readonly probeKey: string;
  /** The small solve's JSON body. */
  readonly smallSolve: string;
  readonly healthProto: string;
  readonly seedFrom: number;
  readonly everyMs: number;
  /** The server's pid (its RSS from /proc). */
  readonly pid: number;
}

export interface Probe { readonly name: string; readonly ms: number[]; failures: number }
export interface ProbeResult { readonly probes: Probe[]; readonly peakRss: number; readonly seed: number }

const job = workerData as ProbeJob;
const Health = (grpc.loadPackageDefinition(protoLoader.loadSync(job.healthProto, { keepCase: true, enums: String })) as any).grpc.health.v1.Health;
const healthClient = new Health(job.grpcAddress, grpc.credentials.createInsecure());
let seed = job.seedFrom;
let done = false;

const rssNow = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${job.pid}/status`, 'utf8'))![1]) / 1024);

const calls: Record<string, () => Promise<boolean>> = {
  'keyed small solve (HTTP)': async () => (await fetch(`${job.url}/api/v1/solve/maxcut?effort=flash&seed=${seed++}`, { method: 'POST', body: job.smallSolve, headers: { 'content-type': 'application/json', authorization: `Bearer ${job.probeKey}` } })).status === 200,
  '/healthz': async () => (await fetch(`${job.url}/healthz`)).status === 200,
  'gRPC health': () => new Promise((ok) => healthClient.check({ service: '' }, { deadline: Date.now() + 60_000 }, (e: Error | null) => ok(e === null))),
};

parentPort!.once('message', () => {
  done = true;
});
let peakRss = rssNow();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssNow())), 100);
const probes = await Promise.all(Object.entries(calls).map(async ([name, f]) => {
  const p: Probe = { name, ms: [], failures: 0 };
  while (!done) {
    const t0 = performance.now();
    const ok = await f().catch(() => false);
    const ms = performance.now() - t0;
    p.ms.push(ms);
    if (!ok) p.failures++;
    await new Promise((w) => setTimeout(w, Math.max(0, job.everyMs - ms)));
  }
  return p;
}));
clearInterval(sampler);
healthClient.close();
parentPort!.postMessage({ probes, peakRss, seed } satisfies ProbeResult);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, postgresBinDir, postgresRequired, queryRows, redisServerBin } from '@svc/store/testing';
import { queueingClusterEnv, startCluster, type Cluster } from '../cluster/cluster';
import { long, ring } from './instances';
import { grpcDoor } from '../e2e/doors/grpc';
import { mcpHttpDoor } from '../e2e/doors/mcp';
import { trpcDoor } from '../e2e/doors/trpc';
import type { DoorClient, DoorReply, Json } from '../e2e/doors/door-client';

// Issue 32: PostgreSQL stopped under the distributed deployment (one HTTP node, two workers, a
// throwaway PostgreSQL and Redis as real processes). While it is away every door answers 503
// SVC_BUSY (storage_unavailable) with Retry-After and /readyz says so; once it is back every job
// accepted before ends done once, billed once — the ones whose engine finished during the outage
// with the answer computed then. Before that, connections dropped mid-transaction
// (pg_terminate_backend) under a burst of submissions cost nothing: no 5xx, every job done once.
const skip = (postgresBinDir() === null || redisServerBin() === null) && !postgresRequired();
if (skip) console.warn('[distributed suite] PostgreSQL or redis-server not found: skipped here (never under CI=true)');

const PRINCIPAL = 'sandbox-ip:127.0.0.1';
/** Long enough that a cancel answered within a few seconds of a SIGKILL comes before the lease could requeue the job. */
const LEASE_SECONDS = 10;
/** PostgreSQL stays stopped at least this long. */
const OUTAGE_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const settled = <T>(f: () => Promise<T | null | undefined | false>, what: string, ms = 90_000) => eventually(f, what, ms, { everyMs: 200, retryErrors: true });

/** HTTP with the answer's status and Retry-After header. */
async function http(base: string, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as Json };
}

function expectStoreBusy(what: string, doc: Json): void {
  expect({ what, code: doc.code, status: doc.status, retryable: doc.retryable, reason: doc.reason }).toEqual({ what, code: 'SVC_BUSY', status: 503, retryable: true, reason: 'storage_unavailable' });
  expect(doc.retry_after, what).toBeGreaterThan(0);
}

describe.skipIf(skip)('PostgreSQL outages under the distributed deployment (one node, two workers)', () => {
  let cluster: Cluster;
  let token: string;
  const doors: DoorClient[] = [];
  const rows = <T = Json>(sql: string, params: unknown[] = []) => queryRows<T>(cluster.databaseUrl, sql, params);
  const jobRow = async (id: string) => (await rows<Json>('SELECT status, attempts, compute_units, billed_units, claimed_by, cancel_requested FROM jobs WHERE job_id = $1', [id]))[0];
  const usage = async () => Number((await rows<{ units: string }>('SELECT COALESCE(SUM(units), 0) AS units FROM usage_daily WHERE principal = $1', [PRINCIPAL]))[0]!.units);
  const node = () => cluster.nodes[0]!;

  /** Submits `ring(seed)` over HTTP; the job id when accepted (202), else the refusal, which must be 503 SVC_BUSY with Retry-After. */
  async function submitRing(seed: number, key?: string): Promise<string | null> {
    const r = await http(node().url, 'POST', `/api/v1/solve/maxcut?seed=${seed}`, token, ring(seed), key ? { 'idempotency-key': key } : {});
    if (r.status === 202) return r.json.job_id as string;
    expect(r.status, JSON.stringify(r.json).slice(0, 400)).toBe(503);
    expectStoreBusy(`solve ${seed}`, r.json);
    expect(Number(r.retryAfter)).toBeGreaterThan(0);
    return null;
  }

  /** Every accepted job ends done once, billed in full; usage grew by exactly their charges; nothing held or running. */
  async function expectAllDoneOnce(accepted: Set<string>, usageBefore: number, jobsBefore: Set<string>): Promise<void> {
    for (const id of accepted) {
      const r = await settled(async () => {
        const j = await jobRow(id);
        return j && j.status !== 'queued' && j.status !== 'running' ? j : null;
      }, `job ${id} to end`);
      expect({ id, status: r.status, billed: Number(r.billed_units) }).toEqual({ id, status: 'done', billed: Number(r.compute_units) });
    }
    const fresh = (await rows<{ job_id: string; status: string; billed_units: string }>('SELECT job_id, status, billed_units FROM jobs')).filter((r) => !jobsBefore.has(r.job_id));
    expect(new Set(fresh.map((r) => r.job_id))).toEqual(accepted);
    const billed = fresh.reduce((s, r) => s + Number(r.billed_units), 0);
    await settled(async () => (await usage()) - usageBefore === billed, 'usage to equal the sum of the jobs\' charges');
    await settled(async () => (await rows<{ n: string }>('SELECT COUNT(*) AS n FROM charge_holds'))[0]!.n === '0', 'no charge left held');
    await settled(async () => (await rows<{ n: string }>("SELECT COUNT(*) AS n FROM idempotency_keys WHERE state = 'running'"))[0]!.n === '0', 'no key left running');
  }

  beforeAll(async () => {
    cluster = await startCluster({
      nodes: 1,
      workers: 2,
      env: queueingClusterEnv(LEASE_SECONDS),
    });
    token = cluster.sandboxToken;
  }, 180_000);

  afterAll(async () => {
    // A process that died under the test says why.
    for (const p of cluster ? [...cluster.nodes, ...cluster.workers] : []) if (!p.alive()) console.error(`${p.name} died:\n${p.log().slice(-4000)}`);
    for (const d of doors) await d.close().catch(() => undefined);
    await cluster?.stop();
  }, 120_000);

  it('connections terminated mid-transaction (pg_terminate_backend) under a burst of keyed submissions: no 5xx, every accepted job done once, billed once', async () => {
    const usageBefore = await usage();
    const jobsBefore = new Set((await rows<{ job_id: string }>('SELECT job_id FROM jobs')).map((r) => r.job_id));
    let killed = 0;
    let burst = true;
    // Every 250 ms, every connection of every node and worker is terminated (each was idle, waiting or mid-transaction).
    const killer = (async () => {
      while (burst) {
        const r = await rows<{ t: boolean }>("SELECT pg_terminate_backend(pid) AS t FROM pg_stat_activity WHERE application_name LIKE 'svc %'");
        killed += r.filter((x) => x.t).length;
        await sleep(250);
      }
    })();
    const accepted = new Set<string>();
    try {
      await Promise.all(Array.from({ length: 8 }, async (_, c) => {
        for (let k = 0; k < 6; k++) {
          const seed = 1000 + c * 10 + k;
          const id = await submitRing(seed, `terminate-${seed}`);
          if (id) accepted.add(id);
        }
      }));
    } finally {
      burst = false;
      await killer;
    }
    console.log(`pg_terminate_backend burst: ${killed} connections terminated; ${accepted.size} of 48 submissions accepted, the rest 503 SVC_BUSY`);
    expect(killed).toBeGreaterThan(0);
    expect(accepted.size).toBeGreaterThanOrEqual(12);
    await expectAllDoneOnce(accepted, usageBefore, jobsBefore);
  }, 300_000);

  it('PostgreSQL stopped (fast) and started: 503 SVC_BUSY + Retry-After on every door and /readyz meanwhile; every job accepted before ends done once, the ones whose engine finished during the outage with that answer', async () => {
    const usageBefore = await usage();
    const jobsBefore = new Set((await rows<{ job_id: string }>('SELECT job_id FROM jobs')).map((r) => r.job_id));
    const accepted = new Set<string>();
    // One job per worker whose engine stops at its 10 s budget — inside the outage — and queued ones behind them.
    const timed: string[] = [];
    for (const seed of [11, 12]) {
      const r = await http(node().url, 'POST', `/api/v1/solve/maxcut?effort=high&max_latency_ms=10000&seed=${seed}`, token, long(seed));
      expect(r.status, JSON.stringify(r.json).slice(0, 300)).toBe(202);
      timed.push(r.json.job_id as string);
      accepted.add(r.json.job_id as string);
    }
    await settled(async () => (await Promise.all(timed.map(jobRow))).every((j) => j?.status === 'running'), 'both timed jobs to run');
    for (let seed = 2000; seed < 2010; seed++) {
      const id = await submitRing(seed);
      if (id) accepted.add(id);
    }
    const jobId = [...accepted].at(-1)!;
    // Their engines are still at work when the database goes.
    for (const id of timed) expect((await jobRow(id))?.status).toBe('running');
    await cluster.pg.halt(); // pg_ctl stop -m fast
    const haltedAt = Date.now();
    const grpc = grpcDoor(node().grpc!);
    const mcp = mcpHttpDoor(node().url);
    const trpc = trpcDoor(node().url);
    doors.push(grpc, mcp, trpc);
    const refusals = new Map<string, number>();
    const refused = (what: string, r: DoorReply) => {
      expect(r.ok, `${what}: ${JSON.stringify(r).slice(0, 300)}`).toBe(false);
      expectStoreBusy(what, (r as { problem: Json }).problem);
      refusals.set(what, (refusals.get(what) ?? 0) + 1);
    };
    let rounds = 0;
    let slowest503 = 0;
    // Callers keep coming for the whole outage.
    while (Date.now() - haltedAt < OUTAGE_MS) {
      rounds++;
      const t0 = Date.now();
      const solve = await http(node().url, 'POST', `/api/v1/solve/maxcut?seed=${3000 + rounds}`, token, ring(3000 + rounds));
      expect(solve.status, JSON.stringify(solve.json).slice(0, 300)).toBe(503);
      expectStoreBusy('HTTP solve', solve.json);
      expect(solve.retryAfter).toBe(String(solve.json.retry_after));
      slowest503 = Math.max(slowest503, Date.now() - t0);
      const read = await http(node().url, 'GET', `/api/v1/jobs/${jobId}`, token);
      expect(read.status).toBe(503);
      expectStoreBusy('HTTP read job', read.json);
      expect(Number(read.retryAfter)).toBeGreaterThan(0);
      refused('gRPC Solve', await grpc.solve({ command: 'maxcut', problem: ring(4000 + rounds), seed: rounds }, token));
      refused('gRPC GetJob', await grpc.getJob(jobId, token, 0));
      refused('MCP svc.compute', await mcp.solve({ command: 'maxcut', problem: ring(5000 + rounds), seed: rounds }, token));
      refused('tRPC solve', await trpc.solve({ command: 'maxcut', problem: ring(6000 + rounds), seed: rounds }, token));
      refused('tRPC getJob', await trpc.getJob(jobId, token, 0));
      for (const p of [node(), ...cluster.workers]) {
        const res = await fetch(`${p.url}/readyz`);
        const body = (await res.json()) as Json;
        expect([p.name, res.status, body.ready]).toEqual([p.name, 503, false]);
        expect(body.checks.store, p.name).toMatch(/^unreachable: PostgreSQL is unavailable/);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      await sleep(500);
    }
    // The timed jobs' engines finished while the database was away: their runners hold the answers.
    await settled(async () => timed.every((id) => cluster.workers.some((w) => new RegExp(`job ${id}.*store`).test(w.log()))), 'the timed jobs to finish during the outage', 30_000);
    const outageMs = Date.now() - haltedAt;
    await cluster.pg.resume();
    const resumedAt = Date.now();
    await settled(async () => (await Promise.all(timed.map(jobRow))).every((j) => j?.status === 'done'), 'the held answers to be stored');
    const heldMs = Date.now() - resumedAt;
    console.log(`PostgreSQL stopped ${(outageMs / 1000).toFixed(1)} s: ${rounds} rounds of callers, every answer 503 SVC_BUSY storage_unavailable with Retry-After `
      + `(HTTP solve and read ×${rounds} each, slowest HTTP solve 503 in ${slowest503} ms; ${[...refusals].map(([k, v]) => `${k} ×${v}`).join(', ')}); `
      + `the two answers computed during the outage stored ${(heldMs / 1000).toFixed(1)} s after PostgreSQL was back`);

    await expectAllDoneOnce(accepted, usageBefore, jobsBefore);
    // The answers computed during the outage were stored, not computed again.
    for (const id of timed) expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    const done = await http(node().url, 'GET', `/api/v1/jobs/${timed[0]}`, token);
    expect(done.json).toMatchObject({ status: 'done', result: { stopped_at_deadline: true } });
    await settled(async () => (await fetch(`${node().url}/readyz`)).status === 200, '/readyz to answer 200 again');
  }, 300_000);

  it('cancelling a job whose worker was just SIGKILLed answers at once (running, cancel_requested); the lease ends it cancelled, unbilled', async () => {
    const r = await http(node().url, 'POST', '/api/v1/solve/maxcut?effort=high&seed=21', token, long(21));
    expect(r.status).toBe(202);
    const id = r.json.job_id as string;
    const running = await settled(async () => {
      const j = await jobRow(id);
      return j?.status === 'running' ? j : null;
    }, 'the job to start');
    const pid = Number(String(running.claimed_by).split(':')[1]);
    const victim = cluster.workers.find((w) => w.pid === pid)!;
    expect(victim, `the worker with pid ${pid} runs the job`).toBeDefined();
    await victim.kill();
    const t0 = Date.now();
    const c = await http(node().url, 'POST', `/api/v1/jobs/${id}/cancel`, token);
    const ms = Date.now() - t0;
    console.log(`cancel of a job whose worker was SIGKILLed: answered in ${ms} ms (${c.json.status}, cancel_requested ${c.json.cancel_requested})`);
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({ job_id: id, status: 'running', cancel_requested: true });
    expect(ms).toBeLessThan(5_000); // was 21 s (two stop graces and a second) or the lease, whichever came first
    await victim.restart();
    const ended = await settled(async () => {
      const j = await jobRow(id);
      return j?.status === 'cancelled' ? j : null;
    }, 'the lease to end the job cancelled');
    expect(Number(ended.billed_units)).toBe(0);
  }, 180_000);
});

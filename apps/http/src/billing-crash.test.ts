import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TAG, bootMain, mainBundle, randomEdges } from '../test/helpers';

// kill -9 of the `npm start` bundle while charged calls are in flight: after a restart on the same
// data dir every accepted request is answered exactly once or refunded, billed once, and its
// Idempotency-Key either replays its answer or is free again; nothing stays locked.
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function boot(dataDir: string, extra: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const booted = await bootMain({
    ...process.env, PORT: '0', HOST: '127.0.0.1', SVC_DATA_DIR: dataDir, SVC_ENGINE: 'ts', SVC_LOG_LEVEL: 'silent',
    SVC_SANDBOX_TOKEN: 'sandbox-crash-test-token', SVC_SANDBOX_RATE_PER_MINUTE: '100000', SVC_COMPUTE_RATE_LIMIT: '1000000',
    SVC_SANDBOX_DAILY_UNITS: '1000000', ...extra,
  });
  children.push(booted.child);
  return booted;
}

const kill9 = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGKILL');
});

const headers = (key?: string): Record<string, string> => ({
  'content-type': 'application/json', authorization: 'Bearer sandbox-crash-test-token', ...(key ? { 'idempotency-key': key } : {}),
});

async function used(url: string): Promise<number> {
  const r = await fetch(`${url}/api/v1/usage`, { headers: headers() });
  return ((await r.json()) as { compute_units_used: number }).compute_units_used;
}

async function post(url: string, body: unknown, key: string): Promise<{ status: number; json: Record<string, any> }> {
  const r = await fetch(`${url}/api/v1/solve/maxcut?seed=3`, { method: 'POST', headers: headers(key), body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as Record<string, any> };
}

describe('billing survives kill -9', () => {
  it('a synchronous solve killed mid-run is refunded, and its key is free: the retry solves and bills once', async () => {
    expect(fs.existsSync(mainBundle)).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bill-sync-'));
    dirs.push(dataDir);
    // Nothing queues: a solve of a few seconds runs inside the request.
    const env = { SVC_QUEUE_THRESHOLD_WORK: '1000000000000000', SVC_WORKERS: '1' };
    const heavy = { tag: TAG, description: 'Split the regional depots into two delivery zones.', n: 2000, edges: randomEdges(2000, 5000, 11, 5) };
    const first = await boot(dataDir, env);
    const inFlight = post(first.url, heavy, 'K-sync').catch(() => null);
    // Wait for the charge, then kill while the engine works.
    for (let k = 0; (await used(first.url)) === 0; k++) {
      expect(k).toBeLessThan(400);
      await new Promise((r) => setTimeout(r, 25));
    }
    const charged = await used(first.url);
    expect(charged).toBeGreaterThan(0);
    await kill9(first.child);
    expect(await inFlight).toBeNull();

    const second = await boot(dataDir, env);
    expect(await used(second.url)).toBe(0);
    const retry = await post(second.url, heavy, 'K-sync');
    expect(retry.status).toBe(200);
    expect(retry.json.compute_units).toBe(charged);
    expect(await used(second.url)).toBe(charged);
    // And it now replays, billing nothing more.
    const replay = await post(second.url, heavy, 'K-sync');
    expect(replay.json.receipt).toBe(retry.json.receipt);
    expect(await used(second.url)).toBe(charged);
    await kill9(second.child);
  }, 180_000);

  it('a burst of keyed submits killed midway: every key replays its one job or is free; usage is the sum of the jobs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bill-burst-'));
    dirs.push(dataDir);
    // Everything queues; the job runner is kept busy so jobs stay queued and billed.
    const env = { SVC_QUEUE_THRESHOLD_WORK: '1', SVC_MAX_INFLIGHT_JOBS: '1000', SVC_QUEUE_CAPACITY: '1000', SVC_JOB_WORKERS: '1' };
    const body = (i: number) => ({ tag: TAG, description: 'Split a small office ring into two teams.', n: 8 + (i % 5), edges: randomEdges(8 + (i % 5), 12, i + 1, 3) });
    const first = await boot(dataDir, env);
    const clients = 20;
    const perClient = 5;
    const sent: { key: string; body: unknown }[] = [];
    const acks = new Map<string, Record<string, any>>();
    let answered = 0;
    const runs = Array.from({ length: clients }, async (_, c) => {
      for (let r = 0; r < perClient; r++) {
        const key = `burst-${c}-${r}`;
        const b = body(c * perClient + r);
        sent.push({ key, body: b });
        const res = await post(first.url, b, key).catch(() => null);
        if (res === null) return;
        expect(res.status).toBe(202);
        acks.set(key, res.json);
        answered++;
      }
    });
    // Kill once a part of the burst is answered, with the rest in flight.
    for (let k = 0; answered < clients && k < 2000; k++) await new Promise((r) => setTimeout(r, 2));
    await kill9(first.child);
    await Promise.all(runs);
    expect(answered).toBeLessThan(clients * perClient);

    const second = await boot(dataDir, env);
    const jobs = new Map<string, number>();
    for (const { key, body: b } of sent) {
      const res = await post(second.url, b, key);
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      // A 202 the first process sent is replayed as sent.
      if (acks.has(key)) expect(res.json.job_id).toBe(acks.get(key)!.job_id);
      expect(jobs.has(res.json.job_id)).toBe(false);
      jobs.set(res.json.job_id, res.json.compute_units);
    }
    // Every request has exactly one job, and the usage is exactly their charges (no orphan charge).
    expect(jobs.size).toBe(sent.length);
    const total = [...jobs.values()].reduce((a, b) => a + b, 0);
    expect(await used(second.url)).toBe(total);
    for (const id of jobs.keys()) {
      let j: Record<string, any> = {};
      for (let k = 0; k < 10 && j.status !== 'done'; k++) {
        j = (await (await fetch(`${second.url}/api/v1/jobs/${id}?wait=30`, { headers: headers() })).json()) as Record<string, any>;
      }
      expect(j.status).toBe('done');
      expect(j.billed_units).toBe(jobs.get(id));
    }
    expect(await used(second.url)).toBe(total);
    await kill9(second.child);
  }, 240_000);
});

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TAG, bootMain, mainBundle, randomEdges } from '../test/helpers';

// A job is persisted before it runs; after a crash (SIGKILL of the `npm start` bundle) the restarted
// server on the same data dir runs the queued and the interrupted job to completion, billing each once.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-crash-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function boot(): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: 'off', SVC_DATA_DIR: dataDir, SVC_ENGINE: 'ts', SVC_WORKERS: '1',
    SVC_QUEUE_THRESHOLD_WORK: '1', SVC_LOG_LEVEL: 'silent',
  };
  const booted = await bootMain(env);
  children.push(booted.child);
  return booted;
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; json: Record<string, any> }> {
  const res = await fetch(url, init);
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

describe('jobs survive a crash of the server process', () => {
  it('SIGKILL mid-job, restart on the same data dir: both jobs finish, each charged exactly once', async () => {
    expect(fs.existsSync(mainBundle)).toBe(true);
    // A job of a few seconds on the ts engine (medium effort, 2000 nodes) and a small one behind it.
    const edges = randomEdges(2000, 5000, 11, 5);
    const heavy = { tag: TAG, description: 'Split the regional depots into two delivery zones.', n: 2000, edges };
    const light = { tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };

    const first = await boot();
    const token = (await getJson(`${first.url}/api/v1/sandbox`)).json.token as string;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const submit = (body: unknown) => getJson(`${first.url}/api/v1/solve/maxcut?seed=4`, { method: 'POST', headers, body: JSON.stringify(body) });
    const a = await submit(heavy);
    const b = await submit(light);
    expect([a.status, b.status]).toEqual([202, 202]);
    const ids = [a.json.job_id as string, b.json.job_id as string];
    const units = a.json.compute_units + b.json.compute_units;

    // Kill while the heavy job runs (the light one waits behind it: one job worker).
    for (let k = 0; ; k++) {
      const s = (await getJson(`${first.url}/api/v1/jobs/${ids[0]}`)).json.status;
      if (s === 'running') break;
      expect(k).toBeLessThan(200);
      await new Promise((res) => setTimeout(res, 25));
    }
    await new Promise((res) => setTimeout(res, 300));
    const before = await Promise.all(ids.map(async (id) => (await getJson(`${first.url}/api/v1/jobs/${id}`)).json.status));
    expect(before).toEqual(['running', 'queued']);
    const usedBefore = (await getJson(`${first.url}/api/v1/usage`, { headers })).json;
    expect(usedBefore.compute_units_used).toBe(units);
    await new Promise<void>((resolve) => {
      first.child.once('exit', () => resolve());
      first.child.kill('SIGKILL');
    });
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await boot();
    const done: Record<string, any>[] = [];
    for (const id of ids) {
      let j: Record<string, any> = {};
      for (let k = 0; k < 6 && j.status !== 'done'; k++) j = (await getJson(`${second.url}/api/v1/jobs/${id}?wait=30`)).json;
      done.push(j);
    }
    expect(done.map((j) => j.status)).toEqual(['done', 'done']);
    // The interrupted job ran again from its persisted request; the queued one ran once.
    expect(done.map((j) => j.attempts)).toEqual([2, 1]);
    expect(done.map((j) => j.billed_units)).toEqual([a.json.compute_units, b.json.compute_units]);
    let cut = 0;
    for (const [i, j, w] of edges) if (done[0].result.answer[i] !== done[0].result.answer[j]) cut += w;
    expect(done[0].result.cut_value).toBe(cut);
    expect(done[1].result.cut_value).toBe(4);
    // Billed exactly once across the crash: the daily usage still holds the two acceptance charges.
    const usage = (await getJson(`${second.url}/api/v1/usage`, { headers })).json;
    expect(usage.compute_units_used).toBe(units);
    expect(usage.requests).toBe(2);
    expect(done[1].result.compute_units_left).toBe(usage.daily_allowance - units);
    second.child.kill('SIGTERM');
    await new Promise((res) => second.child.once('exit', res));
  }, 60_000);
});

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TAG, bootMain, mainBundle, randomEdges } from '../test/helpers';

// SIGTERM of the `npm start` bundle: open long-polls answer at once (they never hold the exit),
// the running job is stopped and runs again after the restart.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-term-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env: NodeJS.ProcessEnv = {
  ...process.env, PORT: '0', HOST: '127.0.0.1', SVC_DATA_DIR: dataDir, SVC_ENGINE: 'ts', SVC_LOG_LEVEL: 'silent',
  SVC_QUEUE_THRESHOLD_WORK: '1', SVC_JOB_WORKERS: '1', SVC_SANDBOX_TOKEN: 'sandbox-term-test-token',
};
const headers = { 'content-type': 'application/json', authorization: 'Bearer sandbox-term-test-token' };

describe('SIGTERM', () => {
  it('answers open long-polls at once and exits promptly; the interrupted job runs after the restart', async () => {
    expect(fs.existsSync(mainBundle)).toBe(true);
    const first = await bootMain(env);
    children.push(first.child);
    const heavy = { tag: TAG, description: 'Split the regional depots into two delivery zones.', n: 2000, edges: randomEdges(2000, 5000, 11, 5) };
    const submit = async (body: unknown) => (await (await fetch(`${first.url}/api/v1/solve/maxcut?seed=1`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as Record<string, any>;
    const a = await submit(heavy);
    const b = await submit({ ...heavy, description: 'Split the regional depots into two zones, second plan.' });
    expect([a.status, b.status]).toEqual(['queued', 'queued']);
    // Two long-polls of 30 s: one on the running job, one on the job queued behind it.
    const polls = [a.job_id, b.job_id].map(async (id) => {
      const r = await fetch(`${first.url}/api/v1/jobs/${id}?wait=30`, { headers });
      return { status: r.status, json: (await r.json()) as Record<string, any>, at: Date.now() };
    });
    await new Promise((r) => setTimeout(r, 500));
    const t0 = Date.now();
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGTERM');
    const answered = await Promise.all(polls);
    const code = await exited;
    const tookMs = Date.now() - t0;
    expect(code).toBe(0);
    // The issue measured 26–28 s (the polls ran out their 30 s); a prompt exit is a few seconds at most.
    expect(tookMs).toBeLessThan(10_000);
    for (const p of answered) {
      expect(p.status).toBe(200);
      expect(['queued', 'running']).toContain(p.json.status);
      expect(p.at - t0).toBeLessThan(10_000);
    }

    const second = await bootMain(env);
    children.push(second.child);
    for (const id of [a.job_id, b.job_id]) {
      let j: Record<string, any> = {};
      for (let k = 0; k < 8 && j.status !== 'done'; k++) j = (await (await fetch(`${second.url}/api/v1/jobs/${id}?wait=30`, { headers })).json()) as Record<string, any>;
      expect(j.status).toBe('done');
    }
    second.child.kill('SIGKILL');
  }, 240_000);

  it('with stdout a pipe whose reader is gone, answers its long-poll and exits 0 (was an unhandled EPIPE in the stop handler)', async () => {
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-term-epipe-'));
    try {
      // Request logs on: they go to the closed stdout too.
      const s = await bootMain({ ...env, SVC_DATA_DIR: ownDir, SVC_LOG_LEVEL: 'info' });
      children.push(s.child);
      s.child.stdout!.destroy();
      const heavy = { tag: TAG, description: 'Split the regional depots into two delivery zones.', n: 2000, edges: randomEdges(2000, 5000, 12, 5) };
      const ack = (await (await fetch(`${s.url}/api/v1/solve/maxcut?seed=1`, { method: 'POST', headers, body: JSON.stringify(heavy) })).json()) as Record<string, any>;
      expect(ack.status).toBe('queued');
      const poll = fetch(`${s.url}/api/v1/jobs/${ack.job_id as string}?wait=30`, { headers }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, any> }));
      await new Promise((r) => setTimeout(r, 500));
      const exited = new Promise<[number | null, string | null]>((resolve) => s.child.once('exit', (code, signal) => resolve([code, signal])));
      s.child.kill('SIGTERM');
      const answered = await poll;
      expect(await exited, s.stderr()).toEqual([0, null]);
      expect(s.stderr()).not.toMatch(/EPIPE|Unhandled/);
      expect(answered.status).toBe(200);
      expect(['queued', 'running']).toContain(answered.json.status);
    } finally {
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);
});

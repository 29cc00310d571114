import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { TAG, bootMain, mainBundle, randomEdges } from '../test/helpers';

// The data directory runs out of space (a 32 MiB tmpfs this test mounts; it needs root, as .ci/run
// has): writes answer 503 SVC_BUSY with Retry-After, /readyz says not ready, a job that ends
// meanwhile finishes once space returns, nothing is lost or billed twice, the database stays sound.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-full-'));
function tryMount(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const mounted = process.platform === 'linux' && process.getuid?.() === 0 && tryMount();
const children: ChildProcess[] = [];
const filler = path.join(dir, 'filler.bin');

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (mounted) {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    } catch {
      // left mounted: nothing else uses it
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes zeros until the volume refuses (ENOSPC), in shrinking chunks so nothing is left. */
function fillDisk(): number {
  const fd = fs.openSync(filler, 'a');
  let written = 0;
  try {
    for (const chunk of [1 << 20, 1 << 16, 1 << 12, 512]) {
      const buf = Buffer.alloc(chunk);
      for (;;) {
        try {
          written += fs.writeSync(fd, buf);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw e;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

const headers = { 'content-type': 'application/json', authorization: 'Bearer sandbox-full-test-token' };
async function req(url: string, init?: RequestInit): Promise<{ status: number; retryAfter: string | null; json: Record<string, any> }> {
  const r = await fetch(url, { headers, ...init });
  return { status: r.status, retryAfter: r.headers.get('retry-after'), json: (await r.json()) as Record<string, any> };
}

describe.skipIf(!mounted)('a full data volume', () => {
  it('answers 503 with Retry-After, reports not ready, finishes the job once space returns, and recovers', async () => {
    expect(fs.existsSync(mainBundle)).toBe(true);
    const booted = await bootMain({
      ...process.env, PORT: '0', HOST: '127.0.0.1', SVC_DATA_DIR: dir, SVC_ENGINE: 'ts', SVC_LOG_LEVEL: 'silent',
      SVC_QUEUE_THRESHOLD_WORK: '1', SVC_SANDBOX_TOKEN: 'sandbox-full-test-token',
    });
    children.push(booted.child);
    const url = booted.url;
    const small = { tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
    const heavy = { tag: TAG, description: 'Split the regional depots into two delivery zones.', n: 2000, edges: randomEdges(2000, 5000, 11, 5) };
    // A job that runs 3 s (its latency budget), then has to store its answer on a full disk.
    const job = await req(`${url}/api/v1/solve/maxcut?effort=high&max_latency_ms=3000`, { method: 'POST', body: JSON.stringify(heavy) });
    expect(job.status).toBe(202);
    expect((await req(`${url}/readyz`)).status).toBe(200);

    expect(fillDisk()).toBeGreaterThan(0);
    const refused = await req(`${url}/api/v1/solve/maxcut`, { method: 'POST', body: JSON.stringify(small) });
    expect(refused.status).toBe(503);
    expect(refused.json.code).toBe('SVC_BUSY');
    expect(refused.json.reason).toBe('storage_unavailable');
    expect(refused.retryAfter).toBe('30');
    const ready = await req(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.retryAfter).toBe('30');
    expect(ready.json.checks.store).not.toBe('ok');
    expect((await req(`${url}/healthz`)).status).toBe(200);

    // Past the job's budget its answer waits for room: still running, not lost.
    await new Promise((r) => setTimeout(r, 4500));
    expect((await req(`${url}/api/v1/jobs/${job.json.job_id}`)).json.status).toBe('running');

    fs.rmSync(filler);
    let j: Record<string, any> = {};
    for (let k = 0; k < 6 && j.status !== 'done'; k++) j = (await req(`${url}/api/v1/jobs/${job.json.job_id}?wait=10`)).json;
    expect(j.status).toBe('done');
    expect(j.billed_units).toBe(job.json.compute_units);
    expect((await req(`${url}/readyz`)).status).toBe(200);
    const again = await req(`${url}/api/v1/solve/maxcut`, { method: 'POST', body: JSON.stringify(small) });
    expect(again.status).toBe(202);
    // Billed: the job and the new call; the refused call charged nothing.
    const usage = await req(`${url}/api/v1/usage`);
    expect(usage.json.compute_units_used).toBe(job.json.compute_units + again.json.compute_units);

    await new Promise<void>((resolve) => {
      booted.child.once('exit', () => resolve());
      booted.child.kill('SIGKILL');
    });
    const db = new Database(path.join(dir, 'svc.sqlite'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 120_000);
});

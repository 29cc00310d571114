import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, postgresRequired, redisServerBin, startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '@svc/store/testing';
import { startWorker } from './index';

describe('startWorker refuses a start without its deployment', () => {
  it('names SVC_REDIS_URL, then SVC_DATABASE_URL, when missing', async () => {
    await expect(startWorker({ env: {} })).rejects.toThrow(/SVC_REDIS_URL is not set/);
    await expect(startWorker({ env: { SVC_REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(/SVC_DATABASE_URL is not set/);
  });
});

const skip = (postgresBinDir() === null || redisServerBin() === null) && !postgresRequired();

describe.skipIf(skip)('a worker on PostgreSQL + Redis', () => {
  let pg: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  beforeAll(async () => {
    [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([pg?.stop(), redis?.stop()]);
  }, 60_000);

  it('serves /healthz, /readyz (with the queue check) and /metrics on its operations port; not ready while Redis is down', async () => {
    const env = { SVC_DATABASE_URL: await pg.createDatabase(), SVC_REDIS_URL: redis.url };
    const w = await startWorker({ env, engine: 'ts', opsPort: 0 });
    try {
      expect(w.opsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${w.opsUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', engine: 'ts' });
      let ready = await fetch(`${w.opsUrl}/readyz`);
      for (let k = 0; k < 100 && ready.status !== 200; k++) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await fetch(`${w.opsUrl}/readyz`);
      }
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { checks: unknown }).checks).toMatchObject({ queue: 'ok', job_runner: 'ok', store: 'ok' });
      const metrics = await fetch(`${w.opsUrl}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/^svc_jobs\{/m);
      expect(text).toMatch(/process="worker-/);
      expect((await fetch(`${w.opsUrl}/nope`)).status).toBe(404);
      expect((await fetch(`${w.opsUrl}/healthz`, { method: 'POST' })).status).toBe(405);
      await redis.kill();
      let down = await fetch(`${w.opsUrl}/readyz`);
      for (let k = 0; k < 100 && down.status === 200; k++) {
        await new Promise((r) => setTimeout(r, 100));
        down = await fetch(`${w.opsUrl}/readyz`);
      }
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('30');
      await redis.restart();
    } finally {
      await w.close();
    }
  }, 90_000);

  it('the built worker, its stdout a pipe whose reader is gone, stops on SIGTERM with exit 0 (was an unhandled EPIPE)', async () => {
    const bundle = fileURLToPath(new URL('../dist/main.mjs', import.meta.url));
    expect(fs.existsSync(bundle)).toBe(true);
    const env = { ...process.env, SVC_DATABASE_URL: await pg.createDatabase(), SVC_REDIS_URL: redis.url, SVC_ENGINE: 'ts', SVC_WORKER_PORT: '0' };
    const child = spawn(process.execPath, [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const exited = new Promise<[number | null, string | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          if (out.includes('svc-worker ready')) resolve();
        });
        void exited.then(([code]) => reject(new Error(`the worker exited (${String(code)}) before it was ready: ${err}`)));
      });
      child.stdout!.destroy();
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      expect(await exited, err).toEqual([0, null]);
      expect(err).not.toMatch(/EPIPE|Unhandled/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});

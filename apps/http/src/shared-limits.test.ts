import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, postgresRequired, redisServerBin, startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '@svc/store/testing';
import { TestClock, call, expectProblem, solve, solveBody, start, stopAll, type TestServer } from '../test/helpers';

// Two HTTP nodes on one PostgreSQL and one Redis (SVC_DATABASE_URL, SVC_REDIS_URL): the per-IP
// sandbox rate holds across both, through the front door (429 with Retry-After), and Redis going
// away leaves each node limiting on its own.
// Under CI=true PostgreSQL and Redis must be there (.ci/run installs them): these tests fail, never skip.
const run = (redisServerBin() !== null && postgresBinDir() !== null) || postgresRequired();
if (!run) console.warn('[HTTP nodes sharing limits] redis-server or PostgreSQL not found: skipped here (never under CI=true)');

describe.runIf(run)('two HTTP nodes sharing rate windows (SVC_REDIS_URL)', () => {
  let pg: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  let a: TestServer;
  let b: TestServer;
  const clock = new TestClock(Date.UTC(2026, 10, 2, 12, 0, 15));
  const TOKEN = 'sbx_http_shared_limits_test';

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
    const opts = { env: { SVC_DATABASE_URL: await pg.createDatabase(), SVC_REDIS_URL: redis.url }, clock: clock.fn, sandboxToken: TOKEN, access: { sandboxRatePerMinute: 4 } };
    a = await start(opts);
    b = await start(opts);
  }, 120_000);

  afterAll(async () => {
    await stopAll();
    await redis?.stop();
    await pg?.stop();
  }, 60_000);

  it('4 per minute per IP across both nodes: the fifth request is 429 on either, with Retry-After to the window’s end; the next minute admits again', async () => {
    for (let i = 0; i < 4; i++) expect((await solve(i % 2 ? a.url : b.url, TOKEN, solveBody(), `seed=${i}`)).status).toBe(200);
    for (const node of [a, b]) {
      const limited = await solve(node.url, TOKEN, solveBody());
      expectProblem(limited, 429, 'SVC_SANDBOX_RATE');
      expect(limited.retryAfter).toBe('45');
    }
    // Registration counts against the same per-IP window.
    expectProblem(await call(b.url, 'POST', '/api/v1/accounts', { body: { email: 'shared@example.com' } }), 429, 'SVC_SANDBOX_RATE');
    clock.advance(45_000);
    expect((await solve(a.url, TOKEN, solveBody())).status).toBe(200);
    expect((await solve(b.url, TOKEN, solveBody(), 'seed=9')).status).toBe(200);
  }, 60_000);

  it('Redis down: the requests still answer, each node admitting the limit on its own', async () => {
    clock.advance(60_000);
    await redis.kill();
    const statuses: number[] = [];
    for (const node of [a, b]) for (let i = 0; i < 5; i++) statuses.push((await solve(node.url, TOKEN, solveBody(), `seed=${20 + i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 200, 200, 200, 200, 429]);
    await redis.restart();
  }, 60_000);
});

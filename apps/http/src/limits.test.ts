import { afterAll, describe, expect, it } from 'vitest';
import {
  TestClock, actions, call, expectProblem, sandboxToken, solve, solveBody, start, stopAll, verifiedKey, verySlowWorker,
} from '../test/helpers';

// Limits of interface §5.3, §7, §8 as settings: rotation, quota and alerts, rates, compute
// budget, body caps, safe mode. An injected clock replaces every wait.
afterAll(stopAll);

const HOUR = 3600_000;

describe('sandbox token rotation (SVC_SANDBOX_ROTATE_SECONDS, SVC_SANDBOX_GRACE_SECONDS)', () => {
  it('rotates after the period; the old token works for the grace, then 401 SVC_SANDBOX_CAPABILITY_REJECTED', async () => {
    const clock = new TestClock();
    const t = await start({ clock: clock.fn, access: { sandboxRotateSeconds: 60, sandboxGraceSeconds: 10 } });
    const sb = await call(t.url, 'GET', '/api/v1/sandbox');
    const first = sb.json.token as string;
    expect(sb.json.limits).toMatchObject({ rate_per_minute: 10_000, rotation_seconds: 60, rotation_grace_seconds: 10 });
    clock.advance(59_000);
    expect(await sandboxToken(t.url)).toBe(first);
    clock.advance(1_000);
    const second = await sandboxToken(t.url);
    expect(second).not.toBe(first);
    expect(second).toMatch(/^sbx_[0-9a-f]{32}$/);
    clock.advance(9_000);
    expect((await solve(t.url, first, solveBody())).status).toBe(200);
    clock.advance(1_000);
    const rejected = await solve(t.url, first, solveBody());
    expectProblem(rejected, 401, 'SVC_SANDBOX_CAPABILITY_REJECTED');
    expect(rejected.json.retryable).toBe(true);
    expect(actions(rejected)).toEqual(['use_sandbox_token', 'retry']);
    expect((await solve(t.url, second, solveBody())).status).toBe(200);
    // Rotation also happens when only solves arrive (no GET /sandbox).
    clock.advance(60_000);
    expect((await solve(t.url, second, solveBody())).status).toBe(200);
    clock.advance(10_000);
    expectProblem(await solve(t.url, second, solveBody()), 401, 'SVC_SANDBOX_CAPABILITY_REJECTED');
    expect(await sandboxToken(t.url)).not.toBe(second);
    // A sandbox-shaped token this service never issued is a rejected sandbox token (re-fetch once), not a bad key.
    const never = await solve(t.url, 'sbx_never_issued', solveBody());
    expectProblem(never, 401, 'SVC_SANDBOX_CAPABILITY_REJECTED');
    expect(actions(never)).toEqual(['use_sandbox_token', 'retry']);
    expectProblem(await solve(t.url, 'never_issued', solveBody()), 401, 'SVC_UNAUTHENTICATED');
  });
});

describe('daily quota, usage_alert and GET /api/v1/usage (SVC_FREE_DAILY_UNITS)', () => {
  it('alerts at 50/80/95 %, answers 402 when spent, resets at 00:00 UTC', async () => {
    // 23:00 UTC, so one hour later is the next quota day.
    const clock = new TestClock(Date.UTC(2026, 10, 2, 23, 0, 0));
    const t = await start({ clock: clock.fn, access: { freeDailyUnits: 20 } });
    const key = await verifiedKey(t, 'quota@example.com');
    const seen: [number, number, string | undefined][] = [];
    // effort=high costs 4 units for n <= 1000 (ceil((n + terms)/1000) × 4); distinct seeds: no cache hits.
    for (let seed = 1; seed <= 5; seed++) {
      const r = await solve(t.url, key, solveBody(), `effort=high&seed=${seed}`);
      expect(r.status).toBe(200);
      expect(r.json.compute_units).toBe(4);
      seen.push([r.json.compute_units_left, r.json.usage_alert?.used_pct, r.json.usage_alert?.level]);
      if (seed === 3) expect(r.json.usage_alert).toMatchObject({ level: 'notice', compute_units_left: 8 });
    }
    expect(seen).toEqual([[16, undefined, undefined], [12, undefined, undefined], [8, 60, 'notice'], [4, 80, 'warning'], [0, 100, 'critical']]);
    const spent = await solve(t.url, key, solveBody(), 'effort=flash');
    expectProblem(spent, 402, 'SVC_QUOTA_EXCEEDED');
    expect(spent.json).toMatchObject({ retryable: false, compute_units: 1, compute_units_left: 0, resets_at: '2026-11-03T00:00:00.000Z' });
    expect(spent.retryAfter).toBeNull();
    expect(actions(spent)).toEqual(['upgrade_plan']);
    // Quota ranks after version (422) in the precedence.
    expectProblem(await solve(t.url, key, solveBody(), 'version=1999-01-01'), 422, 'SVC_UNKNOWN_VERSION');

    const usage = await call(t.url, 'GET', '/api/v1/usage', { auth: key });
    expect(usage.status).toBe(200);
    expect(usage.json).toMatchObject({
      day: '2026-11-02', daily_allowance: 20, compute_units_used: 20, compute_units_left: 0, requests: 5,
      resets_at: '2026-11-03T00:00:00.000Z', principal: { kind: 'account', plan: 'free' },
      usage_alert: { level: 'critical', used_pct: 100 },
    });
    expect(usage.json.alerts.map((a: any) => [a.level, a.used_pct])).toEqual([['notice', 60], ['warning', 80], ['critical', 100]]);
    expect(usage.json.recent).toHaveLength(5);
    expect(usage.json.recent[0]).toMatchObject({ kind: 'solve', command: 'maxcut', compute_units: 4, cached: false, job_id: null });
    expect(usage.json.recent[0].receipt).toMatch(/^svcr_/);

    clock.advance(HOUR);
    const next = await solve(t.url, key, solveBody(), 'effort=high&seed=9');
    expect(next.status).toBe(200);
    expect(next.json.compute_units_left).toBe(16);
    expect(next.json).not.toHaveProperty('usage_alert');
    const fresh = await call(t.url, 'GET', '/api/v1/usage', { auth: key });
    expect(fresh.json).toMatchObject({ day: '2026-11-03', compute_units_used: 4, alerts: [] });
  });

  it('the sandbox has its own daily allowance per IP, shown in compute_units_left and /usage', async () => {
    const t = await start({ sandbox: { dailyUnits: 6 } });
    const tok = await sandboxToken(t.url);
    const a = await solve(t.url, tok, solveBody(), 'effort=high');
    expect(a.json.compute_units_left).toBe(2);
    expect(a.json.usage_alert).toMatchObject({ level: 'notice', used_pct: 66.7 });
    const spent = await solve(t.url, tok, solveBody(), 'effort=high&seed=2');
    expectProblem(spent, 402, 'SVC_QUOTA_EXCEEDED');
    // An anonymous caller has no plan to upgrade: its next step is a free key.
    expect(actions(spent)).toEqual(['register_key']);
    const usage = await call(t.url, 'GET', '/api/v1/usage', { auth: tok });
    expect(usage.json).toMatchObject({ principal: { kind: 'sandbox', plan: 'sandbox', ip: '127.0.0.1' }, daily_allowance: 6, compute_units_used: 4 });
  });
});

describe('request rates (SVC_SANDBOX_RATE_PER_MINUTE, SVC_KEY_RATE_PER_MINUTE)', () => {
  it('the sandbox: N per minute per IP, then 429 SVC_SANDBOX_RATE with Retry-After; after auth, before body size', async () => {
    const clock = new TestClock(Date.UTC(2026, 10, 2, 12, 0, 15));
    const t = await start({ clock: clock.fn, access: { sandboxRatePerMinute: 3 } });
    const tok = await sandboxToken(t.url);
    for (let i = 0; i < 3; i++) expect((await solve(t.url, tok, solveBody(), `seed=${i}`)).status).toBe(200);
    const limited = await call(t.url, 'POST', '/api/v1/solve/maxcut', { auth: tok, raw: new Uint8Array(9 * 1024 * 1024).fill(0x20) });
    expectProblem(limited, 429, 'SVC_SANDBOX_RATE');
    expect(limited.retryAfter).toBe('45');
    expect(limited.json.retry_after).toBe(45);
    expect(actions(limited)).toEqual(['retry', 'register_key']);
    // Authentication outranks the rate limit.
    expectProblem(await solve(t.url, 'sbx_bogus', solveBody()), 401, 'SVC_SANDBOX_CAPABILITY_REJECTED');
    // Registration shares the per-IP budget.
    expectProblem(await call(t.url, 'POST', '/api/v1/accounts', { body: { email: 'r@example.com' } }), 429, 'SVC_SANDBOX_RATE');
    // Email verification does not: a caller that used up the sandbox can still confirm its account,
    // within a per-IP budget of its own (then 429 SVC_RATE_LIMITED).
    const verifyOnce = () => call(t.url, 'POST', '/api/v1/email/verify', { body: { token: 'not-a-real-token' } });
    for (let i = 0; i < 3; i++) {
      const v = await verifyOnce();
      expect(v.status).toBeLessThan(500);
      expect(v.json.code).not.toBe('SVC_SANDBOX_RATE');
      expect(v.status).not.toBe(429);
    }
    expectProblem(await verifyOnce(), 429, 'SVC_RATE_LIMITED');
    clock.advance(45_000);
    expect((await solve(t.url, tok, solveBody())).status).toBe(200);
  });

  it('a key: N per minute per key, then 429 SVC_RATE_LIMITED; another key of the account has its own budget', async () => {
    const clock = new TestClock(Date.UTC(2026, 10, 2, 12, 0, 0));
    const t = await start({ clock: clock.fn, access: { keyRatePerMinute: 4 } });
    // Registration and verification are per-IP requests, not per key.
    const key = await verifiedKey(t, 'rate@example.com');
    const second = (await call(t.url, 'POST', '/api/v1/keys', { auth: key })).json.token as string;
    expect((await solve(t.url, key, solveBody())).status).toBe(200);
    expect((await call(t.url, 'GET', '/api/v1/usage', { auth: key })).status).toBe(200);
    expect((await solve(t.url, key, solveBody({ n: 5 }))).status).toBe(200);
    const limited = await solve(t.url, key, solveBody({ n: 6 }));
    expectProblem(limited, 429, 'SVC_RATE_LIMITED');
    expect(limited.retryAfter).toBe('60');
    expect((await solve(t.url, second, solveBody({ n: 6 }))).status).toBe(200);
    clock.advance(60_000);
    expect((await solve(t.url, key, solveBody({ n: 6 }))).status).toBe(200);
  });
});

describe('per-minute compute budget (SVC_COMPUTE_RATE_LIMIT)', () => {
  it('429 SVC_COMPUTE_RATE_LIMIT with Retry-After 60, refunded; a cache hit needs no budget; the next minute runs', async () => {
    const clock = new TestClock();
    const t = await start({ clock: clock.fn, access: { computeUnitsPerMinute: 6 } });
    const key = await verifiedKey(t, 'budget@example.com');
    expect((await solve(t.url, key, solveBody(), 'effort=high')).status).toBe(200);
    const over = await solve(t.url, key, solveBody(), 'effort=high&seed=1');
    expectProblem(over, 429, 'SVC_COMPUTE_RATE_LIMIT');
    expect(over.retryAfter).toBe('60');
    expect(over.json).toMatchObject({ retryable: true, retry_after: 60, compute_units: 4, compute_units_per_minute: 6 });
    // Refused calls are not billed.
    expect((await call(t.url, 'GET', '/api/v1/usage', { auth: key })).json.compute_units_used).toBe(4);
    const hit = await solve(t.url, key, solveBody(), 'effort=high');
    expect(hit.status).toBe(200);
    expect(hit.json.cached).toBe(true);
    expect((await solve(t.url, key, solveBody(), 'effort=medium&seed=1')).status).toBe(200);
    expectProblem(await solve(t.url, key, solveBody(), 'effort=flash&seed=1'), 429, 'SVC_COMPUTE_RATE_LIMIT');
    clock.advance(60_000);
    expect((await solve(t.url, key, solveBody(), 'effort=high&seed=1')).status).toBe(200);
  });
});

describe('body caps per plan (SVC_SANDBOX_BODY_BYTES, SVC_FREE_BODY_BYTES, SVC_MAX_BODY_BYTES)', () => {
  it('sandbox and free caps → 413 SVC_PAYLOAD_TOO_LARGE with their next actions; the absolute cap → SVC_RESOURCE_LIMIT', async () => {
    const t = await start({ sandbox: { bodyBytes: 2_000 }, access: { freeBodyBytes: 6_000 }, maxBodyBytes: 10_000 });
    const tok = await sandboxToken(t.url);
    const key = await verifiedKey(t, 'caps@example.com');
    const padded = (size: number) => {
      const body = JSON.stringify(solveBody());
      return `${body.slice(0, -1)}${' '.repeat(size - body.length)}}`;
    };
    expect((await call(t.url, 'POST', '/api/v1/solve/maxcut', { auth: tok, raw: padded(2_000) })).status).toBe(200);
    const sbx = await call(t.url, 'POST', '/api/v1/solve/maxcut', { auth: tok, raw: padded(2_001) });
    expectProblem(sbx, 413, 'SVC_PAYLOAD_TOO_LARGE');
    expect(actions(sbx)).toEqual(['register_key', 'use_binary_lane', 'reduce_problem_size']);
    expect(sbx.json.limit_bytes).toBe(2_000);
    expect((await call(t.url, 'POST', '/api/v1/solve/maxcut', { auth: key, raw: padded(6_000) })).status).toBe(200);
    const free = await call(t.url, 'POST', '/api/v1/solve/maxcut', { auth: key, raw: padded(6_001) });
    expectProblem(free, 413, 'SVC_PAYLOAD_TOO_LARGE');
    expect(actions(free)).toEqual(['use_binary_lane', 'reduce_problem_size', 'upgrade_plan']);
    const abs = await call(t.url, 'POST', '/api/v1/solve/maxcut', { auth: key, raw: padded(10_001) });
    expectProblem(abs, 413, 'SVC_RESOURCE_LIMIT');
    // Size outranks JSON syntax, auth outranks size.
    expectProblem(await call(t.url, 'POST', '/api/v1/solve/maxcut', { auth: key, raw: `{${' '.repeat(7_000)}` }), 413, 'SVC_PAYLOAD_TOO_LARGE');
    expectProblem(await call(t.url, 'POST', '/api/v1/solve/maxcut', { raw: padded(20_000) }), 401, 'SVC_UNAUTHENTICATED');
  });
});

describe('safe mode (SVC_HIGH_DEMAND_QUEUE)', () => {
  it('with a worker backlog, sandbox solves get 503 SVC_HIGH_DEMAND while keyed solves still queue', async () => {
    const t = await start({ workerFile: verySlowWorker, access: { highDemandQueue: 1 } });
    const key = await verifiedKey(t, 'busy@example.com');
    const tok = await sandboxToken(t.url);
    const running = solve(t.url, key, solveBody({ n: 5 }));
    const queued = solve(t.url, key, solveBody({ n: 6 }));
    // One solve runs (1 s), one waits: the backlog safe mode watches.
    await new Promise((r) => setTimeout(r, 300));
    const refused = await solve(t.url, tok, solveBody({ n: 7 }));
    expectProblem(refused, 503, 'SVC_HIGH_DEMAND');
    expect(refused.retryAfter).toBe('10');
    const keyed = solve(t.url, key, solveBody({ n: 7 }));
    expect((await running).status).toBe(200);
    expect((await queued).status).toBe(200);
    expect((await keyed).status).toBe(200);
    // Refused sandbox calls were not billed; once the backlog is gone the sandbox solves again.
    expect((await call(t.url, 'GET', '/api/v1/usage', { auth: tok })).json.compute_units_used).toBe(0);
    expect((await solve(t.url, tok, solveBody({ n: 7 }))).status).toBe(200);
  });
});

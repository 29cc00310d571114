import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { TAG, call, sandboxToken, start, stopAll } from '../test/helpers';

afterAll(stopAll);

/** A tsp of `n` random cities (seeded), the tour 0..n−1 and a `one_tree` certificate: an O(n²) exact check of the whole body. */
function bigTsp(n: number) {
  let s = 34;
  const r = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const problem = { tag: TAG, description: 'Plan the delivery van\'s round trip through every shop.', n, metric: 'euc_2d', points: Array.from({ length: n }, () => [Math.round(r() * 1e5) / 100, Math.round(r() * 1e5) / 100]) };
  return { problem, answer: Array.from({ length: n }, (_, i) => i), certificate: { kind: 'one_tree', pi: new Array(n).fill(0) } };
}

describe('POST /api/v1/verify off the event loop', () => {
  it('a /healthz sent while a large certificate is checked is answered first; the verify answers its report', async () => {
    const t = await start();
    const token = await sandboxToken(t.url);
    const order: string[] = [];
    const verify = call(t.url, 'POST', '/api/v1/verify/tsp', { body: bigTsp(2500), auth: token }).then((r) => {
      order.push('verify');
      return r;
    });
    const health = call(t.url, 'GET', '/healthz').then((r) => {
      order.push('healthz');
      return r;
    });
    const [v, h] = await Promise.all([verify, health]);
    expect(h.status).toBe(200);
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    expect(v.json).toMatchObject({ ok: true, verification: 'formal_proof', certificate: { ok: true, kind: 'one_tree' } });
    expect(order).toEqual(['healthz', 'verify']);
  }, 180_000);

  it('the server\'s event loop is busy a small part of what the same check costs it on the request thread (fixed work, back to back)', async () => {
    const body = bigTsp(4500);
    // The same server with the threshold out of reach: the check on the request thread, as before.
    const servers = [await start(), await start({ env: { SVC_OFFLOOP_VERIFY_BYTES: String(1e9) } })];
    const active: number[] = [];
    for (const t of servers) {
      const token = await sandboxToken(t.url);
      // Warm: the first verify loads the checker (and, off the loop, the verify thread).
      await call(t.url, 'POST', '/api/v1/verify/tsp', { body: bigTsp(50), auth: token });
      const before = performance.eventLoopUtilization();
      const v = await call(t.url, 'POST', '/api/v1/verify/tsp', { body, auth: token });
      active.push(performance.eventLoopUtilization(before).active);
      expect(v.json).toMatchObject({ ok: true, verification: 'formal_proof' });
    }
    // This process is both the server and the client, so the client's work counts in both.
    expect(active[0], `event loop busy ${active.map((a) => a.toFixed(0)).join(' ms vs ')} ms`).toBeLessThan(active[1] / 3);
  }, 180_000);
});

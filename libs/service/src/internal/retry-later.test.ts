import { describe, expect, it } from 'vitest';
import { createRetryLater } from './retry-later';

describe('retry later', () => {
  it('retries a refused write every interval until it succeeds, then forgets it', async () => {
    const r = createRetryLater(10);
    let calls = 0;
    let full = true;
    await r.run(async () => {
      calls++;
      if (full) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    });
    expect(r.pending).toBe(1);
    await new Promise((res) => setTimeout(res, 50));
    expect(calls).toBeGreaterThan(2);
    full = false;
    await new Promise((res) => setTimeout(res, 50));
    expect(r.pending).toBe(0);
    const settled = calls;
    await new Promise((res) => setTimeout(res, 40));
    expect(calls).toBe(settled);
    r.close();
  });

  it('a write that succeeds at once is never queued; after close nothing is retried', async () => {
    const r = createRetryLater(10);
    await r.run(async () => undefined);
    expect(r.pending).toBe(0);
    r.close();
    await r.run(async () => {
      throw new Error('no');
    });
    expect(r.pending).toBe(0);
  });
});

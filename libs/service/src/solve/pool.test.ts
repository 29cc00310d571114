import { describe, expect, it } from 'vitest';
import { newCancelSignal } from '@svc/engine-ts';
import { createSolvePool, RssSampler, readRss } from './pool';
import { ring } from '../../test/services';

// The envelope's peak_rss_kb: the solve pool's RSS sampler (solve/pool.ts).
describe('the RSS sampler', () => {
  it('reads this process\'s resident set as process.memoryUsage.rss() does (statm pages × page size on Linux)', () => {
    for (let i = 0; i < 5; i++) {
      const ours = readRss();
      const node = process.memoryUsage.rss();
      expect(Math.abs(ours - node)).toBeLessThan(8 * 1024 * 1024);
      expect(ours % 1024).toBe(0);
    }
  });

  it("keeps each solve's peak: its start, every tick while it runs, and its end", async () => {
    let now = 100 * 1024;
    const sampler = new RssSampler(() => now, 5);
    const a = sampler.start();
    now = 900 * 1024;
    await new Promise((r) => setTimeout(r, 40));
    now = 200 * 1024;
    const b = sampler.start();
    await new Promise((r) => setTimeout(r, 40));
    expect(sampler.stop(a)).toBe(900);
    now = 300 * 1024;
    expect(sampler.stop(b)).toBe(300);
  });
});

describe('threads of large bodies', () => {
  it('end once idle, so the heap a large body grew is returned', async () => {
    const pool = createSolvePool({ engine: 'ts', threads: 1, maxQueue: 1, rawIdleMs: 300 });
    try {
      const body = Buffer.from(JSON.stringify(ring(2_000)));
      const staged = pool.stage({ bytes: body, command: 'maxcut', query: { effort: 'flash' }, sandbox: false, sandboxMaxN: 100, engine: 'ts' }, newCancelSignal().flag);
      const planned = await staged.planned;
      expect(planned !== null && 'summary' in planned ? planned.summary.n : planned).toBe(2_000);
      const run = await staged.go(undefined);
      expect(run.out.result.answer).toBeDefined();
      expect(run.peakRssKb).toBeGreaterThan(0);
      expect(pool.stagingThreads).toBe(1);
      for (let i = 0; i < 100 && pool.stagingThreads > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(pool.stagingThreads).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);
});

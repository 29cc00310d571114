import { describe, expect, it } from 'vitest';
import { LATEST_BUDGET_MODEL, newCancelSignal } from '@svc/engine-ts';
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

// A thread terminated while its native solve reports progress (a stuck solve's thread ended after
// its grace, a cancel, a shutdown): node-addon-api turned the N-API calls that fail in the
// terminating thread into a fatal error of the whole process unless the addon is built with
// NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS (libs/engine-native/CMakeLists.txt).
describe('a native solve ended by terminating its thread', () => {
  it('12 times, each after its first progress report: the process goes on and the pool still solves', async () => {
    const { createEngine } = await import('@svc/engine-native');
    if (createEngine('native').kind !== 'native') return;
    const { randomMaxcut } = await import('@svc/engine-ts/families/qubo/testing');
    const pool = createSolvePool({ engine: 'native', threads: 1, maxQueue: 4 });
    try {
      for (let k = 0; k < 12; k++) {
        const stop = new AbortController();
        const run = pool.run(
          { command: 'maxcut', problem: randomMaxcut(9 + k, 600, { density: 0.05 }), effort: 'high', seed: k, model: LATEST_BUDGET_MODEL, cancel: newCancelSignal().flag },
          stop.signal,
          () => stop.abort(),
        );
        await expect(run).rejects.toThrow();
      }
      const ok = await pool.run({ command: 'maxcut', problem: randomMaxcut(1, 20, { density: 0.3 }), effort: 'flash', seed: 0, model: LATEST_BUDGET_MODEL, cancel: newCancelSignal().flag });
      expect(ok.out.result.answer).toHaveLength(20);
    } finally {
      await pool.close();
    }
  }, 180_000);
});

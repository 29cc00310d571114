import { describe, expect, it } from 'vitest';
import { RssSampler, readRss } from './pool';

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

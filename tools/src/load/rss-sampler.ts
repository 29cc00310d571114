/**
 * The main-thread cost of the solve pool's RSS sampler (libs/service solve/pool.ts `RssSampler`,
 * the envelope's `peak_rss_kb`): the same simulated load — LOAD_RATE (700) solves a second, each
 * running LOAD_HOLD_MS (40), for LOAD_SECONDS (5) — without a sampler, with the former sampler
 * (`process.memoryUsage.rss()` every 5 ms) and with the service's; LOAD_ROUNDS (5) rounds, each
 * variant's CPU of this (single) thread in ms per second, and the median.
 *
 *   npm run load:rss-sampler
 */
import os from 'node:os';
import { readRss, RssSampler } from '@svc/service';

const RATE = Number(process.env.LOAD_RATE ?? 700);
const HOLD_MS = Number(process.env.LOAD_HOLD_MS ?? 40);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 5);

async function run(sampler: RssSampler | null): Promise<number> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let started = 0;
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      const due = Math.floor(((performance.now() - t0) / 1000) * RATE);
      for (; started < due; started++) {
        const t = sampler?.start();
        setTimeout(() => {
          if (t) sampler!.stop(t);
        }, HOLD_MS);
      }
      if (performance.now() - t0 >= SECONDS * 1000) {
        clearInterval(tick);
        setTimeout(done, HOLD_MS + 20);
      }
    }, 1);
  });
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / SECONDS;
}

const variants: [string, () => RssSampler | null][] = [
  ['no sampler', () => null],
  ['process.memoryUsage.rss() every 5 ms (before)', () => new RssSampler(() => process.memoryUsage.rss(), 5)],
  ['the service\'s RssSampler (statm, every 5 ms)', () => new RssSampler()],
];
const load = os.loadavg();
const figures = new Map<string, number[]>(variants.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round++) for (const [name, make] of variants) figures.get(name)!.push(await run(make()));
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
const none = median(figures.get('no sampler')!);
process.stdout.write(`${RATE} solves/s of ${HOLD_MS} ms, ${SECONDS} s × ${ROUNDS} rounds; load average ${load.map((x) => x.toFixed(1)).join(' / ')} (${os.cpus().length} CPUs)\n`);
for (const [name, v] of figures) {
  process.stdout.write(`${name}: ${v.map((x) => x.toFixed(1)).join(' / ')} ms CPU per s, median ${median(v).toFixed(1)}${name === 'no sampler' ? '' : ` (sampler: +${(median(v) - none).toFixed(1)})`}\n`);
}
process.stdout.write(`readRss() ${Math.round(readRss() / 1024)} KiB, process.memoryUsage.rss() ${Math.round(process.memoryUsage.rss() / 1024)} KiB\n`);

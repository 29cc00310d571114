import { describe, expect, it } from 'vitest';
import { nativeOrFail } from '@svc/engine-native/testing';
import { rng } from '../../../test/brute-force';
import { certificateEngines, expectAccepted, solveWith } from '../../../test/certificates';
import { dyadicDecimal } from '../shared/exact-decimal';

const DESCRIPTION = 'Plan the delivery van\'s round trip through every shop.';
const METRICS = ['euc_2d', 'ceil_2d', 'att', 'geo'] as const;

function points(seed: number, n: number, metric: (typeof METRICS)[number]): Record<string, unknown> {
  const r = rng(seed);
  const span = metric === 'geo' ? 60 : 1000;
  return { n, metric, points: Array.from({ length: n }, () => [Math.round(r() * span * 100) / 100, Math.round(r() * span * 100) / 100]) };
}

describe('tsp certificates (one_tree), on each engine, accepted by @svc/certificates', () => {
  nativeOrFail('tsp certificates on the native engine');

  it('π as exact decimals of multiples of 2^-20', () => {
    expect([0, 1, -1, 1 << 20, -(3 << 19), 5].map(dyadicDecimal)).toEqual(['0', '0.00000095367431640625', '-0.00000095367431640625', '1', '-1.5', '0.00000476837158203125']);
  });

  it('every bound and every answer certified at the root carries the 1-tree that proves it; the DP says why not', async () => {
    for (const engine of certificateEngines()) {
      const seen = { bound: 0, root: 0, dp: 0, tree: 0 };
      for (let s = 0; s < 16; s++) {
        const b = points(300 + s, 13 + 9 * (s % 6), METRICS[s % 4]);
        const sol = await solveWith(DESCRIPTION, engine, 'tsp', b, { seed: s, effort: s % 3 === 0 ? 'medium' : 'flash', deadlineMs: s % 5 === 4 ? 1 : undefined });
        const what = `seed ${s} (${engine})`;
        const c = sol.done.certificate!;
        if (sol.done.proof === 'dynamic_program') {
          seen.dp++;
          expect(c, what).toEqual({ omitted: 'dynamic program over subsets (re-run locally)' });
          continue;
        }
        if (sol.done.proof === null) {
          seen.bound++;
          // A stated bound never exceeds the engine's own, and its certificate is there.
          expect(sol.done.bound!, what).toBeLessThanOrEqual(sol.r.bound!);
          expect('certificate' in c, what).toBe(true);
        } else if ('omitted' in c) {
          seen.tree++;
          expect(c.omitted, what).toMatch(/below the root/);
          continue;
        } else seen.root++;
        // The result document's claims (its bound, a certified label) are checked against the certificate too.
        expectAccepted('tsp', DESCRIPTION, b, sol, what);
      }
      expect(seen.bound, JSON.stringify(seen)).toBeGreaterThan(3);
      expect(seen.dp + seen.root + seen.tree, JSON.stringify(seen)).toBeGreaterThan(0);
    }
  }, 120_000);

  it('a one-way matrix: its bound comes from the 2n-city form, no certificate of it yet', async () => {
    const n = 24;
    const r = rng(7);
    const matrix = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : 1 + Math.floor(r() * 100))));
    const sol = await solveWith(DESCRIPTION, 'ts', 'tsp', { n, matrix }, { effort: 'flash' });
    if (sol.done.proof === null) expect(sol.done.certificate).toEqual({ omitted: expect.stringMatching(/one-way/) });
    else expect('omitted' in sol.done.certificate!).toBe(true);
  });
});

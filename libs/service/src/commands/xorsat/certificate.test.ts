import { describe, expect, it } from 'vitest';
import { nativeOrFail } from '@svc/engine-native/testing';
import { bruteXorsat, randomXorsat, sparseXorsat } from '@svc/engine-ts/families/xorsat/testing';
import { certificateEngines, expectAccepted, solveWith } from '../../../test/certificates';

const DESCRIPTION = 'Set the switches so that the parity checks hold.';

describe('xorsat certificates (contradiction), on each engine, accepted by @svc/certificates', () => {
  nativeOrFail('xorsat certificates on the native engine');

  it('small inconsistent systems: a certified count of violations carries that many disjoint contradictions, or says why not', async () => {
    for (const engine of certificateEngines()) {
      let carried = 0;
      for (let s = 0; s < 40; s++) {
        const b = { ...randomXorsat(500 + s, 2 + (s % 9), 3 + (s % 12), 1 + (s % 4), false) };
        const sol = await solveWith(DESCRIPTION, engine, 'xorsat', b, { seed: s });
        const what = `seed ${s} (${engine})`;
        expect(sol.done.proof, what).not.toBeNull();
        expect(sol.done.fields.violations, what).toBe(bruteXorsat(b).violations);
        const c = sol.done.certificate!;
        if (sol.done.fields.violations === 0) expect(c, what).toEqual({ omitted: 'every equation holds: nothing to prove' });
        else if ('omitted' in c) expect(c.omitted, what).toMatch(/^exhaustive search proves \d+ violations; \d+ disjoint contradictions were found/);
        else {
          carried++;
          expect(expectAccepted('xorsat', DESCRIPTION, b, sol, what).bound).toBe(String(sol.done.fields.violations));
        }
      }
      expect(carried).toBeGreaterThan(10);
    }
  });

  it('noisy sparse systems past the exact searches: every bound carries the contradictions behind it', async () => {
    for (const engine of certificateEngines()) {
      let bounded = 0;
      for (let s = 0; s < 6; s++) {
        const b = { ...sparseXorsat(900 + s, 60 + 10 * s, 130 + 20 * s, 3, 4, true, 6 + s) };
        const sol = await solveWith(DESCRIPTION, engine, 'xorsat', b, { seed: s, effort: 'flash' });
        const what = `seed ${s} (${engine})`;
        const c = sol.done.certificate!;
        if (sol.done.proof === null) {
          bounded++;
          expect(sol.done.bound, what).toBeGreaterThan(0);
          expect('certificate' in c, what).toBe(true);
          expect(expectAccepted('xorsat', DESCRIPTION, b, sol, what).bound).toBe(String(sol.done.bound));
        } else if ('certificate' in c) expectAccepted('xorsat', DESCRIPTION, b, sol, what);
      }
      expect(bounded).toBeGreaterThan(0);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { EFFORTS } from '@svc/engine-ts';
import { budgetFor, certifiedCaps } from '@svc/engine-ts/families/qubo';
import { quboExactCaps } from './qubo-family';
import { exactCapsOf } from '../index';

describe('QUBO-family certified caps', () => {
  it('publish the measured branch-and-bound sizes, above the enumeration cap and growing with effort', () => {
    for (const command of ['optimize', 'maxcut'] as const) {
      const caps = quboExactCaps(command);
      expect(caps).toEqual(certifiedCaps(command));
      expect(exactCapsOf(command)).toEqual(caps);
      for (const e of EFFORTS) expect(caps[e]).toBeGreaterThan(budgetFor(command, e, 1, 0).exactMaxN);
      expect(caps.flash).toBeLessThanOrEqual(caps.medium);
      expect(caps.medium).toBeLessThanOrEqual(caps.high);
      // Well past the interface's "about 22" at effort high.
      expect(caps.high).toBeGreaterThanOrEqual(40);
    }
  });
});

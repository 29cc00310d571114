import { describe, expect, it } from 'vitest';
import { nativeOrFail } from '@svc/engine-native/testing';
import { basisJson, knapsackBasis, uniformBasis } from '@svc/engine-ts/families/reduce/testing';
import { certificateEngines, expectAccepted, solveWith } from '../../../test/certificates';

const DESCRIPTION = 'Reduce a lattice basis to find short vectors for a cryptanalysis exercise.';

describe('reduce certificates (unimodular), on each engine, accepted by @svc/certificates', () => {
  nativeOrFail('reduce certificates on the native engine');

  it('knapsack, uniform, non-square and dependent bases: U·B = B′, V·B′ = B and B′ LLL-reduced, checked exactly', async () => {
    const bodies: Record<string, unknown>[] = [
      { basis: [[2, 4], [3, 6], ['1' + '0'.repeat(40), '2' + '0'.repeat(40)]] },
      { basis: [[1, 1, 1], [-1, 0, 2], [3, 5, 6]], delta: 0.99 },
    ];
    for (let s = 0; s < 6; s++) {
      bodies.push({ basis: basisJson(knapsackBasis(10 + s, 4 + s, 20 + 5 * s)) });
      bodies.push({ basis: basisJson(uniformBasis(20 + s, 3 + s, 12, 5 + s)), delta: 0.9 });
    }
    for (const engine of certificateEngines()) {
      for (const [k, b] of bodies.entries()) {
        const sol = await solveWith(DESCRIPTION, engine, 'reduce', b, { seed: k });
        const c = sol.done.certificate;
        expect(c !== undefined && 'certificate' in c ? c.certificate.kind : c, `basis ${k} (${engine})`).toBe('unimodular');
        expectAccepted('reduce', DESCRIPTION, b, sol, `basis ${k}`);
      }
    }
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { nativeOrFail } from '@svc/engine-native/testing';
import { sparseXorsat } from '@svc/engine-ts/families/xorsat/testing';
import { basisJson, knapsackBasis } from '@svc/engine-ts/families/reduce/testing';
import { checkAnswer } from '../check-answer';
import { rng } from '../../test/brute-force';
import { closeServices, makeService } from '../../test/services';

const TAG = 'svc-cortex-v1';

/** One body per producing command whose answer carries a certificate on both engines. */
function bodies(): [string, Record<string, unknown>][] {
  const r = rng(5);
  const points = Array.from({ length: 60 }, () => [Math.round(r() * 1000), Math.round(r() * 1000)]);
  const side = Array.from({ length: 40 }, () => (r() < 0.5 ? 0 : 1));
  const edges: number[][] = [];
  for (let k = 0; k < 120; k++) {
    const i = Math.floor(r() * 40);
    const j = Math.floor(r() * 40);
    if (i !== j) edges.push([i, j, side[i] !== side[j] ? 2 : -1]);
  }
  return [
    ['tsp', { description: 'Plan the inspector\'s round trip through every site.', n: 60, points }],
    ['maxcut', { description: 'Split the staff into two shifts so that clashing pairs work apart.', n: 40, edges }],
    ['xorsat', { description: 'Set the switches so that most parity checks hold.', ...sparseXorsat(77, 200, 300, 3, 4, true, 12) }],
    ['reduce', { description: 'Reduce a lattice basis to find short vectors for a cryptanalysis exercise.', n: 12, basis: basisJson(knapsackBasis(8, 12, 40)) }],
    ['cover', { description: 'Hire the cheapest crews that together staff all seven shifts.', n: 6, universe: 7, sets: [[0, 1, 2], [2, 3, 4], [4, 5, 6], [0, 3, 6], [1, 5], [0, 1, 2, 3, 4, 5, 6]], costs: [3, 3, 3, 2, 1, 10] }],
  ];
}

describe('a solved answer\'s certificate through POST /verify: formal_proof, on each engine', () => {
  afterAll(closeServices);
  const engines = nativeOrFail('certificates through verify on the native engine') ? (['ts', 'native'] as const) : (['ts'] as const);
  for (const engine of engines) {
    it(`${engine}: tsp, maxcut, xorsat, reduce and cover answers come back with a certificate the verify route accepts`, async () => {
      const svc = await makeService({ engine });
      const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.57' });
      for (const [command, b] of bodies()) {
        const problem = { tag: TAG, ...b };
        const env = await svc.solve(command, problem, { principal: me, query: { effort: 'flash' } });
        expect(env.certificate, `${command}: ${env.certificate_omitted}`).not.toBeNull();
        const report = checkAnswer(command, { problem, answer: env }, { sandbox: false });
        expect([report.verification, report.ok, report.certificate?.ok], `${command}: ${report.certificate?.detail}`).toEqual(['formal_proof', true, true]);
      }
    }, 120_000);
  }
});

import { afterAll, describe, expect, it, vi } from 'vitest';
import { basisJson, knapsackBasis } from '@svc/engine-ts/families/reduce/testing';
import type { EngineResult } from '@svc/engine-ts';
import { NOT_REQUESTED, withCertificate, type PreparedSolve } from './index';
import type { CertificateProducer } from './command-module';
import { rng } from '../../test/brute-force';
import { closeServices, makeService } from '../../test/services';

// Counts the calls of the tsp and maxcut producers that the service's adapters hold.
const calls = vi.hoisted(() => ({ tsp: 0, maxcut: 0 }));
vi.mock('./tsp/certificate', async (importOriginal) => {
  const m = await importOriginal<typeof import('./tsp/certificate')>();
  return { ...m, tspCertificate: ((...a) => (calls.tsp++, m.tspCertificate(...a))) as CertificateProducer };
});
vi.mock('./maxcut/certificate', async (importOriginal) => {
  const m = await importOriginal<typeof import('./maxcut/certificate')>();
  return { ...m, maxcutCertificate: ((...a) => (calls.maxcut++, m.maxcutCertificate(...a))) as CertificateProducer };
});

const TAG = 'svc-cortex-v1';

describe('certificate=none: the producer does not run', () => {
  afterAll(closeServices);

  it('withCertificate calls the producer for default and full, never for none', () => {
    let made = 0;
    const produce: CertificateProducer = () => (made++, { certificate: { kind: 'bipartite' } });
    const prep = { problem: {}, terms: 0, receiptProblem: {}, finish: () => ({ fields: { answer: [] }, proof: 'exhaustive', stoppedAtDeadline: false }) } as unknown as PreparedSolve;
    const p = withCertificate(prep, produce);
    const r = {} as EngineResult;
    expect(p.finish(r, { deadlineFired: false, certificate: 'none' }).certificate).toBe(NOT_REQUESTED);
    expect(made).toBe(0);
    expect(p.finish(r, { deadlineFired: false }).certificate).toEqual({ certificate: { kind: 'bipartite' } });
    expect(p.finish(r, { deadlineFired: false, certificate: 'full' }).certificate).toEqual({ certificate: { kind: 'bipartite' } });
    expect(made).toBe(2);
  });

  it('through the service: none makes no certificate and is cached apart; default after it still gets one', async () => {
    const r = rng(11);
    const points = Array.from({ length: 40 }, () => [Math.round(r() * 1000), Math.round(r() * 1000)]);
    const side = Array.from({ length: 30 }, () => (r() < 0.5 ? 0 : 1));
    const edges: number[][] = [];
    for (let k = 0; k < 90; k++) {
      const i = Math.floor(r() * 30);
      const j = Math.floor(r() * 30);
      if (i !== j) edges.push([i, j, side[i] !== side[j] ? 2 : -1]);
    }
    const cases: [string, Record<string, unknown>, keyof typeof calls | null][] = [
      ['tsp', { description: 'Plan the inspector\'s round trip through every site.', n: 40, points }, 'tsp'],
      ['maxcut', { description: 'Split the staff into two shifts so that clashing pairs work apart.', n: 30, edges }, 'maxcut'],
      // reduce's certificate is made by its adapter's re-check, in the solve worker.
      ['reduce', { description: 'Reduce a lattice basis to find short vectors for a cryptanalysis exercise.', n: 10, basis: basisJson(knapsackBasis(6, 10, 30)) }, null],
    ];
    const svc = await makeService({ engine: 'ts' });
    const me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.58' });
    for (const [command, b, producer] of cases) {
      const problem = { tag: TAG, ...b };
      const before = producer === null ? 0 : calls[producer];
      const none = await svc.solve(command, problem, { principal: me, query: { effort: 'flash', certificate: 'none' } });
      expect([none.certificate, none.certificate_omitted], command).toEqual([null, 'not requested (certificate=none)']);
      if (producer !== null) expect(calls[producer], command).toBe(before);
      const full = await svc.solve(command, problem, { principal: me, query: { effort: 'flash' } });
      expect(full.certificate, `${command}: ${full.certificate_omitted}`).not.toBeNull();
      expect(full.cached ?? false, command).toBe(false);
      if (producer !== null) expect(calls[producer], command).toBe(before + 1);
      // Served again from the cache with none: still not attached.
      const again = await svc.solve(command, problem, { principal: me, query: { effort: 'flash', certificate: 'none' } });
      expect([again.certificate, again.cached], command).toEqual([null, true]);
    }
  }, 120_000);
});

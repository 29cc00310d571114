import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTAINTY, unpackSpinBits } from '@svc/contracts';
import { plantedCouplingList } from '@svc/service/commands/quantum-scale';
import { TAG, call, expectProblem, sandboxToken, start, stopAll, type TestServer } from '../test/helpers';

// quantum-scale over HTTP: the planted instance is built and solved on the server; the answer
// comes back bit-packed and is checked here against the regenerated couplings.
let t: TestServer;
let token: string;
const description = 'Benchmark the annealer on a planted spin glass with a known floor.';

beforeAll(async () => {
  t = await start();
  token = await sandboxToken(t.url);
});
afterAll(stopAll);

/** Energy Σ J s_u s_v of bits x (1 = +1) over the instance's couplings. */
function energyOf(x: Uint8Array, list: [number, number, number][]): number {
  let e = 0;
  for (const [u, v, j] of list) e += x[u] === x[v] ? j : -j;
  return e;
}

describe('POST /api/v1/solve/quantum-scale', () => {
  it('answers a planted floor with a bits-base64 answer that re-scores to the planted energy', async () => {
    const r = await call(t.url, 'POST', '/api/v1/solve/quantum-scale?seed=3&effort=medium', {
      body: { tag: TAG, description, n: 5000, degree: 5, instance_seed: 11 },
      auth: token,
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      answer_encoding: 'bits-base64', reached_floor: true, certainty: CERTAINTY.planted, proof: 'planted',
      n: 5000, degree: 5, instance_seed: 11, seed: 3, engine: 'ts', tag: TAG,
    });
    expect(r.json.energy).toBe(r.json.planted_energy);
    expect(r.json.peak_rss_kb).toBeGreaterThan(0);
    expect(r.json.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
    const list = plantedCouplingList(5000, 5, 11);
    expect(r.json.edges).toBe(list.length);
    expect(energyOf(unpackSpinBits(r.json.answer, 5000), list)).toBe(r.json.energy);
    const v = await call(t.url, 'POST', '/api/v1/verify/quantum-scale', {
      body: { problem: { tag: TAG, description, n: 5000, degree: 5, instance_seed: 11 }, answer: r.json },
      auth: token,
    });
    expect(v.json.ok).toBe(true);
  });

  it('defaults degree 3 and instance_seed 0; the same request gives the same receipt', async () => {
    const body = { tag: TAG, description, n: 777 };
    const a = await call(t.url, 'POST', '/api/v1/solve/quantum-scale', { body, auth: token });
    const b = await call(t.url, 'POST', '/api/v1/solve/quantum-scale', { body: { ...body, degree: 3, instance_seed: 0 }, auth: token });
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ degree: 3, instance_seed: 0, n: 777 });
    expect(b.json.receipt).toBe(a.json.receipt);
    expect(b.json.answer).toBe(a.json.answer);
  });

  it('input faults: degree out of range, unknown field, over the sandbox n cap, no n', async () => {
    const bad = (extra: Record<string, unknown>) =>
      call(t.url, 'POST', '/api/v1/solve/quantum-scale', { body: { tag: TAG, description, n: 100, ...extra }, auth: token });
    expectProblem(await bad({ degree: 17 }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await bad({ seed: 4 }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await bad({ n: 1_000_000 }), 403, 'SVC_SANDBOX_LIMIT');
    expectProblem(await bad({ n: 20_000_000 }), 422, 'SVC_DIMENSION_LIMIT');
    expectProblem(await call(t.url, 'POST', '/api/v1/solve/quantum-scale', { body: { tag: TAG, description }, auth: token }), 422, 'SVC_SANDBOX_NEEDS_N');
  });

  it('is listed as available with its limits in capabilities', async () => {
    const r = await call(t.url, 'GET', '/api/v1/capabilities');
    const c = r.json.commands.find((x: { name: string }) => x.name === 'quantum-scale');
    expect(c).toMatchObject({ available: true, limits: { n_max: 10_000_000, degree_min: 3, degree_max: 16 } });
  });
});

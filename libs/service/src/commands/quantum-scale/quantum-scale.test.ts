import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTAINTY, packSpinBits, unpackSpinBits } from '@svc/contracts';
import { solveSync } from '@svc/engine-ts';
import { plantedEnergyOf, plantedLayout, type PlantedIsingProblem, type PlantedResult } from '@svc/engine-ts/families/planted';
import { verifyAnswer, type Principal, type Service } from '../../index';
import { plantedCouplingList } from './adapter';
import { TAG, adapterHarness, engineFailure } from '../../../test/adapters';
import { closeServices, makeService, tempDir } from '../../../test/services';

const description = 'Benchmark the annealer on a planted spin glass with a known floor.';
const harness = adapterHarness(description);
const prepare = (body: Record<string, unknown>) => harness.prepare('quantum-scale', body);

describe('quantum-scale adapter', () => {
  it('resolves the defaults; bills the instance edges; the receipt form is the three numbers', () => {
    const prep = prepare({ n: 5000 });
    expect(prep.problem).toEqual({ kind: 'planted-ising', n: 5000, degree: 3, instanceSeed: 0 });
    expect(prep.terms).toBe(plantedLayout(5000, 3, 0).edges);
    expect(prep.receiptProblem).toEqual({ n: 5000, degree: 3, instance_seed: 0 });
    expect(prepare({ n: 10, degree: 7, instance_seed: 9 }).receiptProblem).toEqual({ n: 10, degree: 7, instance_seed: 9 });
  });

  it('a reached floor: packed answer, re-scored energy, planted floor certainty', () => {
    const prep = prepare({ n: 3000, degree: 5, instance_seed: 4 });
    const r = solveSync({ command: 'quantum-scale', problem: prep.problem, effort: 'medium', seed: 0 });
    const done = prep.finish(r, { deadlineFired: true });
    const L = plantedLayout(3000, 5, 4);
    expect(done.proof).toBe('planted');
    expect(done.certainty).toBe(CERTAINTY.planted);
    expect(done.stoppedAtDeadline).toBe(false);
    expect(done.fields).toEqual({
      answer: packSpinBits(r.answer), answer_encoding: 'bits-base64', energy: L.plantedEnergy, planted_energy: L.plantedEnergy,
      reached_floor: true, edges: L.edges, n: 3000, degree: 5, instance_seed: 4,
    });
    expect(Buffer.from(unpackSpinBits(done.fields.answer as string, 3000)).equals(Buffer.from(r.answer))).toBe(true);
  });

  it('a stopped search is heuristic with the planted energy as bound', () => {
    const prep = prepare({ n: 40_000, degree: 3, instance_seed: 1 });
    const r = solveSync({ command: 'quantum-scale', problem: prep.problem, effort: 'high', seed: 0, deadlineMs: 1 });
    const done = prep.finish(r, { deadlineFired: true });
    expect(done.proof).toBeNull();
    expect(done.certainty).toBeUndefined();
    expect(done.stoppedAtDeadline).toBe(true);
    expect(done.bound).toBe(done.fields.planted_energy);
    expect(done.fields.reached_floor).toBe(false);
    expect(done.gap).toBeGreaterThan(0);
  });

  it('never trusts the engine: energy, answer, instance and proof are re-checked', () => {
    const prep = prepare({ n: 500, degree: 4, instance_seed: 2 });
    const good = solveSync({ command: 'quantum-scale', problem: prep.problem, effort: 'flash', seed: 3 });
    expect(good.proof).toBe('planted');
    if (good.kind !== 'planted') throw new Error(`expected a planted result, got ${good.kind}`);
    const flipped = Uint8Array.from(good.answer);
    flipped[7] ^= 1;
    const cases: [Partial<PlantedResult>, RegExp][] = [
      [{ objective: good.objective - 2 }, /disagrees/],
      [{ answer: flipped }, /disagrees/],
      [{ answer: new Uint8Array(499) }, /length/],
      [{ plantedEnergy: (good.plantedEnergy as number) - 2 }, /instance/],
      [{ edges: 1 }, /instance/],
      [{ answer: flipped, objective: plantedEnergyOf(plantedLayout(500, 4, 2), flipped) }, /proof/],
    ];
    for (const [patch, why] of cases) expect(engineFailure(() => prep.finish({ ...good, ...patch }, { deadlineFired: false }))).toMatch(why);
  });
});

describe('quantum-scale through the service', () => {
  let svc: Service;
  let big: Service;
  let me: Principal;
  let meBig: Principal;

  beforeAll(async () => {
    svc = await makeService({ dataDir: tempDir('svc-qs-') });
    big = await makeService({ dataDir: tempDir('svc-qs-'), sandbox: { maxN: 10_000_000, dailyUnits: 1_000_000_000 } });
    me = await svc.authenticate(`Bearer ${(await svc.sandboxInfo()).token}`, { ip: '203.0.113.9' });
    meBig = await big.authenticate(`Bearer ${(await big.sandboxInfo()).token}`, { ip: '203.0.113.9' });
  });

  afterAll(closeServices);

  it('solves, re-scores, receipts, and the answer verifies', async () => {
    const body = { tag: TAG, description, n: 16, degree: 3, instance_seed: 1 };
    const env = await svc.solve('quantum-scale', body, { principal: me, query: { seed: '0' } });
    expect(env).toMatchObject({ energy: -12, planted_energy: -12, reached_floor: true, certainty: CERTAINTY.planted, proof: 'planted', engine: 'ts' });
    expect(env.peak_rss_kb).toBeGreaterThan(0);
    // Brute force over all 2^16 states of the regenerated instance.
    const list = plantedCouplingList(16, 3, 1);
    let best = Infinity;
    for (let mask = 0; mask < 1 << 16; mask++) best = Math.min(best, list.reduce((e, [u, v, j]) => e + (((mask >> u) & 1) === ((mask >> v) & 1) ? j : -j), 0));
    expect(best).toBe(env.energy);
    const report = verifyAnswer('quantum-scale', { problem: body, answer: env }, { sandbox: false });
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual(expect.arrayContaining(['planted_floor', 'receipt', 'edges']));
    const bad = verifyAnswer('quantum-scale', { problem: body, answer: { ...env, answer: packSpinBits(new Uint8Array(16)) } }, { sandbox: false });
    expect(bad.ok).toBe(false);
  });

  it('the sandbox caps n at 50,000 (SVC_SANDBOX_LIMIT); above 10^7 is SVC_DIMENSION_LIMIT', async () => {
    const over = await svc.solve('quantum-scale', { tag: TAG, description, n: 50_001 }, { principal: me }).catch((e) => e);
    expect(over.code).toBe('SVC_SANDBOX_LIMIT');
    const huge = await big.solve('quantum-scale', { tag: TAG, description, n: 10_000_001 }, { principal: meBig }).catch((e) => e);
    expect(huge.code).toBe('SVC_DIMENSION_LIMIT');
  });

  it('a raised sandbox cap: 120,000 spins at flash, memory reported, answer re-scored', async () => {
    const env = await big.solve('quantum-scale', { tag: TAG, description, n: 120_000, degree: 4 }, { principal: meBig, query: { effort: 'flash' } });
    const x = unpackSpinBits(env.answer as string, 120_000);
    const L = plantedLayout(120_000, 4, 0);
    expect(plantedEnergyOf(L, x)).toBe(env.energy);
    expect(env.planted_energy).toBe(L.plantedEnergy);
    expect(env.peak_rss_kb).toBeGreaterThan(10_000);
    expect(env.certainty).toBe(env.reached_floor ? CERTAINTY.planted : 'heuristic (hypothesis - verify)');
  }, 60_000);

  it('max_latency_ms stops the search and says so', async () => {
    const env = await big.solve('quantum-scale', { tag: TAG, description, n: 200_000 }, { principal: meBig, query: { max_latency_ms: '50', effort: 'high' } });
    expect(env.latency_budget_ms).toBe(50);
    expect(env.stopped_at_deadline).toBe(true);
    expect(env.reached_floor).toBe(false);
    expect(env.bound).toBe(env.planted_energy);
  }, 60_000);
});

// The problem type stays the engine's (compile-time check that the adapter feeds it as is).
export type _Fed = PlantedIsingProblem;

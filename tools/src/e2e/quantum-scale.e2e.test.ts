import { describe, expect, it } from 'vitest';
import { unpackSpinBits } from '@svc/contracts';
import { plantedCouplingList } from '@svc/service/commands/quantum-scale';
import { svcSuite } from './svc-cli-harness';

// quantum-scale end to end: the BUNDLED `svc quantum-scale` against a real server (port 0).
const PLANTED = 'planted floor (proven by construction)';
const SLOW = 60_000;

const { svc } = svcSuite('svc-quantum-scale-e2e-');

describe('svc quantum-scale (bundled CLI) against the real server', () => {
  it('json: a planted floor whose unpacked spins re-score to the planted energy', async () => {
    const problem = { description: 'benchmark the annealer on a planted spin glass', n: 4000, degree: 4, instance_seed: 21 };
    const r = await svc(['quantum-scale', '--format', 'json', '--seed', '5', '--effort', 'medium'], { stdin: JSON.stringify(problem) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      certainty: PLANTED, proof: 'planted', reached_floor: true, answer_encoding: 'bits-base64',
      n: 4000, degree: 4, instance_seed: 21, seed: 5, engine: 'ts', tag: 'svc-cortex-v1',
    });
    const list = plantedCouplingList(4000, 4, 21);
    const x = unpackSpinBits(out.answer, 4000);
    let e = 0;
    for (const [u, v, j] of list) e += x[u] === x[v] ? j : -j;
    expect(e).toBe(out.energy);
    expect(out.energy).toBe(out.planted_energy);
    expect(out.edges).toBe(list.length);
    expect(out.peak_rss_kb).toBeGreaterThan(0);
  }, SLOW);

  it('human format names the certainty; a latency budget of 1 ms on a large instance is heuristic', async () => {
    const human = await svc(['quantum-scale'], { stdin: JSON.stringify({ description: 'benchmark the annealer on a small planted glass', n: 64 }) });
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`quantum-scale: ${PLANTED}`);
    const cut = await svc(['quantum-scale', '--format', 'json', '--max-latency-ms', '1', '--effort', 'high'],
      { stdin: JSON.stringify({ description: 'benchmark the annealer under a tight deadline', n: 50_000 }) });
    expect(cut.code).toBe(0);
    const out = JSON.parse(cut.stdout);
    expect(out).toMatchObject({ certainty: 'heuristic (hypothesis - verify)', reached_floor: false, stopped_at_deadline: true, latency_budget_ms: 1 });
    expect(out.bound).toBe(out.planted_energy);
  }, SLOW);

  it('an out-of-range degree exits 3 with SVC_INVALID_INPUT', async () => {
    const r = await svc(['quantum-scale', '--format', 'json'], { stdin: JSON.stringify({ description: 'benchmark the annealer on a planted glass', n: 100, degree: 2 }) });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).code).toBe('SVC_INVALID_INPUT');
  }, SLOW);
});

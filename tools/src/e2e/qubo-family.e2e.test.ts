import { beforeAll, describe, expect, it } from 'vitest';
import { sortedEnergies, svcSuite } from './svc-cli-harness';

// feel, want and sample end to end: the BUNDLED `svc` and plain HTTP against a real server.
const CERTIFIED = 'certified optimum (proven by exhaustion)';
const TAG = 'svc-cortex-v1';
const PROBLEM = 'application/problem+json';
// Subprocesses and a worker thread on a shared 2-core machine: generous per-test limits.
const SLOW = 60_000;

type Triple = [number, number, number];

const suite = svcSuite('svc-qubo-family-e2e-');
const { svc } = suite;
let token: string;

beforeAll(async () => {
  token = ((await (await fetch(`${suite.server.url}/api/v1/sandbox`)).json()) as { token: string }).token;
});

async function post(command: string, body: unknown, query = ''): Promise<{ status: number; type: string; json: Record<string, any> }> {
  const res = await fetch(`${suite.server.url}/api/v1/solve/${command}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', json: (await res.json()) as Record<string, any> };
}

const FEEL = {
  description: 'align six neighbouring magnets at the lowest energy',
  n: 6,
  field: { 0: 0.5, 2: -1, 5: 2 },
  quadratic: [[0, 1, -1], [1, 2, 1.5], [2, 3, -2], [3, 4, 1], [4, 5, -1], [5, 0, 0.75], [1, 0, -0.5]] as Triple[],
};
const isingEnergy = (s: number[]) => {
  let e = 0;
  for (const [k, h] of Object.entries(FEEL.field)) e += h * s[Number(k)];
  for (const [i, j, w] of FEEL.quadratic) e += w * s[i] * s[j];
  return e;
};
const QUBO = {
  n: 7,
  linear: { 0: -3, 1: 2, 2: -1, 4: 1.5, 6: -2 },
  quadratic: [[0, 1, 2], [1, 2, -3], [2, 3, 1], [3, 4, -2], [4, 5, 2.5], [5, 6, -1], [6, 0, 1], [2, 2, 0.5]] as Triple[],
};
const quboEnergy = (x: number[]) => {
  let e = 0;
  for (const [k, h] of Object.entries(QUBO.linear)) e += h * x[Number(k)];
  for (const [i, j, w] of QUBO.quadratic) e += w * x[i] * x[j];
  return e;
};

describe('svc feel | want | sample (bundled CLI) against the real server', () => {
  it('feel: certified spins whose energy is the brute-force ground energy', async () => {
    const r = await svc(['feel', '--format', 'json', '--seed', '2'], { stdin: JSON.stringify(FEEL) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ certainty: CERTIFIED, tag: TAG, engine: 'ts' });
    expect(out.proof).not.toBeNull();
    expect(out.answer.every((s: number) => s === 1 || s === -1)).toBe(true);
    expect(out.energy).toBe(isingEnergy(out.answer));
    expect(out.energy).toBe(sortedEnergies(6, (x) => isingEnergy(x.map((b) => 2 * b - 1)))[0]);
    expect(out.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
    // The human format names the command and the certainty.
    const human = await svc(['feel'], { stdin: JSON.stringify(FEEL) });
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`feel: ${CERTIFIED}`);
  }, SLOW);

  it('want: pins hold, the energy is the pinned brute-force minimum, pinned echoes the pins', async () => {
    const pins = { 0: 0, 6: 1 };
    const r = await svc(['want', '--format', 'json'], { stdin: JSON.stringify({ description: 'open warehouses where two sites are already decided', ...QUBO, pins, warm_start: [1, 1, 1, 1, 1, 1, 0] }) });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.certainty).toBe(CERTIFIED);
    expect(out.pinned).toEqual({ 0: 0, 6: 1 });
    expect([out.answer[0], out.answer[6]]).toEqual([0, 1]);
    expect(out.energy).toBe(quboEnergy(out.answer));
    expect(out.energy).toBe(sortedEnergies(7, quboEnergy, (x) => x[0] === 0 && x[6] === 1)[0]);
  }, SLOW);

  it('sample: the k lowest energies in order, distinct assignments, counts, the best first', async () => {
    const r = await svc(['sample', '--format', 'json'], { stdin: JSON.stringify({ description: 'list the cheapest warehouse plans to compare', ...QUBO, num_samples: 6 }) });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.certainty).toBe(CERTIFIED);
    expect(out.distinct).toBe(6);
    expect(out.samples.map((s: { energy: number }) => s.energy)).toEqual(sortedEnergies(7, quboEnergy).slice(0, 6));
    for (const s of out.samples) {
      expect(quboEnergy(s.assignment)).toBe(s.energy);
      expect(s.count).toBe(1);
    }
    expect(new Set(out.samples.map((s: { assignment: number[] }) => s.assignment.join(''))).size).toBe(6);
    expect(out.answer).toEqual(out.samples[0].assignment);

    const windowed = await svc(['sample', '--format', 'json'], { stdin: JSON.stringify({ description: 'list the near-cheapest warehouse plans', ...QUBO, num_samples: 1000, energy_window: 2 }) });
    const all = sortedEnergies(7, quboEnergy);
    expect(JSON.parse(windowed.stdout).distinct).toBe(all.filter((e) => e <= all[0] + 2).length);
  }, SLOW);

  it('heuristic sample above the exact cap over HTTP: sorted, distinct, visit counts, labelled heuristic', async () => {
    const n = 40;
    const quadratic: Triple[] = [];
    for (let i = 0; i < n; i++) quadratic.push([i, (i + 1) % n, i % 3 === 0 ? -2 : 1], [i, (i + 7) % n, i % 2 === 0 ? 1.5 : -1]);
    const linear: Record<string, number> = {};
    for (let i = 0; i < n; i += 2) linear[String(i)] = i % 4 === 0 ? -1 : 0.5;
    const r = await post('sample', { tag: TAG, description: 'explore good schedules for forty shifts', n, linear, quadratic, num_samples: 8 }, '?effort=flash&seed=4');
    expect(r.status).toBe(200);
    expect(r.json.certainty).toBe('heuristic (hypothesis - verify)');
    expect(r.json.proof).toBeNull();
    expect(r.json.distinct).toBe(8);
    const samples = r.json.samples as { assignment: number[]; energy: number; count: number }[];
    for (let t = 1; t < samples.length; t++) expect(samples[t].energy).toBeGreaterThanOrEqual(samples[t - 1].energy);
    expect(samples.some((s) => s.count > 1)).toBe(true);
    expect(typeof r.json.bound).toBe('number');
  }, SLOW);
});

describe('HTTP error paths of feel, want and sample', () => {
  const feel = (patch: Record<string, unknown>) => ({ tag: TAG, ...FEEL, ...patch });
  const want = (patch: Record<string, unknown>) => ({ tag: TAG, description: 'open warehouses with some sites decided', ...QUBO, pins: { 0: 1 }, ...patch });
  const sample = (patch: Record<string, unknown>) => ({ tag: TAG, description: 'list the cheapest warehouse plans', ...QUBO, ...patch });

  it.each([
    ['feel', 'a self-pair [i, i, J]', feel({ quadratic: [[0, 1, 1], [3, 3, 2]] }), 422, 'SVC_INVALID_INPUT', 'quadratic[1]'],
    ['feel', 'a 0/1 warm start', feel({ warm_start: [0, 1, 1, 1, 1, 1] }), 422, 'SVC_INVALID_INPUT', 'warm_start[0]'],
    ['feel', 'field given as an array', feel({ field: [0.5, 1] }), 422, 'SVC_INVALID_INPUT', 'field'],
    ['feel', 'n above 100000', feel({ n: 100_001 }), 422, 'SVC_DIMENSION_LIMIT', 'n'],
    ['want', 'no pins', want({ pins: undefined }), 422, 'SVC_INVALID_INPUT', 'pins'],
    ['want', 'empty pins', want({ pins: {} }), 422, 'SVC_INVALID_INPUT', 'pins'],
    ['want', 'a pin index out of range', want({ pins: { 7: 1 } }), 422, 'SVC_INVALID_INPUT', 'pins.7'],
    ['want', 'a pin value of 2', want({ pins: { 3: 2 } }), 422, 'SVC_INVALID_INPUT', 'pins.3'],
    ['want', 'pins given as an array', want({ pins: [[0, 1]] }), 422, 'SVC_INVALID_INPUT', 'pins'],
    ['sample', 'num_samples 0', sample({ num_samples: 0 }), 422, 'SVC_INVALID_INPUT', 'num_samples'],
    ['sample', 'num_samples 1001', sample({ num_samples: 1001 }), 422, 'SVC_INVALID_INPUT', 'num_samples'],
    ['sample', 'a negative energy_window', sample({ energy_window: -0.5 }), 422, 'SVC_INVALID_INPUT', 'energy_window'],
    ['sample', 'num_samples · n over 10^7', sample({ n: 20_000, num_samples: 1000 }), 422, 'SVC_DIMENSION_LIMIT', 'num_samples'],
  ])('%s with %s → %i %s', async (command, _label, body, status, code, field) => {
    const r = await post(command as string, body);
    expect({ status: r.status, code: r.json.code, field: r.json.field ?? r.json.extensions?.field }).toMatchObject({ status, code });
    expect(r.type).toBe(PROBLEM);
    expect(JSON.stringify(r.json)).toContain(field as string);
  }, SLOW);

  it('a pin written twice with different values is 422 SVC_CONTRADICTORY_CONSTRAINTS through HTTP (solve and compute) and svc', async () => {
    // Raw text: JSON.stringify cannot write a duplicate key.
    const text = JSON.stringify(want({ pins: { 0: 1 } })).replace('"pins":{"0":1}', '"pins":{"0":1,"5":0,"0":0}');
    const send = async (path: string) => {
      const res = await fetch(`${suite.server.url}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: text,
      });
      return { status: res.status, json: (await res.json()) as Record<string, any> };
    };
    for (const path of ['/api/v1/solve/want', '/api/v1/compute', '/api/v1/analyze/want']) {
      const r = await send(path);
      expect([r.status, r.json.code, r.json.field], path).toEqual([422, 'SVC_CONTRADICTORY_CONSTRAINTS', 'pins']);
      expect(r.json.detail).toContain('variable 0 is pinned twice');
    }
    const cli = await svc(['want', '--format', 'json'], { stdin: text });
    expect([cli.code, cli.json().code]).toEqual([3, 'SVC_CONTRADICTORY_CONSTRAINTS']);
    // The same pin written twice with the same value is no contradiction.
    const same = text.replace('"0":0}', '"0":1}');
    expect((await svc(['want', '--format', 'json'], { stdin: same })).code).toBe(0);
    // svc batch: a bare line (`svc batch want`) and a wrapped line, each its own fault.
    const batch = await svc(['batch', 'want', '--format', 'json'], { stdin: `${text}\n${JSON.stringify({ command: 'want', problem: JSON.parse(same) })}\n{"command": "want", "problem": ${text}}\n` });
    expect(batch.lines().map((l) => l.error?.code ?? 'ok')).toEqual(['SVC_CONTRADICTORY_CONSTRAINTS', 'ok', 'SVC_CONTRADICTORY_CONSTRAINTS']);
  }, SLOW);

  it('a want warm start that contradicts a pin is not an error (the pin wins)', async () => {
    const r = await post('want', want({ pins: { 0: 0 }, warm_start: [1, 1, 1, 1, 1, 1, 1] }));
    expect(r.status).toBe(200);
    expect(r.json.answer[0]).toBe(0);
  }, SLOW);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseSchemas } from '@svc/contracts';
import { call, sandboxToken, startWithDefaultLimits, stopAll, type TestServer } from '../test/helpers';

// select and rules over HTTP: answers re-scored from the request, and the input errors of
// interface §2.2 / commands.md (k > m, asymmetric redundancy, static rule contradictions).
const TAG = 'svc-cortex-v1';
const desc = 'Choose which candidate projects to staff this quarter.';
const PROBLEM = 'application/problem+json';
const CERTIFIED = 'certified optimum (proven by exhaustion)';
const HEURISTIC = 'heuristic (hypothesis - verify)';

let t: TestServer;
let token: string;

async function solve(command: string, body: Record<string, unknown>, query = '') {
  const r = await call(t.url, 'POST', `/api/v1/solve/${command}${query ? `?${query}` : ''}`, { body: { tag: TAG, description: desc, ...body }, auth: token });
  // Parsed strictly: a body that is not JSON throws.
  return { status: r.status, type: r.type, json: JSON.parse(r.text) as Record<string, any> };
}

function expectProblem(r: Awaited<ReturnType<typeof solve>>, code: string) {
  expect({ status: r.status, code: r.json.code }).toEqual({ status: 422, code });
  expect(r.type).toBe(PROBLEM);
  expect(r.json.type).toMatch(new RegExp(`/errors/${code}$`));
  expect(r.json.tag).toBeUndefined();
}

beforeAll(async () => {
  t = await startWithDefaultLimits();
  token = await sandboxToken(t.url);
}, 60_000);

afterAll(stopAll);

describe('POST /api/v1/solve/select', () => {
  const body = {
    m: 5,
    n: 5,
    k: 2,
    affinity: [5, 4, 4, 1, 0],
    // Items 0 and 1 overlap heavily; the diagonal is ignored.
    redundancy: [[9, 6, 0, 0, 0], [6, 9, 1, 0, 0], [0, 1, 9, 0, 0], [0, 0, 0, 9, 0], [0, 0, 0, 0, 9]],
  };

  it('answers exactly k sorted distinct indices with the re-scored value, certified', async () => {
    const r = await solve('select', body);
    expect(r.status).toBe(200);
    const env = responseSchemas.select.parse(r.json);
    // {0, 2}: 5 + 4 − 0 = 9 beats {0, 1}: 5 + 4 − 6 = 3 and {1, 2}: 4 + 4 − 1 = 7.
    expect(env.answer).toEqual([0, 2]);
    expect(env.value).toBe(9);
    expect(env.count).toBe(2);
    expect(env.certainty).toBe(CERTIFIED);
    expect(r.json.engine).toBe('ts');
    // Same input, seed and engine: the same receipt; a diagonal change is the same problem.
    const again = await solve('select', { ...body, redundancy: body.redundancy.map((row, i) => row.map((w, j) => (i === j ? 0 : w))) });
    expect(again.json.receipt).toBe(r.json.receipt);
  });

  it('a heuristic answer above the exact range still has exactly k items, a bound and the latency fields', async () => {
    const m = 150;
    const affinity = Array.from({ length: m }, (_, i) => (i * 37) % 23);
    const redundancy = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 0 : ((i + 1) * (j + 1)) % 7)));
    const r = await solve('select', { n: m, m, k: 40, affinity, redundancy }, 'effort=flash&max_latency_ms=20000');
    expect(r.status).toBe(200);
    const env = responseSchemas.select.parse(r.json);
    expect(new Set(env.answer).size).toBe(40);
    let v = 0;
    for (const i of env.answer) v += affinity[i];
    for (let s = 0; s < 40; s++) for (let t = s + 1; t < 40; t++) v -= redundancy[env.answer[s]][env.answer[t]];
    expect(env.value).toBe(v);
    expect(env.certainty).toBe(HEURISTIC);
    expect(env.bound).toBeGreaterThanOrEqual(env.value);
    expect(r.json.latency_budget_ms).toBe(20000);
    expect(r.json.stopped_at_deadline).toBe(false);
  });

  it('k > m is 422 SVC_INVALID_INPUT naming k', async () => {
    const r = await solve('select', { ...body, k: 6 });
    expectProblem(r, 'SVC_INVALID_INPUT');
    expect(r.json.field).toBe('k');
    expect(r.json.detail).toMatch(/k \(6\) exceeds m \(5\)/);
  });

  it('an asymmetric redundancy is 422 SVC_INVALID_INPUT naming the entry', async () => {
    const redundancy = body.redundancy.map((row) => [...row]);
    redundancy[3][1] = 2;
    const r = await solve('select', { ...body, redundancy });
    expectProblem(r, 'SVC_INVALID_INPUT');
    expect(r.json.detail).toMatch(/symmetric/);
    expect(r.json.field).toMatch(/^redundancy/);
  });

  it('a wrong affinity length, a ragged matrix and n disagreeing with m are input errors', async () => {
    expectProblem(await solve('select', { ...body, affinity: [1, 2, 3] }), 'SVC_INVALID_INPUT');
    expectProblem(await solve('select', { ...body, redundancy: body.redundancy.map((row, i) => (i === 2 ? row.slice(1) : row)) }), 'SVC_INVALID_INPUT');
    expectProblem(await solve('select', { ...body, n: 6 }), 'SVC_INVALID_INPUT');
    expectProblem(await solve('select', { ...body, k: 0 }), 'SVC_INVALID_INPUT');
  });
});

describe('POST /api/v1/solve/rules', () => {
  it('a satisfiable problem: zero violations and the minimum energy, certified', async () => {
    const r = await solve('rules', {
      n: 4,
      constraints: [
        { type: 'choose_one', nodes: [0, 1, 2] },
        { type: 'requires', nodes: [3, 0] },
        { type: 'force_true', nodes: [3] },
      ],
      linear: { 0: 2, 1: -1, 2: -3 },
    });
    expect(r.status).toBe(200);
    const env = responseSchemas.rules.parse(r.json);
    // x3 = 1 forces x0 = 1, so choose_one leaves 1 and 2 off: energy 2.
    expect(env.answer).toEqual([1, 0, 0, 1]);
    expect(env.violations).toBe(0);
    expect(env.energy).toBe(2);
    expect(env.certainty).toBe(CERTIFIED);
  });

  it('an infeasible problem without a static contradiction: the certified minimum of violations', async () => {
    const r = await solve('rules', {
      n: 3,
      constraints: [
        { type: 'different', nodes: [0, 1] },
        { type: 'different', nodes: [1, 2] },
        { type: 'different', nodes: [0, 2] },
      ],
      linear: { 0: 1, 1: 1, 2: 1 },
    });
    expect(r.status).toBe(200);
    const env = responseSchemas.rules.parse(r.json);
    expect(env.violations).toBe(1);
    expect(env.energy).toBe(1);
    expect(env.certainty).toBe(CERTIFIED);
  });

  const contradictions: [string, Record<string, unknown>[], number[], RegExp][] = [
    ['force_true and force_false on one node',
      [{ type: 'choose_one', nodes: [0, 1] }, { type: 'force_true', nodes: [2, 1] }, { type: 'force_false', nodes: [1] }], [1, 2], /node 1/],
    ['identical and different on one pair',
      [{ type: 'identical', nodes: [0, 2] }, { type: 'requires', nodes: [0, 1] }, { type: 'different', nodes: [2, 0] }], [0, 2], /\(0, 2\)/],
    ['choose_exactly with k > |nodes|',
      [{ type: 'mutual_exclusion', nodes: [0, 1] }, { type: 'choose_exactly', nodes: [1, 2], k: 3 }], [1], /k = 3/],
    ['choose_one over nodes all forced false',
      [{ type: 'force_false', nodes: [0] }, { type: 'force_false', nodes: [1, 2] }, { type: 'choose_one', nodes: [0, 1] }], [0, 1, 2], /forced false/],
  ];
  for (const [name, constraints, rules, detail] of contradictions) {
    it(`${name} is 422 SVC_CONTRADICTORY_CONSTRAINTS naming the rules`, async () => {
      const r = await solve('rules', { n: 3, constraints });
      expectProblem(r, 'SVC_CONTRADICTORY_CONSTRAINTS');
      expect(r.json.rules).toEqual(rules);
      expect(r.json.detail).toMatch(new RegExp(`^rules? ${rules.join(', ')} (is|are) contradictory`));
      expect(r.json.detail).toMatch(detail);
    });
  }

  it('malformed rules are 422 SVC_INVALID_INPUT with the path of the fault', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: 'requires', nodes: [0, 1, 2] }, /exactly 2 nodes/],
      [{ type: 'choose_one', nodes: [1, 1] }, /twice/],
      [{ type: 'choose_one', nodes: [0, 3] }, /out of range/],
      [{ type: 'capacity_limit', nodes: [0, 1] }, /k/],
      [{ type: 'mutual_exclusion', nodes: [0, 1], k: 1 }, /k applies only/],
      [{ type: 'pick_some', nodes: [0] }, /type/],
    ];
    for (const [rule, detail] of bad) {
      const r = await solve('rules', { n: 3, constraints: [{ type: 'choose_one', nodes: [0, 1] }, rule] });
      expectProblem(r, 'SVC_INVALID_INPUT');
      expect(r.json.field).toMatch(/^constraints\[1\]/);
      expect(r.json.detail).toMatch(detail);
    }
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { svcSuite } from './svc-cli-harness';

// End to end: `svc select` and `svc rules` from a freshly bundled CLI against a real server on the TS engine.
const CERTIFIED = 'certified optimum (proven by exhaustion)';
const HEURISTIC = 'heuristic (hypothesis - verify)';

// `env: undefined`: this suite's server reads the caller's environment, as it always has.
const suite = svcSuite('svc-sr-e2e-', { env: undefined, onFault: (e) => console.error('server fault', e) });
const { svc } = suite;

const SELECT = {
  description: 'pick two of five conference talks with the least overlap',
  n: 5,
  m: 5,
  k: 2,
  affinity: [5, 4, 4, 1, 0],
  redundancy: [[0, 6, 0, 0, 0], [6, 0, 1, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]],
};

const RULES = {
  description: 'staff three shifts under the union rules at the lowest cost',
  n: 5,
  constraints: [
    { type: 'choose_exactly', nodes: [0, 1, 2], k: 2 },
    { type: 'requires', nodes: [0, 3] },
    { type: 'different', nodes: [3, 4] },
    { type: 'capacity_limit', nodes: [1, 2, 4], k: 1 },
  ],
  linear: { 0: 3, 1: 1, 2: 2, 3: 1, 4: -2 },
  quadratic: [[1, 2, 4]],
};

/** Lexicographic optimum of RULES by enumeration (independent of the service). */
function bruteRules(): { violations: number; energy: number } {
  let best = { violations: Infinity, energy: Infinity };
  for (let mask = 0; mask < 32; mask++) {
    const x = [0, 1, 2, 3, 4].map((i) => (mask >> i) & 1);
    let violations = 0;
    if (x[0] + x[1] + x[2] !== 2) violations++;
    if (x[0] === 1 && x[3] === 0) violations++;
    if (x[3] === x[4]) violations++;
    if (x[1] + x[2] + x[4] > 1) violations++;
    const energy = 3 * x[0] + x[1] + 2 * x[2] + x[3] - 2 * x[4] + 4 * x[1] * x[2];
    if (violations < best.violations || (violations === best.violations && energy < best.energy)) best = { violations, energy };
  }
  return best;
}

describe('svc select and svc rules (bundled) against the real server', () => {
  it('svc select: json and human formats, exactly k sorted indices, certified', async () => {
    const json = await svc(['select', '--format', 'json'], { stdin: JSON.stringify(SELECT) });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout);
    // {0, 2}: 9 beats {1, 2}: 7 and {0, 1}: 3.
    expect(r).toMatchObject({ answer: [0, 2], value: 9, count: 2, certainty: CERTIFIED, tag: 'svc-cortex-v1', engine: 'ts' });
    expect(r.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);

    const human = await svc(['select'], { stdin: JSON.stringify(SELECT) });
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`select: ${CERTIFIED}`);
    expect(human.stdout).toMatch(/value\s+9\n/);
    expect(human.stdout).toMatch(/answer\s+\[0,2\]\n/);
  });

  it('svc select with a latency budget and a heuristic size reports the budget fields', async () => {
    const m = 120;
    const problem = {
      description: 'shortlist forty of one hundred twenty grant proposals',
      n: m,
      m,
      k: 40,
      affinity: Array.from({ length: m }, (_, i) => (i * 13) % 17),
      redundancy: Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 0 : (i + j) % 5))),
    };
    const out = await svc(['select', '--format', 'json', '--effort', 'flash', '--max-latency-ms', '30000', '--seed', '7'], { stdin: JSON.stringify(problem) });
    expect(out.code).toBe(0);
    const r = JSON.parse(out.stdout);
    expect(r.count).toBe(40);
    expect(new Set(r.answer).size).toBe(40);
    expect(r.certainty).toBe(HEURISTIC);
    expect(r.latency_budget_ms).toBe(30000);
    expect(r.stopped_at_deadline).toBe(false);
    expect(r.bound).toBeGreaterThanOrEqual(r.value);
    let v = 0;
    for (const i of r.answer) v += problem.affinity[i];
    for (let s = 0; s < r.answer.length; s++) for (let t = s + 1; t < r.answer.length; t++) v -= problem.redundancy[r.answer[s]][r.answer[t]];
    expect(r.value).toBe(v);
  });

  it('svc rules from --input: the certified lexicographic optimum; envelope format', async () => {
    writeFileSync(join(suite.work, 'rules.json'), JSON.stringify(RULES));
    const out = await svc(['rules', '--input', 'rules.json', '--format', 'json']);
    expect(out.code).toBe(0);
    const r = JSON.parse(out.stdout);
    expect({ violations: r.violations, energy: r.energy }).toEqual(bruteRules());
    expect(r.certainty).toBe(CERTIFIED);
    expect(r.answer).toHaveLength(5);

    const env = await svc(['solve', 'rules', '--format', 'envelope'], { stdin: JSON.stringify(RULES) });
    expect(env.code).toBe(0);
    const doc = JSON.parse(env.stdout);
    expect(doc.problem.tag).toBe('svc-cortex-v1');
    expect(doc.result.violations).toBe(r.violations);
    expect(doc.result.receipt).toBe(r.receipt);
  });

  it('exit 3: contradictory rules are SVC_CONTRADICTORY_CONSTRAINTS naming the rules', async () => {
    const bad = { ...RULES, constraints: [...RULES.constraints, { type: 'identical', nodes: [4, 3] }] };
    const out = await svc(['rules', '--format', 'json'], { stdin: JSON.stringify(bad) });
    expect(out.code).toBe(3);
    const doc = JSON.parse(out.stdout);
    expect(doc).toMatchObject({ status: 422, code: 'SVC_CONTRADICTORY_CONSTRAINTS', rules: [2, 4] });
    expect(doc.detail).toMatch(/rules 2, 4 are contradictory/);
    expect(out.stderr).toContain('svc: SVC_CONTRADICTORY_CONSTRAINTS (HTTP 422)');
  });

  it('exit 3: select with k > m is SVC_INVALID_INPUT', async () => {
    const out = await svc(['select', '--format', 'json'], { stdin: JSON.stringify({ ...SELECT, k: 9 }) });
    expect(out.code).toBe(3);
    expect(JSON.parse(out.stdout)).toMatchObject({ status: 422, code: 'SVC_INVALID_INPUT', field: 'k' });
  });
});

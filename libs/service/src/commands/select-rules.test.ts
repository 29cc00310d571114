import { describe, expect, it } from 'vitest';
import type { EngineResult } from '@svc/engine-ts';
import { exactCapsOf } from './index';
import { receipt } from '../receipt';
import { adapterHarness, engineFailure } from '../../test/adapters';
import { lcg } from '../../test/brute-force';

const { prepare, run } = adapterHarness('Pick the shortlist of projects to fund this quarter.');

/** A random select body: integer affinity, symmetric redundancy with a noisy diagonal. */
function selectBody(m: number, k: number, seed: number): { m: number; k: number; affinity: number[]; redundancy: number[][] } {
  const r = lcg(seed);
  const affinity = Array.from({ length: m }, () => Math.floor(r() * 20));
  const redundancy = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let i = 0; i < m; i++) {
    redundancy[i][i] = Math.floor(r() * 99);
    for (let j = i + 1; j < m; j++) {
      const w = r() < 0.6 ? Math.floor(r() * 12) - 2 : 0;
      redundancy[i][j] = w;
      redundancy[j][i] = w;
    }
  }
  return { m, k, affinity, redundancy };
}

/** Best value over every k-subset, straight from the body (each unordered pair once). */
function bruteSelect(b: ReturnType<typeof selectBody>): number {
  let best = -Infinity;
  for (let mask = 0; mask < 1 << b.m; mask++) {
    const c: number[] = [];
    for (let i = 0; i < b.m; i++) if ((mask >> i) & 1) c.push(i);
    if (c.length !== b.k) continue;
    let v = 0;
    for (const i of c) v += b.affinity[i];
    for (let s = 0; s < c.length; s++) for (let t = s + 1; t < c.length; t++) v -= b.redundancy[c[s]][c[t]];
    best = Math.max(best, v);
  }
  return best;
}

type Rule = { type: string; nodes: number[]; k?: number };

/** A random rules body over every rule type, without the static contradictions. */
function rulesBody(n: number, seed: number): { n: number; constraints: Rule[]; linear: Record<string, number>; quadratic: [number, number, number][] } {
  const r = lcg(seed);
  const types = ['choose_one', 'choose_exactly', 'mutual_exclusion', 'capacity_limit', 'force_true', 'force_false', 'requires', 'identical', 'different'];
  const constraints: Rule[] = [];
  const forced = new Map<number, string>();
  const pairs = new Map<string, string>();
  const pick = (count: number) => {
    const out: number[] = [];
    while (out.length < count) {
      const v = Math.floor(r() * n);
      if (!out.includes(v)) out.push(v);
    }
    return out;
  };
  for (let t = 0; t < n + 2; t++) {
    const type = types[Math.floor(r() * types.length)];
    if (type === 'requires' || type === 'identical' || type === 'different') {
      const nodes = pick(2);
      const key = [...nodes].sort().join(',');
      if (type !== 'requires' && pairs.has(key) && pairs.get(key) !== type) continue;
      if (type !== 'requires') pairs.set(key, type);
      constraints.push({ type, nodes });
    } else if (type === 'force_true' || type === 'force_false') {
      const nodes = pick(1);
      if (forced.has(nodes[0]) && forced.get(nodes[0]) !== type) continue;
      forced.set(nodes[0], type);
      constraints.push({ type, nodes });
    } else {
      const nodes = pick(1 + Math.floor(r() * Math.min(4, n)));
      if (type === 'choose_exactly' || type === 'capacity_limit') constraints.push({ type, nodes, k: Math.floor(r() * (nodes.length + 1)) });
      else constraints.push({ type, nodes });
    }
  }
  // Drop choose rules whose nodes are all forced false (a static contradiction).
  const kept = constraints.filter((c) => !((c.type === 'choose_one' || (c.type === 'choose_exactly' && (c.k ?? 0) > 0)) && c.nodes.every((v) => forced.get(v) === 'force_false')));
  const linear: Record<string, number> = {};
  for (let i = 0; i < n; i++) if (r() < 0.7) linear[String(i)] = Math.floor(r() * 21) - 10;
  const quadratic: [number, number, number][] = [];
  for (let t = 0; t < n; t++) quadratic.push([Math.floor(r() * n), Math.floor(r() * n), Math.floor(r() * 21) - 10]);
  return { n, constraints: kept, linear, quadratic };
}

function holds(c: Rule, x: number[]): boolean {
  const ones = c.nodes.filter((v) => x[v] === 1).length;
  const [a, b] = c.nodes;
  switch (c.type) {
    case 'choose_one': return ones === 1;
    case 'choose_exactly': return ones === c.k;
    case 'mutual_exclusion': return ones <= 1;
    case 'capacity_limit': return ones <= (c.k ?? 0);
    case 'force_true': return ones === c.nodes.length;
    case 'force_false': return ones === 0;
    case 'requires': return !(x[a] === 1 && x[b] === 0);
    case 'identical': return x[a] === x[b];
    default: return x[a] !== x[b];
  }
}

function bruteRules(b: ReturnType<typeof rulesBody>): { violations: number; energy: number } {
  let best = { violations: Infinity, energy: Infinity };
  for (let mask = 0; mask < 1 << b.n; mask++) {
    const x = Array.from({ length: b.n }, (_, i) => (mask >> i) & 1);
    const violations = b.constraints.filter((c) => !holds(c, x)).length;
    let energy = 0;
    for (const [k, h] of Object.entries(b.linear)) energy += h * x[Number(k)];
    for (const [i, j, w] of b.quadratic) energy += w * x[i] * x[j];
    if (violations < best.violations || (violations === best.violations && energy < best.energy)) best = { violations, energy };
  }
  return best;
}

describe('select adapter', () => {
  it('certified values equal brute force over the JSON; the answer is k sorted distinct indices', () => {
    for (let s = 0; s < 16; s++) {
      const m = 4 + (s % 11);
      const body = selectBody(m, 1 + (s % (m - 1)), 50 + s);
      const { done } = run('select', body, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      expect(done.proof).not.toBeNull();
      const answer = done.fields.answer as number[];
      expect(answer.length).toBe(body.k);
      expect(done.fields.count).toBe(body.k);
      expect([...new Set(answer)].sort((a, b) => a - b)).toEqual(answer);
      expect(done.fields.value).toBe(bruteSelect(body));
    }
  });

  it('heuristic answers carry a bound and a gap; a fired deadline is never a proof', () => {
    const body = selectBody(200, 60, 7);
    const { done, r, prep } = run('select', body, { effort: 'flash' });
    expect(done.proof).toBeNull();
    expect(done.bound).toBeGreaterThanOrEqual(done.fields.value as number);
    expect(done.gap).toBeGreaterThanOrEqual(0);
    const small = run('select', selectBody(12, 5, 8));
    expect(small.done.proof).not.toBeNull();
    expect(small.prep.finish(small.r, { deadlineFired: true }).proof).not.toBeNull(); // it finished before the timer
    expect(small.prep.finish({ ...small.r, stoppedAtDeadline: true }, { deadlineFired: true }).proof).toBeNull();
    expect(prep.finish(r, { deadlineFired: true }).stoppedAtDeadline).toBe(true);
  });

  it('rejects an engine answer that is not exactly k items or whose value is wrong', () => {
    const body = selectBody(10, 4, 9);
    const { prep, r } = run('select', body);
    const wrongCount = Uint8Array.from(r.answer);
    wrongCount[wrongCount.indexOf(0)] = 1;
    expect(engineFailure(() => prep.finish({ ...r, answer: wrongCount } as EngineResult, { deadlineFired: false }))).toMatch(/exactly k = 4/);
    expect(engineFailure(() => prep.finish({ ...r, answer: r.answer.slice(1) } as EngineResult, { deadlineFired: false }))).toMatch(/length/);
    expect(engineFailure(() => prep.finish({ ...r, objective: r.objective + 1 }, { deadlineFired: false }))).toMatch(/re-score/);
    const bounded: EngineResult = { ...r, proof: null, bound: r.objective - 1 };
    expect(engineFailure(() => prep.finish(bounded, { deadlineFired: false }))).toMatch(/bound/);
  });

  it('the receipt form ignores the diagonal and treats an all-zero matrix as none', () => {
    const body = selectBody(6, 2, 10);
    const noisy = { ...body, redundancy: body.redundancy.map((row, i) => row.map((w, j) => (i === j ? w + 17 : w))) };
    expect(prepare('select', noisy).receiptProblem).toEqual(prepare('select', body).receiptProblem);
    const zero = { m: 3, k: 2, affinity: [1, 2, 3], redundancy: [[5, 0, 0], [0, 5, 0], [0, 0, 5]] };
    const none = { m: 3, k: 2, affinity: [1, 2, 3] };
    const rp = prepare('select', zero).receiptProblem;
    expect(rp).toEqual(prepare('select', none).receiptProblem);
    expect(rp).toEqual({ n: 3, m: 3, k: 2, affinity: Float64Array.from([1, 2, 3]) });
    const ctx = { command: 'select' as const, seed: 0, effort: 'medium' as const, version: 'v', engine: 'ts', answer: [1, 2] };
    expect(receipt({ ...ctx, problem: rp })).toBe(receipt({ ...ctx, problem: prepare('select', none).receiptProblem }));
    const withPair = prepare('select', { ...body }).receiptProblem as { redundancy: Float64Array[] };
    expect(withPair.redundancy.length).toBe(5);
    expect(Array.from(withPair.redundancy[0])).toEqual(body.redundancy[0].slice(1));
  });
});

describe('rules adapter', () => {
  it('certified (violations, energy) equal brute force over the JSON, infeasible ones included', () => {
    let infeasible = 0;
    for (let s = 0; s < 24; s++) {
      const body = rulesBody(3 + (s % 10), 200 + s);
      const { done } = run('rules', body, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      const bf = bruteRules(body);
      expect(done.proof).toBe('branch_and_bound');
      expect(done.fields.violations).toBe(bf.violations);
      expect(done.fields.energy).toBe(bf.energy);
      const x = done.fields.answer as number[];
      expect(body.constraints.filter((c) => !holds(c, x)).length).toBe(done.fields.violations);
      if (bf.violations > 0) infeasible++;
    }
    expect(infeasible).toBeGreaterThan(3);
  });

  it('rejects an engine whose violation count or energy disagrees with the recount', () => {
    const body = rulesBody(8, 5);
    const { prep, r } = run('rules', body);
    if (r.kind !== 'rules') throw new Error(`expected a rules result, got ${r.kind}`);
    expect(engineFailure(() => prep.finish({ ...r, violations: (r.violations ?? 0) + 1 }, { deadlineFired: false }))).toMatch(/independent count/);
    expect(engineFailure(() => prep.finish({ ...r, kind: 'binary' }, { deadlineFired: false }))).toMatch(/violated rules/);
    expect(engineFailure(() => prep.finish({ ...r, objective: r.objective - 1 }, { deadlineFired: false }))).toMatch(/re-score/);
    const flipped = Uint8Array.from(r.answer);
    flipped[0] ^= 1;
    expect(() => prep.finish({ ...r, answer: flipped }, { deadlineFired: false })).toThrow();
    expect(prep.finish({ ...r, proof: 'branch_and_bound', stoppedAtDeadline: true }, { deadlineFired: true }).proof).toBeNull();
  });

  it('the receipt form sorts set-like rule nodes, keeps requires directed, and canonicalises the objective', () => {
    const a = { n: 4, constraints: [{ type: 'choose_one', nodes: [3, 1, 2] }, { type: 'requires', nodes: [0, 1] }], linear: { 1: 2, 2: 0 }, quadratic: [[2, 1, 1], [1, 2, 2], [3, 3, -1]] };
    const b = { n: 4, constraints: [{ type: 'choose_one', nodes: [1, 2, 3] }, { type: 'requires', nodes: [0, 1] }], linear: { 1: 2 }, quadratic: [[1, 2, 3]], };
    const rb = { ...b, linear: { 1: 2, 3: -1 } };
    expect(prepare('rules', a).receiptProblem).toEqual(prepare('rules', rb).receiptProblem);
    const reversed = { ...rb, constraints: [rb.constraints[0], { type: 'requires', nodes: [1, 0] }] };
    expect(prepare('rules', reversed).receiptProblem).not.toEqual(prepare('rules', rb).receiptProblem);
    expect(prepare('rules', a).receiptProblem).toEqual({
      n: 4,
      constraints: [{ type: 'choose_one', nodes: [1, 2, 3] }, { type: 'requires', nodes: [0, 1] }],
      linear: { 1: 2, 3: -1 },
      quadratic: [[1, 2, 3]],
    });
  });

  it('counts compute units from rule nodes and objective pairs (select: penalised pairs), and reports typical exact caps', () => {
    const prep = prepare('rules', { n: 5, constraints: [{ type: 'choose_one', nodes: [0, 1, 2] }], quadratic: [[0, 1, 1], [1, 0, 1]] });
    expect(prep.terms).toBe(3 + 1);
    expect(prepare('select', { m: 3, k: 1, affinity: [1, 2, 3], redundancy: [[7, 1, 0], [1, 7, 2], [0, 2, 7]] }).terms).toBe(2);
    expect(exactCapsOf('rules')).toEqual({ flash: expect.any(Number), medium: expect.any(Number), high: expect.any(Number) });
    expect(exactCapsOf('select')!.high).toBeGreaterThanOrEqual(exactCapsOf('select')!.flash);
  });
});

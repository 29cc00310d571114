/**
 * Test helpers for `select` and `rules` (re-exported by `@svc/engine-ts/testing`): seeded
 * instance generators, independent brute forces that share no code with the engines, and the
 * conformance tests both engines must pass (registered by `engineConformanceSuite`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRules, type RawRule } from '../families/rules/canonical';
import { canonicalSelect } from '../families/select/canonical';
import { type Effort, type Engine, type EngineRequest, type EngineResult, newCancelSignal } from '../engine';
import type { RulesProblem } from '../families/rules/problem';
import type { SelectProblem } from '../families/select/problem';
import { Prng } from '../prng';
import { expectKind } from './expect-kind';

// ---------------------------------------------------------------------------------------------
// select: generators and brute force

/** JSON-shaped `select` input. */
export interface SelectInput {
  readonly m: number;
  readonly k: number;
  readonly affinity: number[];
  readonly redundancy?: number[][];
}

export interface RandomSelectOptions {
  /** int: affinity 0..20, redundancy 0..10; real: uniform; signed: redundancy in −5..10. Default 'int'. */
  readonly weights?: 'int' | 'real' | 'signed';
  /** Probability that a pair has a non-zero redundancy. Default 0.6. */
  readonly density?: number;
  /** Leave redundancy out. */
  readonly noRedundancy?: boolean;
}

/** A seeded random `select` input (JSON shape; redundancy symmetric, random diagonal). */
export function randomSelectInput(seed: number, m: number, k: number, o: RandomSelectOptions = {}): SelectInput {
  const rng = new Prng(seed);
  const kind = o.weights ?? 'int';
  const density = o.density ?? 0.6;
  const affinity: number[] = [];
  for (let i = 0; i < m; i++) affinity.push(kind === 'real' ? rng.nextFloat() * 20 : rng.nextInt(21));
  if (o.noRedundancy) return { m, k, affinity };
  const red: number[][] = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let i = 0; i < m; i++) {
    // The diagonal is ignored by the spec: fill it with noise to prove it.
    red[i][i] = rng.nextInt(100) - 50;
    for (let j = i + 1; j < m; j++) {
      let w = 0;
      if (rng.nextFloat() < density) {
        w = kind === 'real' ? rng.nextFloat() * 10 : kind === 'signed' ? rng.nextInt(16) - 5 : rng.nextInt(11);
      }
      red[i][j] = w;
      red[j][i] = w;
    }
  }
  return { m, k, affinity, redundancy: red };
}

/** A seeded random canonical select problem. */
export function randomSelect(seed: number, m: number, k: number, o: RandomSelectOptions = {}): SelectProblem {
  const inp = randomSelectInput(seed, m, k, o);
  return canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
}

/** Value of chosen indices straight from the JSON input (each unordered pair once, diagonal ignored). */
export function naiveSelectValue(inp: SelectInput, chosen: readonly number[]): number {
  let v = 0;
  for (const i of chosen) v += inp.affinity[i];
  if (inp.redundancy) {
    for (let s = 0; s < chosen.length; s++) for (let t = s + 1; t < chosen.length; t++) v -= inp.redundancy[chosen[s]][chosen[t]];
  }
  return v;
}

/** Best value over every k-subset by plain bitmask counting (m <= 18). */
export function bruteForceSelect(inp: SelectInput): number {
  if (inp.m > 18) throw new Error('bruteForceSelect is for m <= 18');
  let best = -Infinity;
  for (let mask = 0; mask < 1 << inp.m; mask++) {
    const chosen: number[] = [];
    for (let i = 0; i < inp.m; i++) if ((mask >>> i) & 1) chosen.push(i);
    if (chosen.length !== inp.k) continue;
    best = Math.max(best, naiveSelectValue(inp, chosen));
  }
  return best;
}

function selectTol(inp: SelectInput): number {
  let s = 0;
  for (const a of inp.affinity) s += Math.abs(a);
  if (inp.redundancy) for (let i = 0; i < inp.m; i++) for (let j = i + 1; j < inp.m; j++) s += Math.abs(inp.redundancy[i][j]);
  return 1e-9 * (1 + s);
}

// ---------------------------------------------------------------------------------------------
// rules: generators and brute force

/** JSON-shaped `rules` input. */
export interface RulesInput {
  readonly n: number;
  readonly constraints: RawRule[];
  readonly linear: Record<string, number>;
  readonly quadratic: [number, number, number][];
}

export interface RandomRulesOptions {
  /** Number of rules. Default 1.2·n. */
  readonly rules?: number;
  /** Objective: 'none', 'linear' or 'quadratic' (linear + pairs). Default 'quadratic'. */
  readonly objective?: 'none' | 'linear' | 'quadratic';
  /** Allow rules that may contradict each other (force_true/force_false on one node, ...). Default true. */
  readonly conflicts?: boolean;
}

const KINDS = [
  'choose_one', 'choose_exactly', 'mutual_exclusion', 'capacity_limit',
  'force_true', 'force_false', 'requires', 'identical', 'different',
] as const;

/** Distinct random nodes (count <= n), by rejection: O(count²), independent of n. */
function pickNodes(rng: Prng, n: number, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const v = rng.nextInt(n);
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/**
 * A seeded random `rules` input over every rule type (n >= 2). With `conflicts: false` no node is
 * both forced true and forced false and no pair is both identical and different (the static
 * contradictions of commands.md); infeasible combinations of other rules still occur.
 */
export function randomRulesInput(seed: number, n: number, o: RandomRulesOptions = {}): RulesInput {
  const rng = new Prng(seed);
  const count = o.rules ?? Math.round(1.2 * n);
  const constraints: RawRule[] = [];
  const forced = new Map<number, string>();
  const pairKind = new Map<string, string>();
  const conflicts = o.conflicts ?? true;
  for (let r = 0; r < count; r++) {
    const type = KINDS[rng.nextInt(KINDS.length)];
    if (type === 'requires' || type === 'identical' || type === 'different') {
      const [a, b] = pickNodes(rng, n, 2);
      const key = `${Math.min(a, b)},${Math.max(a, b)}`;
      if (!conflicts && type !== 'requires') {
        const prior = pairKind.get(key);
        if (prior !== undefined && prior !== type) continue;
        pairKind.set(key, type);
      }
      constraints.push({ type, nodes: [a, b] });
      continue;
    }
    const size = 1 + rng.nextInt(Math.min(n, type.startsWith('force') ? 2 : 5));
    const nodes = pickNodes(rng, n, size);
    if (type === 'force_true' || type === 'force_false') {
      if (!conflicts && nodes.some((v) => forced.has(v) && forced.get(v) !== type)) continue;
      for (const v of nodes) forced.set(v, type);
      constraints.push({ type, nodes });
    } else if (type === 'choose_exactly' || type === 'capacity_limit') {
      constraints.push({ type, nodes, k: rng.nextInt(size + (conflicts ? 1 : 0)) });
    } else {
      constraints.push({ type, nodes });
    }
  }
  const linear: Record<string, number> = {};
  const quadratic: [number, number, number][] = [];
  const obj = o.objective ?? 'quadratic';
  if (obj !== 'none') {
    for (let i = 0; i < n; i++) if (rng.nextInt(10) < 7) linear[String(i)] = rng.nextInt(21) - 10;
  }
  if (obj === 'quadratic') {
    const pairs = n + rng.nextInt(n + 1);
    for (let t = 0; t < pairs; t++) {
      const i = rng.nextInt(n);
      const j = rng.nextInt(n);
      quadratic.push([i, j, rng.nextInt(21) - 10]);
    }
  }
  return { n, constraints, linear, quadratic };
}

/** A seeded random canonical rules problem. */
export function randomRules(seed: number, n: number, o: RandomRulesOptions = {}): RulesProblem {
  const inp = randomRulesInput(seed, n, o);
  return canonicalRules(inp.n, inp.constraints, inp.linear, inp.quadratic);
}

/** Violations and energy of x straight from the JSON input, rule by rule. */
export function naiveRulesScore(inp: RulesInput, x: ArrayLike<number>): { violations: number; energy: number } {
  let violations = 0;
  for (const r of inp.constraints) {
    const vals = Array.from(r.nodes, (v) => x[v]);
    const ones = vals.filter((b) => b === 1).length;
    let ok: boolean;
    switch (r.type) {
      case 'choose_one': ok = ones === 1; break;
      case 'choose_exactly': ok = ones === r.k; break;
      case 'mutual_exclusion': ok = ones <= 1; break;
      case 'capacity_limit': ok = ones <= (r.k as number); break;
      case 'force_true': ok = ones === vals.length; break;
      case 'force_false': ok = ones === 0; break;
      case 'requires': ok = !(vals[0] === 1 && vals[1] === 0); break;
      case 'identical': ok = vals[0] === vals[1]; break;
      case 'different': ok = vals[0] !== vals[1]; break;
      default: throw new Error(`unknown rule ${r.type}`);
    }
    if (!ok) violations++;
  }
  let energy = 0;
  for (const [key, h] of Object.entries(inp.linear)) energy += h * x[Number(key)];
  for (const [i, j, w] of inp.quadratic) energy += w * x[i] * x[j];
  return { violations, energy };
}

/**
 * Lexicographic optimum (violations, energy) by plain counting (n <= 18); each rule is checked
 * on the bit mask by its definition (popcount of its node mask), sharing nothing with naiveRulesScore.
 */
export function bruteForceRules(inp: RulesInput): { violations: number; energy: number } {
  if (inp.n > 18) throw new Error('bruteForceRules is for n <= 18');
  const rules = inp.constraints.map((r) => {
    let mask = 0;
    for (const v of Array.from(r.nodes)) mask |= 1 << v;
    return { type: r.type, mask, size: r.nodes.length, k: r.k ?? 0, a: r.nodes[0], b: r.nodes[1] };
  });
  const lin = Object.entries(inp.linear).map(([key, h]) => [Number(key), h] as const);
  let best = { violations: Infinity, energy: Infinity };
  for (let code = 0; code < 2 ** inp.n; code++) {
    let violations = 0;
    for (const r of rules) {
      const ones = popcount(code & r.mask);
      const xa = (code >>> r.a) & 1;
      const xb = (code >>> r.b) & 1;
      const ok =
        r.type === 'choose_one' ? ones === 1
        : r.type === 'choose_exactly' ? ones === r.k
        : r.type === 'mutual_exclusion' ? ones <= 1
        : r.type === 'capacity_limit' ? ones <= r.k
        : r.type === 'force_true' ? ones === r.size
        : r.type === 'force_false' ? ones === 0
        : r.type === 'requires' ? !(xa === 1 && xb === 0)
        : r.type === 'identical' ? xa === xb
        : xa !== xb;
      if (!ok) violations++;
    }
    if (violations > best.violations) continue;
    let energy = 0;
    for (const [i, h] of lin) if ((code >>> i) & 1) energy += h;
    for (const [i, j, w] of inp.quadratic) if ((code >>> i) & 1 && (code >>> j) & 1) energy += w;
    if (violations < best.violations || energy < best.energy) best = { violations, energy };
  }
  return best;
}

function popcount(v: number): number {
  let c = 0;
  for (let x = v; x !== 0; x &= x - 1) c++;
  return c;
}

function rulesTol(inp: RulesInput): number {
  let s = 0;
  for (const h of Object.values(inp.linear)) s += Math.abs(h);
  for (const [, , w] of inp.quadratic) s += Math.abs(w);
  return 1e-9 * (1 + s);
}

// ---------------------------------------------------------------------------------------------
// Conformance

function selectReq(p: SelectProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: 'select', problem: p, effort: 'medium', seed: 0, ...extra };
}

function rulesReq(p: RulesProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: 'rules', problem: p, effort: 'medium', seed: 0, ...extra };
}

/** Exactly k distinct items, re-scored from the JSON input; returns the chosen indices. */
function expectValidSelect(inp: SelectInput, r: EngineResult, label = ''): number[] {
  expect(r.kind, label).toBe('binary');
  expect(r.answer.length, label).toBe(inp.m);
  const chosen: number[] = [];
  for (let i = 0; i < inp.m; i++) {
    expect(r.answer[i] === 0 || r.answer[i] === 1, label).toBe(true);
    if (r.answer[i] === 1) chosen.push(i);
  }
  expect(chosen.length, label).toBe(inp.k);
  expect(Math.abs(naiveSelectValue(inp, chosen) - r.objective), label).toBeLessThanOrEqual(selectTol(inp));
  if (r.bound !== undefined) expect(r.objective, label).toBeLessThanOrEqual(r.bound + selectTol(inp));
  return chosen;
}

function expectValidRules(inp: RulesInput, r: EngineResult, label = ''): { violations: number; energy: number } {
  expect(r.answer.length, label).toBe(inp.n);
  for (let i = 0; i < inp.n; i++) expect(r.answer[i] === 0 || r.answer[i] === 1, label).toBe(true);
  const s = naiveRulesScore(inp, r.answer);
  expect(expectKind(r, 'rules', label).violations, label).toBe(s.violations);
  expect(Math.abs(s.energy - r.objective), label).toBeLessThanOrEqual(rulesTol(inp));
  return s;
}

/** The select and rules conformance tests (called inside `engineConformanceSuite`). */
export function selectRulesConformance(name: string, makeEngine: () => Engine | Promise<Engine>): void {
  describe(`select and rules conformance: ${name}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await makeEngine();
    });

    it('supports select and rules', () => {
      expect(engine.supports('select')).toBe(true);
      expect(engine.supports('rules')).toBe(true);
    });

    it('select: certified answers equal brute force on 240 random instances (m <= 16)', async () => {
      const kinds = ['int', 'real', 'signed'] as const;
      let certified = 0;
      const proofs = new Set<string>();
      for (let s = 0; s < 240; s++) {
        const m = 1 + (s % 16);
        const k = 1 + ((s * 7) % m);
        const inp = randomSelectInput(9000 + s, m, k, {
          weights: kinds[s % 3], density: [0.3, 0.7, 1][s % 3], noRedundancy: s % 11 === 0,
        });
        const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
        const effort = (['flash', 'medium', 'high'] as Effort[])[s % 3];
        const r = await engine.solve(selectReq(p, { seed: s, effort }));
        const label = `select#${s} m=${m} k=${k}`;
        expectValidSelect(inp, r, label);
        expect(r.proof, label).not.toBeNull();
        expect(r.stoppedAtDeadline, label).toBe(false);
        expect(Math.abs(r.objective - bruteForceSelect(inp)), label).toBeLessThanOrEqual(selectTol(inp));
        proofs.add(String(r.proof));
        certified++;
      }
      expect(certified).toBe(240);
      // Both exact methods took part (enumeration for tiny C(m,k), branch and bound above).
      expect(proofs).toEqual(new Set(['exhaustive', 'branch_and_bound']));
    }, 120_000);

    it('select: branch and bound certifies m = 40 and agrees with a second seed', async () => {
      for (let s = 0; s < 3; s++) {
        const inp = randomSelectInput(700 + s, 40, 8 + 4 * s, { weights: s === 1 ? 'real' : 'int', density: 0.5 });
        const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
        const a = await engine.solve(selectReq(p, { seed: 1, effort: 'high' }));
        const b = await engine.solve(selectReq(p, { seed: 2, effort: 'high' }));
        expectValidSelect(inp, a);
        expectValidSelect(inp, b);
        expect(a.proof).toBe('branch_and_bound');
        expect(b.proof).toBe('branch_and_bound');
        expect(Math.abs(a.objective - b.objective)).toBeLessThanOrEqual(selectTol(inp));
      }
    }, 120_000);

    it('select: without redundancy the top k by affinity is certified at any m', async () => {
      const m = 20000;
      const affinity = Array.from({ length: m }, (_, i) => (i * 7919) % 1000);
      const p = canonicalSelect(m, 300, affinity);
      const r = await engine.solve(selectReq(p, { effort: 'flash' }));
      expect(r.proof).toBe('exhaustive');
      const sorted = [...affinity].sort((a, b) => b - a);
      expect(r.objective).toBe(sorted.slice(0, 300).reduce((a, b) => a + b, 0));
      let count = 0;
      for (const b of r.answer) count += b;
      expect(count).toBe(300);
      // An all-zero matrix is the same problem.
      const zero = canonicalSelect(3, 2, [1, 5, 3], [[9, 0, 0], [0, 9, 0], [0, 0, 9]]);
      expect(zero.redundancy).toBeNull();
    });

    it('select: heuristic above the exact range is valid, bounded and exactly k (m = 1500)', async () => {
      const inp = randomSelectInput(31, 1500, 400, { weights: 'int', density: 0.3 });
      const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
      const r = await engine.solve(selectReq(p, { effort: 'flash', seed: 4 }));
      expectValidSelect(inp, r);
      expect(r.proof).toBeNull();
      expect(typeof r.bound).toBe('number');
      expect(r.work.iterations).toBeGreaterThan(0);
    }, 120_000);

    it('select: k = m, k = 1 and k = m − 1 are certified', async () => {
      const inp = randomSelectInput(5, 30, 30);
      for (const k of [30, 1, 29]) {
        const p = canonicalSelect(30, k, inp.affinity, inp.redundancy);
        const r = await engine.solve(selectReq(p));
        expectValidSelect({ ...inp, k }, r);
        expect(r.proof).not.toBeNull();
      }
    });

    it('select: a 1 ms deadline or a cancel still returns exactly k distinct items', async () => {
      const inp = randomSelectInput(77, 1200, 500, { density: 0.5 });
      const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
      const r = await engine.solve(selectReq(p, { effort: 'high', deadlineMs: 1 }));
      expectValidSelect(inp, r);
      expect(r.stoppedAtDeadline).toBe(true);
      expect(r.proof).toBeNull();
      const small = randomSelectInput(78, 60, 20, { density: 0.5 });
      const sp = canonicalSelect(small.m, small.k, small.affinity, small.redundancy);
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const c = await engine.solve(selectReq(sp, { effort: 'high' }), signal);
      expectValidSelect(small, c);
      expect(c.proof).toBeNull();
      expect(c.stoppedAtDeadline).toBe(true);
    }, 120_000);

    it('select: the same seed gives the same answer', async () => {
      const other = await makeEngine();
      for (const [m, k] of [[200, 50], [40, 10]] as const) {
        const inp = randomSelectInput(55 + m, m, k, { weights: 'real' });
        const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
        const a = await engine.solve(selectReq(p, { seed: 9, effort: 'flash' }));
        const b = await other.solve(selectReq(p, { seed: 9, effort: 'flash' }));
        expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
        expect(b.objective).toBe(a.objective);
        expect(b.work).toEqual(a.work);
      }
    }, 120_000);

    it('rules: certified answers equal brute force on 300 random instances (n <= 16, every rule type)', async () => {
      const seen = new Set<string>();
      let infeasible = 0;
      let feasible = 0;
      for (let s = 0; s < 300; s++) {
        const n = 2 + (s % 15);
        const inp = randomRulesInput(4000 + s, n, {
          objective: (['none', 'linear', 'quadratic'] as const)[s % 3],
          rules: 1 + ((s * 5) % (2 * n)),
          conflicts: s % 4 === 0,
        });
        for (const r of inp.constraints) seen.add(r.type);
        const p = canonicalRules(inp.n, inp.constraints, inp.linear, inp.quadratic);
        const effort = (['flash', 'medium', 'high'] as Effort[])[s % 3];
        const r = await engine.solve(rulesReq(p, { seed: s, effort }));
        const label = `rules#${s} n=${n}`;
        const got = expectValidRules(inp, r, label);
        const bf = bruteForceRules(inp);
        expect(r.proof, label).toBe('branch_and_bound');
        expect(r.stoppedAtDeadline, label).toBe(false);
        expect(got.violations, label).toBe(bf.violations);
        expect(Math.abs(got.energy - bf.energy), label).toBeLessThanOrEqual(rulesTol(inp));
        if (bf.violations > 0) infeasible++;
        else feasible++;
      }
      expect(seen.size).toBe(9);
      expect(infeasible).toBeGreaterThan(30);
      expect(feasible).toBeGreaterThan(30);
    }, 120_000);

    it('rules: a positive minimum violation count is certified only when the search finished', async () => {
      // force_true and force_false on one node: one violation is unavoidable.
      const inp: RulesInput = {
        n: 3,
        constraints: [
          { type: 'force_true', nodes: [0] }, { type: 'force_false', nodes: [0] },
          { type: 'choose_one', nodes: [1, 2] },
        ],
        linear: { 1: -1, 2: 2 },
        quadratic: [],
      };
      const p = canonicalRules(inp.n, inp.constraints, inp.linear, inp.quadratic);
      const r = await engine.solve(rulesReq(p));
      expect(expectValidRules(inp, r)).toEqual({ violations: 1, energy: -1 });
      expect(r.proof).toBe('branch_and_bound');
      // The same kind of instance cut short by a cancel is never certified.
      const big = randomRulesInput(12, 3000, { rules: 4000, conflicts: true });
      const bp = canonicalRules(big.n, big.constraints, big.linear, big.quadratic);
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const c = await engine.solve(rulesReq(bp, { effort: 'high' }), signal);
      expectValidRules(big, c);
      expect(c.proof).toBeNull();
      expect(c.stoppedAtDeadline).toBe(true);
    }, 120_000);

    it('rules: satisfiable structured instances reach zero violations (n = 2000)', async () => {
      // Disjoint choose_one groups of 4 plus requires chains inside a hidden feasible assignment.
      const n = 2000;
      const rng = new Prng(3);
      const hidden = new Array<number>(n).fill(0);
      const constraints: RawRule[] = [];
      for (let g = 0; g < n / 4; g++) {
        const nodes = [4 * g, 4 * g + 1, 4 * g + 2, 4 * g + 3];
        hidden[nodes[rng.nextInt(4)]] = 1;
        constraints.push({ type: 'choose_one', nodes });
      }
      for (let t = 0; t < n; t++) {
        const a = rng.nextInt(n);
        const b = rng.nextInt(n);
        if (a === b) continue;
        if (hidden[a] === 1 && hidden[b] === 0) constraints.push({ type: 'requires', nodes: [b, a] });
        else if (hidden[a] === hidden[b]) constraints.push({ type: 'identical', nodes: [a, b] });
        else constraints.push({ type: 'different', nodes: [a, b] });
      }
      const linear: Record<string, number> = {};
      for (let i = 0; i < n; i++) linear[String(i)] = rng.nextInt(7) - 3;
      const inp: RulesInput = { n, constraints, linear, quadratic: [] };
      const p = canonicalRules(n, constraints, linear, []);
      const r = await engine.solve(rulesReq(p, { effort: 'flash', seed: 1 }));
      expect(expectValidRules(inp, r).violations).toBe(0);
    }, 120_000);

    it('rules: pure satisfaction at n = 100,000 is certified by the objective bound', async () => {
      const n = 100000;
      const constraints: RawRule[] = [];
      for (let g = 0; g < n / 5; g++) constraints.push({ type: 'choose_exactly', nodes: [5 * g, 5 * g + 1, 5 * g + 2, 5 * g + 3, 5 * g + 4], k: 2 });
      for (let v = 0; v + 7 < n; v += 7) constraints.push({ type: 'mutual_exclusion', nodes: [v, v + 5] });
      const p = canonicalRules(n, constraints, { 3: 0 }, []);
      const t0 = performance.now();
      const r = await engine.solve(rulesReq(p, { effort: 'flash' }));
      expect(performance.now() - t0).toBeLessThan(20000);
      const inp: RulesInput = { n, constraints, linear: {}, quadratic: [] };
      expect(expectValidRules(inp, r).violations).toBe(0);
      expect(r.proof).toBe('branch_and_bound');
    }, 120_000);

    it('rules: a 1 ms deadline on a large instance returns a valid, uncertified answer', async () => {
      const inp = randomRulesInput(90, 20000, { rules: 24000, objective: 'quadratic' });
      const p = canonicalRules(inp.n, inp.constraints, inp.linear, inp.quadratic);
      const t0 = performance.now();
      const r = await engine.solve(rulesReq(p, { effort: 'high', deadlineMs: 1 }));
      expect(performance.now() - t0).toBeLessThan(3000);
      expectValidRules(inp, r);
      expect(r.stoppedAtDeadline).toBe(true);
      expect(r.proof).toBeNull();
    }, 120_000);

    it('rules: the same seed gives the same answer', async () => {
      const other = await makeEngine();
      for (const n of [60, 14]) {
        const inp = randomRulesInput(66 + n, n, { objective: 'quadratic' });
        const p = canonicalRules(inp.n, inp.constraints, inp.linear, inp.quadratic);
        const a = await engine.solve(rulesReq(p, { seed: 5, effort: 'flash' }));
        const b = await other.solve(rulesReq(p, { seed: 5, effort: 'flash' }));
        expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
        expect(expectKind(b, 'rules').violations).toBe(expectKind(a, 'rules').violations);
        expect(b.work).toEqual(a.work);
      }
    }, 120_000);

    it('rejects a problem of the wrong kind for select and rules', async () => {
      const p = randomRules(1, 5);
      await expect(engine.solve({ ...rulesReq(p), command: 'select' })).rejects.toThrow();
      const q = randomSelect(1, 5, 2);
      await expect(engine.solve({ ...selectReq(q), command: 'rules' })).rejects.toThrow();
    });
  });
}

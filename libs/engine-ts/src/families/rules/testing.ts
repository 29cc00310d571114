/**
 * Test helpers of the rules family (imported as @svc/engine-ts/families/rules/testing): seeded
 * instance generators over every rule type, an independent brute force that shares no code with
 * the engines, and the conformance tests both engines must pass (registered by `engineConformanceSuite`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRules, type RawRule } from './canonical';
import { type Effort, type Engine, type EngineRequest, type EngineResult, newCancelSignal } from '../../engine';
import type { RulesProblem } from './problem';
import { Prng } from '../../prng';
import { expectKind } from '../../testing/expect-kind';
import { randomSelect, selectRequest } from '../select/testing';

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

/** A rules request with the conformance defaults. */
export function rulesRequest(p: RulesProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: 'rules', problem: p, effort: 'medium', seed: 0, ...extra };
}

function expectValidRules(inp: RulesInput, r: EngineResult, label = ''): { violations: number; energy: number } {
  expect(r.answer.length, label).toBe(inp.n);
  for (let i = 0; i < inp.n; i++) expect(r.answer[i] === 0 || r.answer[i] === 1, label).toBe(true);
  const s = naiveRulesScore(inp, r.answer);
  expect(expectKind(r, 'rules', label).violations, label).toBe(s.violations);
  expect(Math.abs(s.energy - r.objective), label).toBeLessThanOrEqual(rulesTol(inp));
  return s;
}

/** The rules conformance tests (called inside `engineConformanceSuite`). */
export function rulesConformance(name: string, makeEngine: () => Engine | Promise<Engine>): void {
  describe(`rules conformance: ${name}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await makeEngine();
    });

    it('supports rules', () => {
      expect(engine.supports('rules')).toBe(true);
    });

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
        const r = await engine.solve(rulesRequest(p, { seed: s, effort }));
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
      const r = await engine.solve(rulesRequest(p));
      expect(expectValidRules(inp, r)).toEqual({ violations: 1, energy: -1 });
      expect(r.proof).toBe('branch_and_bound');
      // The same kind of instance cut short by a cancel is never certified.
      const big = randomRulesInput(12, 3000, { rules: 4000, conflicts: true });
      const bp = canonicalRules(big.n, big.constraints, big.linear, big.quadratic);
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const c = await engine.solve(rulesRequest(bp, { effort: 'high' }), signal);
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
      const r = await engine.solve(rulesRequest(p, { effort: 'flash', seed: 1 }));
      expect(expectValidRules(inp, r).violations).toBe(0);
    }, 120_000);

    it('rules: pure satisfaction at n = 100,000 is certified by the objective bound', async () => {
      const n = 100000;
      const constraints: RawRule[] = [];
      for (let g = 0; g < n / 5; g++) constraints.push({ type: 'choose_exactly', nodes: [5 * g, 5 * g + 1, 5 * g + 2, 5 * g + 3, 5 * g + 4], k: 2 });
      for (let v = 0; v + 7 < n; v += 7) constraints.push({ type: 'mutual_exclusion', nodes: [v, v + 5] });
      const p = canonicalRules(n, constraints, { 3: 0 }, []);
      const t0 = performance.now();
      const r = await engine.solve(rulesRequest(p, { effort: 'flash' }));
      expect(performance.now() - t0).toBeLessThan(20000);
      const inp: RulesInput = { n, constraints, linear: {}, quadratic: [] };
      expect(expectValidRules(inp, r).violations).toBe(0);
      expect(r.proof).toBe('branch_and_bound');
    }, 120_000);

    it('rules: a 1 ms deadline on a large instance returns a valid, uncertified answer', async () => {
      const inp = randomRulesInput(90, 20000, { rules: 24000, objective: 'quadratic' });
      const p = canonicalRules(inp.n, inp.constraints, inp.linear, inp.quadratic);
      const t0 = performance.now();
      const r = await engine.solve(rulesRequest(p, { effort: 'high', deadlineMs: 1 }));
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
        const a = await engine.solve(rulesRequest(p, { seed: 5, effort: 'flash' }));
        const b = await other.solve(rulesRequest(p, { seed: 5, effort: 'flash' }));
        expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
        expect(expectKind(b, 'rules').violations).toBe(expectKind(a, 'rules').violations);
        expect(b.work).toEqual(a.work);
      }
    }, 120_000);

    it('rejects a problem of the wrong kind for select and rules', async () => {
      const p = randomRules(1, 5);
      await expect(engine.solve({ ...rulesRequest(p), command: 'select' })).rejects.toThrow();
      const q = randomSelect(1, 5, 2);
      await expect(engine.solve({ ...selectRequest(q), command: 'rules' })).rejects.toThrow();
    });
  });
}

import { describe, expect, it } from 'vitest';
import { CERTAINTY, validateProblem } from '@svc/contracts';
import { LATEST_BUDGET_MODEL, type EngineResult } from '@svc/engine-ts';
import { CHECKERS, sureCertificateOf } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { lcg } from '../../../test/brute-force';

const DESCRIPTION = 'Give the cells channels without interference.';
const { prepare, run } = adapterHarness(DESCRIPTION);

type Body = {
  n: number;
  L: number;
  K: number;
  bias: number[][];
  bonds: number[][];
  table?: number[][];
  circular?: { j: number; scale?: number };
};

function body(L: number, K: number, seed: number): Body {
  const r = lcg(seed);
  const bonds: number[][] = [];
  for (let i = 0; i < L; i++) for (let j = i + 1; j < L; j++) if (r() < 0.5) bonds.push(r() < 0.5 ? [i, j] : [j, i]);
  if (bonds.length > 0) bonds.push(bonds[0]);
  const bias = Array.from({ length: L }, () => [Math.floor(r() * L), Math.floor(r() * K), Math.round((r() * 10 - 5) * 4) / 4]);
  if (seed % 2 === 1) return { n: L, L, K, bias, bonds, circular: { j: 2 + (seed % 3), ...(seed % 4 === 1 ? { scale: 1.5 } : {}) } };
  const table = Array.from({ length: K }, () => new Array<number>(K).fill(0));
  for (let a = 0; a < K; a++) for (let b = a; b < K; b++) table[a][b] = table[b][a] = Math.round((r() * 12 - 4) * 2) / 2;
  return { n: L, L, K, bias, bonds, table };
}

/** The least energy over every answer, straight from the JSON (its own cosine). */
function brute(b: Body): number {
  const cost = (x: number, y: number) => {
    if (b.table) return b.table[x][y];
    const d = Math.min((x - y + b.K) % b.K, (y - x + b.K) % b.K);
    // Its own cosine, with the rational values exact (a half rounds up: docs/design.md).
    let c = Math.cos((2 * Math.PI * d) / b.K);
    for (const q of [-1, -0.5, 0, 0.5, 1]) if (Math.abs(c - q) < 1e-12) c = q;
    return Math.floor(-b.circular!.j * (b.circular!.scale ?? 1) * c + 0.5);
  };
  const x = new Array<number>(b.L).fill(0);
  let best = Infinity;
  for (;;) {
    let e = 0;
    for (const [s, v, w] of b.bias) if (x[s] === v) e += w;
    for (const [i, j] of b.bonds) e += cost(x[i], x[j]);
    best = Math.min(best, e);
    let k = 0;
    while (k < b.L && ++x[k] === b.K) x[k++] = 0;
    if (k === b.L) return best;
  }
}

const check = (b: Body, answer: unknown, declared: Record<string, unknown> | null) => {
  const v = validateProblem('design', { tag: TAG, description: DESCRIPTION, ...b }, { sandbox: false });
  return CHECKERS.design!.check({ v, prep: prepare('design', b), answer, declared });
};

describe('design through the service adapter', () => {
  it('certified energies equal brute force over the JSON (tables of any sign, circular, repeated bonds)', () => {
    for (let s = 0; s < 30; s++) {
      const K = 2 + (s % 3);
      const L = 1 + (s % (K === 2 ? 9 : 6));
      const b = body(L, K, s);
      const { done } = run('design', b, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      expect(done.proof, `seed ${s}`).not.toBeNull();
      expect(done.fields.energy, `seed ${s}`).toBeCloseTo(brute(b), 9);
    }
  });

  it('circular halves round up end to end (K = 3, 6, 9, 12): solve, re-score and verify agree with the JSON', () => {
    // The two radio cells: distance 1 of K = 3 costs round(½) = 1, so [0, 1] is −19, not −20.
    const cells = { n: 2, L: 2, K: 3, circular: { j: 1 }, bonds: [[0, 1]] as [number, number][], bias: [[0, 0, -10], [1, 1, -10]] as [number, number, number][] };
    const { done } = run('design', cells);
    expect([done.fields.energy, done.proof]).toEqual([-19, 'dynamic_program']);
    expect(check(cells, [0, 1], null).objective).toBe(-19);
    for (const K of [3, 6, 9, 12]) {
      const b: Body = { n: 2, L: 2, K, circular: { j: 1 }, bonds: [[0, 1]], bias: [[1, K / 3, -0.25]] };
      // Distance K/3 costs 1 (cos = −½), so [0, K/3] is 0.75 and [0, 0] is −1: the optimum is −1.
      expect(check(b, [0, K / 3], null).objective).toBe(0.75);
      expect(run('design', b).done.fields.energy).toBe(brute(b));
    }
  });

  it('a heuristic answer carries a bound below it', () => {
    const { done } = run('design', body(60, 5, 4), { effort: 'flash' });
    expect(done.proof).toBeNull();
    expect(done.bound!).toBeLessThanOrEqual(done.fields.energy as number);
    expect(done.gap!).toBeGreaterThanOrEqual(0);
  });

  it('rejects an engine answer out of range, or whose energy or bound is wrong', () => {
    const b = body(6, 3, 8);
    const { prep, r } = run('design', b);
    const finish = (x: Partial<EngineResult>) => () => prep.finish({ ...r, ...x } as EngineResult, { deadlineFired: false });
    expect(engineFailure(finish({ objective: r.objective + 1 }))).toMatch(/re-score/);
    expect(engineFailure(finish({ answer: Int32Array.from([0, 1, 2, 3, 0, 0]) }))).toMatch(/not a value 0\.\.2/);
    expect(engineFailure(finish({ answer: Int32Array.from([0, 1]) }))).toMatch(/expected 6/);
    expect(engineFailure(finish({ kind: 'binary' } as Partial<EngineResult>))).toMatch(/binary result for design/);
    expect(engineFailure(finish({ proof: null, bound: r.objective + 1000 }))).toMatch(/bound/);
  });

  it('verify: a right answer passes; a wrong shape, energy, bound or certified claim fails', () => {
    const b = body(6, 3, 10);
    const { done } = run('design', b);
    const x = done.fields.answer as number[];
    const energy = done.fields.energy as number;
    const ok = check(b, x, { energy, certainty: CERTAINTY.certified });
    expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
    expect(ok.checks.map((c) => c.name)).toContain('certified_optimum');
    const bad = (a: unknown, declared: Record<string, unknown> | null = null) => check(b, a, declared).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(x.slice(1))).toEqual(['answer_shape']);
    expect(bad([...x.slice(1), 3])).toEqual(['answer_shape']);
    expect(bad(x, { energy: energy + 1 })).toEqual(['declared_objective']);
    expect(bad(x, { bound: energy + 1000 })).toEqual(['bound']);
    for (let t = 0; t < 6; t++) {
      const y = x.map((v, s) => (s === t ? (v + 1) % 3 : v));
      if (check(b, y, null).objective! > energy + 1e-6) {
        expect(bad(y, { certainty: CERTAINTY.certified })).toEqual(['certified_optimum']);
        break;
      }
    }
  });

  it('the estimate promises a certificate for a forest and without bonds, not for a cycle', () => {
    const sure = (b: Record<string, unknown>) => sureCertificateOf('design', prepare('design', b), 'flash', LATEST_BUDGET_MODEL);
    const table = [[1, 0], [0, 1]];
    expect(sure({ n: 3, L: 3, K: 2, bias: [[0, 1, -1]] })?.instant).toBe(true);
    expect(sure({ n: 4, L: 4, K: 2, table, bonds: [[0, 1], [1, 2], [1, 3]] })).not.toBeNull();
    expect(sure({ n: 3, L: 3, K: 2, table, bonds: [[0, 1], [1, 2], [2, 0]] })).toBeNull();
  });
});

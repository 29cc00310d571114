/**
 * The free estimate's "yes, would certify" is a promise (preflight.ts `certifyOutlook`): over
 * random instances at and just past each command's sure cap, every problem the registry says is
 * surely certified is solved certified, and a size past the cap is never called sure.
 */
import { describe, expect, it } from 'vitest';
import { LATEST_BUDGET_MODEL, solveSync, type Command, type Effort } from '@svc/engine-ts';
import { COMMAND_MODULES, sureCertificateOf } from './index';
import { adapterHarness } from '../../test/adapters';
import { rng } from '../../test/brute-force';

const { prepare } = adapterHarness('Check that a promised certificate is delivered.');

type Body = Record<string, unknown>;

function terms(n: number, seed: number, density: number): { map: Record<string, number>; quadratic: number[][] } {
  const r = rng(seed);
  const map: Record<string, number> = {};
  for (let i = 0; i < n; i++) map[String(i)] = Math.round((r() * 2 - 1) * 50);
  const quadratic: number[][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < density) quadratic.push([i, j, Math.round((r() * 2 - 1) * 100)]);
  return { map, quadratic };
}

/** Random bodies of each command at sizes around its sure cap (n = cap, cap + 1 at flash). */
const GENERATORS: Partial<Record<Command, (size: number, seed: number) => Body>> = {
  optimize: (n, s) => {
    const t = terms(n, s, 0.5);
    return { n, linear: t.map, quadratic: t.quadratic };
  },
  feel: (n, s) => {
    const t = terms(n, s, 0.5);
    return { n, field: t.map, quadratic: t.quadratic };
  },
  want: (n, s) => {
    const t = terms(n + 3, s, 0.5);
    return { n: n + 3, linear: t.map, quadratic: t.quadratic, pins: { 0: 1, 1: 0, [String(n + 2)]: 1 } };
  },
  sample: (n, s) => {
    const t = terms(n, s, 0.5);
    return { n, linear: t.map, quadratic: t.quadratic, num_samples: 4 };
  },
  maxcut: (n, s) => {
    const r = rng(s);
    const edges: number[][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.5) edges.push([i, j, r() < 0.5 ? 1 : -1]);
    if (edges.length === 0) edges.push([0, 1, 1]);
    return { n, edges };
  },
  select: (m, s) => {
    // m items, k = m/2: C(m, m/2) crosses the enumeration cap between m = 12 and m = 14.
    const r = rng(s);
    const k = Math.floor(m / 2);
    const affinity = Array.from({ length: m }, () => Math.round(r() * 20));
    const redundancy = Array.from({ length: m }, () => new Array<number>(m).fill(0));
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) redundancy[i][j] = redundancy[j][i] = Math.round(r() * 10);
    return { m, k, affinity, redundancy };
  },
  qap: (n, s) => {
    // Random symmetric flows and distances: branch and bound is sure up to 8 facilities.
    const r = rng(s);
    const sym = () => {
      const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = Math.round(r() * 20);
      return m;
    };
    return { n, flow: sym(), dist: sym() };
  },
  tsp: (n, s) => {
    // Random points: the Held–Karp DP runs up to 12 cities at flash.
    const r = rng(s);
    return { n, points: Array.from({ length: n }, () => [Math.round(r() * 1000), Math.round(r() * 1000)]) };
  },
  design: (shape, s) => {
    // 1: no bonds (construction); 2: a random tree of 300 sites (the dynamic program); 3: the same tree
    // and one more bond, a cycle (nothing is promised).
    const r = rng(s);
    const L = 300;
    const K = 5;
    const bonds: number[][] = shape === 1 ? [] : Array.from({ length: L - 1 }, (_, t) => [Math.floor(r() * (t + 1)), t + 1]);
    if (shape === 3) bonds.push([0, L - 1], [0, 1]);
    const table = Array.from({ length: K }, () => new Array<number>(K).fill(0));
    for (let a = 0; a < K; a++) for (let b = a; b < K; b++) table[a][b] = table[b][a] = Math.round(r() * 20 - 10);
    return { L, K, table, bonds, bias: Array.from({ length: 40 }, () => [Math.floor(r() * L), Math.floor(r() * K), Math.round(r() * 10 - 5)]) };
  },
  cover: (shape, s) => {
    // 1: every set holds an element of its own (forced); 2: the same plus a set of cost 0 (taken);
    // 3: one more set duplicating another (nothing is forced about the pair: no promise).
    const r = rng(s);
    const sets = Array.from({ length: 12 }, (_, j) => [j, ...Array.from({ length: 3 }, () => 12 + Math.floor(r() * 8))]);
    const costs = sets.map(() => 1 + Math.floor(r() * 9));
    if (shape >= 2) {
      sets.push([12, 13, 14]);
      costs.push(0);
    }
    if (shape === 3) {
      sets.push([...sets[0]]);
      costs.push(2);
    }
    return { universe: 20, sets, costs };
  },
  rank: (n, s) => {
    // Near-uniform votes: one majority component of all n items, which crosses the DP cap at flash (14).
    const r = rng(s);
    const items = Array.from({ length: n }, (_, i) => `item ${i}`);
    const comparisons: string[][] = [];
    for (let t = 0; t < 6 * n; t++) {
      const a = Math.floor(r() * n);
      const b = (a + 1 + Math.floor(r() * (n - 1))) % n;
      comparisons.push([items[a], items[b]]);
    }
    return { items, comparisons };
  },
};

/** Sizes tried per command at flash: around the sure cap. */
const SIZES: Partial<Record<Command, readonly number[]>> = {
  optimize: [23, 24, 25], feel: [24, 25], want: [24, 25], sample: [18, 24, 25], maxcut: [24, 25], select: [12, 13, 14], rank: [14, 15, 16], tsp: [11, 12, 13], qap: [7, 8, 9], design: [1, 2, 3], cover: [1, 2, 3],
};

describe('a sure certificate (the estimate\'s "yes") is always delivered', () => {
  const promising = COMMAND_MODULES.filter((m) => m.certifiesSurely !== undefined).map((m) => m.command);

  it('every command that can promise a certificate has a generator here', () => {
    expect(promising.length).toBeGreaterThan(0);
    for (const c of promising) expect(GENERATORS[c], c).toBeDefined();
  });

  for (const command of promising) {
    it(`${command}: at the sure cap the solve certifies; just past it nothing is promised`, () => {
      const effort: Effort = 'flash';
      let promised = 0;
      let refused = 0;
      for (const size of SIZES[command] ?? []) {
        for (let seed = 1; seed <= 2; seed++) {
          const prep = prepare(command, GENERATORS[command]!(size, 1000 * size + seed));
          const sure = sureCertificateOf(command, prep, effort, LATEST_BUDGET_MODEL);
          if (sure === null) {
            refused++;
            continue;
          }
          promised++;
          const r = solveSync({ command, problem: prep.problem, effort, seed, warmStart: prep.warmStart, model: LATEST_BUDGET_MODEL });
          const done = prep.finish(r, { deadlineFired: false });
          expect(done.proof, `${command} size ${size} seed ${seed}: promised (${sure.reason}) but heuristic`).not.toBeNull();
        }
      }
      // The sizes straddle the cap: some promised, some not.
      expect(promised).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    }, 120_000);
  }
});

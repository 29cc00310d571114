/**
 * `npm run behaviour:dump -- <file>`: every answer both engines give on a fixed set of instances of
 * every command the engines solve (several sizes, every effort, two seeds), one JSON line each:
 * answer, objective, proof, bound, status and work — everything but the time (`high` on the
 * smallest instance of each command only). A restructuring
 * that must not change behaviour is checked by running it before and after and comparing the
 * files byte for byte (`cmp`). Instances come from the seeded generators of engine-ts/testing and
 * seeded matrices here; nothing is read from disk.
 */
import { writeFileSync } from 'node:fs';
import {
  canonicalCover, canonicalDesign, canonicalMilp, canonicalQap, canonicalRank, canonicalTsp, COMMANDS, createTsEngine,
  type CanonicalProblem, type Command, type Effort, type Engine, type EngineResult,
} from '@svc/engine-ts';
import {
  randomCover, randomDesign, randomMaxcut, randomMilp, randomQubo, randomRules, randomSelect, randomSingularMilp,
} from '@svc/engine-ts/testing';
import { canonicalProtect, canonicalRecover } from '@svc/engine-ts/families/erasure';
import { erasureData, referenceShards, withLost } from '@svc/engine-ts/testing/erasure';
import { canonicalXorsat } from '@svc/engine-ts/families/xorsat';
import { randomXorsat, sparseXorsat } from '@svc/engine-ts/testing/xorsat';
import { canonicalFrequency } from '@svc/engine-ts/families/frequency';
import { toneSignal } from '@svc/engine-ts/testing/frequency';
import { canonicalWorld } from '@svc/engine-ts/families/world';
import { randomChains, randomCloud, sampledGrid } from '@svc/engine-ts/testing/world';
import { canonicalSpectrum } from '@svc/engine-ts/families/spectrum';
import { randomPauliTerms, tfimTerms, xxzTerms } from '@svc/engine-ts/testing/spectrum';
import { canonicalEntropy } from '@svc/engine-ts/families/entropy';
import { ghzState, randomState } from '@svc/engine-ts/testing/entropy';
import { canonicalPhase } from '@svc/engine-ts/families/phase';
import { canonicalReduce } from '@svc/engine-ts/families/reduce';
import { basisJson, knapsackBasis, uniformBasis } from '@svc/engine-ts/testing/reduce';
import { canonicalRelation } from '@svc/engine-ts/families/relation';
import { canonicalPrecision } from '@svc/engine-ts/families/precision';
import { randomAlgebraic } from '@svc/engine-ts/testing/relation';
import { createNativeEngine } from '@svc/engine-native';
import { lcg } from '../bench/lcg';

const EFFORTS: Effort[] = ['flash', 'medium', 'high'];
const SEEDS = [0, 7];

function square(seed: number, n: number, max: number, symmetric: boolean): number[][] {
  const r = lcg(seed);
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j || (symmetric && j < i)) continue;
      m[i][j] = Math.floor(r() * max);
      if (symmetric) m[j][i] = m[i][j];
    }
  }
  return m;
}

function votes(seed: number, n: number, count: number): [number, number][] {
  const r = lcg(seed);
  return Array.from({ length: count }, () => {
    const a = Math.floor(r() * n);
    const b = (a + 1 + Math.floor(r() * (n - 1))) % n;
    return r() < 0.65 === a < b ? [a, b] : [b, a];
  });
}

/** The instances of each command: small (exact), medium and larger (heuristic, bounds). */
function instances(command: Command): CanonicalProblem[] {
  const sizes = [8, 20, 60];
  switch (command) {
    case 'optimize':
      return sizes.map((n, k) => randomQubo(100 + k, n));
    case 'feel':
      return sizes.map((n, k) => randomQubo(110 + k, n));
    case 'want':
      return sizes.map((n, k) => ({ ...randomQubo(120 + k, n), pins: { index: Int32Array.of(0, 2), value: Uint8Array.of(1, 0) } }));
    case 'sample':
      return sizes.map((n, k) => ({ ...randomQubo(130 + k, n), sampling: { count: 5, ...(k === 1 ? { energyWindow: 3 } : {}) } }));
    case 'maxcut':
      return [...sizes.map((n, k) => randomMaxcut(140 + k, n)), { kind: 'maxcut', n: 9, edges: null, complete: true }];
    case 'select':
      return [randomSelect(150, 12, 4), randomSelect(151, 60, 10), randomSelect(152, 200, 30)];
    case 'rules':
      return [randomRules(160, 12), randomRules(161, 40), randomRules(162, 300)];
    case 'quantum-scale':
      return [{ kind: 'planted-ising', n: 64, degree: 3, instanceSeed: 5 }, { kind: 'planted-ising', n: 2000, degree: 4, instanceSeed: 9 }];
    case 'rank':
      return [canonicalRank(8, votes(170, 8, 60)), canonicalRank(20, votes(171, 20, 400)), canonicalRank(40, votes(172, 40, 1500))];
    case 'tsp':
      return [
        canonicalTsp({ matrix: square(180, 9, 100, true) }),
        canonicalTsp({ matrix: square(181, 30, 1000, true) }),
        canonicalTsp({ points: square(182, 80, 1000, false).map((row) => [row[0], row[1]]), metric: 'euc_2d' }),
      ];
    case 'qap':
      return [8, 12, 25].map((n, k) => canonicalQap(square(190 + k, n, 10, true), square(195 + k, n, 10, true)));
    case 'design': {
      const d = [randomDesign(200, 6, 3), randomDesign(201, 30, 4), randomDesign(202, 120, 5, 'colouring')];
      return d.map((x) => canonicalDesign(x));
    }
    case 'cover': {
      const c = [randomCover(210, 15, 12, 0.3), randomCover(211, 60, 80, 0.08), randomCover(212, 200, 400, 0.03)];
      return c.map((x) => canonicalCover(x.universe, x.sets, x.costs));
    }
    case 'milp': {
      const m = [randomMilp(220, 4, 3), randomMilp(221, 14, 6), randomSingularMilp(222, 5, 4), randomMilp(223, 20, 8, false)];
      return m.map((x) => canonicalMilp(x.vars, x.linear, x.diag, x.quadratic));
    }
    case 'protect':
      return [[1, 1, 5], [4, 2, 1000], [10, 4, 70_001]].map(([k, m, size], i) => canonicalProtect(erasureData(230 + i, size), k, m));
    case 'recover': {
      const lost = [[0], [1, 4], [0, 3, 11, 12]];
      return [[3, 1, 50], [4, 2, 1000], [10, 4, 70_001]].map(([k, m, size], i) => {
        const shards = referenceShards(erasureData(240 + i, size), k, m);
        return canonicalRecover(k, m, shards[0].length, withLost(shards, Uint8Array.from(shards, (_, j) => (lost[i].includes(j) ? 0 : 1))));
      });
    }
    case 'xorsat': {
      // The column-space walk, a lazily eliminated consistent core, the syndrome search, the local search.
      const x = [randomXorsat(230, 12, 30, 4, false), sparseXorsat(231, 300, 280, 3, 5, true), sparseXorsat(232, 40, 46, 2, 4, false), sparseXorsat(233, 400, 800, 2, 3, false)];
      return x.map((d) => canonicalXorsat(d.n, d.equations));
    }
    case 'frequency':
      return [
        canonicalFrequency(toneSignal(64, [{ frequency: 0.2, amplitude: 1.5, phase: 0.4 }], { offset: 0.1, sigma: 0.01, seed: 230 }), 'hann', 2),
        canonicalFrequency(toneSignal(997, [{ frequency: 0.1234, amplitude: 1, phase: 1 }, { frequency: 0.31, amplitude: 0.2, phase: 0 }], { sigma: 0.1, seed: 231 }), 'blackman', 3),
        canonicalFrequency(toneSignal(4097, [], { sigma: 1, seed: 232 }), 'rectangular', 1),
        canonicalFrequency([2, 2, 2, 2], 'hann', 1),
      ];
    case 'world': {
      const { links, dh } = randomChains(240, 12);
      return [
        canonicalWorld({ op: 'kinematics', links, base: { x: 1, y: 0, theta: 0.5 } }),
        canonicalWorld({ op: 'kinematics', dh }),
        canonicalWorld({ op: 'terrain', grid: sampledGrid(6, 8, 0.5, 0.25, 0, 0, (x, y) => Math.sin(x) + y * y), cell: [0.5, 0.25], points: randomCloud(241, 40, 2, { scale: 1.2 }) }),
        canonicalWorld({ op: 'neighbors', points: randomCloud(242, 2000, 3, { duplicates: 0.05 }), queries: randomCloud(243, 300, 3), k: 5 }),
        canonicalWorld({ op: 'predict', poses: [{ t: 0, x: 0, y: 0, theta: 3 }, { t: 1, x: 1, y: 2, theta: -3 }, { t: 2.5, x: 3, y: 3, theta: -2.8 }], at: 4 }),
      ];
    }
    case 'spectrum':
      // Dense (Ising ring, X-parity), U(1) sectors (XXZ), Lanczos without symmetry (complex), Lanczos on parity sectors.
      return [
        canonicalSpectrum(6, tfimTerms(6, 1, 0.7, true), 3),
        canonicalSpectrum(10, xxzTerms(10, 1, 0.5, true), 4),
        canonicalSpectrum(11, randomPauliTerms(230, 11, 30, 0.4), 2),
        canonicalSpectrum(14, tfimTerms(14, 1, 1, false), 2),
      ];
    case 'entropy':
      // Given states (GHZ, random complex), ground states (dense, Lanczos with parity sectors).
      return [
        canonicalEntropy(6, [0, 3], { state: ghzState(6) }),
        canonicalEntropy(10, [0, 1, 2, 3, 4], { state: randomState(240, 10) }),
        canonicalEntropy(8, [0, 1, 2, 3], { terms: tfimTerms(8, 1, 1, true) }),
        canonicalEntropy(14, [0, 1, 2, 3, 4, 5, 6], { terms: xxzTerms(14, 1, 0.5, false) }),
      ];
    case 'phase':
      // Each model, both boundaries, ordered / critical / disordered points.
      return [
        canonicalPhase({ model: 'tfim', n: 8, h: 0.5 }),
        canonicalPhase({ model: 'tfim', n: 9, J: -1, h: 1.5, boundary: 'open' }),
        canonicalPhase({ model: 'xxz', n: 10, delta: 2 }),
        canonicalPhase({ model: 'heisenberg', n: 8, J: -1, boundary: 'open' }),
      ];
    case 'reduce':
      // Knapsack and uniform bases, a dependent one, 120-digit entries, delta 3/4.
      return [
        canonicalReduce({ basis: basisJson(knapsackBasis(250, 12, 100)) }),
        canonicalReduce({ basis: basisJson(uniformBasis(251, 8, 16)), delta: 0.75 }),
        canonicalReduce({ basis: [[1, 2, 3], [4, 5, 6], [7, 8, 9], [2, 4, 6]] }),
        canonicalReduce({ basis: basisJson(knapsackBasis(252, 6, 400)) }),
      ];
    case 'relation': {
      // Minimal polynomials of random algebraic numbers, a relation among values, an abstention.
      const alg = randomAlgebraic(250, 3, { maxDegree: 6, digits: 70 });
      return [
        ...alg.map((a) => canonicalRelation({ value: a.value, degree: a.poly.length, max_height: 1e6, digits: 60 })),
        canonicalRelation({ values: [alg[0].value, alg[1].value, '1', '0.5772156649015328606065120900824024310421593359399'], max_height: 1000, digits: 45 }),
      ];
    }
    case 'precision':
      // A root and a power of a tiny and a huge argument, the series functions, a constant; small and 1,000 digits.
      return [
        canonicalPrecision({ op: 'sqrt', x: '2', digits: 30 }),
        canonicalPrecision({ op: 'nthroot', x: '1e-300', k: 7, digits: 25 }),
        canonicalPrecision({ op: 'exp', x: '-123.456', digits: 60 }),
        canonicalPrecision({ op: 'ln', x: '0.999999999999', digits: 40 }),
        canonicalPrecision({ op: 'powq', x: '3.5', p: -5, q: 3, digits: 20 }),
        canonicalPrecision({ op: 'pi', digits: 1000 }),
      ];
    default:
      return [];
  }
}

function line(engine: string, command: Command, index: number, effort: Effort, seed: number, r: EngineResult): string {
  const { engineMs: _time, ...rest } = r;
  return JSON.stringify({ engine, command, index, effort, seed, ...rest }, (_k, v: unknown) =>
    ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );
}

async function main(): Promise<void> {
  const out = process.argv[2];
  if (out === undefined) throw new Error('usage: behaviour-dump <file>');
  const engines: [string, Engine][] = [['ts', createTsEngine()]];
  const native = createNativeEngine();
  if (native !== null) engines.push(['native', native]);
  else console.error('behaviour dump: the native addon did not load; engine-ts only');
  const lines: string[] = [];
  for (const command of COMMANDS.filter((c) => engines[0][1].supports(c))) {
    const problems = instances(command);
    // A command the engines solve needs instances here, or the dump would pass it by.
    if (problems.length === 0) throw new Error(`behaviour dump: no instances for "${command}"; add them to instances()`);
    for (const [name, engine] of engines) {
      for (const [index, problem] of problems.entries()) {
        for (const effort of EFFORTS) {
          // `high` on the smallest instance only: its budgets are long on the larger ones in engine-ts.
          if (effort === 'high' && index > 0) continue;
          for (const seed of SEEDS) {
            try {
              lines.push(line(name, command, index, effort, seed, await engine.solve({ command, problem, effort, seed })));
            } catch (err) {
              lines.push(JSON.stringify({ engine: name, command, index, effort, seed, error: String(err) }));
            }
          }
        }
      }
    }
    console.error(`behaviour dump: ${command} (${problems.length} instances)`);
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.error(`behaviour dump: ${lines.length} answers in ${out}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// Progress reports (core/common/solve_limits.h ProgressSink, engine-ts kernels/model.ts): observation
// only (the same answer byte for byte with and without a listener), in the command's objective
// sense, never better than the final answer, monotone, and more than one on a solve of a second or more.
import { expect, it } from 'vitest';
import { createTsEngine, Prng, type Engine, type EngineProgress, type EngineRequest, type EngineResult } from '@svc/engine-ts';
import { canonicalMilp } from '@svc/engine-ts/families/milp';
import { canonicalQap, type QapProblem } from '@svc/engine-ts/families/qap';
import { canonicalTsp, type TspProblem } from '@svc/engine-ts/families/tsp';
import { randomMaxcut, randomQubo } from '@svc/engine-ts/families/qubo/testing';
import { randomMilp } from '@svc/engine-ts/families/milp/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

function qap(seed: number, n: number): QapProblem {
  const r = new Prng(seed);
  const m = () => Array.from({ length: n }, () => Array.from({ length: n }, () => r.nextInt(10)));
  return canonicalQap(m(), m());
}

function tsp(seed: number, n: number): TspProblem {
  const r = new Prng(seed);
  return canonicalTsp({ points: Array.from({ length: n }, () => [r.nextInt(100000) / 100, r.nextInt(100000) / 100]), metric: 'euc_2d' });
}

const milp = (seed: number, nb: number, nc: number) => {
  const d = randomMilp(seed, nb, nc, true);
  return canonicalMilp(d.vars, d.linear, d.diag, d.quadratic);
};

/** [request, maximise, reports at least]: the long ones (about a second or more on this box) report twice or more. */
const CASES: [EngineRequest, boolean, number][] = [
  [{ command: 'optimize', problem: randomQubo(3, 400, { density: 0.05 }), effort: 'medium', seed: 1 }, false, 1],
  [{ command: 'maxcut', problem: randomMaxcut(4, 400, { density: 0.05 }), effort: 'medium', seed: 1 }, true, 1],
  [{ command: 'tsp', problem: tsp(5, 700), effort: 'medium', seed: 1 }, false, 2],
  [{ command: 'qap', problem: qap(6, 32), effort: 'medium', seed: 1 }, false, 2],
  [{ command: 'milp', problem: milp(7, 20, 5), effort: 'medium', seed: 1 }, false, 1],
];

function same(a: EngineResult, b: EngineResult): void {
  expect(Array.from(b.answer as ArrayLike<number>)).toEqual(Array.from(a.answer as ArrayLike<number>));
  expect(b.objective).toBe(a.objective);
  expect(b.bound).toBe(a.bound);
  expect(b.proof).toBe(a.proof);
  expect(b.work).toEqual(a.work);
}

function checkReports(seen: EngineProgress[], r: EngineResult, maximise: boolean, atLeast: number, at: string): void {
  expect(seen.length, at).toBeGreaterThanOrEqual(atLeast);
  const tol = 1e-6 * (1 + Math.abs(r.objective));
  let prev: EngineProgress | undefined;
  for (const p of seen) {
    expect(p.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(p.work)).toBe(true);
    if (p.best !== null) {
      // An achieved value: never better than the answer the solve returns.
      expect(maximise ? p.best <= r.objective + tol : p.best >= r.objective - tol, `${at} best ${p.best} vs ${r.objective}`).toBe(true);
      if (prev?.best != null) expect(maximise ? p.best >= prev.best : p.best <= prev.best, at).toBe(true);
    }
    if (p.bound !== null) expect(maximise ? p.bound >= r.objective - tol : p.bound <= r.objective + tol, `${at} bound`).toBe(true);
    if (prev) expect(p.elapsedMs).toBeGreaterThanOrEqual(prev.elapsedMs);
    prev = p;
  }
  if (atLeast >= 2) expect(seen.some((p) => p.best !== null), at).toBe(true);
}

async function run(e: Engine): Promise<void> {
  for (const [req, maximise, atLeast] of CASES) {
    const at = `${e.kind} ${req.command}`;
    const plain = await e.solve(req);
    const seen: EngineProgress[] = [];
    const watched = await e.solve(req, undefined, (p) => seen.push(p));
    same(plain, watched);
    checkReports(seen, watched, maximise, atLeast, at);
  }
}

/** A listener that throws on every report: the solve answers as without one, and keeps reporting. */
async function throwingListener(e: Engine): Promise<void> {
  const [req] = CASES[3];
  const plain = await e.solve(req);
  let calls = 0;
  const watched = await e.solve(req, undefined, () => {
    calls++;
    throw new Error('listener fault');
  });
  same(plain, watched);
  expect(calls).toBeGreaterThanOrEqual(2);
}

describeNative('native progress', () => {
  it('reports while it solves and answers exactly as without a listener', async () => {
    await run(createNativeEngine()!);
  }, 180_000);

  it('a listener that throws never reaches the solve', async () => {
    await throwingListener(createNativeEngine()!);
  }, 120_000);
});

it('engine-ts reports while it solves and answers exactly as without a listener', async () => {
  await run(createTsEngine());
}, 180_000);

it('engine-ts: a listener that throws never reaches the search', async () => {
  await throwingListener(createTsEngine());
}, 120_000);

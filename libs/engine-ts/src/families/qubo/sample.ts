/**
 * `sample`: distinct low-energy states of a QUBO, sorted, with visit counts. Dispatch (the
 * native engine's core/qubo/sample.cc does the same):
 *   - n <= sampleBudget(...).exactMaxN: k-best enumeration (k-best.ts). When it finishes, the
 *     samples are exactly the k lowest-energy distinct states (ties by sample-order.ts) and the
 *     first is optimal: proof 'exhaustive'. Every state is visited once, so each count is 1.
 *     Cut short by a limit: the k best states seen, plus the warm start, proof null.
 *   - otherwise: the `optimize` path finds the best state it can (never worse than the warm
 *     start), then the elite walk (sample-walk.ts, Prng(seed ^ 0x53414d50)) collects the k best
 *     distinct states it visits around it. Always proof null; when the `optimize` path proved
 *     its answer optimal, `bound` is that optimum, else its own bound.
 * Energies are re-evaluated from the canonical problem; the list is sorted by (energy, state),
 * cut to the `energyWindow` above the first, and `answer` is its first state.
 */
import type { CancelSignal, SolveRequest } from '../../base';
import type { EngineSample, QuboProblem, SampleResult } from './problem';
import { evaluateQubo } from './evaluate';
import { Prng } from '../../prng';
import { DEFAULT_SAMPLE_COUNT, sampleBudget } from './sample-budget';
import { bitsOfCode, kBestEnumerate } from './k-best';
import { Limits, quboModel } from '../../kernels/model';
import { solveQuboFamily } from './solve';
import { sampleWalk } from './sample-walk';
import { compareStates } from './sample-order';

/** The walk's generator is seeded apart from the `optimize` search's Prng(seed). */
export const SAMPLE_SEED_SALT = 0x53414d50;

/** Solves a `sample` request synchronously. */
export function solveSample(req: SolveRequest<QuboProblem>, signal?: CancelSignal): SampleResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'sample' || p.kind !== 'qubo') throw new Error('sample needs a QUBO problem');
  if (p.pins !== undefined) throw new Error('sample takes no pins');
  const count = p.sampling?.count ?? DEFAULT_SAMPLE_COUNT;
  const window = p.sampling?.energyWindow;
  if (!Number.isInteger(count) || count < 1) throw new Error(`sample count must be a positive integer, got ${count}`);
  if (window !== undefined && !(Number.isFinite(window) && window >= 0)) throw new Error('energy window must be a finite number >= 0');
  const warm = req.warmStart ?? null;
  if (warm !== null) {
    if (warm.length !== p.n) throw new Error(`warm start has length ${warm.length}, expected ${p.n}`);
    for (let i = 0; i < p.n; i++) if (warm[i] > 1) throw new Error(`warm start[${i}] is not 0 or 1`);
  }
  const plain: QuboProblem = { kind: 'qubo', n: p.n, linear: p.linear, pairs: p.pairs };
  const budget = sampleBudget(req.effort, p.n, p.pairs.w.length, count);
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const model = quboModel(plain);

  let states: { x: Uint8Array; count: number }[];
  let result: Omit<SampleResult, 'kind' | 'answer' | 'objective' | 'samples' | 'engineMs'>;
  if (p.n <= budget.exactMaxN) {
    const r = kBestEnumerate(model, p.n, count, limits);
    states = Array.from(r.codes, (g) => ({ x: bitsOfCode(g, p.n, p.n), count: 1 }));
    if (!r.complete && warm !== null && !states.some((s) => compareStates(s.x, warm) === 0)) {
      states.push({ x: Uint8Array.from(warm), count: 1 });
    }
    result = {
      proof: r.complete ? 'exhaustive' : null,
      stoppedAtDeadline: limits.stopped !== null,
      work: { iterations: r.steps, nodes: r.steps + 1, restarts: 0 },
    };
  } else {
    const base = solveQuboFamily(
      { command: 'optimize', problem: plain, effort: req.effort, seed: req.seed, deadlineMs: req.deadlineMs, warmStart: req.warmStart, model: req.model },
      signal,
    );
    const walk = sampleWalk(model, base.answer, count, budget, new Prng((req.seed ^ SAMPLE_SEED_SALT) >>> 0), limits);
    states = walk.states.map((s) => ({ x: s.x, count: s.count }));
    const bound = base.proof !== null ? base.objective : base.bound;
    result = {
      proof: null,
      ...(bound !== undefined ? { bound } : {}),
      stoppedAtDeadline: base.stoppedAtDeadline || limits.stopped !== null,
      work: { iterations: base.work.iterations + walk.flips, nodes: base.work.nodes, restarts: base.work.restarts + walk.rounds },
    };
  }
  const samples = finishSamples(plain, states, window);
  return {
    kind: 'sample',
    answer: samples[0].x,
    objective: samples[0].objective,
    ...result,
    samples,
    engineMs: performance.now() - started,
  };
}

/** Re-evaluates, sorts by (energy, state), keeps those within `window` of the first. */
function finishSamples(p: QuboProblem, states: { x: Uint8Array; count: number }[], window: number | undefined): EngineSample[] {
  const scored = states.map((s) => ({ x: s.x, objective: evaluateQubo(p, s.x), count: s.count }));
  scored.sort((a, b) => (a.objective !== b.objective ? a.objective - b.objective : compareStates(a.x, b.x)));
  if (window === undefined) return scored;
  const limit = scored[0].objective + window;
  return scored.filter((s) => s.objective <= limit);
}

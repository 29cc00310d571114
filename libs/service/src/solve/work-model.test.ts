import { describe, expect, it } from 'vitest';
import { solveSync, type Effort } from '@svc/engine-ts';
import { canonicalMaxcut, canonicalQubo, sdpBoundWork } from '@svc/engine-ts/families/qubo';
import { computeUnits } from '../compute-units';
import { MS_PER_WORK, WORK_PER_UNIT_FALLBACK, estimateWork } from './work-model';
import { randomEdges } from '../../test/brute-force';

describe('estimateWork', () => {
  // The share of work billed for a cancelled job is min(1, iterations / steps): steps is what
  // enumeration counts exactly, and the heuristic's move budget (its rounds may stop earlier).
  it.each([
    ['maxcut exact', 'maxcut', 14, 'flash'],
    ['optimize exact', 'optimize', 12, 'medium'],
    ['maxcut tabu', 'maxcut', 60, 'flash'],
    ['optimize tabu', 'optimize', 40, 'flash'],
  ] as const)('%s: steps are the engine\'s move budget; a finished run stays within it', (_label, command, n, effort) => {
    const raw = randomEdges(n, 3 * n, n, 5);
    const problem = command === 'maxcut' ? canonicalMaxcut(n, raw, false) : canonicalQubo(n, { '0': -1 }, raw);
    const terms = problem.kind === 'qubo' ? problem.pairs.i.length : problem.edges!.i.length;
    const e = estimateWork({ command, problem, effort: effort as Effort, units: computeUnits({ n, terms }, effort) });
    const r = solveSync({ command, problem, effort, seed: 1 });
    expect(e.basis).toBe('engine_budget');
    // Rounds end on stagnation, so a run may stop early; the last round may finish a few moves past the cap.
    expect(r.work.iterations).toBeGreaterThan(0);
    expect(r.work.iterations).toBeLessThanOrEqual(Math.ceil(e.steps! * 1.05));
    expect(e.work).toBeGreaterThan(0);
  });

  it('maxcut at medium and high counts the SDP bound\'s factorisation (n³/36) where the engines run it', () => {
    expect(sdpBoundWork('medium', 1000)).toBe(Math.ceil(1000 ** 3 / 36));
    expect(sdpBoundWork('high', 6000)).toBe(6000 ** 3 / 36);
    expect(sdpBoundWork('medium', 64)).toBe(Math.ceil(64 ** 3 / 36));
    // The engines' limits (sdp-bound.ts sdpBoundMaxN, SDP_MIN_N): none at flash, none below 64 nodes or above the cap.
    expect(sdpBoundWork('flash', 1000)).toBe(0);
    expect(sdpBoundWork('medium', 63)).toBe(0);
    expect(sdpBoundWork('medium', 2049)).toBe(0);
    expect(sdpBoundWork('high', 6001)).toBe(0);
    const n = 1000;
    const raw = randomEdges(n, 3 * n, 7, 5);
    const w = (effort: Effort) => estimateWork({ command: 'maxcut', problem: canonicalMaxcut(n, raw, false), effort, units: 1 }).work;
    // The search's own work grows from flash to medium too, so medium is flash plus more than the SDP term.
    expect(w('medium') - w('flash')).toBeGreaterThan(sdpBoundWork('medium', n));
  });

  it('grows with effort, is bounded by a latency budget, and falls back to compute units for other commands', () => {
    const p = canonicalMaxcut(3000, randomEdges(3000, 9000, 5, 5), false);
    const w = (effort: Effort, maxLatencyMs?: number) => estimateWork({ command: 'maxcut', problem: p, effort, units: 12, maxLatencyMs, engine: 'ts' }).work;
    expect(w('flash')).toBeLessThan(w('medium'));
    expect(w('medium')).toBeLessThan(w('high'));
    expect(w('high', 50)).toBe(Math.ceil(50 / MS_PER_WORK.ts));
    expect(w('flash', 10_000_000)).toBe(w('flash'));
    const complete = estimateWork({ command: 'maxcut', problem: canonicalMaxcut(50, undefined, true), effort: 'high', units: 4 });
    expect(complete).toEqual({ work: 50, steps: 0, basis: 'engine_budget' });
    // quantum-scale: sweeps × n against the sweep cap; a million spins at high effort is a job.
    const qs = (n: number, effort: Effort) => estimateWork({ command: 'quantum-scale', problem: { kind: 'planted-ising', n, degree: 3, instanceSeed: 1 }, effort, units: 1 });
    const r = solveSync({ command: 'quantum-scale', problem: { kind: 'planted-ising', n: 200, degree: 3, instanceSeed: 1 }, effort: 'flash', seed: 0 });
    expect(r.work.iterations).toBeLessThanOrEqual(qs(200, 'flash').steps!);
    expect(r.work.iterations % 200).toBe(0);
    expect(qs(1_000_000, 'high').work).toBeGreaterThan(qs(5000, 'medium').work * 100);
    const other = estimateWork({ command: 'want', problem: canonicalQubo(5, {}, []), effort: 'flash', units: 3 });
    expect(other).toEqual({ work: 3 * WORK_PER_UNIT_FALLBACK, steps: null, basis: 'compute_units' });
  });
});

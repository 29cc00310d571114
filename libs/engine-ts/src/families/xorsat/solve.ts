/**
 * xorsat: the fewest violated XOR equations, the rank and whether the system is consistent. The
 * native twin, libs/engine-native/src/core/xorsat/solve.cc, follows it decision for decision with
 * the same generator calls. Specification:
 *   1. Plan (structure.ts): peel, then a dense or a lazy elimination of the core. A plan whose
 *      dense part is over XORSAT_MAX_DENSE_BITS is refused (the service refuses it first).
 *   2. Eliminate the core (eliminate.ts): rank = the core's + one per peeled equation; consistent
 *      when the core is and no empty equation has rhs 1. A limit here: the constructive answer,
 *      core variables 0 extended to the peeled variables as in 3 (every peeled equation holds, so
 *      never worse than all 0; O(n + nnz)), rank and consistency unknown, heuristic.
 *   3. Consistent core: its assignment (free variables 0), extended to the peeled variables (last
 *      peeled first): every equation but the empty ones with rhs 1 holds, which is the fewest,
 *      certified ('exhaustive'; docs: proven by elimination).
 *   4. Inconsistent core: at least `lower` = 1 of its equations is violated by any x; the
 *      elimination's assignment meeting it is certified. Else exactly, the cheaper of: the
 *      syndrome search when d = m − rank ≤ dualMaxDim and [A | rhs | I] fits in
 *      XORSAT_MAX_NULL_BITS (fewest equations to flip, then the flipped system solved), the
 *      column-space walk when rank ≤ enumMaxRank (both of the core). Else heuristic: `lower`
 *      raised to the number of disjoint contradictions packed from the null space (when it fits),
 *      then WalkSAT from the best so far; certified only when it meets `lower`, else
 *      `bound` = empty + lower.
 * Limits are checked per 64-column strip of an elimination, every 1024 solved rows, 4096 walk
 * steps, 1024 syndrome states and 1024 flips.
 */
import type { CancelSignal, Proof, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { xorsatBudgetFor, type XorsatBudget } from './budget';
import { coreNullSpace, eliminateCore, solveFlipped } from './eliminate';
import { evaluateXorsat } from './evaluate';
import { localSearch, packContradictions, searchSyndromes, systemViolations, walkColumnSpace } from './fewest-violations';
import type { XorsatProblem, XorsatResult } from './problem';
import { denseBits, planXorsat } from './structure';

/** The most bits a dense elimination of one solve may hold (C++ kXorsatMaxDenseBits). */
export const XORSAT_MAX_DENSE_BITS = 2 ** 31;
/** The most bits of [A | rhs | I] of an inconsistent core for its left null space (C++ kXorsatMaxNullBits). */
export const XORSAT_MAX_NULL_BITS = 2 ** 28;

/** Solves an `xorsat` request synchronously; `budget` replaces the effort's (tests). */
export function solveXorsat(req: SolveRequest<XorsatProblem>, signal?: CancelSignal, budget: XorsatBudget = xorsatBudgetFor(req.effort)): XorsatResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'xorsat' || p.kind !== 'xorsat') throw new Error('xorsat needs an xorsat problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const s = planXorsat(p);
  const bits = denseBits(s);
  if (bits > XORSAT_MAX_DENSE_BITS) throw new RangeError(`xorsat: the dense part of the elimination needs ${bits} bits, over the cap of 2^31`);
  const core = s.core;
  let iterations = 0;
  // The disjoint contradictions behind `lower` (the core's equation numbers), exported in the problem's.
  const chosen: number[][] = [];
  const finish = (coreX: Uint8Array, proof: Proof, rank: number | null, consistent: boolean | null, bound?: number): XorsatResult => {
    const x = new Uint8Array(p.n);
    for (let i = 0; i < s.coreVars.length; i++) x[s.coreVars[i]] = coreX[i];
    // Peeled equations last peeled first: each one's variable is in none of those left.
    for (let k = s.peelEq.length - 1; k >= 0; k--) {
      const e = s.peelEq[k];
      const y = s.peelVar[k];
      let b = p.rhs[e];
      for (let q = p.start[e]; q < p.start[e + 1]; q++) if (p.vars[q] !== y) b ^= x[p.vars[q]];
      x[y] = b;
    }
    const objective = evaluateXorsat(p, x);
    return {
      kind: 'xorsat', answer: x, objective, proof, rank, consistent,
      ...(chosen.length > 0 ? { contradictions: chosen.map((set) => set.map((t) => s.coreEqs[t])) } : {}),
      ...(proof === null && bound !== undefined ? { bound: Math.min(bound, objective) } : {}),
      stoppedAtDeadline: limits.stopped !== null,
      work: { iterations, nodes: 0, restarts: 0 }, engineMs: performance.now() - started,
    };
  };

  const ce = eliminateCore(s, limits);
  if (ce === null) return finish(new Uint8Array(s.coreVars.length), null, null, null);
  const rank = ce.rank + s.peelEq.length;
  const consistent = ce.consistent && s.emptyViolated === 0;
  if (ce.consistent) return finish(ce.x, 'exhaustive', rank, consistent);

  let best = ce.x;
  let bestCount = systemViolations(core, best);
  let lower = 1;
  if (bestCount <= lower) return finish(best, 'exhaustive', rank, consistent);
  const d = core.m - ce.rank;
  const nullFits = core.m * (core.n + 1 + core.m) <= XORSAT_MAX_NULL_BITS;
  const primal = ce.rank <= budget.enumMaxRank;
  const dual = nullFits && d <= budget.dualMaxDim;
  let stopped = false;
  let ns: ReturnType<typeof coreNullSpace> = null;
  // Exact: the syndromes when their space is the smaller, else the column space.
  if (dual && (!primal || d < ce.rank)) {
    ns = coreNullSpace(core, limits);
    stopped = ns === null;
    if (ns !== null) {
      const counters = { iterations, stopped: false };
      const flip = searchSyndromes(core, ns, budget.dualWork, limits, counters);
      iterations = counters.iterations;
      stopped = counters.stopped;
      if (flip !== null) {
        const y = solveFlipped(core, flip, limits);
        if (y !== null) return finish(y, 'exhaustive', rank, consistent);
        stopped = true;
      }
    }
  }
  if (primal && !stopped) {
    const walk = walkColumnSpace(core, ce.pivots, lower, limits);
    iterations += walk.iterations;
    stopped = walk.stopped;
    if (walk.violations < bestCount) {
      best = walk.x;
      bestCount = walk.violations;
    }
    if (walk.exhaustive) return finish(best, 'exhaustive', rank, consistent);
  }
  // Heuristic: the bound from disjoint contradictions, then the local search from the best so far.
  if (!stopped && nullFits && ns === null) {
    ns = coreNullSpace(core, limits);
    stopped = ns === null;
  }
  if (ns !== null) lower = Math.max(lower, packContradictions(ns, chosen));
  if (!stopped) {
    const ls = localSearch(core, best, lower, budget.searchSteps, budget.searchWork, req.seed, limits);
    iterations += ls.iterations;
    if (ls.violations < bestCount) {
      best = ls.x;
      bestCount = ls.violations;
    }
  }
  return finish(best, bestCount <= lower ? 'exhaustive' : null, rank, consistent, s.emptyViolated + lower);
}

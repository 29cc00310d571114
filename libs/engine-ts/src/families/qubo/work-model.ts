/**
 * The QUBO family's work model (families/family.ts `workModel`): optimize and maxcut by the
 * move-cost model of budgetFor (budget.ts); feel, want and sample have none.
 */
import type { Effort } from '../../base';
import type { FamilyWork, WorkPlan } from '../family';
import { budgetFor, exactBudgetFor } from './budget';
import type { MaxcutProblem, QuboProblem } from './problem';
import { SDP_MIN_N, sdpBoundMaxN } from './sdp-bound';

/** optimize: exact enumeration (2^n Gray-code steps) or the tabu search's moves. */
export function quboWork(p: QuboProblem, plan: WorkPlan): FamilyWork | null {
  return plan.command === 'optimize' ? searchWork(p, p.pairs.i.length, plan) : null;
}

/** maxcut: a complete graph by construction, else as optimize plus the SDP bound at medium and high. */
export function maxcutWork(p: MaxcutProblem, plan: WorkPlan): FamilyWork | null {
  if (plan.command !== 'maxcut') return null;
  if (p.complete) return { work: p.n, steps: 0 };
  return p.edges ? searchWork(p, p.edges.i.length, plan) : null;
}

function searchWork(p: QuboProblem | MaxcutProblem, m: number, plan: WorkPlan): FamilyWork {
  const n = p.n;
  const b = budgetFor(plan.command as 'optimize' | 'maxcut', plan.effort, n, m, plan.model);
  const deg = Math.floor((2 * m + n - 1) / n);
  if (n <= b.exactMaxN) {
    const free = p.kind === 'qubo' ? n : n - 1;
    return { work: 2 ** free * (deg / 2 + 6), steps: 2 ** free - 1 };
  }
  let lg = 0;
  while (2 ** lg < n) lg++;
  // The move-cost model of budgetFor.
  const cost = (b.useTrees ? 2 * deg * lg + 6 * lg : n) + deg + 16;
  // maxcut's SDP bound before the search at medium/high (sdp-bound.ts): its dense Cholesky is n³/3
  // flops. Measured on G22 (n = 2000): +0.28 s native, about 29 flops per 3 ns visit with the
  // mixing sweeps and Lanczos included; counted at 12 (n³/36 visits) to leave room for engine-ts's
  // slower loops.
  const sdp = p.kind === 'maxcut' ? sdpBoundWork(plan.effort, n) : 0;
  return { work: b.tabuIterations * cost + sdp, steps: b.tabuIterations };
}

/** The visits counted for maxcut's SDP bound at this effort and size (0 where the engines skip it). */
export function sdpBoundWork(effort: Effort, n: number): number {
  return n >= SDP_MIN_N && n <= sdpBoundMaxN(exactBudgetFor('maxcut', effort, n).boundWork) ? Math.ceil(n ** 3 / 36) : 0;
}

/**
 * The deterministic WORK budget of `select` per effort (never time): the same problem, seed and
 * effort give the same answer on any machine. The native engine receives these numbers from
 * its TS facade, so both engines do the same work.
 */
import type { Effort } from '../../base';

/** Everything the select solvers need to know about how hard to try. */
export interface SelectBudget {
  /** Enumerate every k-subset (certified) when C(m, k) <= this. */
  readonly enumerateMax: number;
  /** Branch and bound runs after the tabu search when m <= bbMaxM. */
  readonly bbMaxM: number;
  /** Branch-and-bound work cap: Σ over visited nodes of the undecided items (~ one bound term each). */
  readonly bbWork: number;
  /** Total swap moves of the tabu search. */
  readonly tabuMoves: number;
  /** A phase ends after this many moves without improving its own best. */
  readonly stall: number;
  /** Candidate list size per side (members with the smallest gain, outsiders with the largest). */
  readonly candidates: number;
  /** All k·(m−k) swaps are scanned when that product is at most this; else the candidate lists. */
  readonly fullScanPairs: number;
  /** Tabu tenure of an item that left (in) and one that joined (out): base + nextInt(span). */
  readonly tenureInBase: number;
  readonly tenureInSpan: number;
  readonly tenureOutBase: number;
  readonly tenureOutSpan: number;
  /** Random swaps applied to the best subset when a phase stalls: min, growth, cap. */
  readonly perturbMin: number;
  readonly perturbStep: number;
  readonly perturbMax: number;
}

const LEVELS: Record<Effort, { movesPerItem: number; workCap: number; bbWork: number }> = {
  flash: { movesPerItem: 20, workCap: 20_000_000, bbWork: 4_000_000 },
  medium: { movesPerItem: 200, workCap: 200_000_000, bbWork: 40_000_000 },
  high: { movesPerItem: 1000, workCap: 1_200_000_000, bbWork: 300_000_000 },
};

/**
 * The work budget for one select solve of m items choosing k. Exact integer formulas (all
 * divisions floor):
 *   L        = 16 (candidates); fullScanPairs = 4096; enumerateMax = 2000; bbMaxM = 1000
 *   pairs    = k·(m−k)
 *   cost     = 3·m + (pairs <= fullScanPairs ? pairs : L·L)     one move's work
 *   tabuMoves = max(min(200, movesPerItem·m), min(movesPerItem·m, floor(workCap / cost)))
 *   stall    = max(200, min(5000, 10·m))
 *   side     = min(k, m − k)
 *   tenureInBase  = min(10, floor((m − k) / 4)), tenureInSpan  = max(1, min(5, floor((m − k) / 4)))
 *   tenureOutBase = min(10, floor(k / 4)),       tenureOutSpan = max(1, min(5, floor(k / 4)))
 *   perturbMin = max(1, floor(side / 10)), perturbStep = 1, perturbMax = max(perturbMin, floor(side / 2))
 */
export function selectBudgetFor(effort: Effort, m: number, k: number): SelectBudget {
  if (!Number.isInteger(m) || m < 1 || !Number.isInteger(k) || k < 1 || k > m) throw new RangeError(`bad size m=${m} k=${k}`);
  const level = LEVELS[effort];
  if (level === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  const candidates = 16;
  const fullScanPairs = 4096;
  const pairs = k * (m - k);
  const cost = 3 * m + (pairs <= fullScanPairs ? pairs : candidates * candidates);
  const most = level.movesPerItem * m;
  const tabuMoves = Math.max(Math.min(200, most), Math.min(most, Math.floor(level.workCap / cost)));
  const side = Math.min(k, m - k);
  const perturbMin = Math.max(1, Math.floor(side / 10));
  return {
    enumerateMax: 2000,
    bbMaxM: 1000,
    bbWork: level.bbWork,
    tabuMoves,
    stall: Math.max(200, Math.min(5000, 10 * m)),
    candidates,
    fullScanPairs,
    tenureInBase: Math.min(10, Math.floor((m - k) / 4)),
    tenureInSpan: Math.max(1, Math.min(5, Math.floor((m - k) / 4))),
    tenureOutBase: Math.min(10, Math.floor(k / 4)),
    tenureOutSpan: Math.max(1, Math.min(5, Math.floor(k / 4))),
    perturbMin,
    perturbStep: 1,
    perturbMax: Math.max(perturbMin, Math.floor(side / 2)),
  };
}

/**
 * The deterministic WORK budget of `rules` per effort (never time): the same problem, seed and
 * effort give the same answer on any machine. The native engine receives these numbers from
 * its TS facade, so both engines do the same work.
 */
import { BUDGET_MODELS, LATEST_BUDGET_MODEL } from '../../effort';
import type { Effort } from '../../base';

/** Everything the rules solvers need to know about how hard to try. */
export interface RulesBudget {
  /** Branch and bound: at most this many variable assignments (decisions and propagations). */
  readonly bbSteps: number;
  /** Total 1-flip moves of the penalty tabu search. */
  readonly tabuMoves: number;
  /** A phase ends after this many moves without improving its own best score. */
  readonly stall: number;
  /** Tabu tenure = tenureBase + nextInt(tenureSpan). */
  readonly tenureBase: number;
  readonly tenureSpan: number;
  /** Random flips applied to the best assignment when a phase stalls: min, growth, cap. */
  readonly perturbMin: number;
  readonly perturbStep: number;
  readonly perturbMax: number;
  /** Move selection by two MinTrees instead of an O(n) scan (the same moves). */
  readonly useTrees: boolean;
  /**
   * The order of the two methods (solve.ts "Dispatch"): true runs the whole tabu budget
   * first and branch and bound after it (model 2026-11-21 on: a deadline cuts the proof, not the
   * search); false is the order of model 2026-11-01 (a short tabu run, branch and bound, then the
   * rest of the tabu moves).
   */
  readonly searchFirst: boolean;
}

/** Sizes of a rules problem that the budget depends on. */
export interface RulesSize {
  /** Variables. */
  readonly n: number;
  /** Canonical objective pairs. */
  readonly pairs: number;
  /** Σ over rules of |nodes|². */
  readonly ruleSquares: number;
}

const LEVELS: Record<Effort, { movesPerVar: number; workCap: number; bbSteps: number }> = {
  flash: { movesPerVar: 50, workCap: 40_000_000, bbSteps: 300_000 },
  medium: { movesPerVar: 500, workCap: 400_000_000, bbSteps: 3_000_000 },
  high: { movesPerVar: 3000, workCap: 2_400_000_000, bbSteps: 30_000_000 },
};

const MAX_MOVES = 1_000_000_000;

/**
 * Exact integer formulas (all divisions floor):
 *   lg       = smallest integer with 2^lg >= n
 *   useTrees = n > 512
 *   cost     = floor(ruleSquares / n) + floor(2·pairs / n) + (useTrees ? 4·lg : n) + 16
 *   tabuMoves = min(MAX_MOVES, max(min(n, 1000), min(movesPerVar·n, floor(workCap / cost))))
 *   stall    = min(5000, max(1000, 20·n))
 *   tenureBase = min(25, max(2, floor(n / 10))), tenureSpan = max(2, min(10, floor(n / 10)))
 *   perturbMin = max(2, floor(n / 50)), perturbStep = 2, perturbMax = max(perturbMin, floor(n / 5))
 *   searchFirst = model is not 2026-11-01
 * `model` is a model version id (effort.ts BUDGET_MODELS; default the newest).
 */
export function rulesBudgetFor(effort: Effort, size: RulesSize, model: string = LATEST_BUDGET_MODEL): RulesBudget {
  if (!BUDGET_MODELS.includes(model)) throw new RangeError(`unknown model version "${String(model)}"`);
  const { n, pairs, ruleSquares } = size;
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(pairs) || pairs < 0 || !(ruleSquares >= 0)) {
    throw new RangeError(`bad size n=${n} pairs=${pairs} ruleSquares=${ruleSquares}`);
  }
  const level = LEVELS[effort];
  if (level === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  let lg = 0;
  while (2 ** lg < n) lg++;
  const useTrees = n > 512;
  const cost = Math.floor(ruleSquares / n) + Math.floor((2 * pairs) / n) + (useTrees ? 4 * lg : n) + 16;
  const tabuMoves = Math.min(MAX_MOVES, Math.max(Math.min(n, 1000), Math.min(level.movesPerVar * n, Math.floor(level.workCap / cost))));
  const perturbMin = Math.max(2, Math.floor(n / 50));
  return {
    bbSteps: level.bbSteps,
    tabuMoves,
    stall: Math.min(5000, Math.max(1000, 20 * n)),
    tenureBase: Math.min(25, Math.max(2, Math.floor(n / 10))),
    tenureSpan: Math.max(2, Math.min(10, Math.floor(n / 10))),
    perturbMin,
    perturbStep: 2,
    perturbMax: Math.max(perturbMin, Math.floor(n / 5)),
    useTrees,
    searchFirst: model !== '2026-11-01',
  };
}

/** The budget-relevant sizes of a canonical rules problem (Σ|nodes|² as a double: exact below 2^53). */
export function rulesSizeOf(p: { n: number; pairs: { w: ArrayLike<number> }; rules: { start: Int32Array } }): RulesSize {
  let sq = 0;
  const s = p.rules.start;
  for (let r = 0; r + 1 < s.length; r++) {
    const len = s[r + 1] - s[r];
    sq += len * len;
  }
  return { n: p.n, pairs: p.pairs.w.length, ruleSquares: sq };
}

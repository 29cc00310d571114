/**
 * The work budgets of optimize and maxcut (and of feel and want, which run them): deterministic
 * WORK (moves, rounds, sweeps, enumeration size), never time. The native engine imports these
 * numbers (or reproduces `budgetFor` exactly), so both engines do the same work.
 */
import type { Effort } from '../../base';
import { BUDGET_MODELS, type BudgetModel, LATEST_BUDGET_MODEL } from '../../effort';

/** The commands that have a search budget here. */
export type SearchCommand = 'optimize' | 'maxcut';

/**
 * Everything the optimize/maxcut solvers need to know about how hard to try. The heuristic is
 * the annealed tabu search with path relinking of kernels/tabu.ts (the native binding passes the
 * fields by name).
 */
export interface SearchBudget {
  /** Exhaustive enumeration (certified) when n <= exactMaxN (max-cut enumerates n − 1 bits). */
  readonly exactMaxN: number;
  /** Cap on search rounds (a round: a start point, then one tabu phase). */
  readonly restarts: number;
  /** Total moves (tabu and path-relinking) over all rounds. */
  readonly tabuIterations: number;
  /** A tabu phase (one per round) ends after this many moves without improving its best. */
  readonly stall: number;
  /** Tabu tenure = tenureBase + rng.nextInt(tenureSpan). */
  readonly tenureBase: number;
  readonly tenureSpan: number;
  /** Annealing sweeps that build a fresh start point. */
  readonly annealSweeps: number;
  /** Elite pool capacity for path relinking (1 = no relinking). */
  readonly elitePool: number;
  /** Rounds without a pool entry (pool full) before the pool shrinks to its best member. */
  readonly shrinkRounds: number;
  /**
   * Move selection by bitset buckets (integral models with a small delta range) or two MinTrees
   * instead of an O(n) scan: the same answer, faster when sparse.
   */
  readonly useTrees: boolean;
}

interface Level {
  readonly exactMaxN: number;
  readonly roundsPer1000: number;
  readonly minRounds: number;
  readonly maxRounds: number;
  readonly workCap: number;
  /** maxcut's work cap where it differs from `workCap`. */
  readonly cutWorkCap?: number;
}

/** One model version's search budgets (see BUDGET_MODELS). */
interface BudgetTable {
  /** Per effort: exact cap, rounds = floor(n·roundsPer1000 / 1000) clamped to [minRounds, maxRounds], work cap. */
  readonly levels: Readonly<Record<Effort, Level>>;
  /** max-cut stall0 = min(250000, max(500, cutStallPerN·n)). */
  readonly cutStallPerN: number;
}

/**
 * Search budgets per model version id (libs/service versions.ts). A frozen model's table never
 * changes: the same problem, seed, effort and model give the same answer forever. Tuning adds a
 * new model id with its own table; the newest one is the default.
 *   2026-11-01  the first frozen model.
 *   2026-11-21  more, shorter tabu rounds (Gset at high reaches more best-known cuts within a
 *               deadline) and a lighter medium for QUBO (bqp1000 at its best-known value in
 *               ~0.1 s native; max-cut keeps the 400M medium cap: 2000-node Gset gaps shrink);
 *               rules runs its whole search before branch and bound (families/rules/budget.ts searchFirst).
 * Small inputs finish quickly while Gset-sized ones at high get minutes of work that a
 * deadline cuts.
 */
const BUDGET_TABLES: Readonly<Record<BudgetModel, BudgetTable>> = {
  '2026-11-01': {
    levels: {
      flash: { exactMaxN: 24, roundsPer1000: 4, minRounds: 1, maxRounds: 4, workCap: 40_000_000 },
      medium: { exactMaxN: 24, roundsPer1000: 40, minRounds: 4, maxRounds: 40, workCap: 400_000_000 },
      high: { exactMaxN: 26, roundsPer1000: 500, minRounds: 10, maxRounds: 20_000, workCap: 200_000_000_000 },
    },
    cutStallPerN: 30,
  },
  '2026-11-21': {
    levels: {
      flash: { exactMaxN: 24, roundsPer1000: 4, minRounds: 1, maxRounds: 4, workCap: 40_000_000 },
      medium: { exactMaxN: 24, roundsPer1000: 1000, minRounds: 2, maxRounds: 40, workCap: 150_000_000, cutWorkCap: 400_000_000 },
      high: { exactMaxN: 26, roundsPer1000: 2000, minRounds: 10, maxRounds: 20_000, workCap: 200_000_000_000 },
    },
    cutStallPerN: 10,
  },
};

/** Largest move budget, so tabuUntil (moves + tenure) stays a positive int32. */
const MAX_MOVES = 1_000_000_000;
/** Elite pool capacity and the stagnation that rebuilds it. */
const POOL_SIZE = 10;
const REBUILD_AFTER = 10;

/**
 * The work budget for one solve; n = variables or nodes, m = canonical pairs or edges.
 * Exact integer formulas (all divisions floor; the native engine receives the result as is):
 *   deg      = floor((2m + n − 1) / n)            average degree, rounded up
 *   lg       = smallest integer with 2^lg >= n
 *   useTrees = n > 512 + 2·deg·lg
 *   move     = (useTrees ? 2·deg·lg + 6·lg : n) + deg + 16     model of one tabu move's work
 *   sweep    = 2n + floor(n·deg / 4)                             model of one annealing sweep
 *   maxcut:   sweeps0 = 1000, stall0 = min(250000, max(500, cutStallPerN·n)),
 *             tenureBase = max(2, floor(n/40)), tenureSpan = max(2, floor(n/20))
 *   optimize: sweeps0 = 200,  stall0 = min(100000, max(500, 10n)),
 *             tenureBase = max(2, floor(n/100)), tenureSpan = max(2, floor(n/64))
 *   workCap  = the level's cutWorkCap for maxcut when set, else its workCap
 *   sweeps   = max(1, min(sweeps0, floor(workCap / (2·sweep))))
 *   stall    = max(1, min(stall0, floor(workCap / (4·move))))
 *   round    = sweeps·sweep + 2·stall·move + n·move      (a phase ~ 2·stall; relinking < n moves)
 *   rounds   = min(maxRounds, max(minRounds, floor(n·roundsPer1000 / 1000)))
 *   restarts = max(1, min(rounds, floor(workCap / round)))           the round cap
 *   tabuIterations = min(MAX_MOVES, restarts·(2·stall + n))
 *   annealSweeps = sweeps, elitePool = 10 (pool), shrinkRounds = 10 (rebuild after)
 * The tenure split comes from measurements: sparse max-cut graphs (Gset) want long tenure and
 * long annealing, dense QUBO (Beasley bqp) short tenure and short annealing.
 */
export function budgetFor(command: SearchCommand, effort: Effort, n: number, m: number, model: string = LATEST_BUDGET_MODEL): SearchBudget {
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(m) || m < 0) throw new RangeError(`bad size n=${n} m=${m}`);
  if (command !== 'optimize' && command !== 'maxcut') throw new RangeError(`no search budget for "${String(command)}"`);
  const tables: Readonly<Record<string, BudgetTable>> = BUDGET_TABLES;
  const table = Object.prototype.hasOwnProperty.call(tables, model) ? tables[model] : undefined;
  if (table === undefined) throw new RangeError(`unknown model version "${String(model)}"; known: ${BUDGET_MODELS.join(', ')}`);
  const level = table.levels[effort];
  if (level === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  const deg = Math.floor((2 * m + n - 1) / n);
  let lg = 0;
  while (2 ** lg < n) lg++;
  const useTrees = n > 512 + 2 * deg * lg;
  const move = (useTrees ? 2 * deg * lg + 6 * lg : n) + deg + 16;
  const sweep = 2 * n + Math.floor((n * deg) / 4);
  const isCut = command === 'maxcut';
  const workCap = isCut ? (level.cutWorkCap ?? level.workCap) : level.workCap;
  const sweeps0 = isCut ? 1000 : 200;
  const stall0 = isCut ? Math.min(250_000, Math.max(500, table.cutStallPerN * n)) : Math.min(100_000, Math.max(500, 10 * n));
  const sweeps = Math.max(1, Math.min(sweeps0, Math.floor(workCap / (2 * sweep))));
  const stall = Math.max(1, Math.min(stall0, Math.floor(workCap / (4 * move))));
  const round = sweeps * sweep + 2 * stall * move + n * move;
  const rounds = Math.min(level.maxRounds, Math.max(level.minRounds, Math.floor((n * level.roundsPer1000) / 1000)));
  const restarts = Math.max(1, Math.min(rounds, Math.floor(workCap / round)));
  return {
    exactMaxN: level.exactMaxN,
    restarts,
    tabuIterations: Math.min(MAX_MOVES, restarts * (2 * stall + n)),
    stall,
    tenureBase: Math.max(2, Math.floor(n / (isCut ? 40 : 100))),
    tenureSpan: Math.max(2, Math.floor(n / (isCut ? 20 : 64))),
    annealSweeps: sweeps,
    elitePool: POOL_SIZE,
    shrinkRounds: REBUILD_AFTER,
    useTrees,
  };
}

// ---------------------------------------------------------------------------------------------
// Exact methods beyond enumeration (branch and bound, proven bounds): solve.ts.

/** How hard optimize/maxcut try to prove optimality above the enumeration cap. */
export interface ExactBudget {
  /** Branch and bound is tried when the model left after persistency fixing has <= bnbMaxN variables. */
  readonly bnbMaxN: number;
  /** Branch-and-bound work cap: nodes plus residual updates (kernels/bnb.ts). */
  readonly bnbWork: number;
  /** Work cap of the proven bound of a heuristic answer (roof-dual flow / cycle packing). */
  readonly boundWork: number;
}

const EXACT_LEVELS: Record<Effort, ExactBudget> = {
  flash: { bnbMaxN: 96, bnbWork: 4_000_000, boundWork: 10_000_000 },
  medium: { bnbMaxN: 128, bnbWork: 40_000_000, boundWork: 50_000_000 },
  high: { bnbMaxN: 160, bnbWork: 400_000_000, boundWork: 200_000_000 },
};

/**
 * The exact-method budget for one optimize/maxcut solve of n variables or nodes: deterministic
 * work caps (never time), so both engines prove the same things. The native engine receives it
 * through the binding unchanged.
 */
export function exactBudgetFor(command: SearchCommand, effort: Effort, n: number): ExactBudget {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`bad size n=${n}`);
  if (command !== 'optimize' && command !== 'maxcut') throw new RangeError(`no exact budget for "${String(command)}"`);
  const level = EXACT_LEVELS[effort];
  if (level === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return { ...level };
}

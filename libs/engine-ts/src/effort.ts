/**
 * Effort levels as deterministic WORK budgets (moves, phases, enumeration size), never time:
 * the same problem, seed and effort give the same answer on any machine. The native engine
 * imports these numbers (or reproduces `budgetFor` exactly), so both engines do the same work.
 */
import { EFFORTS, type Effort } from './engine';

/** The commands that have a search budget here. */
export type SearchCommand = 'optimize' | 'maxcut';

/** Everything the optimize/maxcut solvers need to know about how hard to try. */
export interface SearchBudget {
  /** Exhaustive enumeration (certified) when n <= exactMaxN (max-cut enumerates n − 1 bits). */
  readonly exactMaxN: number;
  /** Cap on tabu phases (the first phase plus breakout restarts). */
  readonly restarts: number;
  /** Total 1-flip tabu moves over all phases. */
  readonly tabuIterations: number;
  /** A phase ends after this many moves without improving its own best. */
  readonly stall: number;
  /** Tabu tenure = tenureBase + rng.nextInt(tenureSpan). */
  readonly tenureBase: number;
  readonly tenureSpan: number;
  /** Breakout perturbation: flips after an improving phase, growth per failed phase, cap. */
  readonly perturbMin: number;
  readonly perturbStep: number;
  readonly perturbMax: number;
  /** Move selection by two MinTrees instead of an O(n) scan (same answer, faster when sparse). */
  readonly useTrees: boolean;
}

/** Per effort: exact cap, moves per variable, and a cap on total work in "edge visits". */
const LEVELS: Record<Effort, { exactMaxN: number; movesPerVar: number; workCap: number }> = {
  flash: { exactMaxN: 24, movesPerVar: 50, workCap: 40_000_000 },
  medium: { exactMaxN: 24, movesPerVar: 500, workCap: 400_000_000 },
  high: { exactMaxN: 26, movesPerVar: 3000, workCap: 2_400_000_000 },
};

/** Largest move budget, so tabuUntil (moves + tenure) stays a positive int32. */
const MAX_MOVES = 1_000_000_000;

/**
 * Parse an effort name: `flash`, `medium`, `high`, and the historical input aliases
 * `low` and `med` (→ medium) and `max` (→ high). Anything else throws a RangeError.
 */
export function parseEffort(s: string): Effort {
  switch (s) {
    case 'flash':
    case 'medium':
    case 'high':
      return s;
    case 'low':
    case 'med':
      return 'medium';
    case 'max':
      return 'high';
    default:
      throw new RangeError(`unknown effort "${s}" (expected one of ${EFFORTS.join(', ')})`);
  }
}

/**
 * The work budget for one solve; n = variables or nodes, m = canonical pairs or edges.
 * Exact integer formulas (all divisions floor; the native engine reproduces them):
 *   deg      = floor((2m + n − 1) / n)            average degree, rounded up
 *   lg       = smallest integer with 2^lg >= n
 *   useTrees = n > 512 + 2·deg·lg
 *   cost     = (useTrees ? 2·deg·lg + 6·lg : n) + deg + 16   model of one move's work
 *   tabuIterations = min(MAX_MOVES, max(n, min(movesPerVar·n, floor(workCap / cost))))
 *   stall    = min(5000, max(1000, 20·n))
 *   restarts = floor(tabuIterations / 1000) + 1   (a safety cap; phases last ≥ 1000 moves)
 *   maxcut:   tenureBase = max(2, floor(n/10)), tenureSpan = max(2, floor(n/20))
 *   optimize: tenureBase = max(2, floor(n/40)), tenureSpan = max(2, floor(n/80))
 *   perturbMin = max(2, floor(n/50)), perturbStep = 2, perturbMax = max(perturbMin, floor(n/5))
 * The tenure split comes from measurements: sparse max-cut graphs (Gset) want long tenure,
 * dense QUBO (Beasley bqp) shorter.
 */
export function budgetFor(command: SearchCommand, effort: Effort, n: number, m: number): SearchBudget {
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(m) || m < 0) throw new RangeError(`bad size n=${n} m=${m}`);
  if (command !== 'optimize' && command !== 'maxcut') throw new RangeError(`no search budget for "${String(command)}"`);
  const level = LEVELS[effort];
  if (level === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  const deg = Math.floor((2 * m + n - 1) / n);
  let lg = 0;
  while (2 ** lg < n) lg++;
  const useTrees = n > 512 + 2 * deg * lg;
  const cost = (useTrees ? 2 * deg * lg + 6 * lg : n) + deg + 16;
  const tabuIterations = Math.min(
    MAX_MOVES,
    Math.max(n, Math.min(level.movesPerVar * n, Math.floor(level.workCap / cost))),
  );
  const perturbMin = Math.max(2, Math.floor(n / 50));
  const isCut = command === 'maxcut';
  return {
    exactMaxN: level.exactMaxN,
    restarts: Math.floor(tabuIterations / 1000) + 1,
    tabuIterations,
    stall: Math.min(5000, Math.max(1000, 20 * n)),
    tenureBase: Math.max(2, Math.floor(n / (isCut ? 10 : 40))),
    tenureSpan: Math.max(2, Math.floor(n / (isCut ? 20 : 80))),
    perturbMin,
    perturbStep: 2,
    perturbMax: Math.max(perturbMin, Math.floor(n / 5)),
    useTrees,
  };
}

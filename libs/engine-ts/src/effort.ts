/**
 * Effort levels and model versions. An effort is a deterministic WORK budget (moves, rounds,
 * sweeps, enumeration size), never time: the same problem, seed and effort give the same answer on
 * any machine. Each family turns (effort, size, model) into its own budget
 * (families/<family>/budget.ts); the native engine receives those numbers unchanged.
 */
import { EFFORTS, type Effort } from './base';

/**
 * The model version ids, oldest first (libs/service versions.ts). A frozen model's budget tables
 * never change: the same problem, seed, effort and model give the same answer forever. Tuning adds
 * a new model id here and its tables in the families (families/qubo/budget.ts BUDGET_TABLES is
 * typed over `BudgetModel`, so a missing table fails the type check); the newest is the default.
 */
const MODEL_IDS = ['2026-11-01', '2026-11-21'] as const;
/** A model version id that has budget tables. */
export type BudgetModel = (typeof MODEL_IDS)[number];

/** The model version ids that have a budget table, oldest first. */
export const BUDGET_MODELS: readonly string[] = Object.freeze([...MODEL_IDS]);
/** The newest model: what `budgetFor` uses when no model is named. */
export const LATEST_BUDGET_MODEL: string = BUDGET_MODELS[BUDGET_MODELS.length - 1];

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

/**
 * The budget a family hands the native engine with its canonical problem (the addon reads the
 * problem's fields and these by the family's records in libs/engine-native/src/core/<family>):
 * `family` by name (numbers and booleans), and for the QUBO family the search and exact budgets of
 * the common solve options. engine-ts computes them so that both engines do the same work.
 */
import type { ExactBudget, SearchBudget } from './qubo/budget';

export interface NativeBudget {
  /** The family's own budget by name: the fields its BudgetField records (or "budget.x" wire fields) read. */
  readonly family?: object;
  /** The tabu search budget of the QUBO family (SolveOptions::budget). */
  readonly search?: SearchBudget;
  /** The exact-method budget of the QUBO family (SolveOptions::exact); absent = no proof stage. */
  readonly exact?: ExactBudget;
}

/**
 * The budget a family hands the native engine with its canonical problem (the addon reads the
 * problem's fields and these by the family's records in libs/engine-native/src/core/<family>):
 * `family` by name (numbers and booleans, or objects of them, read at a dotted path). engine-ts
 * computes it so that both engines do the same work; what it holds is the family's own business
 * (the QUBO family's search and exact budgets: families/qubo/command-budget.ts).
 */
export interface NativeBudget {
  /** The family's own budget by name: the fields its BudgetField records (or "budget.x" wire fields) read. */
  readonly family?: object;
}

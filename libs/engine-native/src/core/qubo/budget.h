// The qubo family's work budget: what engine-ts computes for it (families/qubo/command-budget.ts)
// and hands over in the family budget object, bound into QuboFamilyProblem::budget by the records
// of qubo/problem.h. Only the qubo family reads it.
#ifndef SVC_CORE_QUBO_BUDGET_H_
#define SVC_CORE_QUBO_BUDGET_H_

#include <cstdint>

namespace svc::core {

// The tabu search budget of engine-ts `budgetFor` (families/qubo/budget.ts SearchBudget), field for field.
struct SearchBudget {
  int32_t exact_max_n = 0;       // enumerate when n <= exact_max_n (max-cut: n - 1 free bits)
  int64_t restarts = 0;          // cap on tabu phases
  int64_t tabu_iterations = 0;   // total tabu moves
  int64_t stall = 0;             // a phase ends after this many non-improving moves
  int32_t tenure_base = 0;
  int32_t tenure_span = 1;
  int32_t anneal_sweeps = 0;  // annealing sweeps that build a fresh start point
  int32_t elite_pool = 0;     // elite pool capacity for path relinking (1 = none)
  int32_t shrink_rounds = 0;  // rounds without a pool entry before the pool shrinks to its best
  bool use_trees = false;
};

// engine-ts `exactBudgetFor` (families/qubo/budget.ts ExactBudget), field for field, plus the request's
// exactMethod. has_budget false (the default) = no proven bound and no branch and bound.
struct ExactBudget {
  bool has_budget = false;
  int32_t bnb_max_n = 0;   // branch and bound when <= bnb_max_n variables are left unfixed
  int64_t bnb_work = 0;    // branch-and-bound work cap (bnb.h)
  int64_t bound_work = 0;  // work cap of the proven bound of a heuristic answer
  bool force_bnb = false;  // exactMethod 'branch_and_bound': no enumeration, n up to 4096
  bool heuristic = false;  // exactMethod 'heuristic': no enumeration, no branch and bound
};

struct QuboBudget {
  SearchBudget search;  // absent fields: zero (a complete max-cut needs none)
  ExactBudget exact;    // absent: no proof stage
};

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_BUDGET_H_

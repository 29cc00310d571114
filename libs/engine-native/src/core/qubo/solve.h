// Exact-or-heuristic dispatch shared by optimize and maxcut: the port of engine-ts
// families/qubo/solve.ts (its file comment is the specification), step for step.
#ifndef SVC_CORE_QUBO_SOLVE_H_
#define SVC_CORE_QUBO_SOLVE_H_

#include <cstdint>
#include <vector>

#include "common/solve_limits.h"
#include "qubo/model.h"
#include "qubo/problem.h"

namespace svc::core {

struct SearchOutcome {
  std::vector<uint8_t> x;
  Proof proof = Proof::kNone;
  Stop stop = Stop::kNone;
  Work work;
  double model_bound = 0;  // proven lower bound on the model minimum (-infinity when none)
  std::vector<int32_t> triangles;  // max-cut: the cycle bound's triangles behind model_bound (u, v, w each)
};

// n <= budget.exact_max_n (exact method auto): branch and bound first when n > 20 (with an exact
// budget), then Gray-code enumeration over `exact_free` variables (proof exhaustive when it
// completes). Otherwise tabu search seeded with Prng(seed) from the warm start if any, then,
// with an exact budget, Prove() on its answer.
// `symmetric`: a max-cut model (E(x) = E(1 - x)).
SearchOutcome RunSearch(const QuboModel& m, int32_t exact_free, bool symmetric, const QuboBudget& budget,
                        const SolveOptions& options, const Limits& limits);

struct ProofOutcome {
  std::vector<uint8_t> x;  // never worse in model energy than the incumbent given
  bool optimal = false;    // x is a proven minimiser
  double bound = 0;        // proven lower bound on the model minimum (-infinity when none)
  int64_t nodes = 0;       // branch-and-bound nodes
  Stop stop = Stop::kNone; // a limit that fired during branch and bound
  std::vector<int32_t> triangles;  // max-cut: the cycle bound's triangles behind `bound` (u, v, w each)
};

// Proven bound (roof dual / cycle packing), root-closing test, then branch and bound on the
// model reduced by persistency when it has at most bnb_max_n variables (or force_bnb)
// (qubo-solve.ts prove).
ProofOutcome Prove(const QuboModel& m, bool symmetric, std::vector<uint8_t> incumbent,
                   const ExactBudget& exact, const Limits& limits);

// The model on the variables with fixed[i] < 0 (qubo-solve.ts reduceModel).
QuboModel ReduceModel(const QuboModel& m, const std::vector<int8_t>& fixed,
                      std::vector<int32_t>* free_vars, double* constant);

// Fills status from proof and stop: kOptimal, else kDeadline / kCancelled, else kWorkLimit.
ResultStatus FinalStatus(Proof proof, Stop stop);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_SOLVE_H_

// Exact-or-heuristic dispatch shared by optimize and maxcut (ts-engine.ts solveSync).
#ifndef SVC_CORE_SEARCH_H_
#define SVC_CORE_SEARCH_H_

#include <cstdint>
#include <vector>

#include "solve_limits.h"
#include "problem.h"
#include "qubo_model.h"

namespace svc::core {

struct SearchOutcome {
  std::vector<uint8_t> x;
  Proof proof = Proof::kNone;
  Stop stop = Stop::kNone;
  Work work;
};

// n <= budget.exact_max_n: Gray-code enumeration over `exact_free` variables (proof exhaustive
// when it completes); otherwise tabu search seeded with Prng(seed) from the warm start if any.
SearchOutcome RunSearch(const QuboModel& m, int32_t exact_free, const SolveOptions& options,
                        const Limits& limits);

// Fills status from proof and stop: kOptimal, else kDeadline / kCancelled, else kWorkLimit.
ResultStatus FinalStatus(Proof proof, Stop stop);

}  // namespace svc::core

#endif  // SVC_CORE_SEARCH_H_

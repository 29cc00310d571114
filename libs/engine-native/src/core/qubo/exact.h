// Exhaustive enumeration of a QUBO model in Gray-code order: one flip and O(degree) per state.
// A step-for-step port of engine-ts families/qubo/exact.ts (its file comment is the specification).
#ifndef SVC_CORE_QUBO_EXACT_H_
#define SVC_CORE_QUBO_EXACT_H_

#include <cstdint>
#include <vector>

#include "common/solve_limits.h"
#include "kernels/model.h"

namespace svc::core {

// The largest number of free variables ExactGray accepts (matches exact.ts).
constexpr int32_t kExactMaxFree = 30;

struct ExactOutcome {
  std::vector<uint8_t> x;   // best assignment seen (all n entries; fixed ones are 0)
  double energy = 0;        // its model energy as tracked (callers re-evaluate)
  bool complete = false;    // every one of the 2^free states was visited
  Stop stop = Stop::kNone;  // the limit that cut the enumeration short, if any
  int64_t steps = 0;        // Gray-code steps taken (states visited - 1)
};

// Enumerates variables [0, free_vars) with the others fixed at 0; 0 <= free_vars <= 30.
// Ties keep the first minimum in Gray order. Polls limits every 4096 steps and recomputes
// the incremental state from scratch every 65536 steps (bounds float drift).
ExactOutcome ExactGray(const QuboModel& m, int32_t free_vars, const Limits& limits);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_EXACT_H_

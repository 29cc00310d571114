// Exact minimisation of a QUBO model by branch and bound with Russian-doll bounds: a port of
// engine-ts kernels/bnb.ts (its file comment is the specification), operation for operation.
#ifndef SVC_CORE_KERNELS_BNB_H_
#define SVC_CORE_KERNELS_BNB_H_

#include <cstdint>
#include <span>
#include <vector>

#include "kernels/model.h"
#include "common/solve_limits.h"

namespace svc::core {

struct BnbOptions {
  bool symmetric = false;          // E(x) = E(1 - x): the first variable of every subproblem stays 0
  int64_t work_limit = 0;          // nodes + residual updates
  std::span<const uint8_t> incumbent;  // empty, or a known assignment of n entries
};

enum class BnbStop : int32_t { kNone = 0, kWork = 1, kAbandoned = 2, kLimits = 3 };

struct BnbOutcome {
  std::vector<uint8_t> x;  // best assignment for the full problem; empty if never reached
  double energy = 0;       // its model energy as tracked (callers re-evaluate)
  bool complete = false;   // x is a minimiser
  double bound = 0;        // proven lower bound on the minimum; -infinity when none
  int64_t nodes = 0;
  int64_t work = 0;
  BnbStop stop = BnbStop::kNone;
  Stop limit = Stop::kNone;  // the limit that fired (kLimits)
};

// The branching order (position -> variable).
std::vector<int32_t> BnbOrder(const QuboModel& m);

BnbOutcome BranchAndBound(const QuboModel& m, const BnbOptions& options, const Limits& limits);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_BNB_H_

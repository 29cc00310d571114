// sample: the k lowest-energy states by Gray-code enumeration (engine-ts families/qubo/k-best.ts).
#ifndef SVC_CORE_QUBO_K_BEST_H_
#define SVC_CORE_QUBO_K_BEST_H_

#include <cstdint>
#include <vector>

#include "common/solve_limits.h"
#include "kernels/model.h"

namespace svc::core {

// The k smallest (energy, Gray code) pairs over the 2^free_vars states (k-best.ts).
struct KBestOutcome {
  std::vector<uint32_t> codes;  // heap order; callers sort
  std::vector<double> energies;
  bool complete = false;
  Stop stop = Stop::kNone;
  int64_t steps = 0;
};
KBestOutcome KBestGray(const QuboModel& m, int32_t free_vars, int32_t k, const Limits& limits);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_K_BEST_H_

// sample: the elite walk and the state order (engine-ts families/qubo/sample-walk.ts, sample-order.ts).
#ifndef SVC_CORE_QUBO_SAMPLE_WALK_H_
#define SVC_CORE_QUBO_SAMPLE_WALK_H_

#include <cstdint>
#include <span>
#include <vector>

#include "common/prng.h"
#include "common/solve_limits.h"
#include "kernels/model.h"

namespace svc::core {

// The elite walk around `start` keeping the k best distinct visited states (sample-walk.ts).
struct WalkState {
  std::vector<uint8_t> x;
  double energy = 0;
  int64_t count = 0;
};
struct WalkOutcome {
  std::vector<WalkState> states;
  int64_t rounds = 0;
  int64_t flips = 0;
  Stop stop = Stop::kNone;
};
WalkOutcome SampleWalk(const QuboModel& m, std::span<const uint8_t> start, int32_t k,
                       int64_t rounds, int32_t max_flips, Prng& rng, const Limits& limits);

// sample-order.ts: < 0 when a comes first (compare from the highest index down, 0 before 1).
int CompareStates(std::span<const uint8_t> a, std::span<const uint8_t> b);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_SAMPLE_WALK_H_

// feel, want and sample: the registry entries and the pieces they are built from.
// feel reaches the core already reduced to its exact QUBO (engine-ts ising.ts), so the registry
// maps it to SolveOptimize; want and sample are here. Ports of engine-ts internal/pinned.ts,
// k-best.ts, sample-walk.ts and sample.ts (their file comments are the specifications).
#ifndef SVC_CORE_QUBO_FAMILY_H_
#define SVC_CORE_QUBO_FAMILY_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/request.h"
#include "kernels/model.h"
#include "common/solve_limits.h"
#include "common/status.h"

namespace svc::core {

// Both expect a problem already checked by ValidateRequest().
CallStatus SolveWant(const ProblemView& problem, const SolveOptions& options,
                     const Limits& limits, SolveResult* out, std::string* error);
CallStatus SolveSample(const ProblemView& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error);

// Shape checks of the want / sample parts of a problem (pins canonical, sample spec usable).
bool ValidateQuboFamily(std::string_view command, const ProblemView& problem, std::string* error);

// The QUBO on the free variables after substituting the pins (pinned.ts reducePinned).
struct PinnedReduction {
  int32_t n_free = 0;
  std::vector<int32_t> free;  // free[k] = original index of reduced variable k (ascending)
  std::vector<double> linear;
  std::vector<int32_t> pi, pj;
  std::vector<double> pw;
  double constant = 0;  // Q_full(expand(y)) = Q_reduced(y) + constant
};
PinnedReduction ReducePinned(const ProblemView& p);

// The k smallest (energy, Gray code) pairs over the 2^free_vars states (k-best.ts).
struct KBestOutcome {
  std::vector<uint32_t> codes;  // heap order; callers sort
  std::vector<double> energies;
  bool complete = false;
  Stop stop = Stop::kNone;
  int64_t steps = 0;
};
KBestOutcome KBestGray(const QuboModel& m, int32_t free_vars, int32_t k, const Limits& limits);

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

// sample.ts SAMPLE_SEED_SALT: the walk's Prng is seeded with seed ^ this.
inline constexpr uint32_t kSampleSeedSalt = 0x53414d50u;

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_FAMILY_H_

// select: the swap tabu search with candidate lists and perturbed restarts from the global best.
// A port of engine-ts families/select/tabu.ts, step for step and with the same generator calls.
#ifndef SVC_CORE_SELECT_TABU_H_
#define SVC_CORE_SELECT_TABU_H_

#include <cstdint>
#include <vector>

#include "common/prng.h"
#include "common/solve_limits.h"
#include "select/problem.h"
#include "select/solve.h"

namespace svc::core {

struct SelectTabuResult {
  std::vector<uint8_t> chosen;
  int64_t moves = 0;
  int64_t phases = 0;
  Stop stop = Stop::kNone;
};

// The greedy start, also the floor of a cut enumeration (solve.cc): k times add the outsider with
// the largest gain (ties: lower index). in_s (all 0 on entry) gets the chosen, g their gains
// afterwards; returns their value (engine-ts selectGreedy).
double SelectGreedy(const SelectView& s, int32_t m, std::vector<double>& g, std::vector<uint8_t>& in_s);

// The best k-subset the search found; eps is the tolerance of its comparisons.
SelectTabuResult SelectTabu(const SelectView& s, int32_t m, const SelectBudget& b, Prng& rng,
                            const Limits& limits, double eps);

}  // namespace svc::core

#endif  // SVC_CORE_SELECT_TABU_H_

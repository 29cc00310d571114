// Iterated 1-flip tabu search with breakout perturbation: a port of engine-ts internal/tabu.ts.
#ifndef SVC_CORE_TABU_H_
#define SVC_CORE_TABU_H_

#include <cstdint>
#include <span>
#include <vector>

#include "solve_limits.h"
#include "prng.h"
#include "qubo_model.h"

namespace svc::core {

struct TabuParams {
  int64_t max_moves = 0;   // total move budget over all phases
  int64_t max_phases = 0;  // phase budget (the first phase counts)
  int64_t stall = 0;       // a phase ends after this many moves without improving its best
  int32_t tenure_base = 0;
  int32_t tenure_span = 1;  // >= 1; the random part of the tenure is NextInt(tenure_span)
  int32_t perturb_min = 0;
  int32_t perturb_max = 0;
  int32_t perturb_step = 0;
  bool use_trees = false;  // step 2 by two MinTrees instead of a scan: same choice, faster when sparse
};

struct TabuOutcome {
  std::vector<uint8_t> x;  // best assignment
  double energy = 0;       // model energy of x (incremental; callers re-evaluate)
  int64_t moves = 0;
  int64_t phases = 0;
  Stop stop = Stop::kNone;
};

// Starts from `warm` when it has n entries, else from GreedyStart(). Never returns an assignment
// with higher model energy than its start (the best is kept). Checks limits before the first
// move, every 1024 moves and at every phase boundary.
TabuOutcome TabuSearch(const QuboModel& m, const TabuParams& params, Prng& rng,
                       const Limits& limits, std::span<const uint8_t> warm);

// Randomised greedy from the all-1/2 point, fixing variables in a shuffled order.
std::vector<uint8_t> GreedyStart(const QuboModel& m, Prng& rng);

}  // namespace svc::core

#endif  // SVC_CORE_TABU_H_

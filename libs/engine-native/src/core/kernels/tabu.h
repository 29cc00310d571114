// Annealed tabu search with path relinking over an elite pool: a port of engine-ts
// kernels/tabu.ts (whose file comment is the specification).
#ifndef SVC_CORE_KERNELS_TABU_H_
#define SVC_CORE_KERNELS_TABU_H_

#include <cstdint>
#include <span>
#include <vector>

#include "common/solve_limits.h"
#include "common/prng.h"
#include "kernels/model.h"

namespace svc::core {

// The search's work budget (engine-ts effort.ts budgetFor fills it; the names are historical).
struct TabuParams {
  int64_t max_moves = 0;   // total moves (tabu and path relinking) over all rounds
  int64_t max_phases = 0;  // round budget
  int64_t stall = 0;       // a tabu phase (one per round) ends after this many non-improving moves
  int32_t tenure_base = 0;
  int32_t tenure_span = 1;   // >= 1; the random part of the tenure is NextInt(tenure_span)
  int32_t anneal_sweeps = 0;  // annealing sweeps that make a fresh start point
  int32_t shrink_rounds = 0;  // rounds without a pool entry (pool full) before it shrinks to its best
  int32_t elite_pool = 0;     // elite pool capacity (1 = no path relinking)
  bool use_trees = false;    // step 2 by two MinTrees instead of a scan: same choice, faster when sparse
};

struct TabuOutcome {
  std::vector<uint8_t> x;  // best assignment
  double energy = 0;       // model energy of x (incremental; callers re-evaluate)
  int64_t moves = 0;       // tabu and path-relinking moves
  int64_t flips = 0;       // accepted annealing flips (not counted in `moves`)
  int64_t phases = 0;      // rounds started
  Stop stop = Stop::kNone;
};

// Round 0 starts from `warm` when it has n entries. Never returns an assignment with higher
// model energy than the warm start (the best is kept). Checks limits before the first round,
// every 1024 moves and during annealing sweeps.
TabuOutcome TabuSearch(const QuboModel& m, const TabuParams& params, Prng& rng,
                       const Limits& limits, std::span<const uint8_t> warm);

// Randomised greedy from the all-1/2 point, fixing variables in a shuffled order.
std::vector<uint8_t> GreedyStart(const QuboModel& m, Prng& rng);

// The constructive answer, the floor of a search cut by a limit: one greedy sweep from the
// all-zero point, each variable in order 0..n-1 set to the value that lowers the energy given the
// others, O(n + m), no generator call (engine-ts kernels/tabu.ts greedySweep).
std::vector<uint8_t> GreedySweep(const QuboModel& m);

// x, or the greedy sweep when that has lower model energy.
std::vector<uint8_t> AtLeastGreedy(const QuboModel& m, std::vector<uint8_t> x);

// E(x) = E(1 - x) for every x: 2 h_i + sum_j W_ij == 0 for every i (row order), as the max-cut
// reduction produces.
bool IsSymmetric(const QuboModel& m);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_TABU_H_

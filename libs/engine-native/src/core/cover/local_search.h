// cover: row-weighting local search from the incumbent cover. A port of engine-ts
// families/cover/local-search.ts, step for step and with the same generator calls (that file's
// comment is the specification).
#ifndef SVC_CORE_COVER_LOCAL_SEARCH_H_
#define SVC_CORE_COVER_LOCAL_SEARCH_H_

#include <cstdint>
#include <vector>

#include "common/prng.h"
#include "common/solve_limits.h"
#include "cover/problem.h"

namespace svc::core {

struct CoverLocalSearchResult {
  std::vector<uint8_t> best;  // every set: 1 chosen or fixed
  double best_cost = 0;
  int64_t steps = 0;
};

// Improves `start` (a cover including every set with fixed[j] == 1, of cost `start_cost`);
// estart/esets list each element's sets. *stop is set when a limit ends it.
CoverLocalSearchResult CoverLocalSearch(const CoverView& c, int32_t n, const std::vector<int32_t>& estart,
                                        const std::vector<int32_t>& esets, const std::vector<int8_t>& fixed,
                                        const std::vector<uint8_t>& start, double start_cost, int64_t steps,
                                        double lower, double tol, Prng& rng, const Limits& limits, Stop* stop);

}  // namespace svc::core

#endif  // SVC_CORE_COVER_LOCAL_SEARCH_H_

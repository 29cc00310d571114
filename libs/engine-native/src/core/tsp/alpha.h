// tsp: α-nearness candidate lists (Helsgaun 2000, after Volgenant and Jonkers) from the 1-tree of
// the Held–Karp penalties.
#ifndef SVC_CORE_TSP_ALPHA_H_
#define SVC_CORE_TSP_ALPHA_H_

#include <cstdint>
#include <vector>

#include "common/solve_limits.h"
#include "common/status.h"
#include "tsp/solve.h"

namespace svc::core {

// The k cities of smallest α-nearness to every city under the penalties pi (n of them): α(i, j) is
// how much the minimum 1-tree of the costs d(i, j) + pi[i] + pi[j] grows when it must contain the
// edge (i, j) (0 for its own edges). Ties by the penalised cost, then index; each list is then
// sorted by distance. n*k row-major, or empty when a limit struck first (checked once per city).
// O(n²) distances. Needs n >= 3 and k <= n - 1.
std::vector<int32_t> AlphaCandidates(int32_t n, const TspDistance& d, const std::vector<double>& pi, int32_t k,
                                     const Limits& limits, Stop* stop);

}  // namespace svc::core

#endif  // SVC_CORE_TSP_ALPHA_H_

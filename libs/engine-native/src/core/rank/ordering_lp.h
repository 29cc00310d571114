// rank's LP bound (native engine built with CLP): the ordering LP over the pairs of one majority
// component, 3-cycle (triangle) inequalities added lazily, and branch and bound on its pairs.
// The LP's floating-point value is never trusted: every bound used (to prune, to certify, to
// report) is recomputed from the LP's row duals by weak duality in exact integer arithmetic, so
// an inexact LP only weakens a bound.
#ifndef SVC_CORE_RANK_ORDERING_LP_H_
#define SVC_CORE_RANK_ORDERING_LP_H_

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "common/solve_limits.h"

namespace svc::core {

struct OrderingLpResult {
  std::vector<int32_t> order;  // the best order found (the incumbent or better)
  double cost = 0;             // its disagreements
  double bound = 0;            // a proven lower bound on every order's disagreements
  bool exact = false;          // bound == cost: order is optimal
  bool branched = false;       // the proof needed more than the root node
  int64_t nodes = 0;           // branch-and-bound nodes (the root is one)
  int64_t iterations = 0;      // simplex pivots
  Stop stop = Stop::kNone;
  // The row duals of the best root bound as majority-cycle candidates {i, j, k, λ} (i→j→k→i,
  // λ > 0): the seeds of the component's triangle packing (packing.h), which checks and cuts them.
  std::vector<std::array<double, 4>> root_triangles;
};

// True when the LP bound applies: CLP is built in and every weight of the s*s matrix is an
// integer below 2^31 (the exact bound arithmetic needs integral weights).
bool OrderingLpUsable(const std::vector<double>& w, int32_t s);

// The LP branch and bound from `incumbent` (an order of 0..s-1), within node_cap nodes and
// pivot_cap simplex pivots in all (deterministic work, never time); every
// order rounded from an LP point goes through `improve` (the family's local search) first.
OrderingLpResult SolveOrderingLp(const std::vector<double>& w, int32_t s, std::vector<int32_t> incumbent,
                                 int64_t node_cap, int64_t pivot_cap, const Limits& limits,
                                 const std::function<void(std::vector<int32_t>&)>& improve);

// The weak-duality bound of the ordering LP for row multipliers `y` (any finite values; rows
// are triangles lo <= x_ij + x_jk - x_ik <= hi given by `triples` (i < j < k)) and per-pair
// bounds lo/hi in {0, 1} (x_ij = 1: i before j), exact: ceil of the Lagrangian's minimum over the
// box. Exposed for the tests.
int64_t OrderingLagrangianBound(const std::vector<double>& w, int32_t s, const std::vector<int64_t>& triples,
                                const std::vector<double>& y, const std::vector<int8_t>& lower,
                                const std::vector<int8_t>& upper);

}  // namespace svc::core

#endif  // SVC_CORE_RANK_ORDERING_LP_H_

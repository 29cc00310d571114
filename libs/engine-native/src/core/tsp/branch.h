// tsp branch and bound below the root: a port of engine-ts families/tsp/branch.ts, step for step
// (that file's comment is the specification).
#ifndef SVC_CORE_TSP_BRANCH_H_
#define SVC_CORE_TSP_BRANCH_H_

#include <cstdint>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"

namespace svc::core {

// The record's codes and caps (branch.ts TREE_INFEASIBLE, TREE_LEAF, TREE_MAX_VALUES, TREE_MAX_WORK).
constexpr double kTspTreeInfeasible = -1;
constexpr double kTspTreeLeaf = -2;
constexpr int64_t kTspTreeMaxValues = 1000000;
constexpr int64_t kTspTreeMaxWork = 50000000;

struct TspBranchResult {
  std::vector<int32_t> tour;  // empty when no tour beat the incumbent
  bool closed = false;
  // The closed tree's pre-order record (branch.ts); empty when it passed the caps or the tree is open.
  std::vector<double> tree;
};

// Proves a tour of length `ub` optimal or finds a shorter one. `dist` is the n×n distance matrix,
// `root_pi` the root bound's best penalties.
TspBranchResult TspBranchAndBound(int32_t n, const std::vector<double>& dist, double ub, const std::vector<double>& root_pi,
                                  int64_t node_iters, int64_t max_nodes, const Limits& limits, Work& work, Stop* stop);

}  // namespace svc::core

#endif  // SVC_CORE_TSP_BRANCH_H_

// cover: the Lagrangian branch and bound (without CLP): branch on the uncovered element with the
// fewest free sets, each child bounded by subgradient ascent. A port of engine-ts
// families/cover/lagrangian-tree.ts, step for step.
#ifndef SVC_CORE_COVER_LAGRANGIAN_TREE_H_
#define SVC_CORE_COVER_LAGRANGIAN_TREE_H_

#include <cstdint>

#include "cover/search.h"
#include "cover/tree_record.h"

namespace svc::core {

// True when the tree closed within node_cap nodes (s holds the optimum then; *node is its recorded
// subtree in rec); each node runs node_iters subgradient iterations. Leaves s's fixings and
// multipliers as it found them.
bool CoverLagrangianTree(CoverSearch& s, int64_t node_cap, int64_t node_iters, CoverTreeRecord* rec, int32_t* node);

}  // namespace svc::core

#endif  // SVC_CORE_COVER_LAGRANGIAN_TREE_H_

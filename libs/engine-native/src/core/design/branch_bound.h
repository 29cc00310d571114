// design: depth-first branch and bound over one component (most-constrained site order), each node
// bounded by the fixed energy plus a partial-row floor per free site. A port of engine-ts families/design/branch-bound.ts, step for step.
#ifndef SVC_CORE_DESIGN_BRANCH_BOUND_H_
#define SVC_CORE_DESIGN_BRANCH_BOUND_H_

#include <cstdint>
#include <vector>

#include "design/model.h"

namespace svc::core {

// Whether the tree closed within node_cap nodes (x holds the component's optimum then; a better
// answer found on the way is kept either way).
bool DesignBranchAndBound(DesignModel& sv, DesignSites sites, std::vector<int32_t>& x, int64_t node_cap, double tol);

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_BRANCH_BOUND_H_

// design: exact dynamic programming over a tree component (sites - 1 distinct bonds) in
// O(sites·K²): messages from the leaves up, back-pointers down. A port of engine-ts families/design/tree-dp.ts, step for step.
#ifndef SVC_CORE_DESIGN_TREE_DP_H_
#define SVC_CORE_DESIGN_TREE_DP_H_

#include <cstdint>
#include <vector>

#include "design/model.h"

namespace svc::core {

// The optimum of the component's sites into x and its energy into *value; false when the limits
// stopped it (x and *value unset then).
bool DesignTreeDp(DesignModel& sv, DesignSites sites, std::vector<int32_t>& x, double* value);

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_TREE_DP_H_

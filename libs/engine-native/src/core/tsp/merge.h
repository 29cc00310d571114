// tsp: tour merging by partition crossover (Whitley, Hains and Howe's GPX). The union of two tours'
// edges less their common edges falls into components; a component that both tours enter and
// leave exactly once (two common edges cross its border) is visited by each as one path between
// the same two cities, so either tour's path can be put in the other. The child takes, in every
// such component, the shorter of the two paths, so it is never longer than the first tour.
#ifndef SVC_CORE_TSP_MERGE_H_
#define SVC_CORE_TSP_MERGE_H_

#include <cstdint>
#include <vector>

#include "tsp/solve.h"

namespace svc::core {

// The child of tours a and b (orders of the same n cities) that follows a except in the
// components where b's path is shorter; its length goes to *length. Empty when no component of
// b is shorter (the child would be a).
std::vector<int32_t> MergeTours(const std::vector<int32_t>& a, const std::vector<int32_t>& b, const TspDistance& d,
                                double* length);

}  // namespace svc::core

#endif  // SVC_CORE_TSP_MERGE_H_

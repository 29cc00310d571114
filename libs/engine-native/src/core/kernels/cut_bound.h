// A proven upper bound on the maximum cut from edge-disjoint short cycles: a port of engine-ts
// kernels/cut-bound.ts (its file comment is the specification), step for step.
#ifndef SVC_CORE_KERNELS_CUT_BOUND_H_
#define SVC_CORE_KERNELS_CUT_BOUND_H_

#include <cstdint>
#include <vector>

#include "common/csr.h"
#include "common/solve_limits.h"

namespace svc::core {

struct CutBoundOutcome {
  double bound = 0;     // scale * (sum of positive weights - packed losses)
  double positive = 0;  // scale * sum of positive weights
  int64_t cycles = 0;
  int64_t work = 0;
  std::vector<int32_t> triangles;  // the packed triangles: u, v, w (u < v < w) each, in packing order
};

// csr: adjacency with rows sorted by neighbour and weights w / scale (the max-cut model's 2w with
// scale 0.5; a power of two, so the scaling is exact).
// limits (may be null) are polled before each u of each pass.
CutBoundOutcome CutCycleBound(const Csr& csr, double scale, int64_t work_limit,
                              const Limits* limits = nullptr);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_CUT_BOUND_H_

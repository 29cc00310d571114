// Roof duality for a QUBO model: a proven lower bound and persistency fixings. A port of
// engine-ts kernels/roof-dual.ts (its file comment is the specification), step for step.
#ifndef SVC_CORE_KERNELS_ROOF_DUAL_H_
#define SVC_CORE_KERNELS_ROOF_DUAL_H_

#include <cstdint>
#include <vector>

#include "kernels/model.h"
#include "common/solve_limits.h"

namespace svc::core {

// Arc-count ceiling (memory): larger models get the trivial bound instead.
constexpr int64_t kRoofDualMaxArcs = 4000000;

struct RoofDualOutcome {
  double bound = 0;           // c0 + flow value: a proven lower bound on the model minimum
  std::vector<int8_t> fixed;  // per variable: -1 free, 0/1 fixed by persistency
  bool complete = false;      // the flow is maximum
  int64_t work = 0;           // arcs scanned
};

// Arcs (with reverses) RoofDual would build.
int64_t RoofDualArcs(const QuboModel& m);

// limits (may be null) are polled at every phase and every 65536 units of work.
RoofDualOutcome RoofDual(const QuboModel& m, int64_t work_limit, const Limits* limits = nullptr);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_ROOF_DUAL_H_

// design: the hybrid evolutionary search of Galinier and Hao for colourings (interchangeable
// values): a population of tabu-searched answers recombined by GPX. A port of engine-ts families/design/evolution.ts, step
// for step and with the same generator calls.
#ifndef SVC_CORE_DESIGN_EVOLUTION_H_
#define SVC_CORE_DESIGN_EVOLUTION_H_

#include <cstdint>
#include <vector>

#include "common/prng.h"
#include "design/model.h"

namespace svc::core {

// Improves x on the hard sites (interchangeable values) within iters tabu moves and work_cap value
// evaluations, stopping at target (within tol).
void DesignEvolve(DesignModel& sv, DesignSites hard, std::vector<int32_t>& x, int64_t iters, double work_cap,
                  double target, double tol, Prng& rng);

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_EVOLUTION_H_

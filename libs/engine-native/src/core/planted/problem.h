// The planted family's view of a problem (quantum-scale).
#ifndef SVC_CORE_PLANTED_PROBLEM_H_
#define SVC_CORE_PLANTED_PROBLEM_H_

#include <cstdint>
#include <string_view>

#include "common/request.h"

namespace svc::core {

// quantum-scale: the instance (its n is ProblemBase::n) and engine-ts quantumScaleBudget, field
// for field. degree 0 = not a quantum-scale request.
struct PlantedSpec {
  int32_t degree = 0;
  uint32_t instance_seed = 0;
  int64_t anneal_sweeps = 0;
  int64_t reheat_sweeps = 0;
  int64_t max_sweeps = 0;
  double beta_start = 0;
  double beta_end = 0;
  double beta_reheat = 0;
};

// What the registry hands quantum-scale: n (base; no linear terms or pairs) and the spec.
struct PlantedProblem : ProblemBase {
  static constexpr std::string_view kFamily = "planted";
  PlantedSpec planted = {};
};

}  // namespace svc::core

#endif  // SVC_CORE_PLANTED_PROBLEM_H_

// What every world op answers (engine-ts families/world/kinematics.ts Computed): the numbers in the
// op's layout (problem.h), integers where it has some, the round-off bound and the objective.
#ifndef SVC_CORE_WORLD_COMPUTED_H_
#define SVC_CORE_WORLD_COMPUTED_H_

#include <cstdint>
#include <vector>

namespace svc::core {

struct WorldComputed {
  std::vector<double> answer;
  std::vector<int32_t> ints;
  double tolerance = 0;
  double objective = 0;
};

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_COMPUTED_H_

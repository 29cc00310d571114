// world kinematics: every pose of a planar chain or a Denavit–Hartenberg chain, with a bound on its
// round-off (a port of engine-ts families/world/kinematics.ts; that file's comment is the
// specification).
#ifndef SVC_CORE_WORLD_KINEMATICS_H_
#define SVC_CORE_WORLD_KINEMATICS_H_

#include "world/computed.h"
#include "world/problem.h"
#include "world/rounding.h"

namespace svc::core {

// θ wrapped to (−π, π] with its error bound.
Err WrapAngle(Err t);

WorldComputed PlanarChain(const WorldProblem& p);
WorldComputed DhChain(const WorldProblem& p);

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_KINEMATICS_H_

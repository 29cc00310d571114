// world predict: the pose at a time from the last two or three timestamped poses (a port of engine-ts
// families/world/predict.ts; that file's comment is the specification).
#ifndef SVC_CORE_WORLD_PREDICT_H_
#define SVC_CORE_WORLD_PREDICT_H_

#include "world/computed.h"
#include "world/problem.h"

namespace svc::core {

WorldComputed PredictPose(const WorldProblem& p);

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_PREDICT_H_

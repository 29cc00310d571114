// world terrain: heights, normals and slopes of the bilinear surface through a heightmap (a port of
// engine-ts families/world/terrain.ts; that file's comment is the specification).
#ifndef SVC_CORE_WORLD_TERRAIN_H_
#define SVC_CORE_WORLD_TERRAIN_H_

#include "world/computed.h"
#include "world/problem.h"

namespace svc::core {

WorldComputed TerrainAt(const WorldProblem& p);

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_TERRAIN_H_

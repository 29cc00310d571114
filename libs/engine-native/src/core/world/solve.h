// world: kinematics, terrain, neighbors and predict with a bound on each answer's round-off (a port of
// engine-ts families/world/solve.ts; that file's comment is the specification).
#ifndef SVC_CORE_WORLD_SOLVE_H_
#define SVC_CORE_WORLD_SOLVE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "world/computed.h"
#include "world/problem.h"

namespace svc::core {

// engine-ts worldBudgetFor (families/world/budget.ts), by name: the k-d tree's leaf size, which only
// the engine-ts tree follows (the answer does not depend on it).
struct WorldBudget {
  int32_t leaf_size = 0;
};
inline constexpr auto kWorldBudget = std::to_array<BudgetField<WorldBudget>>({
    {{"leafSize", 1, 1 << 20}, &WorldBudget::leaf_size},
});

// The largest magnitude of any input number: squares and sums of them stay finite.
inline constexpr double kWorldMaxMagnitude = 1e150;
// The most neighbour answers (queries × k) one request may ask for.
inline constexpr int64_t kWorldMaxAnswers = int64_t{1} << 27;

CallStatus ValidateWorld(std::string_view command, const WorldProblem& problem, const SolveOptions& options,
                         std::string* error);

// The op's numbers go to out->values (kind kNumeric, the layouts of problem.h), neighbour indices to
// out->order, the extra "tolerance"; out->objective is the op's summary number.
CallStatus SolveWorld(const WorldProblem& problem, const SolveOptions& options, const Limits& limits,
                      SolveResult* out, std::string* error);

// The neighbours of every query (k each); false when the limits stopped it.
bool WorldNeighbors(const WorldProblem& p, const Limits& limits, WorldComputed* out);

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_SOLVE_H_

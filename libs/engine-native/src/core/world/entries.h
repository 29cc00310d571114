// world's lines of the solver registry (common/registry.cc gathers every <folder>/entries.h).
#ifndef SVC_CORE_WORLD_ENTRIES_H_
#define SVC_CORE_WORLD_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "world/solve.h"

namespace svc::core {

inline constexpr auto kEntries_world = std::to_array<SolverEntry>({
    Entry<WorldProblem, &ValidateWorld, &SolveWorld, kWorldWire, kWorldBudget>("world"),
});

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_ENTRIES_H_

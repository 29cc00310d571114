// planted's lines of the solver registry: common/registry.cc gathers the kEntries_<folder> array of every
// <folder>/entries.h, found by CMakeLists.txt (a new family adds this file, no line elsewhere).
#ifndef SVC_CORE_PLANTED_ENTRIES_H_
#define SVC_CORE_PLANTED_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "planted/solve.h"

namespace svc::core {

inline constexpr auto kEntries_planted = std::to_array<SolverEntry>({
    // quantum-scale generates its own instance (planted/generate.h)
    Entry<PlantedProblem, &ValidatePlanted, &SolveQuantumScale, kPlantedWire, kNoBudget>("quantum-scale"),
});

}  // namespace svc::core

#endif  // SVC_CORE_PLANTED_ENTRIES_H_

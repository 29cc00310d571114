// phase's lines of the solver registry: common/registry.cc gathers the kEntries_<folder> array of
// every <folder>/entries.h, found by CMakeLists.txt (a new family adds this file, no line elsewhere).
#ifndef SVC_CORE_PHASE_ENTRIES_H_
#define SVC_CORE_PHASE_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "phase/solve.h"

namespace svc::core {

inline constexpr auto kEntries_phase = std::to_array<SolverEntry>({
    Entry<PhaseProblem, &ValidatePhase, &SolvePhase, kPhaseWire, kPhaseBudget>("phase"),
});

}  // namespace svc::core

#endif  // SVC_CORE_PHASE_ENTRIES_H_

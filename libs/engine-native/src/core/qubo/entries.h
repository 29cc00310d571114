// qubo's lines of the solver registry: common/registry.cc gathers the kEntries_<folder> array of every
// <folder>/entries.h, found by CMakeLists.txt (a new family adds this file, no line elsewhere).
#ifndef SVC_CORE_QUBO_ENTRIES_H_
#define SVC_CORE_QUBO_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "qubo/commands.h"

namespace svc::core {

inline constexpr auto kEntries_qubo = std::to_array<SolverEntry>({
    // feel arrives as its exact QUBO (engine-ts ising.ts); want and sample add pins and a sample spec
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveOptimize, kQuboWire, kNoBudget>("optimize"),
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveMaxcut, kMaxcutWire, kNoBudget>("maxcut"),
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveOptimize, kQuboWire, kNoBudget>("feel"),
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveWant, kQuboWire, kNoBudget>("want"),
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveSample, kQuboWire, kNoBudget>("sample"),
});

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_ENTRIES_H_

// xorsat's lines of the solver registry: common/registry.cc gathers the kEntries_<folder> array of every
// <folder>/entries.h, found by CMakeLists.txt (a new family adds this file, no line elsewhere).
#ifndef SVC_CORE_XORSAT_ENTRIES_H_
#define SVC_CORE_XORSAT_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "xorsat/solve.h"

namespace svc::core {

inline constexpr auto kEntries_xorsat = std::to_array<SolverEntry>({
    Entry<XorsatProblem, &ValidateXorsat, &SolveXorsat, kXorsatWire, kXorsatBudget>("xorsat"),
});

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_ENTRIES_H_

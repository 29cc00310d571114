// select's lines of the solver registry: common/registry.cc gathers the kEntries_<folder> array of every
// <folder>/entries.h, found by CMakeLists.txt (a new family adds this file, no line elsewhere).
#ifndef SVC_CORE_SELECT_ENTRIES_H_
#define SVC_CORE_SELECT_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "select/solve.h"

namespace svc::core {

inline constexpr auto kEntries_select = std::to_array<SolverEntry>({
    Entry<SelectProblem, &ValidateSelect, &SolveSelect, kSelectWire, kSelectBudget>("select"),
});

}  // namespace svc::core

#endif  // SVC_CORE_SELECT_ENTRIES_H_

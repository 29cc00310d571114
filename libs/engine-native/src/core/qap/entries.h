// qap's lines of the solver registry: common/registry.cc gathers the kEntries_<folder> array of every
// <folder>/entries.h, found by CMakeLists.txt (a new family adds this file, no line elsewhere).
#ifndef SVC_CORE_QAP_ENTRIES_H_
#define SVC_CORE_QAP_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "qap/solve.h"

namespace svc::core {

inline constexpr auto kEntries_qap = std::to_array<SolverEntry>({
    Entry<QapProblem, &ValidateQap, &SolveQap, kQapWire, kQapBudget>("qap"),
});

}  // namespace svc::core

#endif  // SVC_CORE_QAP_ENTRIES_H_

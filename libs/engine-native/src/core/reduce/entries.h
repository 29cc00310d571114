// reduce's line of the solver registry: common/registry.cc gathers the kEntries_<folder> array of
// every <folder>/entries.h, found by CMakeLists.txt, which leaves this folder out when fplll is not
// found (the command then stays on engine-ts: libs/engine-native/src/create-engine.ts).
#ifndef SVC_CORE_REDUCE_ENTRIES_H_
#define SVC_CORE_REDUCE_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "reduce/solve.h"

namespace svc::core {

inline constexpr auto kEntries_reduce = std::to_array<SolverEntry>({
    Entry<ReduceProblem, &ValidateReduce, &SolveReduce, kReduceWire, kNoBudget>("reduce"),
});

}  // namespace svc::core

#endif  // SVC_CORE_REDUCE_ENTRIES_H_

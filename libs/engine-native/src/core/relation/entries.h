// relation's line of the solver registry: common/registry.cc gathers the kEntries_<folder> array of
// every <folder>/entries.h, found by CMakeLists.txt, which leaves this folder out when GMP/MPFR are
// not found (the command then stays on engine-ts: libs/engine-native/src/create-engine.ts).
#ifndef SVC_CORE_RELATION_ENTRIES_H_
#define SVC_CORE_RELATION_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "relation/solve.h"

namespace svc::core {

inline constexpr auto kEntries_relation = std::to_array<SolverEntry>({
    Entry<RelationProblem, &ValidateRelation, &SolveRelation, kRelationWire, kNoBudget>("relation"),
});

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_ENTRIES_H_

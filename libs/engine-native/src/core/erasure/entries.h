// erasure's lines of the solver registry (protect and recover share the family's operation).
#ifndef SVC_CORE_ERASURE_ENTRIES_H_
#define SVC_CORE_ERASURE_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "erasure/solve.h"

namespace svc::core {

inline constexpr auto kEntries_erasure = std::to_array<SolverEntry>({
    Entry<ErasureProblem, &ValidateErasure, &SolveErasure, kErasureWire, kNoBudget>("protect"),
    Entry<ErasureProblem, &ValidateErasure, &SolveErasure, kErasureWire, kNoBudget>("recover"),
});

}  // namespace svc::core

#endif  // SVC_CORE_ERASURE_ENTRIES_H_

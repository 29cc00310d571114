// precision's line of the solver registry: common/registry.cc gathers the kEntries_<folder> array
// of every <folder>/entries.h, found by CMakeLists.txt, which leaves this folder out when MPFR is
// not found (the command then stays on engine-ts: libs/engine-native/src/create-engine.ts).
#ifndef SVC_CORE_PRECISION_ENTRIES_H_
#define SVC_CORE_PRECISION_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "precision/solve.h"

namespace svc::core {

inline constexpr auto kEntries_precision = std::to_array<SolverEntry>({
    Entry<PrecisionProblem, &ValidatePrecision, &SolvePrecision, kPrecisionWire, kNoBudget>("precision"),
});

}  // namespace svc::core

#endif  // SVC_CORE_PRECISION_ENTRIES_H_

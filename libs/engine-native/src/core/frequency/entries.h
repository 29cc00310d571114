// frequency's lines of the solver registry (common/registry.cc gathers every <folder>/entries.h).
#ifndef SVC_CORE_FREQUENCY_ENTRIES_H_
#define SVC_CORE_FREQUENCY_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "frequency/solve.h"

namespace svc::core {

inline constexpr auto kEntries_frequency = std::to_array<SolverEntry>({
    Entry<FrequencyProblem, &ValidateFrequency, &SolveFrequency, kFrequencyWire, kFrequencyBudget>("frequency"),
});

}  // namespace svc::core

#endif  // SVC_CORE_FREQUENCY_ENTRIES_H_

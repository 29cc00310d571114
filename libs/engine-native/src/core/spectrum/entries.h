// spectrum's lines of the solver registry: common/registry.cc gathers the kEntries_<folder> array of
// every <folder>/entries.h, found by CMakeLists.txt (a new family adds this file, no line elsewhere).
#ifndef SVC_CORE_SPECTRUM_ENTRIES_H_
#define SVC_CORE_SPECTRUM_ENTRIES_H_

#include <array>

#include "common/registry.h"
#include "spectrum/solve.h"

namespace svc::core {

inline constexpr auto kEntries_spectrum = std::to_array<SolverEntry>({
    Entry<SpectrumProblem, &ValidateSpectrum, &SolveSpectrum, kSpectrumWire, kSpectrumBudget>("spectrum"),
});

}  // namespace svc::core

#endif  // SVC_CORE_SPECTRUM_ENTRIES_H_

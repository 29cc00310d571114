// The Pauli sums of the phase models on L sites and the sizes of the evidence (engine-ts
// families/phase/models.ts, whose comments are the specification).
#ifndef SVC_CORE_PHASE_MODELS_H_
#define SVC_CORE_PHASE_MODELS_H_

#include <cstdint>
#include <vector>

#include "kernels/pauli_sum.h"
#include "phase/problem.h"

namespace svc::core {

inline int32_t BondsOf(int32_t L, bool periodic) { return periodic ? L : L - 1; }

PauliTerms PhaseTerms(const PhaseView& p, int32_t L);
std::vector<int32_t> SizesFor(const PhaseView& p, int32_t n);
double PhaseScale(const PhaseView& p);

}  // namespace svc::core

#endif  // SVC_CORE_PHASE_MODELS_H_

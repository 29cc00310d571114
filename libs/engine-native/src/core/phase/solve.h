// phase: the finite-size evidence of a spin chain's phase (engine-ts families/phase/solve.ts, whose
// comment is the specification; the label is drawn from these numbers by the service).
#ifndef SVC_CORE_PHASE_SOLVE_H_
#define SVC_CORE_PHASE_SOLVE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "common/wire.h"
#include "phase/problem.h"

namespace svc::core {

inline constexpr int32_t kMinPhaseSites = 4;
inline constexpr int32_t kMaxPhaseSites = 20;
inline constexpr int32_t kTfimStride = 8;
inline constexpr int32_t kXxzStride = 11;

// engine-ts phaseBudgetFor (families/phase/budget.ts), field for field, by name.
struct PhaseBudget {
  double tolerance = 0;
  int64_t max_matvecs = 0;
  int64_t dense_max_dim = 0;
  double basis_bytes = 0;
  double residual = 0;
};
inline constexpr auto kPhaseBudget = std::to_array<BudgetField<PhaseBudget>>({
    {{"tolerance", 1e-16, 1, false}, &PhaseBudget::tolerance},
    {{"maxMatvecs", 1, 1e9}, &PhaseBudget::max_matvecs},
    {{"denseMaxDim", 0, 4096}, &PhaseBudget::dense_max_dim},
    {{"basisBytes", 0, 1e12}, &PhaseBudget::basis_bytes},
    {{"residual", 1e-16, 1, false}, &PhaseBudget::residual},
});

CallStatus ValidatePhase(std::string_view command, const PhaseProblem& problem, const SolveOptions& options,
                         std::string* error);
CallStatus SolvePhase(const PhaseProblem& problem, const SolveOptions& options, const Limits& limits,
                      SolveResult* out, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_PHASE_SOLVE_H_

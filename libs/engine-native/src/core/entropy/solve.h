// entropy: the entanglement of a given state, or of the ground state of a Pauli sum, across a
// subsystem (engine-ts families/entropy/solve.ts, whose comment is the specification).
#ifndef SVC_CORE_ENTROPY_SOLVE_H_
#define SVC_CORE_ENTROPY_SOLVE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "common/wire.h"
#include "entropy/problem.h"

namespace svc::core {

// The largest state of the entropy family (and of its ground states): 2^20 amplitudes.
inline constexpr int32_t kMaxEntropyQubits = 20;
// The most Schmidt coefficients an answer lists (engine-ts MAX_SCHMIDT).
inline constexpr int64_t kEntropyMaxSchmidt = 16;

// engine-ts entropyBudgetFor (families/entropy/budget.ts), field for field, by name.
struct EntropyBudget {
  double tolerance = 0;
  int64_t max_matvecs = 0;
  int64_t dense_max_dim = 0;
  double basis_bytes = 0;
  double residual = 0;
};
inline constexpr auto kEntropyBudget = std::to_array<BudgetField<EntropyBudget>>({
    {{"tolerance", 1e-16, 1, false}, &EntropyBudget::tolerance},
    {{"maxMatvecs", 1, 1e9}, &EntropyBudget::max_matvecs},
    {{"denseMaxDim", 0, 4096}, &EntropyBudget::dense_max_dim},
    {{"basisBytes", 0, 1e12}, &EntropyBudget::basis_bytes},
    {{"residual", 1e-16, 1, false}, &EntropyBudget::residual},
});

CallStatus ValidateEntropy(std::string_view command, const EntropyProblem& problem, const SolveOptions& options,
                           std::string* error);
CallStatus SolveEntropy(const EntropyProblem& problem, const SolveOptions& options, const Limits& limits,
                        SolveResult* out, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_ENTROPY_SOLVE_H_

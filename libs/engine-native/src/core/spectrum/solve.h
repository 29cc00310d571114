// spectrum: the lowest k eigenvalues of a Pauli sum with an error bound each (engine-ts
// families/spectrum/solve.ts; the method is kernels/pauli_spectrum.h).
#ifndef SVC_CORE_SPECTRUM_SOLVE_H_
#define SVC_CORE_SPECTRUM_SOLVE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "common/wire.h"
#include "kernels/pauli_spectrum.h"
#include "spectrum/problem.h"

namespace svc::core {

// The largest number of qubits of the Pauli-sum families (a state vector of 2^24 doubles).
inline constexpr int32_t kMaxQubits = 24;
// The most eigenvectors a result carries, and the largest n for which it may carry them.
inline constexpr int32_t kMaxVectorQubits = 16;

// engine-ts spectrumBudgetFor (families/spectrum/budget.ts), field for field, by name.
struct SpectrumBudget {
  double tolerance = 0;
  int64_t max_matvecs = 0;
  int64_t dense_max_dim = 0;
  double basis_bytes = 0;
};
inline constexpr auto kSpectrumBudget = std::to_array<BudgetField<SpectrumBudget>>({
    {{"tolerance", 1e-16, 1, false}, &SpectrumBudget::tolerance},
    {{"maxMatvecs", 1, 1e9}, &SpectrumBudget::max_matvecs},
    {{"denseMaxDim", 0, 4096}, &SpectrumBudget::dense_max_dim},
    {{"basisBytes", 0, 1e12}, &SpectrumBudget::basis_bytes},
});

// Checks a Pauli sum: n in 1..kMaxQubits, equal lengths, masks inside n bits, finite coefficients
// whose magnitudes sum to at most 1e150 (the contracts' cap).
bool CheckPauliTerms(int32_t n, std::span<const int32_t> x, std::span<const int32_t> z, std::span<const double> coeff,
                     std::string* error);

// The largest k whose Krylov basis fits basis_bytes on n qubits without symmetry (k + 5 vectors of
// 2^n reals, complex twice): the contracts' cap (engine-ts and contracts compute it the same way).
int64_t MaxSpectrumK(int32_t n, bool complex, double basis_bytes);

// The NumericResult layout of engine-ts families/spectrum/problem.ts.
void PackSpectrum(const PauliSpectrum& s, int64_t k, SolveResult* out);

CallStatus ValidateSpectrum(std::string_view command, const SpectrumProblem& problem, const SolveOptions& options,
                            std::string* error);
CallStatus SolveSpectrum(const SpectrumProblem& problem, const SolveOptions& options, const Limits& limits,
                         SolveResult* out, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_SPECTRUM_SOLVE_H_

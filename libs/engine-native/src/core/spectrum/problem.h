// The spectrum family's view of a problem.
#ifndef SVC_CORE_SPECTRUM_PROBLEM_H_
#define SVC_CORE_SPECTRUM_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// spectrum (engine-ts families/spectrum/problem.ts): the lowest k eigenvalues of
// sum_t coeff[t] P_t on n = ProblemBase::n qubits, P_t by its masks x[t], z[t] (kernels/pauli_sum.h);
// vectors 1 asks for the eigenvectors. budget: engine-ts spectrumBudgetFor in kSpectrumBudget order.
struct SpectrumView {
  std::span<const int32_t> x;
  std::span<const int32_t> z;
  std::span<const double> coeff;
  double k = 0;
  double vectors = 0;
  std::span<const double> budget;
};

struct SpectrumProblem : ProblemBase {
  static constexpr std::string_view kFamily = "spectrum";
  SpectrumView spectrum = {};
};

inline constexpr auto kSpectrumWire = std::to_array<WireField<SpectrumProblem>>({
    {{"x", WireType::kI32, false, WireLength::kN}, [](SpectrumProblem& p, const WireValue& v) { p.spectrum.x = v.i32; }},
    {{"z", WireType::kI32, false, WireLength::kN}, [](SpectrumProblem& p, const WireValue& v) { p.spectrum.z = v.i32; }},
    {{"coeff", WireType::kF64, false, WireLength::kN}, [](SpectrumProblem& p, const WireValue& v) { p.spectrum.coeff = v.f64; }},
    {{"k", WireType::kNumber, false, WireLength::kAny, {}, 1, 4096, true},
     [](SpectrumProblem& p, const WireValue& v) { p.spectrum.k = v.number; }},
    {{"vectors", WireType::kNumber, false, WireLength::kAny, {}, 0, 1, true},
     [](SpectrumProblem& p, const WireValue& v) { p.spectrum.vectors = v.number; }},
    {{kBudgetField, WireType::kF64}, [](SpectrumProblem& p, const WireValue& v) { p.spectrum.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_SPECTRUM_PROBLEM_H_

// spectrum's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_SPECTRUM_FUZZ_H_
#define SVC_CORE_SPECTRUM_FUZZ_H_

#include "spectrum/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

// Pauli sums: masks mostly inside n qubits, some Y-heavy (complex), k past 2^n sometimes, a
// budget mostly in range with small work and small dense sizes (the Lanczos path runs too).
inline void FuzzSpectrum(Reader& r, const SolverEntry& entry) {
  std::vector<int32_t> x_masks, z_masks;
  std::vector<double> coeffs, budget;
  std::vector<uint8_t> warm;
  SpectrumProblem p;
  p.n = r.U8() < 240 ? r.Int(1, 12) : r.Int(-2, 30);
  const int32_t bits = p.n >= 1 && p.n <= 24 ? p.n : 4;
  const size_t m = r.U8() % 24;
  for (size_t t = 0; t < m; ++t) {
    const uint32_t all = (1u << bits) - 1;
    x_masks.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all) : r.Int(-3, 1 << 20));
    z_masks.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all & (r.Bit() ? all : 0)) : r.Int(-3, 1 << 20));
    coeffs.push_back(r.U8() < 240 ? static_cast<double>(r.Int(-4, 4)) / 2 : r.Real());
  }
  if (r.U8() >= 245 && !coeffs.empty()) coeffs.pop_back();  // lengths disagree
  p.spectrum.x = x_masks;
  p.spectrum.z = z_masks;
  p.spectrum.coeff = coeffs;
  p.spectrum.k = r.U8() < 240 ? r.Int(1, 9) : r.Real();
  p.spectrum.vectors = r.U8() < 200 ? (r.Bit() ? 1 : 0) : r.Real();
  budget = {r.U8() < 240 ? std::pow(10.0, -static_cast<double>(4 + r.U8() % 11)) : r.Real(),
              static_cast<double>(1 + r.U8() * 2), static_cast<double>(r.U8() % 65),
              static_cast<double>(1 + r.U8()) * 65536};
  SometimesGarble(r, budget, 6);
  p.spectrum.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_spectrum{SpectrumProblem::kFamily, &FuzzSpectrum};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_SPECTRUM_FUZZ_H_

// entropy's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_ENTROPY_FUZZ_H_
#define SVC_CORE_ENTROPY_FUZZ_H_

#include "entropy/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

// A state (sometimes of the wrong length, zero or non-finite) or a Pauli sum, a subsystem mask.
inline void FuzzEntropy(Reader& r, const SolverEntry& entry) {
  std::vector<uint8_t> subsystem, warm;
  std::vector<double> state, coeffs, budget;
  std::vector<int32_t> x_masks, z_masks;
  EntropyProblem p;
  p.n = r.U8() < 240 ? r.Int(1, 10) : r.Int(-2, 24);
  const int32_t bits = p.n >= 1 && p.n <= 20 ? p.n : 3;
  subsystem.resize(r.Length(static_cast<size_t>(bits), 24));
  for (auto& b : subsystem) b = r.U8() < 245 ? r.Bit() : r.U8();
  p.entropy.subsystem = subsystem;
  if (r.Bit()) {
    state.resize(r.Length(size_t{2} << bits, 64));
    for (auto& x : state) x = r.U8() < 240 ? static_cast<double>(r.Int(-3, 3)) / 4 : r.Real();
    p.entropy.state = state;
    p.entropy.has_state = true;
  } else {
    const size_t m = r.U8() % 16;
    for (size_t t = 0; t < m; ++t) {
      const uint32_t all = (1u << bits) - 1;
      x_masks.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all) : r.Int(-3, 1 << 20));
      z_masks.push_back(r.U8() < 245 ? static_cast<int32_t>(r.U32() & all) : r.Int(-3, 1 << 20));
      coeffs.push_back(r.U8() < 240 ? static_cast<double>(r.Int(-4, 4)) / 2 : r.Real());
    }
    p.entropy.x = x_masks;
    p.entropy.z = z_masks;
    p.entropy.coeff = coeffs;
  }
  p.entropy.vectors = r.U8() < 200 ? (r.Bit() ? 1 : 0) : r.Real();
  budget = {r.U8() < 240 ? std::pow(10.0, -static_cast<double>(4 + r.U8() % 11)) : r.Real(),
              static_cast<double>(1 + r.U8() * 2), static_cast<double>(r.U8() % 65),
              static_cast<double>(1 + r.U8()) * 65536, r.U8() < 240 ? std::pow(10.0, -static_cast<double>(4 + r.U8() % 11)) : r.Real()};
  SometimesGarble(r, budget, 7);
  p.entropy.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_entropy{EntropyProblem::kFamily, &FuzzEntropy};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_ENTROPY_FUZZ_H_

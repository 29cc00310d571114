// milp's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_MILP_FUZZ_H_
#define SVC_CORE_MILP_FUZZ_H_

#include "milp/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzMilp(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<uint8_t> binary, warm;
  std::vector<double> diag, bounds, budget;  // bounds: lo then hi
  MilpProblem p;
  FillBase(r, a, p, true);
  const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
  // Mostly valid domains (binaries [0, 1], boxes, an infinite side with positive curvature), anything sometimes.
  binary.assign(r.U8() < 250 ? n : r.U8() % 8, 0);
  for (auto& b : binary) b = r.U8() < 250 ? r.Bit() : r.U8();
  diag.assign(n, 0.0);  // diag
  bounds.assign(2 * n, 0.0);    // lo, hi
  for (size_t v = 0; v < n; ++v) {
    const bool bin = v < binary.size() && binary[v] == 1;
    const int32_t kind = r.U8() % 4;
    bounds[v] = bin ? 0 : kind == 0 ? -std::numeric_limits<double>::infinity() : static_cast<double>(r.Int(-9, 0));
    bounds[n + v] = bin ? 1 : kind == 1 ? std::numeric_limits<double>::infinity() : static_cast<double>(r.Int(0, 9));
    diag[v] = r.U8() < 240 ? static_cast<double>(r.Int(kind <= 1 ? 1 : -4, 9)) : r.Real();
  }
  if (r.U8() >= 250 && !bounds.empty()) bounds.pop_back();
  budget = {static_cast<double>(r.U8() * 4), static_cast<double>(r.U8() % 6)};
  SometimesGarble(r, budget, 4);
  p.milp.binary = binary;
  p.milp.lo = std::span<const double>(bounds.data(), std::min(n, bounds.size()));
  p.milp.hi = std::span<const double>(bounds.data() + std::min(n, bounds.size()), bounds.size() - std::min(n, bounds.size()));
  p.milp.diag = diag;
  p.milp.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_milp{MilpProblem::kFamily, &FuzzMilp};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_MILP_FUZZ_H_

// design's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_DESIGN_FUZZ_H_
#define SVC_CORE_DESIGN_FUZZ_H_

#include "design/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzDesign(Reader& r, const SolverEntry& entry) {
  BaseArrays a;  // the bonds are its pairs
  std::vector<int32_t> bias_start, bias_value;
  std::vector<double> bias_energy, bond_mult, cells, budget;
  std::vector<uint8_t> warm;
  DesignProblem p;
  FillBase(r, a, p, false);
  const int32_t L = p.n > 0 && p.n <= 64 ? p.n : 4;
  const int32_t K = r.U8() < 245 ? 1 + r.U8() % 6 : r.Int(-2, 70);
  p.design.k = K;
  // Mostly the canonical form of canonical.ts (bias CSR with increasing values, bonds i < j), anything sometimes.
  bias_start.assign(1, r.U8() < 250 ? 0 : r.Int(-2, 3));
  for (int32_t s = 0; s < L; ++s) {
    int32_t v = -1;
    const int32_t entries = r.U8() % 3;
    for (int32_t t = 0; t < entries; ++t) {
      v = r.U8() < 245 ? Next(v, 1 + r.U8() % 2) : r.Int(-2, 9);
      bias_value.push_back(v);
      bias_energy.push_back(r.U8() < 240 ? static_cast<double>(r.Int(-9, 9)) : r.Real());
    }
    bias_start.push_back(OffsetBy(bias_value.size(), r.U8() < 252 ? 0 : r.Int(-2, 2)));
  }
  if (r.U8() >= 250) bias_start.pop_back();
  bond_mult.resize(a.i.size());
  for (auto& x : bond_mult) x = r.U8() < 245 ? 1 + r.U8() % 3 : r.Real();
  const int32_t coupling = r.U8() < 250 ? r.U8() % 3 : r.Int(-1, 4);
  p.design.coupling = static_cast<Coupling>(coupling);
  const size_t kk = K > 0 && K <= 64 ? static_cast<size_t>(K) : 2;
  if (coupling == 1) {
    cells.assign(r.Length(kk * kk, 64), 0.0);
    for (size_t x = 0; x < kk; ++x) {
      for (size_t y = x; y < kk && y * kk + x < cells.size() && x * kk + y < cells.size(); ++y) {
        const double c = r.U8() < 240 ? static_cast<double>(r.Int(-5, 9)) : r.Real();
        cells[x * kk + y] = c;
        cells[y * kk + x] = r.U8() < 250 ? c : r.Real();
      }
    }
  } else if (coupling == 2) {
    cells.assign(r.Length(kk, 64), 0.0);
    for (size_t d = 0; d < cells.size(); ++d) {
      const size_t e = std::min(d, kk - d);
      cells[d] = r.U8() < 250 ? -static_cast<double>(e % 5) : r.Real();
    }
  } else if (r.U8() >= 250) {
    cells.resize(r.U8() % 5);
  }
  p.design.bias_start = bias_start;
  p.design.bias_value = bias_value;
  p.design.bias_energy = bias_energy;
  p.design.bond_i = a.i;
  p.design.bond_j = a.j;
  p.design.bond_mult = bond_mult;
  p.design.cells = cells;
  p.pairs = {};
  budget = {static_cast<double>(r.U8()) * 1e3, static_cast<double>(r.U8() % 20), static_cast<double>(r.U8() * 100),
              static_cast<double>(r.U8() * 20), static_cast<double>(r.U8()) * 1e4};
  SometimesGarble(r, budget, 7);
  p.design.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_design{DesignProblem::kFamily, &FuzzDesign};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_DESIGN_FUZZ_H_

// cover's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_COVER_FUZZ_H_
#define SVC_CORE_COVER_FUZZ_H_

#include "cover/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzCover(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<int32_t> start, elems;
  std::vector<double> cost, budget;
  std::vector<uint8_t> warm;
  CoverProblem p;
  FillBase(r, a, p, false);
  p.pairs = {};
  p.linear = {};
  // Mostly canonical (offsets from 0, increasing elements covering the universe), anything sometimes.
  const int32_t U = r.U8() < 250 ? 1 + r.U8() % 24 : r.Int(-2, 40);
  p.cover.universe = U;
  const int32_t n = p.n > 0 && p.n <= 64 ? p.n : 4;
  start.assign(1, r.U8() < 252 ? 0 : r.Int(-2, 3));
  for (int32_t j = 0; j < n; ++j) {
    int32_t e = -1;
    const int32_t len = r.U8() % 6;
    for (int32_t t = 0; t < len; ++t) {
      e = r.U8() < 248 ? Next(e, 1 + r.U8() % 4) : r.Int(-2, 30);
      if (r.U8() < 250 && U > 0 && e >= U) break;
      elems.push_back(e);
    }
    start.push_back(OffsetBy(elems.size(), r.U8() < 252 ? 0 : r.Int(-2, 2)));
  }
  // Cover every element most of the time: a last set of all of them.
  if (r.U8() < 200 && U > 0 && U < 64) {
    for (int32_t e = 0; e < U; ++e) elems.push_back(e);
    start.back() = static_cast<int32_t>(elems.size());
  }
  cost.resize(r.U8() < 250 ? static_cast<size_t>(n) : r.U8() % 8);
  for (auto& x : cost) x = r.U8() < 240 ? static_cast<double>(r.Int(-3, 20)) : r.Real();
  p.cover.start = start;
  p.cover.elems = elems;
  p.cover.cost = cost;
  budget = {static_cast<double>(r.U8() % 64), static_cast<double>(r.U8() % 4), static_cast<double>(r.U8() * 4),
              static_cast<double>(r.U8() % 16), static_cast<double>(r.U8()) * 1e3, static_cast<double>(r.U8() * 8),
              static_cast<double>(r.U8() * 8)};
  SometimesGarble(r, budget, 9);
  p.cover.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_cover{CoverProblem::kFamily, &FuzzCover};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_COVER_FUZZ_H_

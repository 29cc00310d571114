// rank's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_RANK_FUZZ_H_
#define SVC_CORE_RANK_FUZZ_H_

#include "rank/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzRank(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<double> wins, budget;
  std::vector<uint8_t> warm;
  RankProblem p;
  FillBase(r, a, p, false);
  const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
  wins.assign(r.Length(n * n, 64), 0.0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n && i * n + j < wins.size(); ++j) {
      if (i != j || r.U8() >= 250) wins[i * n + j] = r.U8() < 240 ? r.U8() % 4 : r.Real();
    }
  }
  // The budget of budget.ts most of the time (dpMaxN, bnbMaxN, bnbNodes, restarts, memo, lpMaxN,
  // lpNodes, lpPivots), anything sometimes.
  budget = {static_cast<double>(r.U8() % 16), static_cast<double>(r.U8() % 40), static_cast<double>(r.U8() * 40),
              static_cast<double>(r.U8() % 8), static_cast<double>(1 << (r.U8() % 12)),
              static_cast<double>(r.U8() % 40), static_cast<double>(r.U8() % 8), static_cast<double>(r.U8() * 20)};
  SometimesGarble(r, budget, 10);
  p.rank.wins = wins;
  p.rank.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_rank{RankProblem::kFamily, &FuzzRank};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_RANK_FUZZ_H_

// select's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_SELECT_FUZZ_H_
#define SVC_CORE_SELECT_FUZZ_H_

#include "select/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzSelect(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<double> affinity, redundancy, budget;
  std::vector<uint8_t> warm;
  SelectProblem p;
  FillBase(r, a, p, false);
  const size_t m = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
  p.select.k = r.Int(0, static_cast<int32_t>(m) + 1);
  affinity.resize(r.Length(m, 64));
  for (auto& x : affinity) x = r.Real();
  if (r.U8() < 200) {
    redundancy.assign(r.Length(m * m, 64), 0.0);
    for (size_t u = 0; u < m && u * m < redundancy.size(); ++u) {
      for (size_t v = u + 1; v < m && v * m + u < redundancy.size() && u * m + v < redundancy.size(); ++v) {
        const double x = r.U8() < 250 ? std::fabs(r.Real()) : r.Real();
        redundancy[u * m + v] = x;
        redundancy[v * m + u] = r.U8() < 250 ? x : r.Real();
      }
    }
  }
  budget.resize(r.U8() % 12);
  for (auto& x : budget) x = std::fabs(r.Real()) * 1000;
  p.select.affinity = affinity;
  p.select.redundancy = redundancy;
  p.select.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_select{SelectProblem::kFamily, &FuzzSelect};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_SELECT_FUZZ_H_

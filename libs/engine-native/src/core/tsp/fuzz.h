// tsp's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_TSP_FUZZ_H_
#define SVC_CORE_TSP_FUZZ_H_

#include "tsp/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzTsp(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<double> matrix, points, budget;
  std::vector<uint8_t> warm;
  TspProblem p;
  FillBase(r, a, p, false);
  const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
  p.tsp.metric = static_cast<TspMetric>(r.U8() < 245 ? r.U8() % 5 : r.Int(-2, 9));
  if (p.tsp.metric == TspMetric::kMatrix || r.U8() >= 250) {
    matrix.assign(r.Length(n * n, 64), 0.0);
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = i + 1; j < n && j * n + i < matrix.size(); ++j) {
        const double x = r.U8() < 240 ? static_cast<double>(r.Int(-50, 200)) : r.Real();
        matrix[i * n + j] = x;
        matrix[j * n + i] = r.U8() < 250 ? x : r.Real();
      }
    }
    p.tsp.matrix = matrix;
  }
  if (p.tsp.metric != TspMetric::kMatrix || r.U8() >= 250) {
    points.resize(r.Length(2 * n, 64));
    for (auto& x : points) x = r.U8() < 240 ? static_cast<double>(r.Int(-90, 90)) + r.U8() / 100.0 : r.Real();
    p.tsp.points = points;
  }
  budget = {static_cast<double>(r.U8() % 14), static_cast<double>(1 + r.U8() % 10), static_cast<double>(r.U8() % 20),
              static_cast<double>(r.U8() * 10), static_cast<double>(r.U8() % 20), static_cast<double>(r.U8()) * 1e4,
              static_cast<double>(r.U8() % 70), static_cast<double>(r.U8() % 4), static_cast<double>(r.U8() * 4),
              static_cast<double>(r.U8() % 50)};
  SometimesGarble(r, budget, 12);
  p.tsp.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_tsp{TspProblem::kFamily, &FuzzTsp};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_TSP_FUZZ_H_

// qap's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_QAP_FUZZ_H_
#define SVC_CORE_QAP_FUZZ_H_

#include "qap/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzQap(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<double> flow, dist, budget;
  std::vector<uint8_t> warm;
  QapProblem p;
  FillBase(r, a, p, false);
  const size_t n = p.n > 0 && p.n <= 64 ? static_cast<size_t>(p.n) : 4;
  flow.resize(r.Length(n * n, 64));
  dist.resize(r.Length(n * n, 64));
  for (auto& x : flow) x = r.U8() < 240 ? static_cast<double>(r.Int(-20, 20)) : r.Real();
  for (auto& x : dist) x = r.U8() < 240 ? static_cast<double>(r.Int(0, 30)) : r.Real();
  budget = {static_cast<double>(r.U8() % 12), static_cast<double>(r.U8() * 100), static_cast<double>(r.U8() * 4), static_cast<double>(r.U8()) * 1e4};
  SometimesGarble(r, budget, 6);
  p.qap.flow = flow;
  p.qap.dist = dist;
  p.qap.budget = budget;
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_qap{QapProblem::kFamily, &FuzzQap};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_QAP_FUZZ_H_

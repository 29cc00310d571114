// qubo's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_QUBO_FUZZ_H_
#define SVC_CORE_QUBO_FUZZ_H_

#include "qubo/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzQubo(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<int32_t> pin_index;
  std::vector<uint8_t> pin_value, warm;
  QuboFamilyProblem p;
  FillBase(r, a, p, true);
  // Pins half the time and sample options half the time, for every command of the family: the
  // command that needs them (pins: want) gets them as often as the others get them to refuse.
  if (r.Bit()) {
    const size_t k = r.U8() % 6;
    for (size_t t = 0; t < k; ++t) {
      pin_index.push_back(r.U8() < 240 ? static_cast<int32_t>(t * 2) : r.Int(-1, 40));
      pin_value.push_back(r.U8() < 245 ? (r.U8() & 1) : r.U8());
    }
    if (r.U8() >= 245 && !pin_value.empty()) pin_value.pop_back();
    p.pins = PinsView{pin_index, pin_value};
  }
  if (r.Bit()) {
    p.sample.count = r.Int(1, 20);
    p.sample.has_window = r.Bit();
    p.sample.window = r.Real();
    p.sample.exact_max_n = r.U8() % 17;
    p.sample.rounds = r.U8() % 64;
    p.sample.max_flips = r.Int(1, 8);
  }
  const SolveOptions o = Options(r, warm, p.n);
  // Budgets come from our TS facade (never from callers): small, so a case takes milliseconds.
  p.budget.search.exact_max_n = r.U8() % 17;
  p.budget.search.restarts = 1 + r.U8() % 4;
  p.budget.search.tabu_iterations = r.U8() * 20;
  p.budget.search.stall = 1 + r.U8() * 2;
  p.budget.search.tenure_base = 1 + r.U8() % 8;
  p.budget.search.tenure_span = 1 + r.U8() % 8;
  p.budget.search.anneal_sweeps = r.U8() % 8;
  p.budget.search.elite_pool = 1 + r.U8() % 10;
  p.budget.search.shrink_rounds = 1 + r.U8() % 10;
  p.budget.search.use_trees = r.Bit();
  p.budget.exact.has_budget = r.Bit();
  p.budget.exact.bnb_max_n = r.U8() % 40;
  p.budget.exact.bnb_work = r.U8() * 100;
  p.budget.exact.bound_work = r.U8() * 100;
  p.budget.exact.force_bnb = r.U8() >= 230;
  p.budget.exact.heuristic = r.U8() >= 230;
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_qubo{QuboFamilyProblem::kFamily, &FuzzQubo};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_QUBO_FUZZ_H_

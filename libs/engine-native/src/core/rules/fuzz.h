// rules's shaped generator for the fuzz harness: testing/fuzz_solve.cc runs it for half the cases of
// the family's commands (the other half come from its wire records). CMakeLists.txt gathers every
// <folder>/fuzz.h into the harness as it gathers entries.h into the registry.
#ifndef SVC_CORE_RULES_FUZZ_H_
#define SVC_CORE_RULES_FUZZ_H_

#include "rules/problem.h"
#include "testing/fuzz.h"

namespace svc::core::fuzz {

inline void FuzzRules(Reader& r, const SolverEntry& entry) {
  BaseArrays a;
  std::vector<uint8_t> rule_type, warm;
  std::vector<int32_t> rule_k, rule_start, rule_nodes;
  std::vector<double> budget;
  RulesProblem p;
  FillBase(r, a, p, true);
  const size_t rules = r.U8() % 10;
  rule_start.push_back(0);
  for (size_t t = 0; t < rules; ++t) {
    rule_type.push_back(r.U8() < 240 ? r.U8() % 8 : r.U8());
    rule_k.push_back(r.Int(-1, 6));
    const size_t len = r.U8() % 5;
    for (size_t q = 0; q < len; ++q) rule_nodes.push_back(r.Int(-1, p.n > 0 ? p.n : 4));
    rule_start.push_back(r.U8() < 250 ? static_cast<int32_t>(rule_nodes.size()) : r.Int(-3, 40));
  }
  if (r.U8() >= 250 && !rule_k.empty()) rule_k.pop_back();
  budget.resize(r.U8() % 12);
  for (auto& x : budget) x = std::fabs(r.Real()) * 1000;
  p.rules = RulesView{rule_type, rule_k, rule_start, rule_nodes, budget};
  const SolveOptions o = Options(r, warm, p.n);
  Run(entry.command, p, o);
}

inline constexpr Shape kFuzz_rules{RulesProblem::kFamily, &FuzzRules};

}  // namespace svc::core::fuzz

#endif  // SVC_CORE_RULES_FUZZ_H_

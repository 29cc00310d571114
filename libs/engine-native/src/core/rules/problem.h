// The rules family's view of a problem.
#ifndef SVC_CORE_RULES_PROBLEM_H_
#define SVC_CORE_RULES_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"

namespace svc::core {

// rules: the rules in compressed rows (engine-ts RuleList; codes in rules/solve.h); the objective is
// ProblemBase::linear + pairs. budget: engine-ts rulesBudgetFor fields in rules/solve.h order.
struct RulesView {
  std::span<const uint8_t> type;
  std::span<const int32_t> k;
  std::span<const int32_t> start;  // rules + 1 offsets into nodes
  std::span<const int32_t> nodes;
  std::span<const double> budget;
};

// What the registry hands rules: the objective (base) and the rules.
struct RulesProblem : ProblemBase {
  static constexpr std::string_view kFamily = "rules";
  RulesView rules = {};
};

}  // namespace svc::core

#endif  // SVC_CORE_RULES_PROBLEM_H_

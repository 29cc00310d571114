// The rules family's view of a problem.
#ifndef SVC_CORE_RULES_PROBLEM_H_
#define SVC_CORE_RULES_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

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

// The canonical rules problem (engine-ts families/rules/problem.ts) by name.
inline constexpr auto kRulesWire = std::to_array<WireField<RulesProblem>>({
    {{"rules.type", WireType::kU8}, [](RulesProblem& p, const WireValue& v) { p.rules.type = v.u8; }},
    {{"rules.k", WireType::kI32}, [](RulesProblem& p, const WireValue& v) { p.rules.k = v.i32; }},
    {{"rules.start", WireType::kI32}, [](RulesProblem& p, const WireValue& v) { p.rules.start = v.i32; }},
    {{"rules.nodes", WireType::kI32}, [](RulesProblem& p, const WireValue& v) { p.rules.nodes = v.i32; }},
    {{"linear", WireType::kF64, false, WireLength::kN}, [](RulesProblem& p, const WireValue& v) { p.linear = v.f64; }},
    {{"pairs.i", WireType::kI32}, [](RulesProblem& p, const WireValue& v) { p.pairs.i = v.i32; }},
    {{"pairs.j", WireType::kI32}, [](RulesProblem& p, const WireValue& v) { p.pairs.j = v.i32; }},
    {{"pairs.w", WireType::kF64}, [](RulesProblem& p, const WireValue& v) { p.pairs.w = v.f64; }},
    {{kBudgetField, WireType::kF64}, [](RulesProblem& p, const WireValue& v) { p.rules.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_RULES_PROBLEM_H_

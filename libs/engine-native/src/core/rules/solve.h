// rules: minimise violated rules, then the objective, lexicographically. A port of engine-ts
// families/rules/solve.ts (its file comment is the specification).
#ifndef SVC_CORE_RULES_SOLVE_H_
#define SVC_CORE_RULES_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/request.h"
#include "rules/problem.h"
#include "common/solve_limits.h"
#include "common/status.h"

namespace svc::core {

// Rule type codes (engine-ts families/rules/canonical.ts RULE_KINDS order).
enum RuleCode : uint8_t {
  kChooseOne = 0,
  kChooseExactly = 1,
  kMutualExclusion = 2,
  kCapacityLimit = 3,
  kForceTrue = 4,
  kForceFalse = 5,
  kRequires = 6,
  kIdentical = 7,
  kDifferent = 8,
};

// engine-ts rulesBudgetFor (families/rules/budget.ts), field for field; crosses the binding as
// RulesView::budget, a flat array in this order.
struct RulesBudget {
  int64_t bb_steps = 0;
  int64_t tabu_moves = 0;
  int64_t stall = 0;
  int32_t tenure_base = 0;
  int32_t tenure_span = 1;
  int32_t perturb_min = 0;
  int32_t perturb_step = 0;
  int32_t perturb_max = 0;
  bool use_trees = false;
  // rules-solve.ts "Dispatch": the whole tabu budget before branch and bound (model 2026-11-21 on).
  bool search_first = false;
};
// engine-ts rulesBudgetFor by name (booleans as 0/1).
inline constexpr auto kRulesBudget = std::to_array<BudgetField<RulesBudget>>({
    {{"bbSteps", 0, 1e18}, &RulesBudget::bb_steps},
    {{"tabuMoves", 0, 1e18}, &RulesBudget::tabu_moves},
    {{"stall", 0, 1e18}, &RulesBudget::stall},
    {{"tenureBase", 0, 1e9}, &RulesBudget::tenure_base},
    {{"tenureSpan", 1, 1e9}, &RulesBudget::tenure_span},
    {{"perturbMin", 0, 1e9}, &RulesBudget::perturb_min},
    {{"perturbStep", 0, 1e9}, &RulesBudget::perturb_step},
    {{"perturbMax", 0, 1e9}, &RulesBudget::perturb_max},
    {{"useTrees", 0, 1}, &RulesBudget::use_trees},
    {{"searchFirst", 0, 1}, &RulesBudget::search_first},
});

// Shapes and ranges: rule rows well formed (codes, node counts, 0 <= node < n, no node twice in
// a rule), linear of length n, canonical pairs, budget usable.
CallStatus ValidateRules(std::string_view command, const RulesProblem& problem,
                         const SolveOptions& options, std::string* error);

CallStatus SolveRules(const RulesProblem& problem, const SolveOptions& options,
                      const Limits& limits, SolveResult* out, std::string* error);

// evaluate-rules.ts: violated rules by their definitions, and the energy (linear by index, then
// pairs in canonical order).
struct RulesScore {
  int64_t violations = 0;
  double energy = 0;
};
RulesScore ScoreRules(const RulesProblem& problem, std::span<const uint8_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_RULES_SOLVE_H_

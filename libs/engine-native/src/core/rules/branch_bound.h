// rules: iterative branch and bound with propagation: the proof that no assignment has fewer
// violations, then a lower objective. A port of engine-ts families/rules/branch-bound.ts, step for step.
#ifndef SVC_CORE_RULES_BRANCH_BOUND_H_
#define SVC_CORE_RULES_BRANCH_BOUND_H_

#include <cstdint>
#include <vector>

#include "common/solve_limits.h"
#include "rules/encoding.h"

namespace svc::core {

struct RulesBnbOutcome {
  std::vector<uint8_t> x;
  bool complete = false;
  int64_t steps = 0;
  Stop stop = Stop::kNone;
};

// Iterative branch and bound with propagation (branch-bound.ts rulesBranchAndBound).
RulesBnbOutcome RulesBranchAndBound(const RulesEncoding& e, const std::vector<uint8_t>& incumbent,
                                    int64_t incumbent_v, double incumbent_e, int64_t step_cap,
                                    const Limits& limits, double eps_e);

}  // namespace svc::core

#endif  // SVC_CORE_RULES_BRANCH_BOUND_H_

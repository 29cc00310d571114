// milp: mixed binary/continuous quadratic minimisation. A port of engine-ts families/milp/solve.ts,
// step for step and with the same generator calls (that file's comment is the specification).
#ifndef SVC_CORE_MILP_SOLVE_H_
#define SVC_CORE_MILP_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "milp/problem.h"

namespace svc::core {

// engine-ts milpBudgetFor (families/milp/budget.ts), field for field, by name.
struct MilpBudget {
  int64_t bnb_nodes = 0;
  int64_t starts = 0;
  int64_t spatial_nodes = 0;
};
inline constexpr auto kMilpBudget = std::to_array<BudgetField<MilpBudget>>({
    {{"bnbNodes", 0, 1e15}, &MilpBudget::bnb_nodes},
    {{"starts", 0, 1e15}, &MilpBudget::starts},
    {{"spatialNodes", 0, 1e15}, &MilpBudget::spatial_nodes},
});

CallStatus ValidateMilp(std::string_view command, const MilpProblem& problem, const SolveOptions& options,
                        std::string* error);

// The values go to out->values (kind kVector) and the extra "convex" says whether the objective was
// found convex (1) or not (0).
CallStatus SolveMilp(const MilpProblem& problem, const SolveOptions& options, const Limits& limits,
                     SolveResult* out, std::string* error);

// Σ (½ q x² + c x) + Σ w x_i x_j (evaluate.ts), without the domain checks.
double MilpObjective(const MilpProblem& p, std::span<const double> x);

}  // namespace svc::core

#endif  // SVC_CORE_MILP_SOLVE_H_

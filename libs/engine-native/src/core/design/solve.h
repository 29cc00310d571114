// design: Potts models and graph colouring. A port of engine-ts families/design/solve.ts, step for
// step and with the same generator calls (that file's comment is the specification).
#ifndef SVC_CORE_DESIGN_SOLVE_H_
#define SVC_CORE_DESIGN_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "design/problem.h"

namespace svc::core {

// engine-ts designBudgetFor (families/design/budget.ts), field for field; crosses the binding as
// DesignView::budget, a flat array in this order.
struct DesignBudget {
  double dp_work = 0;
  int32_t bnb_max_sites = 0;
  int64_t bnb_nodes = 0;
  int64_t tabu_iters = 0;
  double tabu_work = 0;
};
// engine-ts designBudgetFor by name (tabu entries are int32 iteration numbers).
inline constexpr auto kDesignBudget = std::to_array<BudgetField<DesignBudget>>({
    {{"dpWork", 0, 1e18}, &DesignBudget::dp_work},
    {{"bnbMaxSites", 0, 64}, &DesignBudget::bnb_max_sites},
    {{"bnbNodes", 0, 1e15}, &DesignBudget::bnb_nodes},
    {{"tabuIters", 0, 2147483647.0 - 1e6}, &DesignBudget::tabu_iters},
    {{"tabuWork", 0, 1e18}, &DesignBudget::tabu_work},
});

CallStatus ValidateDesign(std::string_view command, const DesignProblem& problem, const SolveOptions& options,
                          std::string* error);

// The values go to out->order (one per site); out->answer stays empty.
CallStatus SolveDesign(const DesignProblem& problem, const SolveOptions& options, const Limits& limits,
                       SolveResult* out, std::string* error);

// Σ bias(s, x_s) + Σ_bonds mult·cost(x_i, x_j) (evaluate.ts).
double DesignEnergy(const DesignView& d, int32_t L, std::span<const int32_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_SOLVE_H_

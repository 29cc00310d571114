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
inline constexpr size_t kDesignBudgetFields = 5;

bool DesignBudgetFrom(std::span<const double> flat, DesignBudget* out);

CallStatus ValidateDesign(std::string_view command, const DesignProblem& problem, const SolveOptions& options,
                          std::string* error);

// The values go to out->order (one per site); out->answer stays empty.
CallStatus SolveDesign(const DesignProblem& problem, const SolveOptions& options, const Limits& limits,
                       SolveResult* out, std::string* error);

// Σ bias(s, x_s) + Σ_bonds mult·cost(x_i, x_j) (evaluate.ts).
double DesignEnergy(const DesignView& d, int32_t L, std::span<const int32_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_SOLVE_H_

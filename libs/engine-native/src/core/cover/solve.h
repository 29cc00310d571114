// cover: weighted set cover. A port of engine-ts families/cover/solve.ts, step for step and with
// the same generator calls (that file's comment is the specification), except when built with CLP:
// then an LP bound and an LP branch and bound replace the Lagrangian tree (lp_tree.h,
// docs/cover.md "The LP path").
#ifndef SVC_CORE_COVER_SOLVE_H_
#define SVC_CORE_COVER_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "cover/problem.h"

namespace svc::core {

// engine-ts coverBudgetFor (families/cover/budget.ts), field for field; crosses the binding as
// CoverView::budget, a flat array in this order.
struct CoverBudget {
  int64_t root_iters = 0;
  int64_t passes = 0;
  int64_t bnb_nodes = 0;
  int64_t node_iters = 0;
  double work = 0;
  int64_t ls_early_steps = 0;
  int64_t ls_steps = 0;
};
// engine-ts coverBudgetFor by name.
inline constexpr auto kCoverBudget = std::to_array<BudgetField<CoverBudget>>({
    {{"rootIters", 0, 1e18}, &CoverBudget::root_iters},
    {{"passes", 0, 1e18}, &CoverBudget::passes},
    {{"bnbNodes", 0, 1e18}, &CoverBudget::bnb_nodes},
    {{"nodeIters", 0, 1e18}, &CoverBudget::node_iters},
    {{"work", 0, 1e300}, &CoverBudget::work},
    {{"lsEarlySteps", 0, 1e15}, &CoverBudget::ls_early_steps},
    {{"lsSteps", 0, 1e15}, &CoverBudget::ls_steps},
});

CallStatus ValidateCover(std::string_view command, const CoverProblem& problem, const SolveOptions& options,
                         std::string* error);

// The chosen sets go to out->answer (0/1 per set).
CallStatus SolveCover(const CoverProblem& problem, const SolveOptions& options, const Limits& limits,
                      SolveResult* out, std::string* error);

// The cost of the chosen sets (evaluate.ts); NaN when they leave an element uncovered.
double CoverCost(const CoverView& c, int32_t n, std::span<const uint8_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_COVER_SOLVE_H_

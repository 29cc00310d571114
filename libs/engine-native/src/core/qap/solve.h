// qap: quadratic assignment. A port of engine-ts families/qap/solve.ts, step for step and with
// the same generator calls (that file's comment is the specification).
#ifndef SVC_CORE_QAP_SOLVE_H_
#define SVC_CORE_QAP_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "qap/problem.h"

namespace svc::core {

// engine-ts qapBudgetFor (families/qap/budget.ts), field for field; crosses the binding as
// QapView::budget, a flat array in this order.
struct QapBudget {
  int32_t bnb_max_n = 0;
  int64_t bnb_nodes = 0;
  int64_t tabu_iters = 0;
  double tabu_work = 0;
};
// engine-ts qapBudgetFor by name.
inline constexpr auto kQapBudget = std::to_array<BudgetField<QapBudget>>({
    {{"bnbMaxN", 0, 64}, &QapBudget::bnb_max_n},
    {{"bnbNodes", 0, 1e15}, &QapBudget::bnb_nodes},
    {{"tabuIters", 0, 1e15}, &QapBudget::tabu_iters},
    {{"tabuWork", 0, 1e18}, &QapBudget::tabu_work},
});

CallStatus ValidateQap(std::string_view command, const QapProblem& problem, const SolveOptions& options,
                       std::string* error);

// The assignment goes to out->order (location of each facility); out->answer stays empty.
CallStatus SolveQap(const QapProblem& problem, const SolveOptions& options, const Limits& limits,
                    SolveResult* out, std::string* error);

// Σ_ij flow[i][j]·dist[p[i]][p[j]], rows in order (evaluate.ts).
double QapCost(const QapView& q, int32_t n, std::span<const int32_t> perm);

// Minimum-cost perfect assignment of an m*m matrix (the Hungarian method of solve.ts).
double Hungarian(const std::vector<double>& c, int32_t m);

}  // namespace svc::core

#endif  // SVC_CORE_QAP_SOLVE_H_

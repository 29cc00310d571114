// rank (Kemeny): order n items contradicting as few votes as possible. A port of engine-ts
// families/rank/solve.ts, step for step and with the same generator calls (that file's comment
// is the specification), so both engines give the same order for the same request.
#ifndef SVC_CORE_RANK_SOLVE_H_
#define SVC_CORE_RANK_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "rank/problem.h"

namespace svc::core {

// engine-ts rankBudgetFor (families/rank/budget.ts), field for field. It crosses the binding as
// RankView::budget, a flat array in this order.
struct RankBudget {
  int32_t dp_max_n = 0;
  int32_t bnb_max_n = 0;
  int64_t bnb_nodes = 0;
  int64_t restarts = 0;
  int32_t memo = 1;  // a power of two
  // With CLP (ordering_lp.h): components of 13..lp_max_n items get the ordering LP's branch and
  // bound within lp_nodes nodes and lp_pivots simplex pivots instead of the pairwise-minimum one;
  // engine-ts ignores them.
  int32_t lp_max_n = 0;
  int64_t lp_nodes = 0;
  int64_t lp_pivots = 0;
};
// engine-ts rankBudgetFor by name; memo must also be a power of two (ValidateRank).
inline constexpr auto kRankBudget = std::to_array<BudgetField<RankBudget>>({
    {{"dpMaxN", 0, 26}, &RankBudget::dp_max_n},  // solve.cc kDpCap,
    {{"bnbMaxN", 0, 1e9}, &RankBudget::bnb_max_n},
    {{"bnbNodes", 0, 1e15}, &RankBudget::bnb_nodes},
    {{"restarts", 0, 1e15}, &RankBudget::restarts},
    {{"memo", 1, 1 << 26}, &RankBudget::memo},
    {{"lpMaxN", 0, 5000}, &RankBudget::lp_max_n},
    {{"lpNodes", 0, 1e15}, &RankBudget::lp_nodes},
    {{"lpPivots", 0, 1e15}, &RankBudget::lp_pivots},
});

// Shapes and ranges of a rank request (n*n finite non-negative votes, zero diagonal, budget).
CallStatus ValidateRank(std::string_view command, const RankProblem& problem, const SolveOptions& options,
                        std::string* error);

// The order goes to out->order (item indices, best first); out->answer stays empty.
CallStatus SolveRank(const RankProblem& problem, const SolveOptions& options, const Limits& limits,
                     SolveResult* out, std::string* error);

// Votes an order contradicts: Σ over places s < t of wins[order[t]][order[s]].
double RankDisagreements(std::span<const double> wins, int32_t n, std::span<const int32_t> order);

// The majority graph's strongly connected components (each sorted), in the topological order
// that keeps unrelated components in item order.
std::vector<std::vector<int32_t>> MajorityComponents(std::span<const double> wins, int32_t n);

}  // namespace svc::core

#endif  // SVC_CORE_RANK_SOLVE_H_

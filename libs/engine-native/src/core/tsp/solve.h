// tsp: the shortest closed tour (symmetric or one-way matrices). engine-ts families/tsp/solve.ts
// step for step up to the root bound, then a stronger search (α-nearness candidates, Lin–Kernighan;
// solve.cc).
#ifndef SVC_CORE_TSP_SOLVE_H_
#define SVC_CORE_TSP_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "tsp/problem.h"

namespace svc::core {

// engine-ts tspBudgetFor (families/tsp/budget.ts), field for field; crosses the binding as
// TspView::budget, a flat array in this order.
struct TspBudget {
  int32_t dp_max_n = 0;
  int32_t neighbours = 1;
  int64_t kicks_per_n = 0;
  int64_t max_kicks = 0;
  int64_t bound_iters = 0;
  double bound_work = 0;
  int32_t bnb_max_n = 0;
  int64_t bnb_kicks_per_n = 0;
  int64_t bnb_nodes = 0;
  int64_t bnb_iters = 0;
};
// engine-ts tspBudgetFor by name (dpMaxN at most solve.cc's kDpCap, bnbMaxN at most its kBnbCap).
inline constexpr auto kTspBudget = std::to_array<BudgetField<TspBudget>>({
    {{"dpMaxN", 0, 24}, &TspBudget::dp_max_n},
    {{"neighbours", 1, 64}, &TspBudget::neighbours},
    {{"kicksPerN", 0, 1099511627775.0}, &TspBudget::kicks_per_n},
    {{"maxKicks", 0, 1e18}, &TspBudget::max_kicks},
    {{"boundIters", 0, 1e18}, &TspBudget::bound_iters},
    {{"boundWork", 0, 1e300}, &TspBudget::bound_work},
    {{"bnbMaxN", 0, 2000}, &TspBudget::bnb_max_n},
    {{"bnbKicksPerN", 0, 1099511627775.0}, &TspBudget::bnb_kicks_per_n},
    {{"bnbNodes", 0, 1e15}, &TspBudget::bnb_nodes},
    {{"bnbIters", 0, 1e9}, &TspBudget::bnb_iters},
});

// The integer distance of TSPLIB95 (distance.ts).
class TspDistance {
 public:
  TspDistance(const TspProblem& p);
  double operator()(int32_t i, int32_t j) const {
    return cache_.empty() ? Compute(i, j) : cache_[static_cast<size_t>(i) * n_ + j];
  }
  // Points of at most kCacheMaxN cities whose distances all fit in an int32: every distance kept
  // in an n×n table from here (the same values, read instead of recomputed). False otherwise.
  bool Cache();
  static constexpr int32_t kCacheMaxN = 3000;

 private:
  double Compute(int32_t i, int32_t j) const;
  std::vector<int32_t> cache_;
  int32_t n_;
  std::span<const double> matrix_, points_;
  TspMetric metric_;
  std::vector<double> lat_, lon_;  // geo: radians
};

CallStatus ValidateTsp(std::string_view command, const TspProblem& problem, const SolveOptions& options,
                       std::string* error);

// The tour goes to out->order (from city 0); out->answer stays empty.
CallStatus SolveTsp(const TspProblem& problem, const SolveOptions& options, const Limits& limits,
                    SolveResult* out, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_TSP_SOLVE_H_

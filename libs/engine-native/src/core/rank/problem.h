// The rank family's view of a problem.
#ifndef SVC_CORE_RANK_PROBLEM_H_
#define SVC_CORE_RANK_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// rank (Kemeny): wins is n*n row-major, wins[i*n + j] = votes "i beats j" (finite, >= 0, zero
// diagonal). budget: engine-ts rankBudgetFor fields in rank/solve.h order.
struct RankView {
  std::span<const double> wins;
  std::span<const double> budget;
};

// What the registry hands rank: the number of items as n (base; no linear terms or pairs) and
// the vote matrix.
struct RankProblem : ProblemBase {
  static constexpr std::string_view kFamily = "rank";
  RankView rank = {};
};

// The canonical rank problem (engine-ts families/rank/problem.ts) by name.
inline constexpr auto kRankWire = std::to_array<WireField<RankProblem>>({
    {{"wins", WireType::kF64, false, WireLength::kNN}, [](RankProblem& p, const WireValue& v) { p.rank.wins = v.f64; }},
    {{kBudgetField, WireType::kF64}, [](RankProblem& p, const WireValue& v) { p.rank.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_RANK_PROBLEM_H_

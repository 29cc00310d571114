// The cover family's view of a problem.
#ifndef SVC_CORE_COVER_PROBLEM_H_
#define SVC_CORE_COVER_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// cover (engine-ts families/cover/problem.ts): n = ProblemBase::n sets over `universe` elements;
// set j holds elems[start[j] .. start[j+1]) (increasing, distinct) and costs cost[j]. budget:
// engine-ts coverBudgetFor fields in cover/solve.h order.
struct CoverView {
  int32_t universe = 0;
  std::span<const int32_t> start;
  std::span<const int32_t> elems;
  std::span<const double> cost;
  std::span<const double> budget;
};

struct CoverProblem : ProblemBase {
  static constexpr std::string_view kFamily = "cover";
  CoverView cover = {};
};

// The canonical cover problem (engine-ts families/cover/problem.ts) by name (n = the sets).
inline constexpr auto kCoverWire = std::to_array<WireField<CoverProblem>>({
    {{"universe", WireType::kNumber, false, WireLength::kAny, {}, 0, 2147483647.0, true}, [](CoverProblem& p, const WireValue& v) { p.cover.universe = static_cast<int32_t>(v.number); }},
    {{"start", WireType::kI32, false, WireLength::kNPlus1}, [](CoverProblem& p, const WireValue& v) { p.cover.start = v.i32; }},
    {{"elems", WireType::kI32}, [](CoverProblem& p, const WireValue& v) { p.cover.elems = v.i32; }},
    {{"cost", WireType::kF64, false, WireLength::kN}, [](CoverProblem& p, const WireValue& v) { p.cover.cost = v.f64; }},
    {{kBudgetField, WireType::kF64}, [](CoverProblem& p, const WireValue& v) { p.cover.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_COVER_PROBLEM_H_

// The cover family's view of a problem.
#ifndef SVC_CORE_COVER_PROBLEM_H_
#define SVC_CORE_COVER_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"

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

}  // namespace svc::core

#endif  // SVC_CORE_COVER_PROBLEM_H_

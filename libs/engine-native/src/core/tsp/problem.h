// The tsp family's view of a problem.
#ifndef SVC_CORE_TSP_PROBLEM_H_
#define SVC_CORE_TSP_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"

namespace svc::core {

// TSPLIB95 distance rules for points (engine-ts families/tsp/problem.ts TspMetric).
enum class TspMetric : int32_t { kMatrix = 0, kEuc2d = 1, kCeil2d = 2, kAtt = 3, kGeo = 4 };

// tsp: exactly one of matrix (n*n row-major, symmetric integers, zero diagonal) or points
// (2n: x, y per city) with a metric. budget: engine-ts tspBudgetFor fields in tsp/solve.h order.
struct TspView {
  std::span<const double> matrix;
  std::span<const double> points;
  TspMetric metric = TspMetric::kMatrix;
  std::span<const double> budget;
};

struct TspProblem : ProblemBase {
  static constexpr std::string_view kFamily = "tsp";
  TspView tsp = {};
};

}  // namespace svc::core

#endif  // SVC_CORE_TSP_PROBLEM_H_

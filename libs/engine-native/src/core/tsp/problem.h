// The tsp family's view of a problem.
#ifndef SVC_CORE_TSP_PROBLEM_H_
#define SVC_CORE_TSP_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// TSPLIB95 distance rules for points (engine-ts families/tsp/problem.ts TspMetric).
enum class TspMetric : int32_t { kMatrix = 0, kEuc2d = 1, kCeil2d = 2, kAtt = 3, kGeo = 4 };

// tsp: exactly one of matrix (n*n row-major integers, zero diagonal; row i, column j the way from i
// to j, symmetric or not: an asymmetric one is solved by solve.cc SolveAsymmetric) or points
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

inline constexpr std::string_view kTspMetricNames[] = {"matrix", "euc_2d", "ceil_2d", "att", "geo"};

// The canonical tsp problem (engine-ts families/tsp/problem.ts) by name: a matrix, or points with a
// metric (absent for a matrix).
inline constexpr auto kTspWire = std::to_array<WireField<TspProblem>>({
    {{"matrix", WireType::kF64, true, WireLength::kNN}, [](TspProblem& p, const WireValue& v) { p.tsp.matrix = v.f64; }},
    {{"points", WireType::kF64, true, WireLength::kTwoN}, [](TspProblem& p, const WireValue& v) { p.tsp.points = v.f64; }},
    {{"metric", WireType::kEnum, true, WireLength::kAny, kTspMetricNames}, [](TspProblem& p, const WireValue& v) { p.tsp.metric = static_cast<TspMetric>(v.number); }},
    {{kBudgetField, WireType::kF64}, [](TspProblem& p, const WireValue& v) { p.tsp.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_TSP_PROBLEM_H_

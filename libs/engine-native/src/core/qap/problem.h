// The qap family's view of a problem.
#ifndef SVC_CORE_QAP_PROBLEM_H_
#define SVC_CORE_QAP_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"

namespace svc::core {

// qap: flow and dist, each n*n row-major, finite. budget: engine-ts qapBudgetFor fields in
// qap/solve.h order.
struct QapView {
  std::span<const double> flow;
  std::span<const double> dist;
  std::span<const double> budget;
};

struct QapProblem : ProblemBase {
  static constexpr std::string_view kFamily = "qap";
  QapView qap = {};
};

}  // namespace svc::core

#endif  // SVC_CORE_QAP_PROBLEM_H_

// The milp family's view of a problem.
#ifndef SVC_CORE_MILP_PROBLEM_H_
#define SVC_CORE_MILP_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"

namespace svc::core {

// milp (engine-ts families/milp/problem.ts): n = ProblemBase::n variables; binary[i] 1 for a 0/1
// variable; lo/hi the box (±infinity allowed, [0, 1] for binaries); ProblemBase::linear the c_i;
// diag the q_i; ProblemBase::pairs the couplings w_ij (i < j). budget: engine-ts milpBudgetFor
// fields in milp/solve.h order.
struct MilpView {
  std::span<const uint8_t> binary;
  std::span<const double> lo;
  std::span<const double> hi;
  std::span<const double> diag;
  std::span<const double> budget;
};

struct MilpProblem : ProblemBase {
  static constexpr std::string_view kFamily = "milp";
  MilpView milp = {};
};

}  // namespace svc::core

#endif  // SVC_CORE_MILP_PROBLEM_H_

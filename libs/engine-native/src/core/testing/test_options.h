// The solve options and registry names the core solve tests share (test binaries only).
#ifndef SVC_CORE_TESTING_TEST_OPTIONS_H_
#define SVC_CORE_TESTING_TEST_OPTIONS_H_

#include <cstdint>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"

namespace svc::test {

// Exact enumeration up to exact_max_n variables; beyond, `moves` tabu moves over
// moves / 1000 + 1 restarts with small tenures and perturbations.
inline core::SolveOptions Options(int32_t exact_max_n, int64_t moves) {
  core::SolveOptions o;
  o.budget.exact_max_n = exact_max_n;
  o.budget.tabu_iterations = moves;
  o.budget.restarts = moves / 1000 + 1;
  o.budget.stall = 1000;
  o.budget.tenure_base = 3;
  o.budget.tenure_span = 2;
  o.budget.anneal_sweeps = 2;
  o.budget.elite_pool = 2;
  o.budget.shrink_rounds = 8;
  return o;
}

}  // namespace svc::test

// The names every solve test spells unqualified.
using svc::core::CallStatus, svc::core::Limits, svc::core::Proof, svc::core::ResultStatus,
    svc::core::SolveOptions, svc::core::SolveResult, svc::test::Options;

#endif  // SVC_CORE_TESTING_TEST_OPTIONS_H_

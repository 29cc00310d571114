// The registry names the core solve tests share (test binaries only); the qubo family's budget of
// the tests is qubo/test_instances.h Budget.
#ifndef SVC_CORE_TESTING_TEST_OPTIONS_H_
#define SVC_CORE_TESTING_TEST_OPTIONS_H_

#include <cstdint>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"

// The names every solve test spells unqualified.
using svc::core::CallStatus, svc::core::Limits, svc::core::Proof, svc::core::ResultStatus,
    svc::core::SolveOptions, svc::core::SolveResult;

#endif  // SVC_CORE_TESTING_TEST_OPTIONS_H_

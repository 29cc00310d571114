// reduce: LLL with fplll's floating-point L² (its wrapper: doubles, then long double, dpe and MPFR
// when the precision is insufficient) without transforms, U and V recovered exactly by p-adic
// lifting and the LLL conditions proved by a floating-point certificate (certify.h); where either
// declines, fplll with its transforms, an exact integral LLL pass on GMP integers that ends at
// |μ| ≤ 1/2 and the Lovász condition with delta exactly, then the exact check (lattice.h) before
// answering. The twin of engine-ts families/reduce/solve.ts, which runs the exact pass alone; both
// answers pass the same check, but may differ (LLL has many valid outputs).
#ifndef SVC_CORE_REDUCE_SOLVE_H_
#define SVC_CORE_REDUCE_SOLVE_H_

#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "reduce/lattice.h"
#include "reduce/problem.h"

namespace svc::core {

CallStatus ValidateReduce(std::string_view command, const ReduceProblem& problem, const SolveOptions& options,
                          std::string* error);

// The answer text "B';U;V" (rows by '\n', entries by ' ') goes to out->answer (kind kDecimal,
// extra "exact" 1; 0 when a limit stopped it, with a basis of the same lattice not yet reduced).
CallStatus SolveReduce(const ReduceProblem& problem, const SolveOptions& options, const Limits& limits,
                       SolveResult* out, std::string* error);

// The basis of a checked view.
IntMatrix ReduceBasis(const ReduceView& view);

// What the solver did, for tests and the bench: fplll's status, the exact pass's work.
struct ReduceRun {
  Reduction reduction;
  int fplll_status = -1;  // fplll RedStatus (0 success), -1 when not called
  Stop stop = Stop::kNone;
  // "fplll" (no transforms in fplll: U, V recovered by certify.h), "fplll+transforms" or "exact".
  const char* path = "";
  // The LLL conditions proved by CertifyReducedFloat (no exact pass, no integral check needed).
  bool float_certified = false;
};
bool RunReduce(const ReduceView& view, const Limits& limits, bool use_fplll, ReduceRun* run, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_REDUCE_SOLVE_H_

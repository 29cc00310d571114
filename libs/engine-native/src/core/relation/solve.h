// relation: integer relations and minimal polynomials by PSLQ in fixed-point GMP integers. The twin
// of engine-ts families/relation/solve.ts: the same integer operations (floor divisions and shifts,
// floor square roots), the same exact check of a candidate, and so the same answer.
#ifndef SVC_CORE_RELATION_SOLVE_H_
#define SVC_CORE_RELATION_SOLVE_H_

#include <string>
#include <string_view>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "relation/problem.h"

namespace svc::core {

// Why the last PSLQ run stopped (engine-ts RELATION_STOPS, same numbers).
enum class RelationStop : int32_t { kFound = 0, kBound = 1, kExhausted = 2, kIterations = 3, kLimit = 4, kUnverified = 5 };

struct RelationOutcome {
  // The coefficients in the terms' order (ascending powers for a polynomial), as decimal strings;
  // empty when none was found.
  std::vector<std::string> relation;
  RelationStop stop = RelationStop::kExhausted;
  double bound = 0;
  int64_t iterations = 0;
  int32_t degree = 0;
  bool irreducible = false;
};

CallStatus ValidateRelation(std::string_view command, const RelationProblem& problem, const SolveOptions& options,
                            std::string* error);

// The answer is SolveResult::values (kind kNumeric: the coefficients, a polynomial's highest degree
// first) with the extras found, stop, bound, iterations, degree, irreducible (engine-ts problem.ts).
CallStatus SolveRelation(const RelationProblem& problem, const SolveOptions& options, const Limits& limits,
                         SolveResult* out, std::string* error);

// The outcome of a checked view (for tests and SolveRelation).
RelationOutcome FindRelation(const RelationView& view, const Limits& limits);

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_SOLVE_H_

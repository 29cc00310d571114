// The solvers by command name, and the one checked entry point the binding calls.
#ifndef SVC_CORE_COMMON_REGISTRY_H_
#define SVC_CORE_COMMON_REGISTRY_H_

#include <span>
#include <string>
#include <string_view>

#include "common/solve_limits.h"
#include "common/request.h"
#include "common/status.h"

namespace svc::core {

// The engine version reported next to answers; bump it whenever answers can change.
inline constexpr std::string_view kEngineVersion = "1.0.0";

using SolveFn = CallStatus (*)(const ProblemView& problem, const SolveOptions& options,
                               const Limits& limits, SolveResult* out, std::string* error);

struct SolverEntry {
  std::string_view command;
  SolveFn solve;
};

// Every command this core solves, in a fixed order.
std::span<const SolverEntry> Solvers();

// nullptr when the command is not here.
const SolverEntry* FindSolver(std::string_view command);

// Shapes and ranges (O(n + m)): sizes agree, 0 <= i < j < n, warm start 0/1 of length n,
// budget usable. kError with a message otherwise.
CallStatus ValidateRequest(std::string_view command, const ProblemView& problem,
                           const SolveOptions& options, std::string* error);

// Find + validate + solve. Never throws: allocation failure becomes kError.
CallStatus Solve(std::string_view command, const ProblemView& problem,
                 const SolveOptions& options, const Limits& limits, SolveResult* out,
                 std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_REGISTRY_H_

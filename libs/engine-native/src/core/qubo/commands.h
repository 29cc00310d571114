// One entry point per command; the registry (registry.h) is the only caller.
#ifndef SVC_CORE_QUBO_COMMANDS_H_
#define SVC_CORE_QUBO_COMMANDS_H_

#include <string>

#include "common/solve_limits.h"
#include "common/request.h"
#include "common/status.h"

namespace svc::core {

// Both expect a problem already checked by ValidateRequest().
CallStatus SolveOptimize(const ProblemView& problem, const SolveOptions& options,
                         const Limits& limits, SolveResult* out, std::string* error);
CallStatus SolveMaxcut(const ProblemView& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_COMMANDS_H_

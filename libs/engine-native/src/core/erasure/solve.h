// erasure: rebuild the absent shards of a systematic Reed–Solomon code (erasure/code.h) from the
// first k present ones. The same operation as engine-ts families/erasure/solve.ts; any correct
// rebuild gives the same bytes, so both engines answer identically.
#ifndef SVC_CORE_ERASURE_SOLVE_H_
#define SVC_CORE_ERASURE_SOLVE_H_

#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "erasure/kernel.h"
#include "erasure/problem.h"

namespace svc::core {

CallStatus ValidateErasure(std::string_view command, const ErasureProblem& problem, const SolveOptions& options,
                           std::string* error);

// out->kind = kBytes: out->answer holds the rebuilt shards one after another in out->order (their
// indices, increasing); the extra "kernel" is the erasure::Kernel that ran.
CallStatus SolveErasure(const ErasureProblem& problem, const SolveOptions& options, const Limits& limits,
                        SolveResult* out, std::string* error);

// SolveErasure with a chosen kernel (it must be available), for the tests and the bench.
CallStatus SolveErasureWith(erasure::Kernel kernel, const ErasureProblem& problem, SolveResult* out,
                            std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_ERASURE_SOLVE_H_

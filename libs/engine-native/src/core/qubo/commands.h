// The qubo family's registry entries: optimize, maxcut, feel, want and sample. feel reaches the
// core already reduced to its exact QUBO (engine-ts ising.ts), so the registry maps it to
// SolveOptimize. Ports of engine-ts families/qubo/solve.ts, pinned.ts and sample.ts (their file
// comments are the specifications).
#ifndef SVC_CORE_QUBO_COMMANDS_H_
#define SVC_CORE_QUBO_COMMANDS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "qubo/problem.h"

namespace svc::core {

// Shapes and ranges (O(n + m)): sizes agree, 0 <= i < j < n, warm start 0/1 of length n, budget
// usable, want's pins canonical, sample's spec usable. kError with a message otherwise.
CallStatus ValidateQubo(std::string_view command, const QuboFamilyProblem& problem,
                        const SolveOptions& options, std::string* error);

// All expect a problem already checked by ValidateQubo().
CallStatus SolveOptimize(const QuboFamilyProblem& problem, const SolveOptions& options,
                         const Limits& limits, SolveResult* out, std::string* error);
CallStatus SolveMaxcut(const QuboFamilyProblem& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error);
CallStatus SolveWant(const QuboFamilyProblem& problem, const SolveOptions& options,
                     const Limits& limits, SolveResult* out, std::string* error);
CallStatus SolveSample(const QuboFamilyProblem& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error);

// sample.ts SAMPLE_SEED_SALT: the walk's Prng is seeded with seed ^ this.
inline constexpr uint32_t kSampleSeedSalt = 0x53414d50u;

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_COMMANDS_H_

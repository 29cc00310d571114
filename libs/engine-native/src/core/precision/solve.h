// precision: an operation correctly rounded (half-even) to D significant decimal digits, with MPFR
// and GMP. The twin of engine-ts families/precision/solve.ts: the same exact cases, the same Ziv
// loop over proven brackets (here from MPFR's correctly rounded functions), the same settlement of
// a root on a rounding boundary, and so byte for byte the same answer.
#ifndef SVC_CORE_PRECISION_SOLVE_H_
#define SVC_CORE_PRECISION_SOLVE_H_

#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "precision/problem.h"

namespace svc::core {

// engine-ts PRECISION_ENGINE_LIMITS (families/precision/problem.ts).
inline constexpr int32_t kPrecisionMaxDigits = 10000;
inline constexpr int32_t kPrecisionMaxXDigits = 12000;
inline constexpr int64_t kPrecisionMaxXExponent = 1000000;
inline constexpr int64_t kPrecisionMaxExpArgument = 2000000;
inline constexpr int32_t kPrecisionMaxRoot = 1000;
// powq's answer exponent: the contract's cap of 10^6, one more here (its double estimate may
// differ in the last bit between libm and V8; the contract has decided before any engine runs).
inline constexpr double kPrecisionMaxResultExponent = 1000001;

CallStatus ValidatePrecision(std::string_view command, const PrecisionProblem& problem, const SolveOptions& options,
                             std::string* error);

// The answer text goes to out->answer as ASCII bytes (kind kDecimal), the extra "exact" is 1 when
// it is the exact value, work.iterations the tries of Ziv's loop.
CallStatus SolvePrecision(const PrecisionProblem& problem, const SolveOptions& options, const Limits& limits,
                          SolveResult* out, std::string* error);

// The answer of a checked view (for tests): its text, whether it is exact, and the tries.
bool PrecisionAnswer(const PrecisionView& view, std::string* answer, bool* exact, int* tries, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_PRECISION_SOLVE_H_

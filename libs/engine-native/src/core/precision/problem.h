// The precision family's view of a problem (built only when MPFR is found: CMakeLists.txt).
#ifndef SVC_CORE_PRECISION_PROBLEM_H_
#define SVC_CORE_PRECISION_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// engine-ts families/precision/problem.ts PRECISION_OPS, in wire order.
enum class PrecisionOp : int32_t { kSqrt = 0, kNthroot = 1, kExp = 2, kLn = 3, kPowq = 4, kPi = 5, kE = 6, kLn2 = 7 };
inline constexpr std::string_view kPrecisionOpNames[] = {"sqrt", "nthroot", "exp", "ln", "powq", "pi", "e", "ln2"};

// precision (engine-ts families/precision/problem.ts): `op` rounded half-even to `digits`
// significant digits. x = (−1)^x_negative · int(x_digits) · 10^x_exponent (digits 0..9, no leading
// or trailing zero; empty for zero); has_x false for the constants. k for nthroot, p/q for powq.
struct PrecisionView {
  PrecisionOp op = PrecisionOp::kSqrt;
  double digits = 0;
  bool has_x = false;
  bool x_negative = false;
  std::span<const uint8_t> x_digits;
  double x_exponent = 0;
  double k = 0;
  double p = 0;
  double q = 1;
};

struct PrecisionProblem : ProblemBase {
  static constexpr std::string_view kFamily = "precision";
  PrecisionView precision = {};
};

// The canonical precision problem by name; x's parts are "x.negative", "x.digits", "x.exponent"
// (absent when x is null: the constants).
inline constexpr auto kPrecisionWire = std::to_array<WireField<PrecisionProblem>>({
    {{"op", WireType::kEnum, false, WireLength::kAny, kPrecisionOpNames}, [](PrecisionProblem& p, const WireValue& v) { p.precision.op = static_cast<PrecisionOp>(v.number); }},
    {{"digits", WireType::kNumber, false, WireLength::kAny, {}, 1, 10000, true}, [](PrecisionProblem& p, const WireValue& v) { p.precision.digits = v.number; }},
    {{"x.negative", WireType::kNumber, true, WireLength::kAny, {}, 0, 1, true}, [](PrecisionProblem& p, const WireValue& v) { p.precision.x_negative = v.number != 0; }},
    {{"x.digits", WireType::kU8, true}, [](PrecisionProblem& p, const WireValue& v) { p.precision.has_x = true; p.precision.x_digits = v.u8; }},
    {{"x.exponent", WireType::kNumber, true, WireLength::kAny, {}, -2e6, 2e6, true}, [](PrecisionProblem& p, const WireValue& v) { p.precision.x_exponent = v.number; }},
    {{"k", WireType::kNumber, false, WireLength::kAny, {}, 0, 1000, true}, [](PrecisionProblem& p, const WireValue& v) { p.precision.k = v.number; }},
    {{"p", WireType::kNumber, false, WireLength::kAny, {}, -1000, 1000, true}, [](PrecisionProblem& p, const WireValue& v) { p.precision.p = v.number; }},
    {{"q", WireType::kNumber, false, WireLength::kAny, {}, 1, 1000, true}, [](PrecisionProblem& p, const WireValue& v) { p.precision.q = v.number; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_PRECISION_PROBLEM_H_

// The xorsat family's view of a problem.
#ifndef SVC_CORE_XORSAT_PROBLEM_H_
#define SVC_CORE_XORSAT_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// xorsat (engine-ts families/xorsat/problem.ts): n = ProblemBase::n variables, m = rhs.size()
// equations; equation e XORs the variables vars[start[e] .. start[e+1]) (increasing, distinct,
// possibly none) and must equal rhs[e] (0 or 1). budget: engine-ts xorsatBudgetFor fields in
// xorsat/solve.h order.
struct XorsatView {
  std::span<const int32_t> start;
  std::span<const int32_t> vars;
  std::span<const uint8_t> rhs;
  std::span<const double> budget;
};

struct XorsatProblem : ProblemBase {
  static constexpr std::string_view kFamily = "xorsat";
  XorsatView xorsat = {};
};

// The canonical xorsat problem (engine-ts families/xorsat/problem.ts) by name.
inline constexpr auto kXorsatWire = std::to_array<WireField<XorsatProblem>>({
    {{"start", WireType::kI32}, [](XorsatProblem& p, const WireValue& v) { p.xorsat.start = v.i32; }},
    {{"vars", WireType::kI32}, [](XorsatProblem& p, const WireValue& v) { p.xorsat.vars = v.i32; }},
    {{"rhs", WireType::kU8}, [](XorsatProblem& p, const WireValue& v) { p.xorsat.rhs = v.u8; }},
    {{kBudgetField, WireType::kF64}, [](XorsatProblem& p, const WireValue& v) { p.xorsat.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_PROBLEM_H_

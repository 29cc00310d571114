// The milp family's view of a problem.
#ifndef SVC_CORE_MILP_PROBLEM_H_
#define SVC_CORE_MILP_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// milp (engine-ts families/milp/problem.ts): n = ProblemBase::n variables; binary[i] 1 for a 0/1
// variable; lo/hi the box (±infinity allowed, [0, 1] for binaries); ProblemBase::linear the c_i;
// diag the q_i; ProblemBase::pairs the couplings w_ij (i < j). budget: engine-ts milpBudgetFor in
// the order of kMilpBudget (milp/solve.h).
struct MilpView {
  std::span<const uint8_t> binary;
  std::span<const double> lo;
  std::span<const double> hi;
  std::span<const double> diag;
  std::span<const double> budget;
};

struct MilpProblem : ProblemBase {
  static constexpr std::string_view kFamily = "milp";
  MilpView milp = {};
};

// The canonical milp problem (engine-ts families/milp/problem.ts) by name, and the budget.
inline constexpr auto kMilpWire = std::to_array<WireField<MilpProblem>>({
    {{"binary", WireType::kU8, false, WireLength::kN}, [](MilpProblem& p, const WireValue& v) { p.milp.binary = v.u8; }},
    {{"lo", WireType::kF64, false, WireLength::kN}, [](MilpProblem& p, const WireValue& v) { p.milp.lo = v.f64; }},
    {{"hi", WireType::kF64, false, WireLength::kN}, [](MilpProblem& p, const WireValue& v) { p.milp.hi = v.f64; }},
    {{"diag", WireType::kF64, false, WireLength::kN}, [](MilpProblem& p, const WireValue& v) { p.milp.diag = v.f64; }},
    {{"linear", WireType::kF64, false, WireLength::kN}, [](MilpProblem& p, const WireValue& v) { p.linear = v.f64; }},
    {{"pairs.i", WireType::kI32}, [](MilpProblem& p, const WireValue& v) { p.pairs.i = v.i32; }},
    {{"pairs.j", WireType::kI32}, [](MilpProblem& p, const WireValue& v) { p.pairs.j = v.i32; }},
    {{"pairs.w", WireType::kF64}, [](MilpProblem& p, const WireValue& v) { p.pairs.w = v.f64; }},
    {{kBudgetField, WireType::kF64}, [](MilpProblem& p, const WireValue& v) { p.milp.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_MILP_PROBLEM_H_

// The select family's view of a problem.
#ifndef SVC_CORE_SELECT_PROBLEM_H_
#define SVC_CORE_SELECT_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// select: choose exactly k of n items. redundancy is n*n row-major, symmetric, zero diagonal,
// or empty (no pair penalised). budget: engine-ts selectBudgetFor fields in select/solve.h order.
struct SelectView {
  int32_t k = 0;  // 0 = not a select request
  std::span<const double> affinity;
  std::span<const double> redundancy;
  std::span<const double> budget;
};

// What the registry hands select: m as n (base; no linear terms or pairs) and the select part.
struct SelectProblem : ProblemBase {
  static constexpr std::string_view kFamily = "select";
  SelectView select = {};
};

// The canonical select problem (engine-ts families/select/problem.ts) by name (n = m).
inline constexpr auto kSelectWire = std::to_array<WireField<SelectProblem>>({
    {{"k", WireType::kNumber, false, WireLength::kAny, {}, 1, 2147483647.0, true}, [](SelectProblem& p, const WireValue& v) { p.select.k = static_cast<int32_t>(v.number); }},
    {{"affinity", WireType::kF64, false, WireLength::kN}, [](SelectProblem& p, const WireValue& v) { p.select.affinity = v.f64; }},
    {{"redundancy", WireType::kF64, true, WireLength::kNN}, [](SelectProblem& p, const WireValue& v) { p.select.redundancy = v.f64; }},
    {{kBudgetField, WireType::kF64}, [](SelectProblem& p, const WireValue& v) { p.select.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_SELECT_PROBLEM_H_

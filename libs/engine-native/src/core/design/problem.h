// The design family's view of a problem.
#ifndef SVC_CORE_DESIGN_PROBLEM_H_
#define SVC_CORE_DESIGN_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// How a bond's cost is read: engine-ts DesignProblem.coupling.
enum class Coupling : int32_t { kNone = 0, kTable = 1, kCirculant = 2 };

// design (engine-ts families/design/problem.ts): L = ProblemBase::n sites, K values; the bias by
// site (CSR, values increasing), bonds i < j with their multiplicity, the coupling cells (K*K
// table, K circulant, none). budget: engine-ts designBudgetFor fields in design/solve.h order.
struct DesignView {
  int32_t k = 0;
  std::span<const int32_t> bias_start;
  std::span<const int32_t> bias_value;
  std::span<const double> bias_energy;
  std::span<const int32_t> bond_i;
  std::span<const int32_t> bond_j;
  std::span<const double> bond_mult;
  Coupling coupling = Coupling::kNone;
  std::span<const double> cells;
  std::span<const double> budget;
};

struct DesignProblem : ProblemBase {
  static constexpr std::string_view kFamily = "design";
  DesignView design = {};
};

inline constexpr std::string_view kCouplingNames[] = {"none", "table", "circulant"};

// The canonical design problem (engine-ts families/design/problem.ts) by name.
inline constexpr auto kDesignWire = std::to_array<WireField<DesignProblem>>({
    {{"K", WireType::kNumber, false, WireLength::kAny, {}, 1, 2147483647.0, true}, [](DesignProblem& p, const WireValue& v) { p.design.k = static_cast<int32_t>(v.number); }},
    {{"coupling", WireType::kEnum, false, WireLength::kAny, kCouplingNames}, [](DesignProblem& p, const WireValue& v) { p.design.coupling = static_cast<Coupling>(v.number); }},
    {{"biasStart", WireType::kI32, false, WireLength::kNPlus1}, [](DesignProblem& p, const WireValue& v) { p.design.bias_start = v.i32; }},
    {{"biasValue", WireType::kI32}, [](DesignProblem& p, const WireValue& v) { p.design.bias_value = v.i32; }},
    {{"biasEnergy", WireType::kF64}, [](DesignProblem& p, const WireValue& v) { p.design.bias_energy = v.f64; }},
    {{"bondI", WireType::kI32}, [](DesignProblem& p, const WireValue& v) { p.design.bond_i = v.i32; }},
    {{"bondJ", WireType::kI32}, [](DesignProblem& p, const WireValue& v) { p.design.bond_j = v.i32; }},
    {{"bondMult", WireType::kF64}, [](DesignProblem& p, const WireValue& v) { p.design.bond_mult = v.f64; }},
    {{"cells", WireType::kF64}, [](DesignProblem& p, const WireValue& v) { p.design.cells = v.f64; }},
    {{kBudgetField, WireType::kF64}, [](DesignProblem& p, const WireValue& v) { p.design.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_PROBLEM_H_

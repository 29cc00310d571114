// The design family's view of a problem.
#ifndef SVC_CORE_DESIGN_PROBLEM_H_
#define SVC_CORE_DESIGN_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"

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

}  // namespace svc::core

#endif  // SVC_CORE_DESIGN_PROBLEM_H_

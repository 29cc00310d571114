// The phase family's view of a problem.
#ifndef SVC_CORE_PHASE_PROBLEM_H_
#define SVC_CORE_PHASE_PROBLEM_H_

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

inline constexpr std::array<std::string_view, 3> kPhaseModels = {"tfim", "xxz", "heisenberg"};
inline constexpr std::array<std::string_view, 2> kPhaseBoundaries = {"open", "periodic"};

// phase (engine-ts families/phase/problem.ts): a spin chain of n = ProblemBase::n sites; model 0
// tfim, 1 xxz, 2 heisenberg; boundary 0 open, 1 periodic; couplings J, h (tfim), delta (xxz).
// budget: engine-ts phaseBudgetFor in kPhaseBudget order (phase/solve.h).
struct PhaseView {
  int32_t model = 0;
  int32_t boundary = 1;
  double J = 1;
  double h = 0;
  double delta = 0;
  std::span<const double> budget;
};

struct PhaseProblem : ProblemBase {
  static constexpr std::string_view kFamily = "phase";
  PhaseView phase = {};
};

inline constexpr auto kPhaseWire = std::to_array<WireField<PhaseProblem>>({
    {{"model", WireType::kEnum, false, WireLength::kAny, kPhaseModels}, [](PhaseProblem& p, const WireValue& v) {
       p.phase.model = static_cast<int32_t>(v.number);
     }},
    {{"boundary", WireType::kEnum, false, WireLength::kAny, kPhaseBoundaries}, [](PhaseProblem& p, const WireValue& v) {
       p.phase.boundary = static_cast<int32_t>(v.number);
     }},
    {{"J", WireType::kNumber, false, WireLength::kAny, {}, -1e100, 1e100}, [](PhaseProblem& p, const WireValue& v) { p.phase.J = v.number; }},
    {{"h", WireType::kNumber, false, WireLength::kAny, {}, -1e100, 1e100}, [](PhaseProblem& p, const WireValue& v) { p.phase.h = v.number; }},
    {{"delta", WireType::kNumber, false, WireLength::kAny, {}, -1e100, 1e100}, [](PhaseProblem& p, const WireValue& v) { p.phase.delta = v.number; }},
    {{kBudgetField, WireType::kF64}, [](PhaseProblem& p, const WireValue& v) { p.phase.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_PHASE_PROBLEM_H_

// The frequency family's view of a problem.
#ifndef SVC_CORE_FREQUENCY_PROBLEM_H_
#define SVC_CORE_FREQUENCY_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"
#include "frequency/window.h"

namespace svc::core {

// Numbers per peak in SolveResult::values (engine-ts FREQUENCY_PEAK_FIELDS): frequency (cycles per
// sample), amplitude, phase at sample 0, tolerance (cycles per sample), significant (0 or 1).
inline constexpr int32_t kFrequencyPeakFields = 5;
// The most peaks one request may ask for (engine-ts FREQUENCY_MAX_TOP).
inline constexpr int32_t kFrequencyMaxTop = 64;

// frequency (engine-ts families/frequency/problem.ts): n = ProblemBase::n samples of signal, the
// window's index in kFrequencyWindows, top peaks; budget: engine-ts frequencyBudgetFor in the order
// of kFrequencyBudget (frequency/solve.h).
struct FrequencyView {
  std::span<const double> signal;
  int32_t window = 1;
  int32_t top = 1;
  std::span<const double> budget;
};

struct FrequencyProblem : ProblemBase {
  static constexpr std::string_view kFamily = "frequency";
  FrequencyView frequency = {};
};

// The canonical frequency problem (engine-ts families/frequency/problem.ts) by name, and the budget.
inline constexpr auto kFrequencyWire = std::to_array<WireField<FrequencyProblem>>({
    {{"signal", WireType::kF64, false, WireLength::kN}, [](FrequencyProblem& p, const WireValue& v) { p.frequency.signal = v.f64; }},
    {{"window", WireType::kEnum, false, WireLength::kAny, kFrequencyWindows},
     [](FrequencyProblem& p, const WireValue& v) { p.frequency.window = static_cast<int32_t>(v.number); }},
    {{"top", WireType::kNumber, false, WireLength::kAny, {}, 1, kFrequencyMaxTop, true},
     [](FrequencyProblem& p, const WireValue& v) { p.frequency.top = static_cast<int32_t>(v.number); }},
    {{kBudgetField, WireType::kF64}, [](FrequencyProblem& p, const WireValue& v) { p.frequency.budget = v.f64; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_FREQUENCY_PROBLEM_H_

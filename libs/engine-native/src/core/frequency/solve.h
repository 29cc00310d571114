// frequency: the peaks of a real signal, refined to the least-squares frequency of a real tone with
// amplitude, phase and a measured tolerance. A port of engine-ts families/frequency/solve.ts, step
// for step (that file's comment is the specification).
#ifndef SVC_CORE_FREQUENCY_SOLVE_H_
#define SVC_CORE_FREQUENCY_SOLVE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "frequency/problem.h"

namespace svc::core {

// engine-ts frequencyBudgetFor (families/frequency/budget.ts), field for field, by name.
struct FrequencyBudget {
  int32_t newton_steps = 0;
  int32_t sweeps = 0;
  int32_t polish_sweeps = 0;
};
inline constexpr auto kFrequencyBudget = std::to_array<BudgetField<FrequencyBudget>>({
    {{"newtonSteps", 1, 1000}, &FrequencyBudget::newton_steps},
    {{"sweeps", 0, 1000}, &FrequencyBudget::sweeps},
    {{"polishSweeps", 0, 1000}, &FrequencyBudget::polish_sweeps},
});

// engine-ts solve.ts fittedTones: the tones of the joint fit, `top` and further significant ones
// while K²·N stays within 2²⁶ (at most kFrequencyMaxTop).
int32_t FittedTones(int64_t n, int32_t top);

CallStatus ValidateFrequency(std::string_view command, const FrequencyProblem& problem, const SolveOptions& options,
                             std::string* error);

// The peaks go to out->values (kind kNumeric, kFrequencyPeakFields each, strongest first), the extras
// "offset", "noise", "constant" and "dof"; out->objective is the dominant frequency.
CallStatus SolveFrequency(const FrequencyProblem& problem, const SolveOptions& options, const Limits& limits,
                          SolveResult* out, std::string* error);

}  // namespace svc::core

#endif  // SVC_CORE_FREQUENCY_SOLVE_H_

// select: exactly k of m items maximising affinity minus pairwise redundancy. A port of
// engine-ts families/select/solve.ts (its file comment is the specification).
#ifndef SVC_CORE_SELECT_SOLVE_H_
#define SVC_CORE_SELECT_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/request.h"
#include "select/problem.h"
#include "common/solve_limits.h"
#include "common/status.h"

namespace svc::core {

// engine-ts selectBudgetFor (families/select/budget.ts), field for field. It crosses the binding as
// SelectView::budget, a flat array in this order.
struct SelectBudget {
  int64_t enumerate_max = 0;
  int32_t bb_max_m = 0;
  int64_t bb_work = 0;
  int64_t tabu_moves = 0;
  int64_t stall = 0;
  int32_t candidates = 1;
  int64_t full_scan_pairs = 0;
  int32_t tenure_in_base = 0;
  int32_t tenure_in_span = 1;
  int32_t tenure_out_base = 0;
  int32_t tenure_out_span = 1;
  int32_t perturb_min = 1;
  int32_t perturb_step = 0;
  int32_t perturb_max = 1;
};
// engine-ts selectBudgetFor by name.
inline constexpr auto kSelectBudget = std::to_array<BudgetField<SelectBudget>>({
    {{"enumerateMax", 0, 1e15}, &SelectBudget::enumerate_max},
    {{"bbMaxM", 0, 2147483647.0}, &SelectBudget::bb_max_m},
    {{"bbWork", 0, 1e15}, &SelectBudget::bb_work},
    {{"tabuMoves", 0, 1e18}, &SelectBudget::tabu_moves},
    {{"stall", 0, 1e18}, &SelectBudget::stall},
    {{"candidates", 1, 1e6}, &SelectBudget::candidates},
    {{"fullScanPairs", 0, 1e18}, &SelectBudget::full_scan_pairs},
    {{"tenureInBase", 0, 1e9}, &SelectBudget::tenure_in_base},
    {{"tenureInSpan", 1, 1e9}, &SelectBudget::tenure_in_span},
    {{"tenureOutBase", 0, 1e9}, &SelectBudget::tenure_out_base},
    {{"tenureOutSpan", 1, 1e9}, &SelectBudget::tenure_out_span},
    {{"perturbMin", 0, 1e9}, &SelectBudget::perturb_min},
    {{"perturbStep", 0, 1e9}, &SelectBudget::perturb_step},
    {{"perturbMax", 0, 1e9}, &SelectBudget::perturb_max},
});

// The flat array of SelectView::budget as a struct; false when it is malformed.

// Shapes and ranges of a select request (sizes, k, finite values, symmetric zero-diagonal
// redundancy, budget). kError with a message otherwise.
CallStatus ValidateSelect(std::string_view command, const SelectProblem& problem,
                          const SolveOptions& options, std::string* error);

CallStatus SolveSelect(const SelectProblem& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error);

// evaluate-select.ts: affinity of chosen items by index, then minus R over chosen pairs
// i < j, row by row.
double SelectValue(const SelectView& s, int32_t m, std::span<const uint8_t> chosen);

// Whether C(m, k) <= cap, stopping as soon as the running product passes cap.
bool BinomialAtMost(int64_t m, int64_t k, int64_t cap);

}  // namespace svc::core

#endif  // SVC_CORE_SELECT_SOLVE_H_

// xorsat: fewest violated XOR equations over GF(2). A port of engine-ts families/xorsat/solve.ts,
// step for step and with the same generator calls (that file's comment is the specification).
#ifndef SVC_CORE_XORSAT_SOLVE_H_
#define SVC_CORE_XORSAT_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "xorsat/problem.h"

namespace svc::core {

// engine-ts xorsatBudgetFor (families/xorsat/budget.ts), field for field; crosses the binding as
// XorsatView::budget, a flat array in this order.
struct XorsatBudget {
  int32_t enum_max_rank = 0;  // enumerate the column space when rank <= this
  int64_t search_steps = 0;   // local-search flips beyond
};
// engine-ts xorsatBudgetFor by name.
inline constexpr auto kXorsatBudget = std::to_array<BudgetField<XorsatBudget>>({
    {{"enumMaxRank", 0, 30}, &XorsatBudget::enum_max_rank},
    {{"searchSteps", 0, 1e15}, &XorsatBudget::search_steps},
});

// What Gauss–Jordan elimination found (engine-ts eliminateXorsat).
struct XorsatElimination {
  int32_t rank = 0;
  std::vector<int32_t> pivots;  // pivot variable of each pivot row, in the order found
  int64_t inconsistent = 0;     // equations reduced to 0 = 1
  int64_t empty_violated = 0;   // of those, the ones empty as given
  std::vector<uint8_t> x;       // free variables 0, pivot variables from their rows
  bool complete = true;         // false when a limit stopped it
  Stop stop = Stop::kNone;
};

XorsatElimination EliminateXorsat(const XorsatView& v, int32_t n, const Limits& limits);

CallStatus ValidateXorsat(std::string_view command, const XorsatProblem& problem, const SolveOptions& options,
                          std::string* error);

// The assignment goes to out->answer (0/1 per variable), its violations to out->objective.
CallStatus SolveXorsat(const XorsatProblem& problem, const SolveOptions& options, const Limits& limits,
                       SolveResult* out, std::string* error);

// Violated equations of x (evaluate.ts).
int64_t XorsatViolations(const XorsatView& v, std::span<const uint8_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_SOLVE_H_

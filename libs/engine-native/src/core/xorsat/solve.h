// xorsat: the fewest violated XOR equations over GF(2), the rank and whether the system is
// consistent. engine-ts families/xorsat/solve.ts is its twin, decision for decision and with the
// same generator calls (that file's comment is the specification).
#ifndef SVC_CORE_XORSAT_SOLVE_H_
#define SVC_CORE_XORSAT_SOLVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "xorsat/problem.h"

namespace svc::core {

// engine-ts xorsatBudgetFor (families/xorsat/budget.ts), field for field; crosses the binding as
// XorsatView::budget, a flat array in this order.
struct XorsatBudget {
  int32_t enum_max_rank = 0;  // walk the column space when the core's rank <= this
  int32_t dual_max_dim = 0;   // search the syndromes when m - rank of the core <= this
  int64_t dual_work = 0;      // ... for at most this many steps × distinct columns
  int64_t search_steps = 0;   // local-search flips otherwise ...
  int64_t search_work = 0;    // ... visiting at most this many equation entries
};
// engine-ts xorsatBudgetFor by name.
inline constexpr auto kXorsatBudget = std::to_array<BudgetField<XorsatBudget>>({
    {{"enumMaxRank", 0, 30}, &XorsatBudget::enum_max_rank},
    {{"dualMaxDim", 0, 26}, &XorsatBudget::dual_max_dim},
    {{"dualWork", 0, 1e15}, &XorsatBudget::dual_work},
    {{"searchSteps", 0, 1e15}, &XorsatBudget::search_steps},
    {{"searchWork", 0, 1e15}, &XorsatBudget::search_work},
});

// The most bits a dense elimination of one solve may hold (engine-ts XORSAT_MAX_DENSE_BITS: the
// service refuses a problem whose plan needs more with SVC_DIMENSION_LIMIT before any engine runs).
inline constexpr double kXorsatMaxDenseBits = 2147483648.0;
// The most bits of [A | rhs | I] of an inconsistent core for its left null space (engine-ts
// XORSAT_MAX_NULL_BITS): the syndrome search and the contradictions bound need it.
inline constexpr double kXorsatMaxNullBits = 268435456.0;

CallStatus ValidateXorsat(std::string_view command, const XorsatProblem& problem, const SolveOptions& options,
                          std::string* error);

// out->kind kLinearSystem: the assignment in out->answer (0/1 per variable), its violations in
// out->objective, and the extras "rank" (of the coefficient matrix; -1 when a limit stopped the
// elimination) and "consistent" (1, 0, or -1 when unknown).
CallStatus SolveXorsat(const XorsatProblem& problem, const SolveOptions& options, const Limits& limits,
                       SolveResult* out, std::string* error);

// Violated equations of x (evaluate.ts).
int64_t XorsatViolations(const XorsatView& v, std::span<const uint8_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_SOLVE_H_

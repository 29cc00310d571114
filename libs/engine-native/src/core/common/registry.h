// The solvers by command name, and the one checked entry point the binding calls. Each entry
// names the family whose problem view (<family>/problem.h) the command takes, its records
// (common/wire.h), and that family's validate and solve; a family lists its entries in its own
// <family>/entries.h, which CMakeLists.txt finds (nothing else is edited to add one).
#ifndef SVC_CORE_COMMON_REGISTRY_H_
#define SVC_CORE_COMMON_REGISTRY_H_

#include <span>
#include <string>
#include <string_view>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "common/wire.h"

namespace svc::core {

// The engine version reported next to answers; bump it whenever answers can change.
inline constexpr std::string_view kEngineVersion = "1.0.0";

// A family's checks and solver, typed by its problem view P (derived from ProblemBase, with a
// `static constexpr std::string_view kFamily`).
template <typename P>
using ValidateFn = CallStatus (*)(std::string_view command, const P& problem,
                                  const SolveOptions& options, std::string* error);
template <typename P>
using SolveFn = CallStatus (*)(const P& problem, const SolveOptions& options,
                               const Limits& limits, SolveResult* out, std::string* error);

// One command. validate and solve take the ProblemBase of a problem of type `family` (Solve()
// checks that before calling them).
struct SolverEntry {
  std::string_view command;
  std::string_view family;
  CallStatus (*validate)(std::string_view command, const ProblemBase& problem,
                         const SolveOptions& options, std::string* error);
  CallStatus (*solve)(const ProblemBase& problem, const SolveOptions& options,
                      const Limits& limits, SolveResult* out, std::string* error);
  // The family's records (common/wire.h): what the generic binding reads, and the solve from them.
  std::span<const WireSpec> (*wire)() = nullptr;
  std::span<const BudgetSpec> (*budget)() = nullptr;
  CallStatus (*solve_wire)(std::string_view command, const WireArgs& args, const SolveOptions& options,
                           const Limits& limits, SolveResult* out, std::string* error) = nullptr;
};

// A registry line: Entry<SelectProblem, &ValidateSelect, &SolveSelect>("select").
template <typename P, ValidateFn<P> kValidate, SolveFn<P> kSolve>
constexpr SolverEntry Entry(std::string_view command) {
  return SolverEntry{
      command, P::kFamily,
      [](std::string_view c, const ProblemBase& p, const SolveOptions& o, std::string* e) {
        return kValidate(c, static_cast<const P&>(p), o, e);
      },
      [](const ProblemBase& p, const SolveOptions& o, const Limits& l, SolveResult* out,
         std::string* e) { return kSolve(static_cast<const P&>(p), o, l, out, e); }};
}

// The type-erased solve of a request given by name (SolverEntry::solve_wire).
CallStatus SolveErased(std::string_view command, std::string_view family, const ProblemBase& problem,
                       const SolveOptions& options, const Limits& limits, SolveResult* out,
                       std::string* error);

// A registry line whose problem crosses by records:
// Entry<MilpProblem, &ValidateMilp, &SolveMilp, kMilpWire, kMilpBudget>("milp").
template <typename P, ValidateFn<P> kValidate, SolveFn<P> kSolve, const auto& kWire, const auto& kBudget>
constexpr SolverEntry Entry(std::string_view command) {
  SolverEntry e = Entry<P, kValidate, kSolve>(command);
  e.wire = &SpecsOf<kWire>;
  e.budget = &SpecsOf<kBudget>;
  e.solve_wire = [](std::string_view c, const WireArgs& args, const SolveOptions& o, const Limits& l,
                    SolveResult* out, std::string* error) {
    P p;
    if (!BindWire(args, kWire, &p, error)) return CallStatus::kError;
    return SolveErased(c, P::kFamily, p, o, l, out, error);
  };
  return e;
}

// Every command this core solves, in a fixed order.
std::span<const SolverEntry> Solvers();

// An optional library this build found (CMakeLists.txt), and the family folder built with it.
struct NativeLibrary {
  std::string_view name;
  std::string_view version;
  std::string_view family;
};

// The optional libraries this build uses (empty when none was found).
std::span<const NativeLibrary> NativeLibraries();

// nullptr when the command is not here.
const SolverEntry* FindSolver(std::string_view command);

// The error of a command this core does not solve.
std::string UnsupportedMessage(std::string_view command);

// The type-erased forms of ValidateRequest / Solve below; `family` is the problem's kFamily.
CallStatus ValidateErased(std::string_view command, std::string_view family,
                          const ProblemBase& problem, const SolveOptions& options,
                          std::string* error);
CallStatus SolveErased(std::string_view command, std::string_view family,
                       const ProblemBase& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error);

// Shapes and ranges (the command's family validate: sizes agree, 0 <= i < j < n, warm start 0/1
// of length n, budget usable, ...). kError with a message otherwise, also when P is not the
// command's family.
template <typename P>
CallStatus ValidateRequest(std::string_view command, const P& problem, const SolveOptions& options,
                           std::string* error) {
  return ValidateErased(command, P::kFamily, problem, options, error);
}

// Find + validate + solve. Never throws: allocation failure becomes kError.
template <typename P>
CallStatus Solve(std::string_view command, const P& problem, const SolveOptions& options,
                 const Limits& limits, SolveResult* out, std::string* error) {
  return SolveErased(command, P::kFamily, problem, options, limits, out, error);
}

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_REGISTRY_H_

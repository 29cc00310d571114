#include "common/registry.h"

#include <array>
#include <new>
#include <stdexcept>

#include "common/checks.h"
#include "planted/solve.h"
#include "qubo/commands.h"
#include "rank/solve.h"
#include "tsp/solve.h"
#include "qap/solve.h"
#include "design/solve.h"
#include "cover/solve.h"
#include "milp/solve.h"
#include "rules/solve.h"
#include "select/solve.h"

namespace svc::core {

namespace {

// One line per command; std::to_array deduces the size.
constexpr auto kSolvers = std::to_array<SolverEntry>({
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveOptimize>("optimize"),
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveMaxcut>("maxcut"),
    // feel arrives as its exact QUBO (engine-ts ising.ts)
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveOptimize>("feel"),
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveWant>("want"),
    Entry<QuboFamilyProblem, &ValidateQubo, &SolveSample>("sample"),
    // generates its own instance (planted/generate.h)
    Entry<PlantedProblem, &ValidatePlanted, &SolveQuantumScale>("quantum-scale"),
    Entry<SelectProblem, &ValidateSelect, &SolveSelect>("select"),
    Entry<RulesProblem, &ValidateRules, &SolveRules>("rules"),
    Entry<RankProblem, &ValidateRank, &SolveRank>("rank"),
    Entry<TspProblem, &ValidateTsp, &SolveTsp>("tsp"),
    Entry<QapProblem, &ValidateQap, &SolveQap>("qap"),
    Entry<DesignProblem, &ValidateDesign, &SolveDesign>("design"),
    Entry<CoverProblem, &ValidateCover, &SolveCover>("cover"),
    Entry<MilpProblem, &ValidateMilp, &SolveMilp>("milp"),
});

}  // namespace

std::span<const SolverEntry> Solvers() { return kSolvers; }

const SolverEntry* FindSolver(std::string_view command) {
  for (const SolverEntry& e : kSolvers) {
    if (e.command == command) return &e;
  }
  return nullptr;
}

std::string UnsupportedMessage(std::string_view command) {
  return "the native engine does not support \"" + std::string(command) + "\"";
}

CallStatus ValidateErased(std::string_view command, std::string_view family,
                          const ProblemBase& p, const SolveOptions& options, std::string* error) {
  const SolverEntry* entry = FindSolver(command);
  if (entry == nullptr) {
    Fail(error, UnsupportedMessage(command));
    return CallStatus::kError;
  }
  if (entry->family != family) {
    Fail(error, std::string(command) + " takes a " + std::string(entry->family) + " problem, not a " +
                    std::string(family) + " one");
    return CallStatus::kError;
  }
  if (p.n < 1) {
    Fail(error, "n must be at least 1");
    return CallStatus::kError;
  }
  if (p.n > kMaxN) {
    // Far above every command's contract cap: a wrong n must not allocate gigabytes.
    Fail(error, "n = " + std::to_string(p.n) + " is above the core's cap of " + std::to_string(kMaxN));
    return CallStatus::kError;
  }
  return entry->validate(command, p, options, error);
}

CallStatus SolveErased(std::string_view command, std::string_view family, const ProblemBase& problem,
                       const SolveOptions& options, const Limits& limits, SolveResult* out,
                       std::string* error) {
  if (ValidateErased(command, family, problem, options, error) != CallStatus::kOk) {
    return CallStatus::kError;
  }
  // The core is built with exceptions on only for this: std::bad_alloc must not cross into Node.
  try {
    *out = SolveResult{};
    return FindSolver(command)->solve(problem, options, limits, out, error);
  } catch (const std::bad_alloc&) {
    Fail(error, "out of memory");
    return CallStatus::kError;
  } catch (const std::length_error&) {
    Fail(error, "problem too large");
    return CallStatus::kError;
  }
}

}  // namespace svc::core

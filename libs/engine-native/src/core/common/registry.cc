#include "common/registry.h"

#include <array>
#include <new>
#include <stdexcept>

#include "qubo/commands.h"
#include "qubo/exact.h"
#include "planted/generate.h"
#include "qubo/family.h"
#include "rules/solve.h"
#include "select/solve.h"

namespace svc::core {

namespace {

// std::to_array deduces the size, so adding a command is one line.
constexpr auto kSolvers = std::to_array<SolverEntry>({
    {"optimize", &SolveOptimize},
    {"maxcut", &SolveMaxcut},
    {"feel", &SolveOptimize},  // feel arrives as its exact QUBO (engine-ts ising.ts)
    {"want", &SolveWant},
    {"sample", &SolveSample},
    {"quantum-scale", &SolveQuantumScale},  // generates its own instance (planted_ising.h)
    {"select", &SolveSelect},
    {"rules", &SolveRules},
});

bool Fail(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
  return false;
}

bool CheckPairs(const ProblemView& p, std::string* error) {
  const size_t m = p.pairs.i.size();
  if (p.pairs.j.size() != m || p.pairs.w.size() != m) {
    return Fail(error, "pair arrays i, j, w differ in length");
  }
  for (size_t k = 0; k < m; ++k) {
    const int32_t i = p.pairs.i[k];
    const int32_t j = p.pairs.j[k];
    if (i < 0 || j >= p.n || i >= j) {
      return Fail(error, "pair " + std::to_string(k) + " is not canonical (0 <= i < j < n)");
    }
  }
  return true;
}

}  // namespace

std::span<const SolverEntry> Solvers() { return kSolvers; }

const SolverEntry* FindSolver(std::string_view command) {
  for (const SolverEntry& e : kSolvers) {
    if (e.command == command) return &e;
  }
  return nullptr;
}

CallStatus ValidateRequest(std::string_view command, const ProblemView& p,
                           const SolveOptions& options, std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  if (FindSolver(command) == nullptr) {
    return fail("the native engine does not support \"" + std::string(command) + "\"");
  }
  if (p.n < 1) return fail("n must be at least 1");
  if (command == "quantum-scale") {
    return ValidatePlanted(p, options, error) ? CallStatus::kOk : CallStatus::kError;
  }
  // select and rules carry their own parts and budgets (select.h, rules.h).
  if (command == "select") return ValidateSelect(p, options, error);
  if (command == "rules") return CheckPairs(p, error) ? ValidateRules(p, options, error) : CallStatus::kError;
  if (command == "optimize" || command == "feel" || command == "want" || command == "sample") {
    if (p.complete) return fail(std::string(command) + " has no complete-graph form");
    if (p.linear.size() != static_cast<size_t>(p.n)) return fail("linear must have n entries");
  } else if (!p.linear.empty()) {
    return fail("maxcut has no linear terms");
  }
  if (p.complete && !p.pairs.i.empty()) return fail("a complete graph takes no edge list");
  if (!CheckPairs(p, error)) return CallStatus::kError;
  if (!ValidateQuboFamily(command, p, error)) return CallStatus::kError;
  if (!options.warm_start.empty()) {
    if (options.warm_start.size() != static_cast<size_t>(p.n)) {
      return fail("warm start must have n entries");
    }
    for (uint8_t v : options.warm_start) {
      if (v > 1) return fail("warm start values must be 0 or 1");
    }
  }
  if (p.complete) return CallStatus::kOk;  // solved by construction; the budget is unused
  const SearchBudget& b = options.budget;
  if (p.n <= b.exact_max_n) {
    const int32_t free_vars = command == "maxcut" ? p.n - 1 : p.n;
    if (free_vars > kExactMaxFree) {
      return fail("exact enumeration over " + std::to_string(free_vars) +
                  " variables is not supported");
    }
  } else if (b.tenure_span < 1 || b.tenure_base < 0 || b.tabu_iterations < 0 ||
             b.restarts < 0 || b.stall < 0 || b.perturb_min < 0 || b.perturb_step < 0 ||
             b.perturb_max < 0 || b.tabu_iterations + b.tenure_base + b.tenure_span > INT64_MAX / 2) {
    return fail("tabu budget out of range");
  }
  return CallStatus::kOk;
}

CallStatus Solve(std::string_view command, const ProblemView& problem,
                 const SolveOptions& options, const Limits& limits, SolveResult* out,
                 std::string* error) {
  if (ValidateRequest(command, problem, options, error) != CallStatus::kOk) {
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

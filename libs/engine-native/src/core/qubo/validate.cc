// The qubo family's request checks (optimize, maxcut, feel, want, sample).
#include <cmath>
#include <string>

#include "qubo/commands.h"
#include "qubo/exact.h"

namespace svc::core {

namespace {

// Shape checks of the want / sample parts of a problem (pins canonical, sample spec usable).
bool ValidateQuboFamily(std::string_view command, const QuboFamilyProblem& p, std::string* error) {
  const auto fail = [&](std::string message) {
    if (error != nullptr) *error = std::move(message);
    return false;
  };
  if (command == "want") {
    if (p.pins.size() == 0) return fail("want needs at least one pin");
    if (p.pins.value.size() != p.pins.index.size()) return fail("pin index and value differ in length");
    for (size_t k = 0; k < p.pins.size(); ++k) {
      const int32_t i = p.pins.index[k];
      if (i < 0 || i >= p.n || (k > 0 && i <= p.pins.index[k - 1])) {
        return fail("pins are not ascending indices in 0..n-1");
      }
      if (p.pins.value[k] > 1) return fail("pin values must be 0 or 1");
    }
    if (p.sample.count != 0) return fail("want takes no sample spec");
  } else if (command == "sample") {
    const SampleSpec& s = p.sample;
    if (s.count < 1) return fail("sample count must be at least 1");
    if (s.has_window && !(std::isfinite(s.window) && s.window >= 0)) {
      return fail("energy window must be a finite number >= 0");
    }
    if (s.exact_max_n < 0 || s.exact_max_n > 30) return fail("sample exact cap out of range");
    if (s.rounds < 0 || s.max_flips < 1 || s.max_flips > p.n) return fail("sample walk budget out of range");
    if (p.pins.size() != 0) return fail("sample takes no pins");
  } else if (command == "feel") {
    if (p.pins.size() != 0 || p.sample.count != 0) return fail("feel takes no pins or sample spec");
  }
  return true;
}

}  // namespace

CallStatus ValidateQubo(std::string_view command, const QuboFamilyProblem& p,
                        const SolveOptions& options, std::string* error) {
  const auto fail = [&](std::string message) {
    if (error != nullptr) *error = std::move(message);
    return CallStatus::kError;
  };
  if (command == "optimize" || command == "feel" || command == "want" || command == "sample") {
    if (p.complete) return fail(std::string(command) + " has no complete-graph form");
    if (p.linear.size() != static_cast<size_t>(p.n)) return fail("linear must have n entries");
  } else if (!p.linear.empty()) {
    return fail("maxcut has no linear terms");
  }
  if (p.complete && !p.pairs.i.empty()) return fail("a complete graph takes no edge list");
  if (!CheckPairs(p.n, p.pairs, error)) return CallStatus::kError;
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
  const SearchBudget& b = p.budget.search;
  if (p.n <= b.exact_max_n) {
    const int32_t free_vars = command == "maxcut" ? p.n - 1 : p.n;
    if (free_vars > kExactMaxFree) {
      return fail("exact enumeration over " + std::to_string(free_vars) +
                  " variables is not supported");
    }
  } else if (b.tenure_span < 1 || b.tenure_base < 0 || b.tabu_iterations < 0 ||
             b.restarts < 0 || b.stall < 0 || b.anneal_sweeps < 0 || b.elite_pool < 0 ||
             b.shrink_rounds < 0 || b.tabu_iterations + b.tenure_base + b.tenure_span > INT64_MAX / 2) {
    return fail("tabu budget out of range");
  }
  return CallStatus::kOk;
}

}  // namespace svc::core

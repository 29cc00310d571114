// rules: a port of engine-ts families/rules/solve.ts, step for step and with the same
// generator calls (that file's comment is the specification). This file is the dispatch: the tabu
// search (tabu.h) and the branch and bound (branch_bound.h) over the counting-rule form (encoding.h).
#include "rules/solve.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "common/checks.h"
#include "common/prng.h"
#include "rules/branch_bound.h"
#include "rules/encoding.h"
#include "rules/greedy.h"
#include "rules/tabu.h"

namespace svc::core {

namespace {

bool Better(const RulesScore& a, const RulesScore& b) {
  return a.violations < b.violations || (a.violations == b.violations && a.energy < b.energy);
}

}  // namespace

RulesScore ScoreRules(const RulesProblem& p, std::span<const uint8_t> x) {
  const RulesView& rv = p.rules;
  RulesScore s;
  const size_t R = rv.type.size();
  for (size_t r = 0; r < R; ++r) {
    const int32_t from = rv.start[r], to = rv.start[r + 1];
    bool holds;
    const uint8_t type = rv.type[r];
    if (type == kRequires) {
      holds = !(x[rv.nodes[from]] == 1 && x[rv.nodes[from + 1]] == 0);
    } else if (type == kIdentical) {
      holds = x[rv.nodes[from]] == x[rv.nodes[from + 1]];
    } else if (type == kDifferent) {
      holds = x[rv.nodes[from]] != x[rv.nodes[from + 1]];
    } else {
      int32_t ones = 0;
      for (int32_t q = from; q < to; ++q) ones += x[rv.nodes[q]] == 1 ? 1 : 0;
      const int32_t size = to - from;
      switch (type) {
        case kChooseOne: holds = ones == 1; break;
        case kChooseExactly: holds = ones == rv.k[r]; break;
        case kMutualExclusion: holds = ones <= 1; break;
        case kCapacityLimit: holds = ones <= rv.k[r]; break;
        case kForceTrue: holds = ones == size; break;
        default: holds = ones == 0; break;  // kForceFalse
      }
    }
    if (!holds) ++s.violations;
  }
  double energy = 0;
  for (int32_t i = 0; i < p.n; ++i) {
    if (x[i]) energy += p.linear[i];
  }
  for (size_t q = 0; q < p.pairs.size(); ++q) {
    if (x[p.pairs.i[q]] && x[p.pairs.j[q]]) energy += p.pairs.w[q];
  }
  s.energy = energy;
  return s;
}

CallStatus ValidateRules(std::string_view command, const RulesProblem& p, const SolveOptions& options,
                         std::string* error) {
  if (!CheckPairs(p.n, p.pairs, error)) return CallStatus::kError;
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const RulesView& rv = p.rules;
  const int32_t n = p.n;
  if (n < 1) return fail("n must be at least 1");
  const size_t R = rv.type.size();
  if (rv.k.size() != R || rv.start.size() != R + 1 || rv.start[0] != 0 ||
      static_cast<size_t>(rv.start[R]) != rv.nodes.size()) {
    return fail("malformed rule list");
  }
  // Offsets non-decreasing from 0 to nodes.size() before any node is read.
  for (size_t r = 0; r < R; ++r) {
    if (rv.start[r + 1] < rv.start[r]) return fail("malformed rule list");
  }
  std::vector<int32_t> seen_in(n, -1);
  for (size_t r = 0; r < R; ++r) {
    const int32_t from = rv.start[r], to = rv.start[r + 1];
    const int32_t size = to - from;
    const uint8_t type = rv.type[r];
    if (type > kDifferent) return fail("unknown rule type code");
    const bool pair = type == kRequires || type == kIdentical || type == kDifferent;
    if (pair ? size != 2 : size < 1) return fail("rule " + std::to_string(r) + " has a wrong node count");
    if (rv.k[r] < 0) return fail("rule k must be non-negative");
    for (int32_t q = from; q < to; ++q) {
      const int32_t v = rv.nodes[q];
      if (v < 0 || v >= n) return fail("rule node out of range");
      if (seen_in[v] == static_cast<int32_t>(r)) return fail("a rule names a node twice");
      seen_in[v] = static_cast<int32_t>(r);
    }
  }
  if (p.linear.size() != static_cast<size_t>(n)) return fail("linear must have n entries");
  for (double h : p.linear) {
    if (!std::isfinite(h)) return fail("linear must be finite");
  }
  for (double w : p.pairs.w) {
    if (!std::isfinite(w)) return fail("pair weights must be finite");
  }
  if (p.complete || !options.warm_start.empty()) return fail("rules takes no complete flag or warm start");
  RulesBudget b;
  if (!DecodeBudget(rv.budget, kRulesBudget, &b, nullptr)) return fail("rules budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveRules(const RulesProblem& p, const SolveOptions& options, const Limits& limits,
                      SolveResult* out, std::string* error) {
  RulesBudget b;
  if (!DecodeBudget(p.rules.budget, kRulesBudget, &b, nullptr)) {
    Fail(error, "rules budget out of range");
    return CallStatus::kError;
  }
  const RulesEncoding enc = EncodeRules(p);
  const double eps_e = RulesEpsilon(enc);
  Prng rng(options.seed);
  RulesPenaltyTabu tabu(enc, b, rng, limits, eps_e);
  const int64_t first_moves =
      b.search_first ? b.tabu_moves
                     : std::min<int64_t>(b.tabu_moves, std::max<int64_t>(1000, 10 * static_cast<int64_t>(p.n)));
  RulesTabuOutcome a = tabu.Run(first_moves, nullptr);
  std::vector<uint8_t> x = std::move(a.x);
  Stop stop = a.stop;
  Work work{a.moves, 0, std::max<int64_t>(0, a.phases - 1)};
  bool complete = false;
  if (stop == Stop::kNone) {
    const RulesScore s = ScoreRules(p, x);
    RulesBnbOutcome bb = RulesBranchAndBound(enc, x, s.violations, s.energy, b.bb_steps, limits, eps_e);
    x = std::move(bb.x);
    complete = bb.complete;
    stop = bb.stop;
    work.nodes = bb.steps;
    const int64_t rest = b.tabu_moves - a.moves;
    if (!b.search_first && !complete && stop == Stop::kNone && rest > 0) {
      RulesTabuOutcome c = tabu.Run(rest, &x);
      stop = c.stop;
      work.iterations += c.moves;
      work.restarts += c.phases;
      if (Better(ScoreRules(p, c.x), ScoreRules(p, x))) x = std::move(c.x);
    }
  }
  // A search cut by a limit answers at least the greedy repair (docs/contract.md "Latency budget").
  if (stop != Stop::kNone) {
    std::vector<uint8_t> g = RulesGreedy(enc, eps_e);
    if (Better(ScoreRules(p, g), ScoreRules(p, x))) x = std::move(g);
  }
  const RulesScore score = ScoreRules(p, x);
  out->answer = std::move(x);
  out->objective = score.energy;
  out->kind = ResultKind::kViolations;
  out->SetExtra("violations", static_cast<double>(score.violations));
  out->proof = complete ? Proof::kBranchAndBound : Proof::kNone;
  out->has_bound = false;
  out->status = complete ? ResultStatus::kOptimal : StatusFor(stop, ResultStatus::kWorkLimit);
  out->work = work;
  return CallStatus::kOk;
}

}  // namespace svc::core
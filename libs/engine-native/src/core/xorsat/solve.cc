// xorsat: plan, eliminate, and when inconsistent the fewest violations (solve.h; engine-ts
// families/xorsat/solve.ts is the specification).
#include "xorsat/solve.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/checks.h"
#include "xorsat/eliminate.h"
#include "xorsat/fewest_violations.h"
#include "xorsat/structure.h"

namespace svc::core {

namespace {

// Sizes the core accepts (the contract's caps are smaller).
constexpr size_t kMaxEquations = size_t{1} << 24;
constexpr size_t kMaxEntries = size_t{1} << 27;

}  // namespace

int64_t XorsatViolations(const XorsatView& v, std::span<const uint8_t> x) {
  int64_t violations = 0;
  const size_t m = v.rhs.size();
  const uint8_t* xs = x.data();
  for (size_t e = 0; e < m; ++e) {
    // Four running parities: no chain of dependent XORs through the equation.
    uint32_t p0 = v.rhs[e], p1 = 0, p2 = 0, p3 = 0;
    int32_t k = v.start[e];
    const int32_t end = v.start[e + 1];
    for (; k + 4 <= end; k += 4) {
      p0 ^= xs[v.vars[k]];
      p1 ^= xs[v.vars[k + 1]];
      p2 ^= xs[v.vars[k + 2]];
      p3 ^= xs[v.vars[k + 3]];
    }
    for (; k < end; ++k) p0 ^= xs[v.vars[k]];
    violations += (p0 ^ p1 ^ p2 ^ p3) & 1;
  }
  return violations;
}

CallStatus ValidateXorsat(std::string_view /*command*/, const XorsatProblem& p, const SolveOptions& options,
                          std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const XorsatView& v = p.xorsat;
  const int32_t n = p.n;
  if (n < 1 || n > kMaxN) return fail("xorsat needs 1 to 2^25 variables");
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("xorsat takes only its own fields");
  }
  const size_t m = v.rhs.size();
  if (m < 1 || m > kMaxEquations) return fail("xorsat needs 1 to 2^24 equations");
  if (v.start.size() != m + 1 || v.start[0] != 0) return fail("xorsat needs m+1 equation offsets from 0");
  if (v.vars.size() > kMaxEntries || static_cast<size_t>(v.start[m]) != v.vars.size()) {
    return fail("equation offsets disagree with the variables");
  }
  for (size_t e = 0; e < m; ++e) {
    const int32_t from = v.start[e];
    const int32_t to = v.start[e + 1];
    if (to < from) return fail("equation offsets must not decrease");
    if (v.rhs[e] > 1) return fail("rhs must be 0 or 1");
    if (to == from) continue;
    // Increasing from a first variable >= 0 to a last one < n is every variable in range: one
    // branch-free pass (it vectorizes), and the entry by entry one only to name a fault.
    uint32_t bad = static_cast<uint32_t>(v.vars[from] < 0) | static_cast<uint32_t>(v.vars[to - 1] >= n);
    for (int32_t k = from + 1; k < to; ++k) bad |= static_cast<uint32_t>(v.vars[k] <= v.vars[k - 1]);
    if (bad == 0) continue;
    for (int32_t k = from; k < to; ++k) {
      const int32_t i = v.vars[k];
      if (i < 0 || i >= n) return fail("a variable is out of range");
      if (k > from && i <= v.vars[k - 1]) return fail("the variables of an equation must increase");
    }
  }
  XorsatBudget b;
  if (!DecodeBudget(v.budget, kXorsatBudget, &b, nullptr)) return fail("xorsat budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveXorsat(const XorsatProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                       std::string* error) {
  XorsatBudget budget;
  if (!DecodeBudget(p.xorsat.budget, kXorsatBudget, &budget, nullptr)) {
    Fail(error, "xorsat budget out of range");
    return CallStatus::kError;
  }
  const XorsatView& v = p.xorsat;
  const int32_t n = p.n;
  XorsatStructure s = PlanXorsat(v, n, kXorsatMaxDenseBits);
  if (s.DenseBits() > kXorsatMaxDenseBits) {
    Fail(error, "xorsat: the dense part of the elimination is over the cap of 2^31 bits");
    return CallStatus::kError;
  }
  const XorSystem& core = s.core;
  int64_t iterations = 0;
  std::vector<uint8_t> x(static_cast<size_t>(n), 0);
  // The disjoint contradictions behind `lower` (the problem's equation numbers), for the service's
  // certificate: out->order holds them as [size, equations…] per set (solve.ts `contradictions`).
  std::vector<std::vector<int32_t>> chosen;
  const auto finish = [&](const std::vector<uint8_t>* core_x, Proof proof, double rank, double consistent,
                          bool has_bound, double bound, Stop stop) {
    for (size_t i = 0; i < s.core_vars.size(); ++i) x[s.core_vars[i]] = (*core_x)[i];
    // Peeled equations last peeled first: each one's variable is in none of those left.
    for (size_t k = s.peel_eq.size(); k-- > 0;) {
      const int32_t e = s.peel_eq[k];
      const int32_t y = s.peel_var[k];
      uint8_t b = v.rhs[e];
      for (int32_t q = v.start[e]; q < v.start[e + 1]; ++q) {
        if (v.vars[q] != y) b ^= x[v.vars[q]];
      }
      x[y] = b;
    }
    out->kind = ResultKind::kLinearSystem;
    out->answer = x;
    out->order.clear();
    for (const std::vector<int32_t>& set : chosen) {
      out->order.push_back(static_cast<int32_t>(set.size()));
      for (int32_t t : set) out->order.push_back(s.core_eqs[t]);
    }
    out->objective = static_cast<double>(XorsatViolations(v, out->answer));
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_bound;
    out->bound = out->has_bound ? std::min(bound, out->objective) : 0;
    out->status = StatusFor(stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = Work{iterations, 0, 0};
    out->SetExtra("rank", rank);
    out->SetExtra("consistent", consistent);
    return CallStatus::kOk;
  };

  const CoreElimination ce = EliminateCore(&s, limits);
  if (ce.stop != Stop::kNone) {
    // A limit stopped the elimination: the constructive answer, core variables 0 and every peeled
    // equation held (solve.ts step 2).
    const std::vector<uint8_t> zero(s.core_vars.size(), 0);
    return finish(&zero, Proof::kNone, -1, -1, false, 0, ce.stop);
  }
  const double rank = static_cast<double>(ce.rank) + static_cast<double>(s.peel_eq.size());
  const double consistent = ce.consistent && s.empty_violated == 0 ? 1 : 0;
  const double empty = static_cast<double>(s.empty_violated);
  if (ce.consistent) return finish(&ce.x, Proof::kExhaustive, rank, consistent, false, 0, Stop::kNone);

  // An inconsistent core: at least one of its equations is violated by any x.
  s.core.BuildColumns();
  std::vector<uint8_t> best = ce.x;
  int64_t best_count = SystemViolations(core, best);
  int64_t lower = 1;
  if (best_count <= lower) return finish(&best, Proof::kExhaustive, rank, consistent, false, 0, Stop::kNone);
  const double mc = core.m();
  const double nc = core.n;
  const int32_t d = core.m() - ce.rank;
  const bool null_fits = mc * (nc + 1 + mc) <= kXorsatMaxNullBits;
  const bool primal = ce.rank <= budget.enum_max_rank;
  const bool dual = null_fits && d <= budget.dual_max_dim;
  Stop stop = Stop::kNone;
  NullSpace ns;
  bool have_ns = false;
  // Exact: the syndromes when their space is the smaller, else the column space.
  if (dual && (!primal || d < ce.rank)) {
    ns = CoreNullSpace(core, limits);
    stop = ns.stop;
    have_ns = stop == Stop::kNone;
    std::vector<uint8_t> flip;
    if (have_ns && SearchSyndromes(core, ns, budget.dual_work, limits, &flip, &iterations, &stop)) {
      std::vector<uint8_t> y;
      stop = SolveFlipped(core, flip, limits, &y);
      if (stop == Stop::kNone) return finish(&y, Proof::kExhaustive, rank, consistent, false, 0, Stop::kNone);
    }
  }
  if (primal && stop == Stop::kNone) {
    const CoreSearch walk = WalkColumnSpace(core, ce.pivots, lower, limits);
    iterations += walk.iterations;
    stop = walk.stop;
    if (walk.violations < best_count) {
      best = walk.x;
      best_count = walk.violations;
    }
    if (walk.exhaustive) return finish(&best, Proof::kExhaustive, rank, consistent, false, 0, Stop::kNone);
  }
  // Heuristic: the bound from disjoint contradictions, then the local search from the best so far.
  if (stop == Stop::kNone && null_fits && !have_ns) {
    ns = CoreNullSpace(core, limits);
    stop = ns.stop;
    have_ns = stop == Stop::kNone;
  }
  if (have_ns) lower = std::max<int64_t>(lower, PackContradictions(ns, &chosen));
  if (stop == Stop::kNone) {
    const CoreSearch ls = LocalSearch(core, best, lower, budget.search_steps, budget.search_work, options.seed, limits);
    iterations += ls.iterations;
    stop = ls.stop;
    if (ls.violations < best_count) {
      best = ls.x;
      best_count = ls.violations;
    }
  }
  const Proof proof = best_count <= lower ? Proof::kExhaustive : Proof::kNone;
  return finish(&best, proof, rank, consistent, true, empty + static_cast<double>(lower), stop);
}

}  // namespace svc::core

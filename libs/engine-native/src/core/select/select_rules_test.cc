// select and rules through the registry: certified answers equal brute force on random small
// instances (every rule type, infeasible ones included), validation, limits, determinism.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "rules/solve.h"
#include "select/solve.h"
#include "testing/test_options.h"
#include "testing/test_util.h"

namespace {

using svc::core::Clock;
using svc::core::Prng;
using svc::core::RulesProblem;
using svc::core::SelectProblem;

// selectBudgetFor('medium', m, k) of engine-ts families/select/budget.ts.
std::vector<double> SelectBudget(int32_t m, int32_t k) {
  const double pairs = static_cast<double>(k) * (m - k);
  const double cost = 3.0 * m + (pairs <= 4096 ? pairs : 256);
  const double most = 200.0 * m;
  const double moves = std::max(std::min(200.0, most), std::min(most, std::floor(2e8 / cost)));
  const int32_t side = std::min(k, m - k);
  const double pmin = std::max(1, side / 10);
  return {2000, 1000, 4e7, moves, static_cast<double>(std::max(200, std::min(5000, 10 * m))), 16, 4096,
          static_cast<double>(std::min(10, (m - k) / 4)), static_cast<double>(std::max(1, std::min(5, (m - k) / 4))),
          static_cast<double>(std::min(10, k / 4)), static_cast<double>(std::max(1, std::min(5, k / 4))),
          pmin, 1, std::max(pmin, static_cast<double>(side / 2))};
}

// A small rules budget (the shape of rulesBudgetFor, tests need no exact formula); search_first 1
// is the dispatch of model 2026-11-21 on, 0 that of 2026-11-01.
std::vector<double> RulesBudget(int32_t n, double bb_steps = 3e6, double search_first = 1) {
  return {bb_steps, std::max(1000.0, 500.0 * n), 1000, static_cast<double>(std::min(25, std::max(2, n / 10))),
          static_cast<double>(std::max(2, std::min(10, n / 10))), static_cast<double>(std::max(2, n / 50)), 2,
          static_cast<double>(std::max(std::max(2, n / 50), n / 5)), n > 512 ? 1.0 : 0.0, search_first};
}

struct SelectInstance {
  int32_t m = 0, k = 0;
  std::vector<double> a, r, budget;
  SelectProblem View() const {
    SelectProblem p;
    p.n = m;
    p.select.k = k;
    p.select.affinity = a;
    p.select.redundancy = r;
    p.select.budget = budget;
    return p;
  }
};

SelectInstance RandomSelect(uint32_t seed, int32_t m, int32_t k, bool signed_weights) {
  Prng rng(seed);
  SelectInstance s;
  s.m = m;
  s.k = k;
  for (int32_t i = 0; i < m; ++i) s.a.push_back(rng.NextInt(21));
  s.r.assign(static_cast<size_t>(m) * m, 0);
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = i + 1; j < m; ++j) {
      if (rng.NextFloat() < 0.6) {
        const double w = signed_weights ? static_cast<double>(rng.NextInt(16)) - 5 : rng.NextInt(11);
        s.r[static_cast<size_t>(i) * m + j] = w;
        s.r[static_cast<size_t>(j) * m + i] = w;
      }
    }
  }
  s.budget = SelectBudget(m, k);
  return s;
}

// Best value over every k-subset by bit masks, written independently of the solver.
double BruteSelect(const SelectInstance& s) {
  double best = -1e300;
  for (uint32_t mask = 0; mask < (1u << s.m); ++mask) {
    if (__builtin_popcount(mask) != s.k) continue;
    double v = 0;
    for (int32_t i = 0; i < s.m; ++i) {
      if (!((mask >> i) & 1)) continue;
      v += s.a[i];
      for (int32_t j = i + 1; j < s.m; ++j) {
        if ((mask >> j) & 1) v -= s.r[static_cast<size_t>(i) * s.m + j];
      }
    }
    best = std::max(best, v);
  }
  return best;
}

int32_t Count(const std::vector<uint8_t>& x) {
  int32_t c = 0;
  for (uint8_t b : x) c += b;
  return c;
}

void TestSelectMatchesBruteForce() {
  int exhaustive = 0, bnb = 0;
  for (uint32_t s = 0; s < 120; ++s) {
    const int32_t m = 2 + static_cast<int32_t>(s % 15);
    const int32_t k = 1 + static_cast<int32_t>((s * 7) % (m - 1));
    SelectInstance in = RandomSelect(100 + s, m, k, s % 2 == 1);
    SolveOptions o;
    o.seed = s;
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("select", in.View(), o, Limits(), &out, &error) == CallStatus::kOk);
    CHECK(Count(out.answer) == k);
    CHECK(out.proof != Proof::kNone);
    CHECK_NEAR(out.objective, BruteSelect(in), 1e-9);
    CHECK_NEAR(out.objective, svc::core::SelectValue(in.View().select, m, out.answer), 1e-12);
    if (out.proof == Proof::kExhaustive) ++exhaustive;
    if (out.proof == Proof::kBranchAndBound) ++bnb;
  }
  CHECK(exhaustive > 10);
  CHECK(bnb > 10);
}

void TestSelectSpecialCases() {
  // No redundancy: top k by affinity, certified at any size.
  SelectInstance big;
  big.m = 5000;
  big.k = 40;
  for (int32_t i = 0; i < big.m; ++i) big.a.push_back((i * 7919) % 1000);
  big.budget = SelectBudget(big.m, big.k);
  SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("select", big.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.proof == Proof::kExhaustive);
  std::vector<double> sorted = big.a;
  std::sort(sorted.rbegin(), sorted.rend());
  double top = 0;
  for (int32_t t = 0; t < big.k; ++t) top += sorted[t];
  CHECK(out.objective == top);
  // Heuristic above the exact range: exactly k, with a bound above the value.
  SelectInstance h = RandomSelect(7, 1200, 300, false);
  CHECK(svc::core::Solve("select", h.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(Count(out.answer) == 300);
  CHECK(out.proof == Proof::kNone);
  CHECK(out.has_bound && out.bound >= out.objective);
  // A cancel flag set before the call: still exactly k items, never certified.
  int32_t flag = 1;
  SelectInstance c = RandomSelect(8, 60, 20, true);
  CHECK(svc::core::Solve("select", c.View(), SolveOptions(), Limits(&flag, Clock::now(), 0), &out, &error) ==
        CallStatus::kOk);
  CHECK(Count(out.answer) == 20);
  CHECK(out.proof == Proof::kNone);
  CHECK(out.status == svc::core::ResultStatus::kCancelled);
  // Same seed, same answer.
  SelectInstance d = RandomSelect(9, 300, 60, false);
  SolveOptions o;
  o.seed = 4;
  SolveResult a1, a2;
  CHECK(svc::core::Solve("select", d.View(), o, Limits(), &a1, &error) == CallStatus::kOk);
  CHECK(svc::core::Solve("select", d.View(), o, Limits(), &a2, &error) == CallStatus::kOk);
  CHECK(a1.answer == a2.answer);
}

void TestSelectValidation() {
  SolveResult out;
  std::string error;
  SelectInstance bad = RandomSelect(1, 5, 2, false);
  bad.r[1] = 3;  // (0, 1) no longer equals (1, 0)
  bad.r[5] = 4;
  CHECK(svc::core::Solve("select", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  SelectInstance k_big = RandomSelect(2, 5, 2, false);
  k_big.k = 6;
  CHECK(svc::core::Solve("select", k_big.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  SelectInstance diag = RandomSelect(3, 5, 2, false);
  diag.r[0] = 1;
  CHECK(svc::core::Solve("select", diag.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  SelectInstance short_budget = RandomSelect(4, 5, 2, false);
  short_budget.budget.pop_back();
  CHECK(svc::core::Solve("select", short_budget.View(), SolveOptions(), Limits(), &out, &error) ==
        CallStatus::kError);
}

struct RulesInstance {
  int32_t n = 0;
  std::vector<uint8_t> type;
  std::vector<int32_t> k, start{0}, nodes;
  std::vector<double> linear, budget;
  std::vector<int32_t> pi, pj;
  std::vector<double> pw;
  RulesProblem View() const {
    RulesProblem p;
    p.n = n;
    p.linear = linear;
    p.pairs = svc::core::PairsView{pi, pj, pw};
    p.rules.type = type;
    p.rules.k = k;
    p.rules.start = start;
    p.rules.nodes = nodes;
    p.rules.budget = budget;
    return p;
  }
  void Add(uint8_t t, std::vector<int32_t> ns, int32_t kk = 0) {
    type.push_back(t);
    k.push_back(kk);
    nodes.insert(nodes.end(), ns.begin(), ns.end());
    start.push_back(static_cast<int32_t>(nodes.size()));
  }
};

RulesInstance RandomRules(uint32_t seed, int32_t n, int32_t count) {
  Prng rng(seed);
  RulesInstance in;
  in.n = n;
  for (int32_t r = 0; r < count; ++r) {
    const uint8_t t = static_cast<uint8_t>(rng.NextInt(9));
    const bool pair = t == svc::core::kRequires || t == svc::core::kIdentical || t == svc::core::kDifferent;
    const int32_t size = pair ? 2 : 1 + static_cast<int32_t>(rng.NextInt(std::min<uint32_t>(n, 4)));
    std::vector<int32_t> ns;
    while (static_cast<int32_t>(ns.size()) < size) {
      const int32_t v = static_cast<int32_t>(rng.NextInt(n));
      if (std::find(ns.begin(), ns.end(), v) == ns.end()) ns.push_back(v);
    }
    in.Add(t, ns, static_cast<int32_t>(rng.NextInt(size + 1)));
  }
  for (int32_t i = 0; i < n; ++i) in.linear.push_back(static_cast<double>(rng.NextInt(21)) - 10);
  // Canonical pairs: i < j, sorted, no duplicates.
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = i + 1; j < n; ++j) {
      if (rng.NextInt(4) == 0) {
        in.pi.push_back(i);
        in.pj.push_back(j);
        in.pw.push_back(static_cast<double>(rng.NextInt(21)) - 10);
      }
    }
  }
  in.budget = RulesBudget(n);
  return in;
}

// Lexicographic optimum by masks; each rule checked by its definition, independently.
std::pair<int64_t, double> BruteRules(const RulesInstance& in) {
  std::pair<int64_t, double> best{INT64_MAX, 0};
  for (uint32_t mask = 0; mask < (1u << in.n); ++mask) {
    const auto bit = [&](int32_t v) { return static_cast<int32_t>((mask >> v) & 1); };
    int64_t viol = 0;
    for (size_t r = 0; r < in.type.size(); ++r) {
      int32_t ones = 0;
      for (int32_t q = in.start[r]; q < in.start[r + 1]; ++q) ones += bit(in.nodes[q]);
      const int32_t size = in.start[r + 1] - in.start[r];
      const int32_t a = bit(in.nodes[in.start[r]]);
      const int32_t b = size > 1 ? bit(in.nodes[in.start[r] + 1]) : 0;
      bool ok = true;
      switch (in.type[r]) {
        case 0: ok = ones == 1; break;
        case 1: ok = ones == in.k[r]; break;
        case 2: ok = ones <= 1; break;
        case 3: ok = ones <= in.k[r]; break;
        case 4: ok = ones == size; break;
        case 5: ok = ones == 0; break;
        case 6: ok = !(a == 1 && b == 0); break;
        case 7: ok = a == b; break;
        case 8: ok = a != b; break;
      }
      if (!ok) ++viol;
    }
    double e = 0;
    for (int32_t i = 0; i < in.n; ++i) e += in.linear[i] * bit(i);
    for (size_t q = 0; q < in.pi.size(); ++q) e += in.pw[q] * bit(in.pi[q]) * bit(in.pj[q]);
    if (viol < best.first || (viol == best.first && e < best.second)) best = {viol, e};
  }
  return best;
}

void TestRulesMatchesBruteForce() {
  int infeasible = 0;
  std::vector<int> types(9, 0);
  for (uint32_t s = 0; s < 200; ++s) {
    const int32_t n = 2 + static_cast<int32_t>(s % 12);
    RulesInstance in = RandomRules(500 + s, n, 1 + static_cast<int32_t>((s * 5) % (2 * n)));
    in.budget = RulesBudget(n, 3e6, static_cast<double>(s % 2));  // both dispatch orders
    for (uint8_t t : in.type) types[t]++;
    SolveOptions o;
    o.seed = s;
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("rules", in.View(), o, Limits(), &out, &error) == CallStatus::kOk);
    const auto bf = BruteRules(in);
    CHECK(out.proof == Proof::kBranchAndBound);
    CHECK(out.Extra("violations") == bf.first);
    CHECK_NEAR(out.objective, bf.second, 1e-9);
    const svc::core::RulesScore sc = svc::core::ScoreRules(in.View(), out.answer);
    CHECK(sc.violations == out.Extra("violations"));
    if (bf.first > 0) ++infeasible;
  }
  for (int c : types) CHECK(c > 0);
  CHECK(infeasible > 20);
}

void TestRulesLimitsAndValidation() {
  SolveResult out;
  std::string error;
  // An unavoidable violation, certified only because the search finished.
  RulesInstance in;
  in.n = 3;
  in.Add(svc::core::kForceTrue, {0});
  in.Add(svc::core::kForceFalse, {0});
  in.Add(svc::core::kChooseOne, {1, 2});
  in.linear = {0, -1, 2};
  in.budget = RulesBudget(3);
  CHECK(svc::core::Solve("rules", in.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.Extra("violations") == 1);
  CHECK(out.objective == -1);
  CHECK(out.proof == Proof::kBranchAndBound);
  // With no branch-and-bound steps the same answer is only a heuristic.
  in.budget = RulesBudget(3, 0);
  CHECK(svc::core::Solve("rules", in.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.Extra("violations") == 1);
  CHECK(out.proof == Proof::kNone);
  // A cancel flag: valid, uncertified.
  int32_t flag = 1;
  RulesInstance big = RandomRules(9, 2000, 2500);
  big.budget = RulesBudget(2000);
  CHECK(svc::core::Solve("rules", big.View(), SolveOptions(), Limits(&flag, Clock::now(), 0), &out, &error) ==
        CallStatus::kOk);
  CHECK(out.answer.size() == 2000u);
  CHECK(out.proof == Proof::kNone);
  CHECK(out.status == svc::core::ResultStatus::kCancelled);
  CHECK(svc::core::ScoreRules(big.View(), out.answer).violations == out.Extra("violations"));
  // Validation: a node twice in one rule, a bad code, a wrong pair count, a short budget.
  RulesInstance twice;
  twice.n = 3;
  twice.linear = {0, 0, 0};
  twice.budget = RulesBudget(3);
  twice.Add(svc::core::kChooseOne, {1, 1});
  CHECK(svc::core::Solve("rules", twice.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  RulesInstance code = twice;
  code.nodes = {1, 2};
  code.type = {9};
  CHECK(svc::core::Solve("rules", code.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  RulesInstance pair = twice;
  pair.nodes = {1};
  pair.start = {0, 1};
  pair.type = {svc::core::kDifferent};
  CHECK(svc::core::Solve("rules", pair.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  // Offsets that jump past the node list and come back (found by the coverage-guided fuzzer:
  // the nodes were read before the offsets were checked).
  RulesInstance jump = twice;
  jump.nodes = {};
  jump.type = {svc::core::kChooseOne, svc::core::kChooseOne};
  jump.k = {0, 0};
  jump.start = {0, 40, 0};
  CHECK(svc::core::Solve("rules", jump.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  RulesInstance budget = in;
  budget.budget.pop_back();
  CHECK(svc::core::Solve("rules", budget.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

void TestRulesLarge() {
  // n = 100,000 pure satisfaction: zero violations and certified by the objective bound.
  RulesInstance in;
  in.n = 100000;
  for (int32_t g = 0; g < in.n / 5; ++g) in.Add(svc::core::kChooseExactly, {5 * g, 5 * g + 1, 5 * g + 2, 5 * g + 3, 5 * g + 4}, 2);
  for (int32_t v = 0; v + 7 < in.n; v += 7) in.Add(svc::core::kMutualExclusion, {v, v + 5});
  in.linear.assign(in.n, 0);
  in.budget = RulesBudget(in.n);
  SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("rules", in.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.Extra("violations") == 0);
  CHECK(out.proof == Proof::kBranchAndBound);
}

}  // namespace

int main() {
  TestSelectMatchesBruteForce();
  TestSelectSpecialCases();
  TestSelectValidation();
  TestRulesMatchesBruteForce();
  TestRulesLimitsAndValidation();
  TestRulesLarge();
  return svc::test::Finish("select_rules_test");
}

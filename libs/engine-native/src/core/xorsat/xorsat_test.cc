// xorsat: the dense kernel, the plan (peeling, lazy elimination), the exact and heuristic paths
// of an inconsistent core, against independent brute force and plain elimination; limits and
// validation.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "xorsat/echelon.h"
#include "xorsat/eliminate.h"
#include "xorsat/fewest_violations.h"
#include "xorsat/problem.h"
#include "xorsat/solve.h"
#include "xorsat/structure.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"

namespace {

using svc::core::BitMatrix;
using svc::core::Prng;
using svc::core::XorsatProblem;

struct Instance {
  int32_t n = 0;
  std::vector<int32_t> start{0}, vars;
  std::vector<uint8_t> rhs;
  std::vector<double> budget;

  XorsatProblem View() const {
    XorsatProblem p;
    p.n = n;
    p.xorsat = {start, vars, rhs, budget};
    return p;
  }
  void Add(std::vector<int32_t> vs, uint8_t r) {
    std::sort(vs.begin(), vs.end());
    std::vector<int32_t> kept;  // pairs cancel
    for (int32_t i : vs) {
      if (!kept.empty() && kept.back() == i) kept.pop_back();
      else kept.push_back(i);
    }
    vars.insert(vars.end(), kept.begin(), kept.end());
    start.push_back(static_cast<int32_t>(vars.size()));
    rhs.push_back(r);
  }
};

// families/xorsat/budget.ts: enumMaxRank, dualMaxDim, dualWork, searchSteps, searchWork.
std::vector<double> Budget(int effort) {
  static const double kLevels[3][5] = {{16, 16, 16777216, 20000, 16777216},
                                       {20, 20, 134217728, 200000, 134217728},
                                       {24, 24, 1073741824, 2000000, 1073741824}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 5);
}

// Random equations of 0..max_vars variables (repeats cancel); planted (consistent) or random rhs.
Instance Random(int32_t n, int32_t m, int32_t max_vars, bool planted, uint32_t seed, int effort, int32_t min_vars = 0) {
  Instance in;
  in.n = n;
  in.budget = Budget(effort);
  Prng rng(seed);
  std::vector<uint8_t> hidden(n);
  for (auto& h : hidden) h = static_cast<uint8_t>(rng.NextInt(2));
  for (int32_t e = 0; e < m; ++e) {
    const int32_t k = min_vars + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(max_vars - min_vars) + 1));
    std::vector<int32_t> vs;
    for (int32_t t = 0; t < k; ++t) vs.push_back(static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n))));
    uint8_t r = static_cast<uint8_t>(rng.NextInt(2));
    if (planted) {
      r = 0;
      for (int32_t i : vs) r ^= hidden[i];
    }
    in.Add(vs, r);
  }
  return in;
}

int64_t Violations(const Instance& in, const std::vector<uint8_t>& x) {
  int64_t v = 0;
  for (size_t e = 0; e < in.rhs.size(); ++e) {
    uint8_t s = in.rhs[e];
    for (int32_t k = in.start[e]; k < in.start[e + 1]; ++k) s ^= x[in.vars[k]];
    v += s;
  }
  return v;
}

// Plain row reduction of [A | rhs] over vectors of bytes (shares nothing with the engine): the
// rank of A and whether a row reads 0 = 1.
void PlainRank(const Instance& in, int32_t* rank, bool* consistent) {
  const size_t m = in.rhs.size();
  const int32_t n = in.n;
  std::vector<std::vector<uint8_t>> rows(m, std::vector<uint8_t>(n + 1, 0));
  for (size_t e = 0; e < m; ++e) {
    for (int32_t k = in.start[e]; k < in.start[e + 1]; ++k) rows[e][in.vars[k]] ^= 1;
    rows[e][n] = in.rhs[e];
  }
  size_t r = 0;
  *consistent = true;
  for (int32_t c = 0; c <= n && r < m; ++c) {
    size_t p = r;
    while (p < m && rows[p][c] == 0) ++p;
    if (p == m) continue;
    std::swap(rows[p], rows[r]);
    for (size_t t = r + 1; t < m; ++t) {
      if (rows[t][c] != 0) {
        for (int32_t j = c; j <= n; ++j) rows[t][j] ^= rows[r][j];
      }
    }
    if (c == n) *consistent = false;
    else ++r;
  }
  *rank = static_cast<int32_t>(r);
}

// Fewest violations and the number of solutions over all 2^n assignments.
void Brute(const Instance& in, int64_t* best, int64_t* solutions) {
  *best = 1 << 30;
  *solutions = 0;
  std::vector<uint8_t> x(in.n);
  for (uint32_t mask = 0; mask < (1u << in.n); ++mask) {
    for (int32_t i = 0; i < in.n; ++i) x[i] = (mask >> i) & 1;
    const int64_t v = Violations(in, x);
    if (v == 0) ++*solutions;
    *best = std::min(*best, v);
  }
}

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("xorsat", in.View(), seed, limits);
}

// EchelonForm against plain row reduction on random dense matrices of many shapes (strips of 64
// columns, partial last strips, the rhs sharing a word with the variables, rows longer than one
// chunk of 32 words cleared at once), and back-substitution.
void TestEchelon() {
  Prng rng(7);
  const int32_t shapes[][2] = {{1, 1}, {3, 70}, {70, 3}, {64, 64}, {65, 63}, {130, 129}, {200, 300}, {300, 200}, {257, 513},
                               {90, 2300}, {150, 4200}};
  for (const auto& shape : shapes) {
    for (int density = 1; density <= 3; ++density) {
      Instance in;
      in.n = shape[1];
      for (int32_t e = 0; e < shape[0]; ++e) {
        std::vector<int32_t> vs;
        for (int32_t i = 0; i < in.n; ++i) {
          if (rng.NextInt(8) < static_cast<uint32_t>(density * density)) vs.push_back(i);
        }
        // Some repeated rows, so some rows reduce to zero.
        if (e > 2 && rng.NextInt(4) == 0) {
          vs.assign(in.vars.begin() + in.start[e - 2], in.vars.begin() + in.start[e - 1]);
        }
        in.Add(vs, static_cast<uint8_t>(rng.NextInt(2)));
      }
      int32_t rank = 0;
      bool consistent = true;
      PlainRank(in, &rank, &consistent);
      BitMatrix a(in.rhs.size(), static_cast<size_t>(in.n) + 1);
      for (size_t e = 0; e < in.rhs.size(); ++e) {
        for (int32_t k = in.start[e]; k < in.start[e + 1]; ++k) a.Flip(e, in.vars[k]);
        if (in.rhs[e]) a.Flip(e, in.n);
      }
      const auto ech = svc::core::EchelonForm(&a, in.n, Limits());
      CHECK(ech.rank == rank);
      bool zero_rhs = true;
      for (size_t r = ech.rank; r < in.rhs.size(); ++r) {
        for (int32_t c = 0; c < in.n; ++c) CHECK(!a.Get(r, c));
        zero_rhs = zero_rhs && !a.Get(r, in.n);
      }
      CHECK(zero_rhs == consistent);
      for (int32_t j = 1; j < ech.rank; ++j) CHECK(ech.pivot_col[j] > ech.pivot_col[j - 1]);
      std::vector<uint8_t> x;
      svc::core::BackSubstitute(a, ech, in.n, in.n, &x);
      if (consistent) CHECK(Violations(in, x) == 0);
    }
  }
}

// The plan and the elimination of the core against plain row reduction: peeled, dense and lazy.
void TestPlanAgainstPlainElimination() {
  int lazy = 0, dense = 0, peeled_only = 0;
  for (uint32_t s = 0; s < 120; ++s) {
    const int32_t n = 50 + static_cast<int32_t>(s * 13 % 700);
    const double ratio = 0.5 + 0.1 * (s % 8);
    const Instance in = Random(n, static_cast<int32_t>(ratio * n), 5, s % 2 == 0, 1000 + s, 0, s % 3 == 0 ? 2 : 3);
    int32_t rank = 0;
    bool consistent = true;
    PlainRank(in, &rank, &consistent);
    const auto plan = svc::core::PlanXorsat(in.View().xorsat, n);
    if (plan.core.m() == 0) ++peeled_only;
    else if (plan.lazy) ++lazy;
    else ++dense;
    const SolveResult r = Run(in, s);
    CHECK(r.kind == svc::core::ResultKind::kLinearSystem);
    CHECK(static_cast<int32_t>(r.Extra("rank")) == rank);
    CHECK((r.Extra("consistent") == 1) == consistent);
    if (consistent) {
      CHECK(r.objective == 0);
      CHECK(r.proof == Proof::kExhaustive);
      CHECK(Violations(in, r.answer) == 0);
    } else {
      CHECK(r.objective >= 1);
      CHECK(Violations(in, r.answer) == static_cast<int64_t>(r.objective));
    }
  }
  std::printf("plan: %d peeled whole, %d dense cores, %d lazy cores\n", peeled_only, dense, lazy);
  CHECK(lazy > 10 && dense > 10 && peeled_only > 10);
}

void TestAgainstBruteForce() {
  for (uint32_t s = 0; s < 400; ++s) {
    const int32_t n = 1 + static_cast<int32_t>(s % 14);
    const Instance in = Random(n, 1 + static_cast<int32_t>(s % 23), 1 + static_cast<int32_t>(s % 5), s % 3 == 0, s, static_cast<int>(s % 3));
    int64_t best = 0, solutions = 0;
    Brute(in, &best, &solutions);
    int32_t rank = 0;
    bool consistent = true;
    PlainRank(in, &rank, &consistent);
    CHECK(consistent == (solutions > 0));
    if (solutions > 0) CHECK(solutions == (int64_t{1} << (n - rank)));
    const SolveResult r = Run(in, s);
    CHECK(r.kind == svc::core::ResultKind::kLinearSystem);
    CHECK(r.proof == Proof::kExhaustive);
    CHECK(static_cast<int64_t>(r.objective) == best);
    CHECK(Violations(in, r.answer) == best);
    CHECK(static_cast<int32_t>(r.Extra("rank")) == rank);
  }
}

// The syndrome search (d = m - rank small) and the column-space walk agree where both apply, and
// the packed contradictions are disjoint sets summing to 0 = 1, never more than the fewest violations.
void TestDualAndBound() {
  for (uint32_t s = 0; s < 60; ++s) {
    const int32_t n = 12 + static_cast<int32_t>(s % 10);
    Instance in = Random(n, n + 2 + static_cast<int32_t>(s % 5), 4, false, 5000 + s, 2, 2);
    Instance primal = in, dual = in;
    primal.budget = {24, 0, 0, 0, 0};      // walk only
    dual.budget = {0, 24, 1e12, 0, 0};     // syndromes only
    const SolveResult a = Run(primal, 0);
    const SolveResult b = Run(dual, 0);
    CHECK(a.proof == Proof::kExhaustive);
    CHECK(b.proof == Proof::kExhaustive);
    CHECK(a.objective == b.objective);
    CHECK(Violations(in, b.answer) == static_cast<int64_t>(b.objective));
    // The bound of the heuristic path.
    const auto plan = svc::core::PlanXorsat(in.View().xorsat, n);
    const auto ns = svc::core::CoreNullSpace(plan.core, Limits());
    std::vector<std::vector<int32_t>> groups;
    const int64_t packed = svc::core::PackContradictions(ns, &groups);
    CHECK(static_cast<double>(plan.empty_violated + packed) <= a.objective);
    std::vector<uint8_t> used(plan.core.m(), 0);
    for (const auto& g : groups) {
      std::vector<uint8_t> sum(plan.core.n, 0);
      uint8_t parity = 0;
      for (int32_t e : g) {
        CHECK(used[e] == 0);
        used[e] = 1;
        parity ^= plan.core.rhs[e];
        for (int32_t k = plan.core.start[e]; k < plan.core.start[e + 1]; ++k) sum[plan.core.vars[k]] ^= 1;
      }
      CHECK(parity == 1);
      CHECK(std::all_of(sum.begin(), sum.end(), [](uint8_t b) { return b == 0; }));
    }
    // Heuristic only: never below its bound, never worse than the elimination's answer.
    Instance heuristic = in;
    heuristic.budget = {0, 0, 0, 500, 1e9};
    const SolveResult h = Run(heuristic, s);
    CHECK(Violations(in, h.answer) == static_cast<int64_t>(h.objective));
    CHECK(h.objective >= a.objective);
    if (h.proof == Proof::kNone) CHECK(h.has_bound && h.bound == static_cast<double>(plan.empty_violated + std::max<int64_t>(1, packed)));
  }
}

void TestLimits() {
  const Instance noisy = Random(300, 600, 3, false, 700, 0, 2);
  int32_t cancel = 1;
  const SolveResult c = Run(noisy, 0, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(c.proof == Proof::kNone);
  CHECK(c.status == ResultStatus::kCancelled);
  CHECK(c.Extra("rank") == -1 && c.Extra("consistent") == -1);
  CHECK(Violations(noisy, c.answer) == static_cast<int64_t>(c.objective));
  // The constructive answer (core 0, every peeled equation held) violates fewer than all 0.
  CHECK(c.objective < static_cast<double>(Violations(noisy, std::vector<uint8_t>(c.answer.size(), 0))));
  const SolveResult a = Run(noisy, 3);
  const SolveResult b = Run(noisy, 3);
  CHECK(a.answer == b.answer);
  CHECK(Violations(noisy, a.answer) == static_cast<int64_t>(a.objective));
}

// The bench targets' shapes, at a size the test can afford: a sparse system of 3-5 variables per
// equation (lazy elimination) and a dense square one; times printed, not checked.
void TestLarger() {
  for (const double ratio : {0.8, 1.0}) {
    const Instance in = Random(20000, static_cast<int32_t>(ratio * 20000), 5, true, 42, 1, 3);
    const auto t0 = std::chrono::steady_clock::now();
    const SolveResult r = Run(in, 0);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    CHECK(r.objective == 0 && r.proof == Proof::kExhaustive && Violations(in, r.answer) == 0);
    std::printf("sparse 20000 variables, %.1f equations per variable: %.0f ms\n", ratio, ms);
  }
  Instance dense;
  dense.n = 1500;
  dense.budget = Budget(0);
  Prng rng(3);
  for (int32_t e = 0; e < 1500; ++e) {
    std::vector<int32_t> vs;
    for (int32_t i = 0; i < dense.n; ++i) {
      if (rng.NextInt(2)) vs.push_back(i);
    }
    dense.Add(vs, static_cast<uint8_t>(rng.NextInt(2)));
  }
  int32_t rank = 0;
  bool consistent = true;
  PlainRank(dense, &rank, &consistent);
  const SolveResult r = Run(dense, 0);
  CHECK(static_cast<int32_t>(r.Extra("rank")) == rank);
  CHECK((r.Extra("consistent") == 1) == consistent);
}

// Dense systems through the whole solve (the bit matrix built from the equation lists, the
// elimination, the re-score) against plain row reduction: n not a multiple of 64, rows that are sums
// of others (rank-deficient), a column never used, right-hand sides planted or random
// (inconsistent), and the fewest violations by brute force where 2^n is small.
void TestDenseAgainstPlain() {
  int inconsistent = 0, deficient = 0, built = 0;
  for (uint32_t s = 0; s < 48; ++s) {
    const int32_t sizes[] = {1, 2, 5, 11, 13, 63, 64, 65, 127, 129, 191, 200, 257, 333};
    const int32_t n = sizes[s % 14];
    const int32_t m = std::max<int32_t>(1, n + static_cast<int32_t>(s % 5) - 2);
    Prng rng(900 + s);
    Instance in;
    in.n = n;
    in.budget = Budget(1);
    std::vector<uint8_t> hidden(n);
    for (auto& h : hidden) h = static_cast<uint8_t>(rng.NextInt(2));
    const bool planted = s % 3 != 0;
    const int32_t unused = s % 4 == 0 ? static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n))) : -1;
    for (int32_t e = 0; e < m; ++e) {
      std::vector<int32_t> vs;
      if (e >= 2 && rng.NextInt(6) == 0) {
        // The sum of two earlier rows: the rank drops.
        for (int32_t t : {e - 1, e - 2}) vs.insert(vs.end(), in.vars.begin() + in.start[t], in.vars.begin() + in.start[t + 1]);
      } else {
        for (int32_t i = 0; i < n; ++i) {
          if (i != unused && rng.NextInt(4) < 2 + (s & 1)) vs.push_back(i);
        }
      }
      uint8_t r = static_cast<uint8_t>(rng.NextInt(2));
      if (planted) {
        r = 0;
        for (int32_t i : vs) r ^= hidden[i];
      }
      in.Add(vs, r);
    }
    int32_t rank = 0;
    bool consistent = true;
    PlainRank(in, &rank, &consistent);
    if (!consistent) ++inconsistent;
    if (rank < std::min(n, m)) ++deficient;
    // The bit matrix the plan builds in its degree pass: exactly when the core is the whole (dense)
    // problem, bit for bit [A | rhs]; a column never used or a peeled equation makes the core
    // smaller (then none).
    const auto plan = svc::core::PlanXorsat(in.View().xorsat, n, 1e12);
    const bool whole = plan.core.m() == m && plan.core.n == n;
    CHECK(!plan.lazy);
    if (unused >= 0) CHECK(!whole);
    CHECK((plan.augmented.rows() > 0) == whole);
    if (whole) {
      ++built;
      CHECK(plan.augmented.rows() == static_cast<size_t>(m) && plan.augmented.cols() == static_cast<size_t>(n) + 1);
      for (int32_t e = 0; e < m; ++e) {
        std::vector<uint8_t> row(static_cast<size_t>(n) + 1, 0);
        for (int32_t k = in.start[e]; k < in.start[e + 1]; ++k) row[in.vars[k]] ^= 1;
        row[n] = in.rhs[e];
        for (int32_t c = 0; c <= n; ++c) CHECK(plan.augmented.Get(e, c) == (row[c] != 0));
        for (size_t c = static_cast<size_t>(n) + 1; c < 64 * plan.augmented.words(); ++c) CHECK(!plan.augmented.Get(e, c));
      }
    }
    CHECK(svc::core::PlanXorsat(in.View().xorsat, n).augmented.rows() == 0);
    const SolveResult r = Run(in, s);
    CHECK(static_cast<int32_t>(r.Extra("rank")) == rank);
    CHECK((r.Extra("consistent") == 1) == consistent);
    CHECK(Violations(in, r.answer) == static_cast<int64_t>(r.objective));
    if (consistent) CHECK(r.objective == 0 && r.proof == Proof::kExhaustive);
    else CHECK(r.objective >= 1);
    if (n <= 13) {
      int64_t best = 0, solutions = 0;
      Brute(in, &best, &solutions);
      CHECK(r.proof == Proof::kExhaustive && static_cast<int64_t>(r.objective) == best);
    }
  }
  CHECK(inconsistent >= 8 && deficient >= 8 && built >= 24 && built < 48);
}

void TestValidation() {
  SolveResult out;
  std::string error;
  Instance bad = Random(4, 3, 3, true, 1, 0);
  bad.rhs[0] = 2;
  CHECK(svc::core::Solve("xorsat", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  Instance unsorted;
  unsorted.n = 3;
  unsorted.vars = {2, 1};
  unsorted.start = {0, 2};
  unsorted.rhs = {1};
  unsorted.budget = Budget(0);
  CHECK(svc::core::Solve("xorsat", unsorted.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  Instance range = unsorted;
  range.vars = {1, 3};
  CHECK(svc::core::Solve("xorsat", range.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  Instance no_budget = unsorted;
  no_budget.vars = {1, 2};
  no_budget.budget = {};
  CHECK(svc::core::Solve("xorsat", no_budget.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  no_budget.budget = Budget(1);
  CHECK(svc::core::Solve("xorsat", no_budget.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(svc::core::FindSolver("xorsat") != nullptr);
  // The first fault of an equation names it, whatever else is wrong further on.
  const auto message = [&](std::vector<int32_t> vars, int32_t n) {
    Instance in;
    in.n = n;
    in.vars = std::move(vars);
    in.start = {0, 0, static_cast<int32_t>(in.vars.size())};
    in.rhs = {0, 1};
    in.budget = Budget(0);
    std::string why;
    const CallStatus status = svc::core::Solve("xorsat", in.View(), SolveOptions(), Limits(), &out, &why);
    return status == CallStatus::kOk ? std::string("ok") : why;
  };
  const std::string range_msg = "a variable is out of range";
  const std::string order_msg = "the variables of an equation must increase";
  CHECK(message({0, 1, 2}, 3) == "ok");
  CHECK(message({-1, 0, 2}, 3).find(range_msg) != std::string::npos);
  CHECK(message({0, 1, 3}, 3).find(range_msg) != std::string::npos);
  CHECK(message({0, 5, 2}, 3).find(range_msg) != std::string::npos);
  CHECK(message({0, 0, 2}, 3).find(order_msg) != std::string::npos);
  CHECK(message({1, 0, 7}, 3).find(order_msg) != std::string::npos);
  CHECK(message({2, 1, -4}, 3).find(order_msg) != std::string::npos);
}

}  // namespace

int main() {
  TestEchelon();
  TestPlanAgainstPlainElimination();
  TestAgainstBruteForce();
  TestDualAndBound();
  TestLimits();
  TestLarger();
  TestDenseAgainstPlain();
  TestValidation();
  return svc::test::Finish("xorsat_test");
}

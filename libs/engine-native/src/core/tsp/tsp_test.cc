// tsp: Held–Karp against brute force (n <= 9), the local search against Held–Karp (n 13..16),
// the bound below the optimum, TSPLIB distances, deadlines and validation.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"
#include "tsp/problem.h"
#include "tsp/solve.h"

namespace {

using svc::core::Prng;
using svc::core::TspMetric;
using svc::core::TspProblem;

struct Instance {
  int32_t n = 0;
  std::vector<double> matrix, points, budget;
  TspMetric metric = TspMetric::kMatrix;

  TspProblem View() const {
    TspProblem p;
    p.n = n;
    p.tsp.matrix = matrix;
    p.tsp.points = points;
    p.tsp.metric = metric;
    p.tsp.budget = budget;
    return p;
  }
};

// families/tsp/budget.ts: dpMaxN, neighbours, kicksPerN, maxKicks, boundIters, boundWork, bnbMaxN,
// bnbKicksPerN, bnbNodes, bnbIters.
std::vector<double> Budget(int effort) {
  static const double kLevels[3][10] = {{12, 8, 5, 20000, 30, 3e7, 0, 0, 0, 0},
                                        {16, 10, 100, 500000, 100, 3e8, 60, 100, 2000, 40},
                                        {20, 12, 20000, 50000000, 300, 3e9, 300, 1000, 1000000, 40}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 10);
}

// No DP, no kicks, a short root bound: branch and bound below the root from the first local search,
// with `iters` subgradient steps per node (few steps: weak bounds, deep trees).
std::vector<double> BranchOnly(double iters) { return {0, 10, 100, 500000, 5, 3e8, 60, 0, 1000000, iters}; }

Instance Points(int32_t n, uint32_t seed, int effort) {
  Instance in;
  in.n = n;
  in.metric = TspMetric::kEuc2d;
  in.budget = Budget(effort);
  Prng rng(seed);
  for (int32_t i = 0; i < 2 * n; ++i) in.points.push_back(rng.NextInt(1000));
  return in;
}

Instance Matrix(int32_t n, uint32_t seed, int effort, int lo, int hi) {
  Instance in;
  in.n = n;
  in.budget = Budget(effort);
  in.matrix.assign(static_cast<size_t>(n) * n, 0.0);
  Prng rng(seed);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = i + 1; j < n; ++j) {
      const double v = lo + static_cast<double>(rng.NextInt(static_cast<uint32_t>(hi - lo + 1)));
      in.matrix[static_cast<size_t>(i) * n + j] = in.matrix[static_cast<size_t>(j) * n + i] = v;
    }
  }
  return in;
}

double Length(const Instance& in, const std::vector<int32_t>& t) {
  const svc::core::TspDistance d(in.View());
  double len = 0;
  for (size_t k = 0; k < t.size(); ++k) len += d(t[k], t[(k + 1) % t.size()]);
  return len;
}

double Brute(const Instance& in) {
  std::vector<int32_t> perm(in.n);
  std::iota(perm.begin(), perm.end(), 0);
  double best = 1e300;
  do {
    best = std::min(best, Length(in, perm));
  } while (std::next_permutation(perm.begin() + 1, perm.end()));
  return best;
}

bool IsTour(const std::vector<int32_t>& t, int32_t n) { return !t.empty() && t[0] == 0 && svc::test::IsPermutation(t, n); }

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("tsp", in.View(), seed, limits);
}

void TestDpMatchesBruteForce() {
  for (uint32_t s = 0; s < 120; ++s) {
    const int32_t n = 2 + static_cast<int32_t>(s % 8);
    const Instance in = s % 2 ? Points(n, s, static_cast<int>(s % 3)) : Matrix(n, s, static_cast<int>(s % 3), s % 4 == 0 ? -20 : 1, 100);
    const SolveResult r = Run(in, s);
    CHECK(r.proof == Proof::kDynamicProgram);
    CHECK(IsTour(r.order, n));
    CHECK(r.answer.empty());
    CHECK(r.objective == Brute(in));
    CHECK(r.objective == Length(in, r.order));
  }
}

void TestSearchAgainstDp() {
  int at_optimum = 0;
  for (uint32_t s = 0; s < 12; ++s) {
    const int32_t n = 13 + static_cast<int32_t>(s % 4);
    Instance heur = Points(n, 100 + s, 0);  // flash: the DP stops at 12
    Instance exact = heur;
    exact.budget = Budget(2);
    const SolveResult h = Run(heur, s);
    const SolveResult e = Run(exact, s);
    CHECK(e.proof == Proof::kDynamicProgram);
    CHECK(IsTour(h.order, n));
    CHECK(h.objective >= e.objective);
    if (h.proof != Proof::kNone) CHECK(h.objective == e.objective);
    else CHECK(h.has_bound && h.bound <= e.objective);
    if (h.objective == e.objective) ++at_optimum;
  }
  CHECK(at_optimum >= 10);
}

// Branch and bound below the root against brute force (n <= 9) and the DP (n 10..15).
void TestBranchAgainstExact() {
  int below_root = 0;
  for (uint32_t s = 0; s < 90; ++s) {
    const int32_t n = 5 + static_cast<int32_t>(s % 11);
    const int kind = static_cast<int>(s % 3);
    Instance in = kind == 0 ? Points(n, 300 + s, 0) : Matrix(n, 300 + s, 0, kind == 1 ? -20 : 0, kind == 1 ? 180 : 3);
    Instance exact = in;
    exact.budget = Budget(2);
    in.budget = BranchOnly(s % 2 ? 40 : 2);
    const SolveResult r = Run(in, s);
    CHECK(IsTour(r.order, n));
    CHECK(r.proof == Proof::kBranchAndBound);
    CHECK(r.objective == (n <= 9 ? Brute(in) : Run(exact, s).objective));
    CHECK(r.objective == Length(in, r.order));
    if (r.work.nodes > 1) ++below_root;
  }
  std::printf("tsp branch and bound: %d of 90 below the root\n", below_root);
  CHECK(below_root >= 15);
  // A budget of no subgradient steps still bounds every node once (it closed every node unbounded).
  for (uint32_t s = 0; s < 12; ++s) {
    Instance in = Points(8 + static_cast<int32_t>(s % 5), 700 + s, 0);
    in.budget = BranchOnly(0);
    const SolveResult r = Run(in, s);
    CHECK(r.objective == Brute(in));
  }
}

void TestDistances() {
  Instance in;
  in.n = 2;
  in.budget = Budget(0);
  in.points = {0, 0, 3, 4};
  in.metric = TspMetric::kEuc2d;
  CHECK(svc::core::TspDistance(in.View())(0, 1) == 5);
  in.points = {0, 0, 1, 1};
  in.metric = TspMetric::kCeil2d;
  CHECK(svc::core::TspDistance(in.View())(0, 1) == 2);
  in.points = {0, 0, 10, 0};
  in.metric = TspMetric::kAtt;
  CHECK(svc::core::TspDistance(in.View())(0, 1) == 4);
  in.points = {10.0, 20.0, 11.0, 20.0};
  in.metric = TspMetric::kGeo;
  CHECK(svc::core::TspDistance(in.View())(0, 1) == 112);
}

void TestLargeAndLimits() {
  const Instance in = Points(300, 7, 0);
  const SolveResult r = Run(in, 3);
  CHECK(IsTour(r.order, 300));
  CHECK(r.objective == Length(in, r.order));
  if (r.proof == Proof::kNone) CHECK(r.has_bound && r.bound <= r.objective && (r.objective - r.bound) / r.objective < 0.08);
  int32_t cancel = 1;
  const SolveResult c = Run(Points(400, 9, 2), 1, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(c.proof == Proof::kNone && c.status == ResultStatus::kCancelled);
  CHECK(IsTour(c.order, 400));
}

// A cancel flag already set, or a deadline already past, before the solve starts (deterministic):
// the DP of at most 11 cities never checks a limit and certifies; past that every answer is
// heuristic and carries the first 1-tree's bound, at most the optimum (docs/tsp.md).
void TestLimitsKeepTheBound() {
  for (uint32_t s = 0; s < 48; ++s) {
    const int32_t n = 5 + static_cast<int32_t>(s % 12);  // 5..16
    const int effort = static_cast<int>(s % 2);          // flash (DP to 12) or medium (DP to 16)
    const Instance in = s % 3 ? Points(n, 500 + s, effort) : Matrix(n, 500 + s, effort, s % 4 == 0 ? -20 : 1, 100);
    Instance exact = in;
    exact.budget = Budget(2);
    const double opt = n <= 9 ? Brute(in) : Run(exact, s).objective;
    int32_t cancel = 1;
    const SolveResult c = Run(in, s, s % 2 ? Limits(&cancel, svc::core::Clock::now(), 0)
                                           : Limits(nullptr, svc::core::Clock::now() - std::chrono::seconds(1), 1));
    CHECK(IsTour(c.order, n));
    CHECK(c.objective == Length(in, c.order));
    if (n <= 11) {
      CHECK(c.proof == Proof::kDynamicProgram && !c.has_bound && c.objective == opt);
      continue;
    }
    CHECK(c.proof == Proof::kNone);
    CHECK(c.status == (s % 2 ? ResultStatus::kCancelled : ResultStatus::kDeadline));
    CHECK(c.has_bound && c.bound <= c.objective && c.bound <= opt);
  }
  // Past the DP: the bound under a cancel is at most the one of a run without limits.
  for (uint32_t s = 0; s < 3; ++s) {
    const Instance in = Points(40 + 80 * static_cast<int32_t>(s), 90 + s, 0);
    int32_t cancel = 1;
    const SolveResult c = Run(in, s, Limits(&cancel, svc::core::Clock::now(), 0));
    const SolveResult r = Run(in, s);
    CHECK(IsTour(c.order, in.n) && c.proof == Proof::kNone && c.has_bound && c.bound <= c.objective);
    CHECK(c.bound <= (r.proof == Proof::kNone ? r.bound : r.objective));
  }
}

void TestValidation() {
  std::string error;
  SolveResult out;
  Instance m = Matrix(4, 1, 0, 1, 9);
  Instance bad = m;
  bad.matrix[1] += 1;  // asymmetric
  CHECK(svc::core::Solve("tsp", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = m;
  bad.matrix[1] = bad.matrix[4] = 0.5;
  CHECK(svc::core::Solve("tsp", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = m;
  bad.points = {0, 0};
  CHECK(svc::core::Solve("tsp", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  Instance pts = Points(4, 1, 0);
  pts.points.pop_back();
  CHECK(svc::core::Solve("tsp", pts.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  pts = Points(4, 1, 0);
  pts.budget[0] = 30;  // a DP of 2^29 subsets
  CHECK(svc::core::Solve("tsp", pts.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

}  // namespace

int main() {
  TestDpMatchesBruteForce();
  TestSearchAgainstDp();
  TestBranchAgainstExact();
  TestDistances();
  TestLargeAndLimits();
  TestLimitsKeepTheBound();
  TestValidation();
  return svc::test::Finish("tsp_test");
}

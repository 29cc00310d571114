// tsp: Held–Karp against brute force (n <= 9), the local search against Held–Karp (n 13..16),
// the bound below the optimum, TSPLIB distances, deadlines and validation; α-nearness against the
// 1-tree recomputed with the edge forced, Lin–Kernighan and the kicks on 2-opt/Or-opt local optima.
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
#include "tsp/alpha.h"
#include "tsp/branch.h"
#include "tsp/merge.h"
#include "tsp/problem.h"
#include "tsp/solve.h"
#include "tsp/tour.h"

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

// Every ordered pair drawn on its own (asymmetric), zero diagonal.
Instance Directed(int32_t n, uint32_t seed, int effort, int lo, int hi) {
  Instance in;
  in.n = n;
  in.budget = Budget(effort);
  in.matrix.assign(static_cast<size_t>(n) * n, 0.0);
  Prng rng(seed);
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      if (i != j) in.matrix[static_cast<size_t>(i) * n + j] = lo + static_cast<double>(rng.NextInt(static_cast<uint32_t>(hi - lo + 1)));
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

// Asymmetric matrices: the directed DP against brute force (n <= 8); the 2n-city symmetric form
// (the DP switched off) against brute force; beyond the DP against the exact DP; a 150-city instance.
void TestAsymmetric() {
  for (uint32_t s = 0; s < 84; ++s) {
    const int32_t n = 2 + static_cast<int32_t>(s % 7);
    Instance in = Directed(n, 1000 + s, static_cast<int>(s % 2), s % 3 == 0 ? -50 : 0, s % 2 ? 100 : 10000);
    const double best = Brute(in);
    const SolveResult r = Run(in, s);
    CHECK(r.proof == Proof::kDynamicProgram && IsTour(r.order, n));
    CHECK(r.objective == best && Length(in, r.order) == best);
    in.budget[0] = 0;  // no DP: the symmetric form's search and branch and bound (2n <= 16 cities)
    const SolveResult f = Run(in, s);
    CHECK(IsTour(f.order, n) && f.objective == Length(in, f.order) && f.objective >= best);
    if (f.proof != Proof::kNone) CHECK(f.objective == best);
    else CHECK(f.has_bound && f.bound <= best);
  }
  int certified = 0;
  for (uint32_t s = 0; s < 6; ++s) {
    const int32_t n = 13 + static_cast<int32_t>(s % 3);
    Instance in = Directed(n, 2000 + s, 0, s % 2 ? 1 : -200, 1000);
    Instance exact = in;
    exact.budget = Budget(1);  // dpMaxN 16
    const SolveResult e = Run(exact, s);
    CHECK(e.proof == Proof::kDynamicProgram);
    const SolveResult h = Run(in, s);
    CHECK(IsTour(h.order, n) && h.objective == Length(in, h.order) && h.objective >= e.objective);
    if (h.proof != Proof::kNone) {
      CHECK(h.objective == e.objective);
      ++certified;
    } else {
      CHECK(h.has_bound && h.bound <= e.objective);
    }
  }
  // A cancel before the solve: from 12 cities (the DP checks the clock) the 2n form's first tour and
  // first 1-tree: a directed tour with a bound at most the optimum.
  for (uint32_t s = 0; s < 4; ++s) {
    const int32_t n = 12 + static_cast<int32_t>(s);
    Instance in = Directed(n, 3000 + s, 2, -100, 1000);
    Instance exact = in;
    const SolveResult e = Run(exact, s);
    CHECK(e.proof == Proof::kDynamicProgram);
    int32_t cancel = 1;
    const SolveResult c = Run(in, s, Limits(&cancel, svc::core::Clock::now(), 0));
    CHECK(IsTour(c.order, n) && c.objective == Length(in, c.order) && c.objective >= e.objective);
    CHECK(c.proof == Proof::kNone && c.has_bound && c.bound <= e.objective);
  }
  const Instance big = Directed(150, 77, 0, -100, 1000);
  const SolveResult r = Run(big, 5);
  CHECK(IsTour(r.order, 150) && r.objective == Length(big, r.order));
  CHECK(r.proof != Proof::kNone || (r.has_bound && r.bound <= r.objective));
  std::printf("tsp asymmetric: %d of 6 certified past the flash DP; 150 cities %.0f (bound %.0f)\n", certified, r.objective, r.bound);
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
// The closed tree's record (branch.h) after π in r.values: one complete pre-order tree whose splits
// are edges u·n + v not fixed twice on a path, leaves infeasible or n penalties. Returns its leaves.
int CheckTreeRecord(const SolveResult& r, int32_t n) {
  const double len = r.Extra("tree");
  CHECK(len >= 0 && len <= static_cast<double>(r.values.size()));
  const size_t at0 = r.values.size() - static_cast<size_t>(len);
  CHECK(at0 == 0 || at0 == static_cast<size_t>(n));
  std::vector<std::vector<int64_t>> stack{{}};
  int leaves = 0;
  size_t k = at0;
  while (k < r.values.size()) {
    CHECK(!stack.empty());
    if (stack.empty()) return -1;
    std::vector<int64_t> path = std::move(stack.back());
    stack.pop_back();
    const double code = r.values[k++];
    if (code >= 0) {
      const int64_t e = static_cast<int64_t>(code);
      const int64_t u = e / n, v = e % n;
      CHECK(static_cast<double>(e) == code && u != v && u < n);
      const int64_t key = std::min(u, v) * n + std::max(u, v);
      CHECK(std::find(path.begin(), path.end(), key) == path.end());
      path.push_back(key);
      stack.push_back(path);
      stack.push_back(path);
      continue;
    }
    ++leaves;
    CHECK(code == svc::core::kTspTreeInfeasible || code == svc::core::kTspTreeLeaf);
    if (code == svc::core::kTspTreeLeaf) k += static_cast<size_t>(n);
  }
  CHECK(k == r.values.size() && stack.empty());
  return leaves;
}

void TestBranchAgainstExact() {
  int below_root = 0;
  int recorded = 0;
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
    if (r.Extra("tree") > 0 && CheckTreeRecord(r, n) > 1) ++recorded;
  }
  std::printf("tsp branch and bound: %d of 90 below the root, %d recorded trees of more than one leaf\n", below_root, recorded);
  CHECK(recorded >= 10);
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
  bad.matrix[1] += 1;  // asymmetric: solved (TestAsymmetric)
  CHECK(svc::core::Solve("tsp", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  // One-way entries whose 2n-city form would leave exact doubles (contracts refuses them first).
  bad = Directed(20, 1, 0, 0, 1);
  bad.matrix[1] = 4e15;
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

// The weight of the minimum 1-tree of the costs d + pi (city 0 special) that contains the edge
// (a, b) (a < 0: no forced edge), by Prim's rule with the forced edge first.
double OneTree(int32_t n, const svc::core::TspDistance& d, const std::vector<double>& pi, int32_t a, int32_t b) {
  const auto c = [&](int32_t i, int32_t j) { return d(i, j) + pi[i] + pi[j]; };
  if (a > b) std::swap(a, b);
  double w = 0;
  // City 0: its two cheapest edges, or the forced one and the cheapest other.
  double m1 = 1e300, m2 = 1e300;
  for (int32_t j = 1; j < n; ++j) {
    if (a == 0 && j == b) continue;
    const double cj = c(0, j);
    if (cj < m1) m2 = m1, m1 = cj;
    else if (cj < m2) m2 = cj;
  }
  w += a == 0 ? c(0, b) + m1 : m1 + m2;
  std::vector<double> key(n, 1e300);
  std::vector<uint8_t> in(n, 0);
  int32_t count = 0;
  if (a > 0) {
    in[a] = in[b] = 1;
    w += c(a, b);
    count = 2;
  } else {
    in[1] = 1;
    count = 1;
  }
  while (count < n - 1) {
    int32_t next = -1;
    double best = 1e300;
    for (int32_t j = 1; j < n; ++j) {
      if (in[j]) continue;
      for (int32_t i = 1; i < n; ++i) {
        if (in[i] && c(i, j) < best) best = c(i, j), next = j;
      }
    }
    in[next] = 1;
    w += best;
    ++count;
  }
  return w;
}

// The k cities AlphaCandidates keeps for each city have α (the forced 1-tree's excess, recomputed
// from scratch) at most that of every city it leaves out; with zero and with random penalties.
void TestAlphaCandidates() {
  for (uint32_t s = 0; s < 6; ++s) {
    const int32_t n = 12 + static_cast<int32_t>(s) * 5;
    const Instance in = s % 3 == 2 ? Matrix(n, 40 + s, 0, 1, 60) : Points(n, 40 + s, 0);
    const TspProblem p = in.View();
    const svc::core::TspDistance d(p);
    std::vector<double> pi(n, 0.0);
    Prng rng(s);
    if (s % 2) for (double& x : pi) x = static_cast<double>(rng.NextInt(21)) - 10;
    const int32_t k = 5;
    svc::core::Stop stop = svc::core::Stop::kNone;
    const std::vector<int32_t> cand = svc::core::AlphaCandidates(n, d, pi, k, Limits(), &stop);
    CHECK(cand.size() == static_cast<size_t>(n) * k);
    const double base = OneTree(n, d, pi, -1, -1);
    for (int32_t i = 0; i < n; ++i) {
      std::vector<double> alpha(n);
      for (int32_t j = 0; j < n; ++j) alpha[j] = j == i ? 1e300 : OneTree(n, d, pi, i, j) - base;
      double kept = -1e300, left = 1e300;
      std::vector<uint8_t> in_list(n, 0);
      for (int32_t q = 0; q < k; ++q) {
        const int32_t j = cand[static_cast<size_t>(i) * k + q];
        CHECK(j != i && !in_list[j]);
        in_list[j] = 1;
        kept = std::max(kept, alpha[j]);
        CHECK(alpha[j] >= -1e-9);
        if (q > 0) CHECK(d(i, cand[static_cast<size_t>(i) * k + q - 1]) <= d(i, j));  // sorted by distance
      }
      for (int32_t j = 0; j < n; ++j) {
        if (j != i && !in_list[j]) left = std::min(left, alpha[j]);
      }
      CHECK(kept <= left + 1e-9);
    }
  }
}

double TourLength(const svc::core::TspDistance& d, const std::vector<int32_t>& t) {
  double len = 0;
  for (size_t k = 0; k < t.size(); ++k) len += d(t[k], t[(k + 1) % t.size()]);
  return len;
}

// Lin–Kernighan (with its or3opt first step) shortens tours that 2-opt and Or-opt cannot: on 12-city
// instances whose 2-opt/Or-opt local optimum (from the identity tour, complete candidate lists)
// is above the optimum, and on 200-city ones; every tour stays a permutation whose length is
// the one kept. The kicks (random-walk double bridges, undone when longer) keep both true too.
// Every city's k nearest other cities, nearest first (ties by index), row-major.
std::vector<int32_t> Nearest(const svc::core::TspDistance& d, int32_t n, int32_t k) {
  std::vector<int32_t> cand;
  for (int32_t i = 0; i < n; ++i) {
    std::vector<int32_t> row;
    for (int32_t j = 0; j < n; ++j) if (j != i) row.push_back(j);
    std::stable_sort(row.begin(), row.end(), [&](int32_t a, int32_t b) { return d(i, a) < d(i, b); });
    cand.insert(cand.end(), row.begin(), row.begin() + k);
  }
  return cand;
}

void TestLinKernighan() {
  int stuck = 0, improved = 0;
  for (uint32_t s = 0; s < 60; ++s) {
    const int32_t n = 12;
    Instance in = s % 2 ? Points(n, 900 + s, 2) : Matrix(n, 900 + s, 2, 1, 100);
    const svc::core::TspDistance d(in.View());
    const std::vector<int32_t> cand = Nearest(d, n, n - 1);  // every other city, by distance
    std::vector<int32_t> start(n);
    std::iota(start.begin(), start.end(), 0);
    svc::core::TspTour tour(n, d, &cand, n - 1, start);
    svc::core::Work work;
    svc::core::Stop stop = svc::core::Stop::kNone;
    tour.QueueAll();
    tour.LocalSearch(Limits(), work, &stop);
    const double two_opt = tour.length;
    CHECK(two_opt == TourLength(d, tour.tour()));
    const double opt = Run(in, s).objective;  // the DP (high: up to 20 cities)
    if (two_opt == opt) continue;
    ++stuck;
    tour.SetLinKernighan(30);
    tour.QueueAll();
    tour.LocalSearch(Limits(), work, &stop);
    CHECK(svc::test::IsPermutation(tour.tour(), n));
    CHECK(tour.length == TourLength(d, tour.tour()));
    CHECK(tour.length >= opt && tour.length <= two_opt);
    if (tour.length < two_opt) ++improved;
  }
  std::printf("tsp lin-kernighan: %d of %d 2-opt/Or-opt optima (12 cities) shortened\n", improved, stuck);
  CHECK(stuck >= 5 && improved * 2 >= stuck);
  for (uint32_t s = 0; s < 4; ++s) {
    const int32_t n = 200;
    const Instance in = Points(n, 950 + s, 2);
    const svc::core::TspDistance d(in.View());
    const int32_t k = 10;
    const std::vector<int32_t> cand = Nearest(d, n, k);
    std::vector<int32_t> start(n);
    std::iota(start.begin(), start.end(), 0);
    svc::core::TspTour tour(n, d, &cand, k, start);
    svc::core::Work work;
    svc::core::Stop stop = svc::core::Stop::kNone;
    tour.QueueAll();
    tour.LocalSearch(Limits(), work, &stop);
    const double two_opt = tour.length;
    tour.SetLinKernighan(30);
    tour.QueueAll();
    tour.LocalSearch(Limits(), work, &stop);
    tour.log.clear();
    CHECK(tour.length < two_opt);
    CHECK(svc::test::IsPermutation(tour.tour(), n) && tour.length == TourLength(d, tour.tour()));
    Prng rng(s);
    const double lk = tour.length;
    for (int r = 0; r < 300; ++r) {
      const double before = tour.length;
      if (!tour.WalkKick(rng)) tour.Kick(static_cast<int32_t>(rng.NextInt(n)), 1 + static_cast<int32_t>(rng.NextInt(20)), 1 + static_cast<int32_t>(rng.NextInt(20)));
      CHECK(tour.length == TourLength(d, tour.tour()));
      tour.LocalSearch(Limits(), work, &stop);
      CHECK(tour.length == TourLength(d, tour.tour()));
      if (tour.length <= before) {
        tour.log.clear();
      } else {
        tour.Undo();
        tour.length = before;
        CHECK(tour.length == TourLength(d, tour.tour()));
      }
    }
    CHECK(svc::test::IsPermutation(tour.tour(), n) && tour.length <= lk);
    std::printf("tsp lin-kernighan, 200 cities: 2-opt/Or-opt %.0f, LK %.0f, 300 kicks %.0f\n", two_opt, lk, tour.length);
  }
}

// Tour merging: a child is a tour of edges from its parents, of the length it reports, shorter than
// the first parent; two tours that each spoil a different region of one local optimum merge back
// into it; random and kicked pairs on points and matrices.
void TestMergeTours() {
  const auto edges_of = [](const std::vector<int32_t>& t) {
    std::vector<std::pair<int32_t, int32_t>> e;
    for (size_t k = 0; k < t.size(); ++k) e.emplace_back(std::min(t[k], t[(k + 1) % t.size()]), std::max(t[k], t[(k + 1) % t.size()]));
    std::sort(e.begin(), e.end());
    return e;
  };
  const auto check_child = [&](const std::vector<int32_t>& a, const std::vector<int32_t>& b, const svc::core::TspDistance& d) {
    double len = -1;
    const std::vector<int32_t> c = svc::core::MergeTours(a, b, d, &len);
    if (c.empty()) return TourLength(d, a);
    const int32_t n = static_cast<int32_t>(a.size());
    CHECK(svc::test::IsPermutation(c, n));
    CHECK(std::fabs(len - TourLength(d, c)) < 1e-6);
    CHECK(len < TourLength(d, a));
    const auto ea = edges_of(a), eb = edges_of(b);
    for (const auto& e : edges_of(c)) CHECK(std::binary_search(ea.begin(), ea.end(), e) || std::binary_search(eb.begin(), eb.end(), e));
    return len;
  };
  // Two spoiled regions of a 2-opt/Or-opt/LK local optimum.
  int merged = 0;
  for (uint32_t s = 0; s < 6; ++s) {
    const int32_t n = 200;
    const Instance in = Points(n, 700 + s, 2);
    const svc::core::TspDistance d(in.View());
    const int32_t k = 10;
    const std::vector<int32_t> cand = Nearest(d, n, k);
    std::vector<int32_t> start(n);
    std::iota(start.begin(), start.end(), 0);
    svc::core::TspTour tour(n, d, &cand, k, start);
    svc::core::Work work;
    svc::core::Stop stop = svc::core::Stop::kNone;
    tour.SetLinKernighan(30);
    tour.QueueAll();
    tour.LocalSearch(Limits(), work, &stop);
    const std::vector<int32_t> t = tour.tour();
    const double opt = TourLength(d, t);
    std::vector<int32_t> a = t, b = t;
    std::reverse(a.begin() + 10, a.begin() + 21);     // one region of a spoiled
    std::reverse(b.begin() + 100, b.begin() + 131);   // another of b
    std::swap(b[150], b[160]);                        // and a third, a swap (four edges)
    const double la = TourLength(d, a), lb = TourLength(d, b);
    CHECK(la > opt && lb > opt);
    const double ab = check_child(a, b, d), ba = check_child(b, a, d);
    CHECK(ab == opt && ba == opt);
    if (ab == opt) ++merged;
  }
  CHECK(merged == 6);
  // Random pairs (matrices and points, 8..60 cities) and kicked copies of one tour.
  Prng rng(77);
  int shorter = 0;
  for (uint32_t s = 0; s < 300; ++s) {
    const int32_t n = 8 + static_cast<int32_t>(rng.NextInt(53));
    const Instance in = s % 2 ? Points(n, 3000 + s, 1) : Matrix(n, 3000 + s, 1, 1, 100);
    const svc::core::TspDistance d(in.View());
    std::vector<int32_t> a(n), b;
    std::iota(a.begin(), a.end(), 0);
    for (int32_t i = n - 1; i > 0; --i) std::swap(a[i], a[rng.NextInt(static_cast<uint32_t>(i + 1))]);
    b = a;
    if (s % 3 == 0) {
      for (int32_t i = n - 1; i > 0; --i) std::swap(b[i], b[rng.NextInt(static_cast<uint32_t>(i + 1))]);
    } else {
      for (int r = 1 + static_cast<int>(rng.NextInt(4)); r > 0; --r) {
        const int32_t i = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n - 3)));
        const int32_t j = i + 2 + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n - i - 2)));
        std::reverse(b.begin() + i, b.begin() + j);
      }
    }
    if (check_child(a, b, d) < TourLength(d, a)) ++shorter;
    check_child(b, a, d);
  }
  std::printf("tsp merge: %d of 300 random pairs gave a shorter child\n", shorter);
  CHECK(shorter >= 30);
}

}  // namespace

int main() {
  TestMergeTours();
  TestAlphaCandidates();
  TestLinKernighan();
  TestDpMatchesBruteForce();
  TestSearchAgainstDp();
  TestAsymmetric();
  TestBranchAgainstExact();
  TestDistances();
  TestLargeAndLimits();
  TestLimitsKeepTheBound();
  TestValidation();
  return svc::test::Finish("tsp_test");
}

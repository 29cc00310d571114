// cover: the reductions, the Lagrangian search and branch and bound against brute force, a valid
// bound on larger instances, limits and validation.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "common/lp.h"
#include "common/prng.h"
#include "common/registry.h"
#include "cover/local_search.h"
#include "cover/problem.h"
#include "cover/solve.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::CoverProblem;
using svc::core::Limits;
using svc::core::Prng;
using svc::core::Proof;
using svc::core::ResultStatus;
using svc::core::SolveOptions;
using svc::core::SolveResult;

struct Instance {
  int32_t n = 0, universe = 0;
  std::vector<int32_t> start, elems;
  std::vector<double> cost, budget;

  CoverProblem View() const {
    CoverProblem p;
    p.n = n;
    p.cover = {universe, start, elems, cost, budget};
    return p;
  }
};

// families/cover/budget.ts: rootIters, passes, bnbNodes, nodeIters, work, lsEarlySteps, lsSteps.
std::vector<double> Budget(int effort) {
  static const double kLevels[3][7] = {{300, 2, 2000, 30, 3e8, 2000, 0},
                                       {2000, 6, 50000, 40, 5e9, 20000, 100000},
                                       {10000, 20, 1000000, 50, 1e11, 100000, 10000000}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 7);
}

Instance Random(int32_t universe, int32_t n, double density, uint32_t seed, int effort) {
  Instance in;
  in.n = n;
  in.universe = universe;
  in.budget = Budget(effort);
  Prng rng(seed);
  std::vector<std::vector<int32_t>> sets(n);
  for (int32_t e = 0; e < universe; ++e) {
    bool any = false;
    for (int32_t j = 0; j < n; ++j) {
      if (rng.NextFloat() < density) {
        sets[j].push_back(e);
        any = true;
      }
    }
    if (!any) sets[rng.NextInt(static_cast<uint32_t>(n))].push_back(e);
  }
  in.start.push_back(0);
  for (auto& s : sets) {
    std::sort(s.begin(), s.end());
    in.elems.insert(in.elems.end(), s.begin(), s.end());
    in.start.push_back(static_cast<int32_t>(in.elems.size()));
    const uint32_t kind = seed % 3;
    in.cost.push_back(kind == 0 ? 1.0 : kind == 1 ? 1.0 + rng.NextInt(20) : static_cast<double>(rng.NextInt(12)) - 2);
  }
  return in;
}

// Vertex cover as set cover (element = edge, set = vertex: each element in exactly two sets), whose
// LP relaxation has half-integral vertices: the instances that need an LP tree. Costs by seed % 3
// as in Random (unit, 1-20, or -2..9).
Instance EdgeCover(int32_t vertices, double density, uint32_t seed) {
  Instance in;
  in.n = vertices;
  in.budget = Budget(0);
  Prng rng(seed);
  std::vector<std::vector<int32_t>> sets(vertices);
  for (int32_t a = 0; a < vertices; ++a) {
    for (int32_t b = a + 1; b < vertices; ++b) {
      if (rng.NextFloat() >= density) continue;
      sets[a].push_back(in.universe);
      sets[b].push_back(in.universe);
      ++in.universe;
    }
  }
  if (in.universe == 0) {
    sets[0].push_back(0);
    in.universe = 1;
  }
  in.start.push_back(0);
  for (auto& x : sets) {
    in.elems.insert(in.elems.end(), x.begin(), x.end());
    in.start.push_back(static_cast<int32_t>(in.elems.size()));
    const uint32_t kind = seed % 3;
    in.cost.push_back(kind == 0 ? 1.0 : kind == 1 ? 1.0 + rng.NextInt(20) : static_cast<double>(rng.NextInt(12)) - 2);
  }
  return in;
}

double Brute(const Instance& in) {
  double best = 1e300;
  std::vector<uint8_t> x(in.n);
  for (uint32_t mask = 0; mask < (1u << in.n); ++mask) {
    for (int32_t j = 0; j < in.n; ++j) x[j] = (mask >> j) & 1;
    const double c = svc::core::CoverCost(in.View().cover, in.n, x);
    if (!std::isnan(c)) best = std::min(best, c);
  }
  return best;
}

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("cover", in.View(), seed, limits);
}

void TestMatchesBruteForce() {
  for (uint32_t s = 0; s < 120; ++s) {
    const Instance in = Random(3 + static_cast<int32_t>(s % 15), 2 + static_cast<int32_t>(s % 12), 0.15 + (s % 5) * 0.08, s, static_cast<int>(s % 3));
    const SolveResult r = Run(in, s);
    CHECK(r.proof != Proof::kNone);
    CHECK(r.answer.size() == static_cast<size_t>(in.n) && r.order.empty());
    CHECK_NEAR(r.objective, Brute(in), 1e-9 * (1 + std::fabs(r.objective)));
    CHECK(r.objective == svc::core::CoverCost(in.View().cover, in.n, r.answer));
  }
}

// The local search alone (local-search.ts's test): from every set chosen, a valid cover no dearer
// than the start with its cost reported exactly, at the brute-force optimum on most small instances.
void TestLocalSearch() {
  int at_optimum = 0;
  for (uint32_t s = 0; s < 60; ++s) {
    const Instance in = Random(6 + static_cast<int32_t>(s % 12), 4 + static_cast<int32_t>(s % 11), 0.25, 900 + s, 0);
    const svc::core::CoverView c = in.View().cover;
    std::vector<int32_t> estart(c.universe + 1, 0);
    for (int32_t e : c.elems) ++estart[e + 1];
    for (int32_t e = 0; e < c.universe; ++e) estart[e + 1] += estart[e];
    std::vector<int32_t> fill(estart.begin(), estart.end() - 1), esets(c.elems.size());
    for (int32_t j = 0; j < in.n; ++j) {
      for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) esets[fill[c.elems[k]]++] = j;
    }
    std::vector<int8_t> fixed(in.n);
    for (int32_t j = 0; j < in.n; ++j) fixed[j] = c.cost[j] <= 0 ? 1 : 0;
    const std::vector<uint8_t> start(in.n, 1);
    const double start_cost = svc::core::CoverCost(c, in.n, start);
    Prng rng(s);
    svc::core::Stop stop = svc::core::Stop::kNone;
    const auto r = svc::core::CoverLocalSearch(c, in.n, estart, esets, fixed, start, start_cost, 5000,
                                               -std::numeric_limits<double>::infinity(), 1e-9, rng, Limits(), &stop);
    CHECK(r.best_cost <= start_cost);
    CHECK_NEAR(svc::core::CoverCost(c, in.n, r.best), r.best_cost, 1e-9 * (1 + std::fabs(r.best_cost)));
    const double opt = Brute(in);
    CHECK(r.best_cost >= opt - 1e-9);
    if (std::fabs(r.best_cost - opt) <= 1e-9 * (1 + std::fabs(opt))) ++at_optimum;
  }
  CHECK(at_optimum >= 54);
}

void TestLargeAndLimits() {
  const Instance in = Random(150, 500, 0.03, 7, 0);
  const SolveResult r = Run(in, 1);
  CHECK(!std::isnan(svc::core::CoverCost(in.View().cover, in.n, r.answer)));
  CHECK(r.proof != Proof::kNone || (r.has_bound && r.bound <= r.objective));
  int32_t cancel = 1;
  const SolveResult c = Run(Random(150, 500, 0.03, 8, 2), 0, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(c.proof == Proof::kNone && c.status == ResultStatus::kCancelled);
  CHECK(!std::isnan(c.objective));
}

// A cancel flag already set, or a deadline already past, before the solve starts (deterministic):
// an answer the reductions decide is certified without a bound; any other is heuristic and still
// carries the first bound, at most the brute-force optimum (docs/cover.md).
void TestLimitsKeepTheBound() {
  int heuristic = 0;
  for (uint32_t s = 0; s < 120; ++s) {
    const Instance in = Random(4 + static_cast<int32_t>(s % 14), 3 + static_cast<int32_t>(s % 11), 0.2 + (s % 4) * 0.08, 400 + s, static_cast<int>(s % 3));
    int32_t cancel = 1;
    const SolveResult c = Run(in, s, s % 2 ? Limits(&cancel, svc::core::Clock::now(), 0)
                                           : Limits(nullptr, svc::core::Clock::now() - std::chrono::seconds(1), 1));
    const double opt = Brute(in);
    CHECK(c.objective == svc::core::CoverCost(in.View().cover, in.n, c.answer));
    if (c.proof != Proof::kNone) {
      CHECK(c.status == ResultStatus::kOptimal && !c.has_bound);
      CHECK_NEAR(c.objective, opt, 1e-9 * (1 + std::fabs(opt)));
      continue;
    }
    ++heuristic;
    CHECK(c.status == (s % 2 ? ResultStatus::kCancelled : ResultStatus::kDeadline));
    CHECK(c.has_bound && std::isfinite(c.bound) && c.bound <= c.objective);
    CHECK(c.bound <= opt + 1e-9 * (1 + std::fabs(opt)));
  }
  CHECK(heuristic >= 60);
  // Larger: the bound under a cancel is at most the one of a run without limits (the root bound keeps the larger).
  for (uint32_t s = 0; s < 4; ++s) {
    const Instance in = Random(120, 400, 0.04, 60 + s, 0);
    int32_t cancel = 1;
    const SolveResult c = Run(in, s, Limits(&cancel, svc::core::Clock::now(), 0));
    const SolveResult r = Run(in, s);
    CHECK(c.proof == Proof::kNone && c.has_bound && c.bound <= c.objective);
    CHECK(r.proof != Proof::kNone || (r.has_bound && r.bound >= c.bound));
    if (r.proof != Proof::kNone) CHECK(c.bound <= r.objective + 1e-9 * (1 + std::fabs(r.objective)));
  }
}

// The LP path alone (with CLP; without it the same checks hold for the Lagrangian tree, whose nodes
// get 30 subgradient steps, a budget field the LP tree does not use): no local search, no root
// subgradient, no refinement, so every instance the reductions and the first bound leave open goes
// to the LP root and its tree. Certified answers equal the brute-force optimum; with the
// tree cut to its root (one node), a heuristic answer's bound is at most that optimum. Integral,
// real, zero and negative costs (random Instance kinds), 2-16 sets.
void TestLpPathMatchesBruteForce() {
  int certified = 0, bounded = 0, treed = 0;
  for (uint32_t s = 0; s < 300; ++s) {
    Instance in = s % 2 ? Random(8 + static_cast<int32_t>(s % 17), 6 + static_cast<int32_t>(s % 9), 0.2 + (s % 5) * 0.05, 5000 + s, 0)
                        : EdgeCover(6 + static_cast<int32_t>(s % 11), 0.3 + (s % 3) * 0.1, 5000 + s);
    in.budget = {0, 0, 1000000, 30, 1e11, 0, 0};
    const double opt = Brute(in);
    const SolveResult r = Run(in, s);
    CHECK(r.proof != Proof::kNone);
    CHECK_NEAR(r.objective, opt, 1e-9 * (1 + std::fabs(opt)));
    CHECK(r.objective == svc::core::CoverCost(in.View().cover, in.n, r.answer));
    ++certified;
    if (r.work.nodes > 1) ++treed;
    in.budget = {0, 0, 1, 30, 1e11, 0, 0};
    const SolveResult one = Run(in, s);
    CHECK(one.objective == svc::core::CoverCost(in.View().cover, in.n, one.answer));
    CHECK(one.objective >= opt - 1e-9 * (1 + std::fabs(opt)));
    if (one.proof != Proof::kNone) {
      CHECK_NEAR(one.objective, opt, 1e-9 * (1 + std::fabs(opt)));
    } else {
      ++bounded;
      CHECK(one.has_bound && one.bound <= opt + 1e-9 * (1 + std::fabs(opt)));
    }
  }
  std::printf("lp path: %d trees, %d root-only bounds\n", treed, bounded);
  CHECK(certified == 300);
  if (svc::core::lp::Available()) {
    CHECK(treed >= 1);  // the unions below are where the tree is exercised
    CHECK(bounded >= 1);
  }
}

// Disjoint unions of 4-9 small random components (cliques, EdgeCover or Random, up to 13 sets each), sets and
// elements shuffled together: the optimum is the sum of the components' brute-force optima, on
// instances of 25-100 sets whose LP gaps add up, so the LP tree has to branch.
void TestLpTreeOnUnions() {
  int treed = 0;
  for (uint32_t s = 0; s < 40; ++s) {
    Prng rng(9000 + s);
    const int parts = 4 + static_cast<int>(s % 6);
    std::vector<std::vector<int32_t>> sets;
    std::vector<double> cost;
    int32_t universe = 0;
    double opt = 0;
    for (int q = 0; q < parts; ++q) {
      const uint32_t seed = 9100 + s * 8 + static_cast<uint32_t>(q);
      // Cliques (EdgeCover at density 1: LP ½ everywhere, optimum all but one vertex) make the gaps.
      Instance part = q % 3 == 0   ? EdgeCover(4 + static_cast<int32_t>(rng.NextInt(3)), 1.0, seed)
                      : q % 3 == 1 ? EdgeCover(5 + static_cast<int32_t>(rng.NextInt(6)), 0.4 + 0.1 * rng.NextInt(3), seed)
                                   : Random(8 + static_cast<int32_t>(rng.NextInt(10)), 8 + static_cast<int32_t>(rng.NextInt(6)), 0.2, seed, 0);
      opt += Brute(part);
      for (int32_t j = 0; j < part.n; ++j) {
        std::vector<int32_t> x;
        for (int32_t k = part.start[j]; k < part.start[j + 1]; ++k) x.push_back(universe + part.elems[k]);
        sets.push_back(x);
        cost.push_back(part.cost[j]);
      }
      universe += part.universe;
    }
    const int32_t n = static_cast<int32_t>(sets.size());
    std::vector<int32_t> perm(n), relabel(universe);
    for (int32_t j = 0; j < n; ++j) perm[j] = j;
    for (int32_t e = 0; e < universe; ++e) relabel[e] = e;
    for (int32_t j = n - 1; j > 0; --j) std::swap(perm[j], perm[rng.NextInt(static_cast<uint32_t>(j + 1))]);
    for (int32_t e = universe - 1; e > 0; --e) std::swap(relabel[e], relabel[rng.NextInt(static_cast<uint32_t>(e + 1))]);
    Instance in;
    in.n = n;
    in.universe = universe;
    in.budget = {0, 0, 1000000, 30, 1e11, 0, 0};
    in.start.push_back(0);
    for (int32_t j = 0; j < n; ++j) {
      std::vector<int32_t> x;
      for (int32_t e : sets[perm[j]]) x.push_back(relabel[e]);
      std::sort(x.begin(), x.end());
      in.elems.insert(in.elems.end(), x.begin(), x.end());
      in.start.push_back(static_cast<int32_t>(in.elems.size()));
      in.cost.push_back(cost[perm[j]]);
    }
    const SolveResult r = Run(in, s);
    CHECK(r.proof != Proof::kNone);
    CHECK_NEAR(r.objective, opt, 1e-9 * (1 + std::fabs(opt)));
    CHECK(r.objective == svc::core::CoverCost(in.View().cover, in.n, r.answer));
    if (r.work.nodes > 1) ++treed;
    // The full pipeline at medium certifies the same optimum or answers with a bound at most it.
    in.budget = Budget(1);
    const SolveResult full = Run(in, s);
    CHECK(full.objective >= opt - 1e-9 * (1 + std::fabs(opt)));
    if (full.proof != Proof::kNone) CHECK_NEAR(full.objective, opt, 1e-9 * (1 + std::fabs(opt)));
    else CHECK(full.has_bound && full.bound <= opt + 1e-9 * (1 + std::fabs(opt)));
  }
  std::printf("lp tree on unions: %d of 40 branched\n", treed);
  if (svc::core::lp::Available()) CHECK(treed >= 10);
}

// Copies of a gadget whose optimum uses a set of positive LP reduced cost: elements {0,1,2}, sets
// {0,1}, {1,2}, {0,2} of cost a and {0,1,2} of cost b with 1.5a < b < 2a. The LP takes ½ of each pair
// (1.5a, duals a/2), so the big set has reduced cost b − 1.5a > 0, yet the optimum is b per copy
// (two pairs cost 2a) and the greedy takes two pairs: a reduced-cost fixing that fixed the big sets
// out would certify 2a per copy. Shuffled; optimum Σ b.
void TestReducedCostFixingKeepsTheOptimum() {
  for (uint32_t s = 0; s < 30; ++s) {
    Prng rng(12000 + s);
    const int copies = 1 + static_cast<int>(s % 6);
    std::vector<std::vector<int32_t>> sets;
    std::vector<double> cost;
    double opt = 0;
    for (int q = 0; q < copies; ++q) {
      const double a = 2 + rng.NextInt(20);
      const double b = s % 2 ? std::floor(1.5 * a) + 1 : 1.5 * a + 0.1 + 0.3 * rng.NextFloat() * a;
      const int32_t e = 3 * q;
      sets.push_back({e, e + 1});
      sets.push_back({e + 1, e + 2});
      sets.push_back({e, e + 2});
      sets.push_back({e, e + 1, e + 2});
      for (int k = 0; k < 3; ++k) cost.push_back(a);
      cost.push_back(b);
      opt += b;
    }
    const int32_t n = static_cast<int32_t>(sets.size());
    std::vector<int32_t> perm(n);
    for (int32_t j = 0; j < n; ++j) perm[j] = j;
    for (int32_t j = n - 1; j > 0; --j) std::swap(perm[j], perm[rng.NextInt(static_cast<uint32_t>(j + 1))]);
    Instance in;
    in.n = n;
    in.universe = 3 * copies;
    in.start.push_back(0);
    for (int32_t j = 0; j < n; ++j) {
      in.elems.insert(in.elems.end(), sets[perm[j]].begin(), sets[perm[j]].end());
      in.start.push_back(static_cast<int32_t>(in.elems.size()));
      in.cost.push_back(cost[perm[j]]);
    }
    for (const std::vector<double>& budget : {std::vector<double>{0, 0, 1000000, 30, 1e11, 0, 0}, Budget(s % 3)}) {
      in.budget = budget;
      const SolveResult r = Run(in, s);
      CHECK(r.objective == svc::core::CoverCost(in.View().cover, in.n, r.answer));
      CHECK(r.objective >= opt - 1e-9 * (1 + opt));
      if (r.proof != Proof::kNone) CHECK_NEAR(r.objective, opt, 1e-9 * (1 + opt));
      else CHECK(r.has_bound && r.bound <= opt + 1e-9 * (1 + opt));
      if (budget[0] == 0) CHECK(r.proof != Proof::kNone);
    }
  }
}

// Larger instances (40-60 sets, beyond brute force): the LP path's certified value equals the one
// of the full pipeline at every effort (the same optimum, reached by different trees), and a root-only
// run's bound never exceeds it.
void TestLpPathAgreesWithPipeline() {
  for (uint32_t s = 0; s < 12; ++s) {
    Instance in = Random(30 + static_cast<int32_t>(s % 4) * 10, 40 + static_cast<int32_t>(s % 3) * 10, 0.08, 7000 + s, 2);
    const SolveResult full = Run(in, s);
    in.budget = {0, 0, 1000000, 30, 1e11, 0, 0};
    const SolveResult lp = Run(in, s);
    CHECK(lp.proof != Proof::kNone);
    if (full.proof != Proof::kNone) CHECK_NEAR(lp.objective, full.objective, 1e-9 * (1 + std::fabs(full.objective)));
    CHECK(lp.objective <= full.objective + 1e-9 * (1 + std::fabs(full.objective)));
    in.budget = {0, 0, 1, 30, 1e11, 0, 0};
    const SolveResult one = Run(in, s);
    CHECK(one.proof != Proof::kNone || (one.has_bound && one.bound <= lp.objective + 1e-9 * (1 + std::fabs(lp.objective))));
  }
}

void TestValidation() {
  std::string error;
  SolveResult out;
  const Instance in = Random(6, 4, 0.4, 1, 0);
  Instance bad = in;
  bad.universe += 1;  // an element in no set
  CHECK(svc::core::Solve("cover", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.cost[0] = std::nan("");
  CHECK(svc::core::Solve("cover", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.start[1] = 99;
  CHECK(svc::core::Solve("cover", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.budget.pop_back();
  CHECK(svc::core::Solve("cover", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

}  // namespace

int main() {
  TestMatchesBruteForce();
  TestLocalSearch();
  TestLargeAndLimits();
  TestLimitsKeepTheBound();
  TestLpPathMatchesBruteForce();
  TestLpPathAgreesWithPipeline();
  TestLpTreeOnUnions();
  TestReducedCostFixingKeepsTheOptimum();
  TestValidation();
  return svc::test::Finish("cover_test");
}

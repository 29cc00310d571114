// rank: certified orders against brute force over every permutation (n <= 8), branch and bound
// against the subset DP (n 13..18), a bound on heuristic answers, deadlines, and validation.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "common/lp.h"
#include "rank/ordering_lp.h"
#include "rank/packing.h"
#include "rank/problem.h"
#include "rank/solve.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"

namespace {

using svc::core::Prng;
using svc::core::RankProblem;

// A request: n items, the vote matrix and the engine-ts budget of an effort (budget.ts).
struct Instance {
  int32_t n = 0;
  std::vector<double> wins;
  std::vector<double> budget;

  RankProblem View() const {
    RankProblem p;
    p.n = n;
    p.rank.wins = wins;
    p.rank.budget = budget;
    return p;
  }
};

std::vector<double> Budget(int effort) {
  // flash, medium, high of families/rank/budget.ts: dpMaxN, bnbMaxN, bnbNodes, restarts, memo,
  // lpMaxN, lpNodes, lpPivots.
  static const double kLevels[3][8] = {{14, 64, 200000, 8, 1 << 16, 80, 5, 3000},
                                       {18, 96, 2000000, 32, 1 << 18, 100, 200, 15000},
                                       {22, 128, 20000000, 128, 1 << 20, 200, 20000, 150000}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 8);
}

// votes random pairs, the lower index winning with probability 1 - noise.
Instance Random(int32_t n, int votes, double noise, uint32_t seed, int effort) {
  Instance in;
  in.n = n;
  in.wins.assign(static_cast<size_t>(n) * n, 0.0);
  in.budget = Budget(effort);
  Prng rng(seed);
  if (n < 2) return in;
  for (int t = 0; t < votes; ++t) {
    const int32_t a = static_cast<int32_t>(rng.NextInt(n));
    int32_t b = static_cast<int32_t>(rng.NextInt(n - 1));
    if (b >= a) ++b;
    int32_t w = std::min(a, b), l = std::max(a, b);
    if (rng.NextFloat() < noise) std::swap(w, l);
    in.wins[static_cast<size_t>(w) * n + l] += 1;
  }
  return in;
}

double Brute(const Instance& in) {
  std::vector<int32_t> perm(in.n);
  std::iota(perm.begin(), perm.end(), 0);
  double best = 1e300;
  do {
    best = std::min(best, svc::core::RankDisagreements(in.wins, in.n, perm));
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("rank", in.View(), seed, limits);
}

void TestMatchesBruteForce() {
  for (uint32_t s = 0; s < 300; ++s) {
    const int32_t n = 1 + static_cast<int32_t>(s % 8);
    const Instance in = Random(n, s % 5 == 0 ? 0 : 3 * n + static_cast<int>(s % 11), 0.3 + (s % 4) * 0.1, s, static_cast<int>(s % 3));
    const SolveResult r = Run(in, s);
    CHECK(r.proof != Proof::kNone);
    CHECK(svc::test::IsPermutation(r.order, n));
    CHECK(r.answer.empty());
    CHECK(r.objective == Brute(in));
    CHECK(r.objective == svc::core::RankDisagreements(in.wins, n, r.order));
  }
}

void TestBranchAndBoundAgreesWithDp() {
  // One majority component of 13..18 items: search, then branch and bound (flash), against the
  // subset DP at high (it runs when branch and bound is given no nodes: bnbNodes 0).
  for (uint32_t s = 0; s < 12; ++s) {
    const int32_t n = 13 + static_cast<int32_t>(s % 6);
    Instance in = Random(n, 40 * n, 0.45, 1000 + s, 0);
    const SolveResult bnb = Run(in, s);
    Instance dp_only = in;
    dp_only.budget = Budget(2);
    dp_only.budget[2] = 0;  // no branch-and-bound nodes: the DP proves it
    dp_only.budget[5] = 0;  // nor the LP
    const SolveResult dp = Run(dp_only, s);
    CHECK(dp.proof == Proof::kDynamicProgram);
    CHECK(bnb.objective >= dp.objective);
    if (bnb.proof != Proof::kNone) CHECK(bnb.objective == dp.objective);
    else CHECK(bnb.has_bound && bnb.bound <= dp.objective);
  }
}

// The exact weak-duality bound is a lower bound for ANY multipliers (random rows, random signs
// and sizes, random pair fixings that a brute-force order respects), and the ordering LP's
// branch and bound (with CLP) meets the brute-force optimum; with one node its bound is below it.
void TestLpBoundsAgainstBruteForce() {
  for (uint32_t t = 0; t < 400; ++t) {
    const int32_t n = 3 + static_cast<int32_t>(t % 6);
    const Instance in = Random(n, 2 * n + static_cast<int>(t % 13) * n / 2, 0.3 + (t % 5) * 0.05, 9000 + t, 0);
    const double opt = Brute(in);
    Prng rng(t);
    std::vector<int64_t> triples;
    std::vector<double> y;
    for (int32_t i = 0; i < n; ++i) {
      for (int32_t j = i + 1; j < n; ++j) {
        for (int32_t k = j + 1; k < n; ++k) {
          if (rng.NextInt(2) == 0) continue;
          triples.push_back((static_cast<int64_t>(i) * n + j) * n + k);
          y.push_back((rng.NextFloat() - 0.5) * (t % 2 == 0 ? 4.0 : 1e-3 + 30.0 * rng.NextFloat()));
        }
      }
    }
    const int32_t pairs = n * (n - 1) / 2;
    std::vector<int8_t> lo(pairs, 0), hi(pairs, 1);
    CHECK(svc::core::OrderingLagrangianBound(in.wins, n, triples, y, lo, hi) <= opt);
    // Zero multipliers: exactly the pairwise minimum (rounded up; integral here).
    double pair_min = 0;
    for (int32_t i = 0; i < n; ++i) {
      for (int32_t j = i + 1; j < n; ++j) pair_min += std::min(in.wins[i * n + j], in.wins[j * n + i]);
    }
    CHECK(svc::core::OrderingLagrangianBound(in.wins, n, triples, std::vector<double>(y.size(), 0.0), lo, hi) == pair_min);
    if (!svc::core::lp::Available()) continue;
    CHECK(svc::core::OrderingLpUsable(in.wins, n));
    std::vector<int32_t> start(n);
    std::iota(start.begin(), start.end(), 0);
    const auto none = [](std::vector<int32_t>&) {};
    const svc::core::OrderingLpResult full = svc::core::SolveOrderingLp(in.wins, n, start, 1 << 20, 1 << 30, Limits(), none);
    CHECK(full.exact && full.cost == opt && full.bound == opt);
    CHECK(full.cost == svc::core::RankDisagreements(in.wins, n, full.order));
    CHECK(svc::test::IsPermutation(full.order, n));
    const svc::core::OrderingLpResult root = svc::core::SolveOrderingLp(in.wins, n, start, 1, 1 << 30, Limits(), none);
    CHECK(root.bound <= opt && root.cost >= opt);
    if (root.exact) CHECK(root.cost == opt);
  }
  if (svc::core::lp::Available()) {
    std::vector<double> half = {0, 0.5, 1, 0};
    CHECK(!svc::core::OrderingLpUsable(half, 2));
  }
}

// Components of 13..20 items through the solver: the LP path (budget lpMaxN/lpNodes), the old
// pairwise branch and bound (lpMaxN 0) and the subset DP (no nodes for either) agree.
void TestLpPathAgreesWithDp() {
  for (uint32_t s = 0; s < 10; ++s) {
    const int32_t n = 13 + static_cast<int32_t>(s % 8);
    Instance lp = Random(n, 40 * n, 0.45, 5000 + s, 2);
    lp.budget[2] = 0;  // no pairwise branch and bound
    Instance bnb = lp;
    bnb.budget[2] = 20000000;
    bnb.budget[5] = 0;  // no LP
    Instance dp = lp;
    dp.budget[5] = 0;
    const SolveResult a = Run(lp, s), b = Run(bnb, s), c = Run(dp, s);
    CHECK(c.proof == Proof::kDynamicProgram);
    CHECK(b.proof == Proof::kBranchAndBound && b.objective == c.objective);
    if (svc::core::lp::Available()) CHECK(a.proof == Proof::kBranchAndBound);
    CHECK(a.objective == c.objective);
  }
}

void TestComponentsAndOrder() {
  // 0 beats everyone, {1, 2, 3} a cycle, 4 loses to everyone.
  Instance in = Random(5, 0, 0, 1, 1);
  auto vote = [&](int a, int b) { in.wins[a * 5 + b] += 1; };
  for (int j = 1; j < 5; ++j) vote(0, j), vote(0, j);
  vote(1, 2), vote(2, 3), vote(3, 1);
  for (int i = 0; i < 4; ++i) vote(i, 4), vote(i, 4);
  const auto comps = svc::core::MajorityComponents(in.wins, 5);
  CHECK(comps.size() == 3);
  CHECK(comps.size() == 3 && comps[0] == std::vector<int32_t>{0} && comps[1] == (std::vector<int32_t>{1, 2, 3}) && comps[2] == std::vector<int32_t>{4});
  const SolveResult r = Run(in, 0);
  CHECK(r.order.front() == 0 && r.order.back() == 4 && r.objective == 1 && r.proof == Proof::kDynamicProgram);
  // No votes: the items keep their order.
  const SolveResult none = Run(Random(6, 0, 0, 1, 0), 0);
  CHECK((none.order == std::vector<int32_t>{0, 1, 2, 3, 4, 5}));
}

void TestHeuristicBoundAndLimits() {
  const Instance in = Random(150, 20000, 0.45, 7, 0);
  const SolveResult r = Run(in, 3);
  CHECK(svc::test::IsPermutation(r.order, 150));
  CHECK(r.objective == svc::core::RankDisagreements(in.wins, 150, r.order));
  if (r.proof == Proof::kNone) CHECK(r.has_bound && r.bound <= r.objective);
  int32_t cancel = 1;
  const SolveResult c = Run(in, 3, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(c.proof == Proof::kNone && c.status == ResultStatus::kCancelled);
  CHECK(svc::test::IsPermutation(c.order, 150));
  CHECK(c.objective == svc::core::RankDisagreements(in.wins, 150, c.order));
}

// The triangle packing (packing.h) is a valid packing: majority 3-cycles, the λ's on each arc
// within its margin (exact integers in units of 2^-20), so base + Σλ is below the brute-force
// optimum; seeds beyond the margins are cut; a solve's values are such a packing of its items and
// its bound is no less than base + ⌈Σλ⌉ when it is heuristic.
bool ValidPacking(const std::vector<double>& w, int32_t n, const std::vector<std::array<double, 4>>& tris, double* units) {
  std::vector<double> load(static_cast<size_t>(n) * n, 0.0);
  *units = 0;
  for (const auto& [fi, fj, fk, u] : tris) {
    const int32_t v[3] = {static_cast<int32_t>(fi), static_cast<int32_t>(fj), static_cast<int32_t>(fk)};
    if (!(u > 0) || u != std::floor(u)) return false;
    for (int m = 0; m < 3; ++m) {
      const int32_t a = v[m], b = v[(m + 1) % 3];
      if (a < 0 || a >= n || !(w[a * n + b] > w[b * n + a])) return false;
      load[a * n + b] += u;
      if (load[a * n + b] > (w[a * n + b] - w[b * n + a]) * svc::core::kPackUnit) return false;
    }
    *units += u;
  }
  return true;
}

void TestPackingAgainstBruteForce() {
  int packed = 0;
  for (uint32_t t = 0; t < 300; ++t) {
    const int32_t n = 3 + static_cast<int32_t>(t % 6);
    const Instance in = Random(n, 2 * n + static_cast<int>(t % 13) * n / 2, 0.3 + (t % 5) * 0.05, 7000 + t, 0);
    double pair_min = 0;
    for (int32_t i = 0; i < n; ++i) {
      for (int32_t j = i + 1; j < n; ++j) pair_min += std::min(in.wins[i * n + j], in.wins[j * n + i]);
    }
    // Seeds: every 3-cycle with λ 1000 (far beyond any margin) must be cut to the margins.
    std::vector<std::array<double, 4>> seeds;
    if (t % 2 == 1) {
      for (int32_t i = 0; i < n; ++i) {
        for (int32_t j = 0; j < n; ++j) {
          for (int32_t k = 0; k < n; ++k) {
            if (i != j && j != k && i != k) seeds.push_back({static_cast<double>(i), static_cast<double>(j), static_cast<double>(k), 1000.0});
          }
        }
      }
    }
    const svc::core::RankPacking p = svc::core::PackTriangles(in.wins, n, seeds);
    double units = 0;
    CHECK(ValidPacking(in.wins, n, p.triangles, &units));
    CHECK(units == p.units);
    CHECK(pair_min + std::ceil(p.units / svc::core::kPackUnit) <= Brute(in));
    if (!p.triangles.empty()) ++packed;
    // A solve's values: [i, j, k, λ] of the whole problem, a valid packing too.
    const SolveResult r = Run(in, t);
    CHECK(r.values.size() % 4 == 0);
    std::vector<std::array<double, 4>> tris;
    for (size_t k = 0; k + 3 < r.values.size(); k += 4) tris.push_back({r.values[k], r.values[k + 1], r.values[k + 2], r.values[k + 3] * svc::core::kPackUnit});
    CHECK(ValidPacking(in.wins, n, tris, &units));
  }
  CHECK(packed > 50);
}

void TestValidation() {
  std::string error;
  SolveResult out;
  Instance in = Random(3, 5, 0.2, 1, 0);
  Instance bad = in;
  bad.wins[0] = 1;  // diagonal
  CHECK(svc::core::Solve("rank", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.wins[1] = -1;
  CHECK(svc::core::Solve("rank", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.wins.pop_back();
  CHECK(svc::core::Solve("rank", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.budget[4] = 3;  // memo not a power of two
  CHECK(svc::core::Solve("rank", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.budget[0] = 40;  // a DP of 2^40 sets
  CHECK(svc::core::Solve("rank", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

}  // namespace

int main() {
  TestMatchesBruteForce();
  TestBranchAndBoundAgreesWithDp();
  TestLpBoundsAgainstBruteForce();
  TestLpPathAgreesWithDp();
  TestComponentsAndOrder();
  TestHeuristicBoundAndLimits();
  TestPackingAgainstBruteForce();
  TestValidation();
  return svc::test::Finish("rank_test");
}

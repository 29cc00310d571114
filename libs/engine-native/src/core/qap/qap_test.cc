// qap: the Hungarian method and branch and bound against brute force, the Gilmore–Lawler bound
// below the optimum, the tabu search on larger instances, limits and validation.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "qap/problem.h"
#include "qap/solve.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"

namespace {

using svc::core::Prng;
using svc::core::QapProblem;

struct Instance {
  int32_t n = 0;
  std::vector<double> flow, dist, budget;

  QapProblem View() const {
    QapProblem p;
    p.n = n;
    p.qap.flow = flow;
    p.qap.dist = dist;
    p.qap.budget = budget;
    return p;
  }
};

// families/qap/budget.ts: bnbMaxN, bnbNodes, tabuIters, tabuWork.
std::vector<double> Budget(int effort) {
  static const double kLevels[3][4] = {{10, 300000, 20000, 2e8}, {12, 3000000, 200000, 2e9}, {15, 30000000, 2000000, 2e10}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 4);
}

Instance Random(int32_t n, uint32_t seed, int effort) {
  Instance in;
  in.n = n;
  in.budget = Budget(effort);
  Prng rng(seed);
  const bool sym = seed % 3 != 2;
  for (std::vector<double>* m : {&in.flow, &in.dist}) {
    m->assign(static_cast<size_t>(n) * n, 0.0);
    for (int32_t i = 0; i < n; ++i) {
      for (int32_t j = sym ? i : 0; j < n; ++j) {
        const double v = static_cast<double>(rng.NextInt(10)) - (m == &in.flow && seed % 4 == 1 ? 4 : 0);
        (*m)[static_cast<size_t>(i) * n + j] = v;
        if (sym) (*m)[static_cast<size_t>(j) * n + i] = v;
      }
    }
  }
  return in;
}

double Brute(const Instance& in) {
  std::vector<int32_t> perm(in.n);
  std::iota(perm.begin(), perm.end(), 0);
  double best = 1e300;
  do {
    best = std::min(best, svc::core::QapCost(in.View().qap, in.n, perm));
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("qap", in.View(), seed, limits);
}

void TestHungarian() {
  Prng rng(5);
  for (int s = 0; s < 60; ++s) {
    const int32_t m = 1 + s % 6;
    std::vector<double> c(static_cast<size_t>(m) * m);
    for (double& x : c) x = static_cast<double>(rng.NextInt(40)) - 10;
    std::vector<int32_t> p(m);
    std::iota(p.begin(), p.end(), 0);
    double best = 1e300;
    do {
      double t = 0;
      for (int32_t i = 0; i < m; ++i) t += c[static_cast<size_t>(i) * m + p[i]];
      best = std::min(best, t);
    } while (std::next_permutation(p.begin(), p.end()));
    CHECK(svc::core::Hungarian(c, m) == best);
  }
}

void TestMatchesBruteForce() {
  for (uint32_t s = 0; s < 90; ++s) {
    const int32_t n = 1 + static_cast<int32_t>(s % 8);
    const Instance in = Random(n, s, static_cast<int>(s % 3));
    const SolveResult r = Run(in, s);
    CHECK(r.proof != Proof::kNone);
    CHECK(svc::test::IsPermutation(r.order, n));
    CHECK(r.answer.empty());
    CHECK(std::fabs(r.objective - Brute(in)) <= 1e-9 * (1 + std::fabs(r.objective)));
  }
}

void TestLargeAndLimits() {
  const Instance in = Random(30, 9, 0);
  const SolveResult r = Run(in, 3);
  CHECK(svc::test::IsPermutation(r.order, 30));
  CHECK(r.proof == Proof::kNone && r.has_bound && r.bound <= r.objective);
  CHECK(r.objective == svc::core::QapCost(in.View().qap, 30, r.order));
  int32_t cancel = 1;
  const SolveResult c = Run(Random(11, 12, 2), 0, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(c.proof == Proof::kNone && c.status == ResultStatus::kCancelled);
  CHECK(svc::test::IsPermutation(c.order, 11));
}

void TestValidation() {
  std::string error;
  SolveResult out;
  Instance in = Random(4, 1, 0);
  Instance bad = in;
  bad.dist.pop_back();
  CHECK(svc::core::Solve("qap", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.flow[3] = std::nan("");
  CHECK(svc::core::Solve("qap", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.budget.pop_back();
  CHECK(svc::core::Solve("qap", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

}  // namespace

int main() {
  TestHungarian();
  TestMatchesBruteForce();
  TestLargeAndLimits();
  TestValidation();
  return svc::test::Finish("qap_test");
}

// The SDP max-cut bound: proven (never below brute force), tight where the SDP value is known
// (K_n: n²/4; the 5-cycle: (25 + 5√5)/8), and the proof step refuses a dual point it cannot prove.
#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "common/registry.h"
#include "qubo/bounds.h"
#include "qubo/sdp_bound.h"
#include "qubo/test_instances.h"
#include "testing/test_options.h"
#include "testing/test_util.h"

namespace {

using svc::core::MaxcutSdpBound;
using svc::core::ProveShift;
using svc::test::Instance;

Instance Complete(int32_t n, double w) {
  Instance in;
  in.n = n;
  for (int32_t a = 0; a < n; ++a) {
    for (int32_t b = a + 1; b < n; ++b) {
      in.i.push_back(a);
      in.j.push_back(b);
      in.w.push_back(w);
    }
  }
  return in;
}

Instance Cycle(int32_t n, double w) {
  Instance in;
  in.n = n;
  for (int32_t a = 0; a + 1 < n; ++a) {
    in.i.push_back(a);
    in.j.push_back(a + 1);
    in.w.push_back(w);
  }
  in.i.push_back(0);
  in.j.push_back(n - 1);
  in.w.push_back(w);
  return in;
}

// Known SDP values: within a small tolerance, and never below them (a proven bound is at least
// the relaxation's optimum, which is at least the max cut).
void TestKnownValues() {
  const double c5 = (25 + 5 * std::sqrt(5.0)) / 8;  // 4.5225: GW relaxation of the 5-cycle
  for (double w : {0.5, 1.0}) {
    const auto r = MaxcutSdpBound(Cycle(5, w).Maxcut(), 1, Limits());
    CHECK(r.proven);
    if (w == 1.0) {
      CHECK(r.bound == 4);  // floor(4.5225): integral weights, and the max cut is 4
    } else {
      CHECK(r.bound >= w * c5);
      CHECK(r.bound <= w * c5 * (1 + 1e-4));
    }
  }
  for (int32_t n : {7, 8, 13}) {
    const double sdp = 0.25 * n * n * 0.5;  // K_n with weight 1/2: n²/8
    const auto r = MaxcutSdpBound(Complete(n, 0.5).Maxcut(), 3, Limits());
    CHECK(r.proven);
    CHECK(r.bound >= sdp);
    CHECK(r.bound <= sdp * (1 + 1e-4));
    const auto u = MaxcutSdpBound(Complete(n, 1).Maxcut(), 3, Limits());
    CHECK(u.proven);
    CHECK(u.bound == std::floor(0.25 * n * n));  // the max cut of K_n exactly
  }
  // An odd ring of 31: SDP = n/2·(1 + cos(π/n)) (the Laplacian's largest eigenvalue times n/4).
  const int32_t n = 31;
  const double ring = n / 2.0 * (1 + std::cos(M_PI / n));
  const auto r = MaxcutSdpBound(Cycle(n, 0.25).Maxcut(), 5, Limits());
  CHECK(r.proven);
  CHECK(r.bound >= 0.25 * ring);
  CHECK(r.bound <= 0.25 * ring * (1 + 1e-3));
}

// Random small graphs with positive and negative weights, integral and not: the bound is never
// below the brute-force maximum cut, and never far above the relaxation's ceiling Σ max(0, w).
void TestNeverBelowBruteForce() {
  svc::core::Prng rng(77);
  int proven = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int32_t n = 3 + static_cast<int32_t>(rng.NextInt(18));
    const bool fractional = trial % 2 == 1;
    const Instance in = svc::test::RandomInstance(rng, n, 0.5, trial % 3 == 0 ? 1 : 7, false, fractional);
    if (in.w.empty()) continue;
    const auto r = MaxcutSdpBound(in.Maxcut(), static_cast<uint32_t>(trial), Limits());
    if (!r.proven) continue;
    ++proven;
    const double best = svc::test::BruteMaxCut(in);
    CHECK(r.bound >= best);
    double positive = 0, total = 0;
    for (double w : in.w) {
      positive += std::max(0.0, w);
      total += std::abs(w);
    }
    CHECK(r.bound <= positive + 1e-4 * total);
  }
  CHECK(proven >= 55);
}

// The proof step alone, on matrices whose λ_max is known exactly.
void TestProofStep() {
  // K_n, y_i = n/4: L/4 − Diag y = −J/4, λ_max = 0.
  const int32_t n = 9;
  const Instance k = Complete(n, 1);
  std::vector<double> y(n, n / 4.0);
  double mu = 0;
  CHECK(!ProveShift(k.Maxcut(), y, -1e-6, Limits(), &mu));
  CHECK(ProveShift(k.Maxcut(), y, 1e-7, Limits(), &mu));
  CHECK(mu >= 1e-7 && mu <= 1e-7 + 1e-10);
  CHECK(svc::core::DualCutBound(y, mu, true) == std::floor(n * n / 4.0));  // 20
  // A deliberately bad y: lowering y_0 leaves L/4 − Diag y with a positive eigenvalue, so the
  // shift that proved the good y is refused; a shift by the lowering is accepted (Weyl), and the
  // bound it gives is still valid.
  std::vector<double> bad = y;
  bad[0] -= 0.5;
  CHECK(!ProveShift(k.Maxcut(), bad, 1e-7, Limits(), &mu));
  CHECK(ProveShift(k.Maxcut(), bad, 0.5 + 1e-7, Limits(), &mu));
  CHECK(svc::core::DualCutBound(bad, mu, true) >= std::floor(n * n / 4.0));
  // y = 0: L/4 has λ_max = n/4 exactly.
  std::vector<double> zero(n, 0.0);
  CHECK(!ProveShift(k.Maxcut(), zero, n / 4.0 - 1e-3, Limits(), &mu));
  CHECK(ProveShift(k.Maxcut(), zero, n / 4.0 + 1e-3, Limits(), &mu));
  // The 5-cycle's optimal dual y_i = (5 + √5)/8: λ_max = 0.
  const Instance c = Cycle(5, 1);
  std::vector<double> yc(5, (5 + std::sqrt(5.0)) / 8);
  CHECK(!ProveShift(c.Maxcut(), yc, -1e-5, Limits(), &mu));
  CHECK(ProveShift(c.Maxcut(), yc, 1e-8, Limits(), &mu));
  CHECK(svc::core::DualCutBound(yc, mu, false) >= (25 + 5 * std::sqrt(5.0)) / 8);
  // Non-finite or wrongly sized input is refused, never "proven".
  CHECK(!ProveShift(c.Maxcut(), std::vector<double>(4, 1.0), 1, Limits(), &mu));
  CHECK(!ProveShift(c.Maxcut(), std::vector<double>(5, NAN), 1, Limits(), &mu));
  // A cancelled solve claims nothing.
  int32_t cancel = 1;
  svc::core::Stop stop = svc::core::Stop::kNone;
  CHECK(!ProveShift(k.Maxcut(), y, 1, Limits(&cancel, svc::core::Clock::now(), 0), &mu, &stop));
  CHECK(stop == svc::core::Stop::kCancelled);
  const auto r = MaxcutSdpBound(k.Maxcut(), 0, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(!r.proven);
}

// Through the registry: at the medium exact budget a 120-node graph gets a bound that is valid
// (≥ the cut), at most the old bound, and much tighter than Σ max(0, w); at flash it does not.
void TestSolveUsesIt() {
  svc::core::Prng rng(5);
  const Instance in = svc::test::RandomInstance(rng, 120, 0.08, 1, false);
  SolveOptions o;
  svc::core::QuboBudget budget = Budget(20, 20000);
  budget.exact.has_budget = true;
  budget.exact.bnb_max_n = 0;
  budget.exact.bnb_work = 0;
  budget.exact.bound_work = 50'000'000;
  SolveResult a;
  std::string error;
  CHECK(svc::core::Solve("maxcut", in.View(budget), o, Limits(), &a, &error) == CallStatus::kOk);
  CHECK(a.has_bound);
  double positive = 0;
  for (double w : in.w) positive += std::max(0.0, w);
  CHECK(a.bound >= a.objective);
  CHECK(a.bound == std::floor(a.bound));
  const auto direct = MaxcutSdpBound(in.Maxcut(), o.seed, Limits());
  CHECK(direct.proven);
  CHECK(a.bound <= direct.bound);
  CHECK(direct.bound < 0.85 * positive);
  // A generous deadline: the same answer and bound as without one (the bounds computed before the
  // search under a deadline are the ones the search would reach anyway).
  SolveResult d;
  CHECK(svc::core::Solve("maxcut", in.View(budget), o, Limits(nullptr, svc::core::Clock::now(), 600000), &d, &error) == CallStatus::kOk);
  CHECK(d.answer == a.answer);
  CHECK(d.bound == a.bound);
  // A deadline already reached: the search stops at once, the SDP bound is skipped or cut short,
  // and whatever bound comes back is still valid.
  SolveResult c;
  CHECK(svc::core::Solve("maxcut", in.View(budget), o, Limits(nullptr, svc::core::Clock::now(), 1e-6), &c, &error) == CallStatus::kOk);
  CHECK(!c.has_bound || c.bound >= c.objective);
  budget.exact.bound_work = 10'000'000;  // flash: no SDP
  SolveResult b;
  CHECK(svc::core::Solve("maxcut", in.View(budget), o, Limits(), &b, &error) == CallStatus::kOk);
  CHECK(b.bound >= a.bound);
}

}  // namespace

int main() {
  TestKnownValues();
  TestNeverBelowBruteForce();
  TestProofStep();
  TestSolveUsesIt();
  return svc::test::Finish("sdp_bound_test");
}

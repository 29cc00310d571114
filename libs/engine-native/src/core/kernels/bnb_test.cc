// Branch and bound, roof duality and the cycle bound against brute force; the dispatch's
// certified branch-and-bound answers through the registry.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kernels/bnb.h"
#include "kernels/cut_bound.h"
#include "qubo/evaluate.h"
#include "kernels/model.h"
#include "common/registry.h"
#include "kernels/roof_dual.h"
#include "qubo/test_instances.h"
#include "testing/test_options.h"
#include "testing/test_util.h"
#include "qubo/model.h"

namespace {

using svc::core::BnbOptions;
using svc::core::BnbOutcome;
using svc::core::BranchAndBound;
using svc::core::ModelFromMaxcut;
using svc::core::ModelFromQubo;
using svc::core::Prng;
using svc::core::QuboModel;
using svc::test::Instance;

constexpr double kInf = std::numeric_limits<double>::infinity();

// Minimum model energy over all assignments agreeing with `fixed` (-1 = free), n <= 18.
double BruteModelMin(const QuboModel& m, const std::vector<int8_t>& fixed = {}) {
  double best = kInf;
  std::vector<uint8_t> x(static_cast<size_t>(m.n));
  for (uint32_t code = 0; code < (1u << m.n); ++code) {
    bool ok = true;
    for (int32_t b = 0; b < m.n; ++b) {
      x[b] = (code >> b) & 1;
      if (!fixed.empty() && fixed[b] >= 0 && x[b] != fixed[b]) ok = false;
    }
    if (!ok) continue;
    const double e = svc::core::ModelEnergy(m, x);
    if (e < best) best = e;
  }
  return best;
}

Instance RandomQubo(Prng& rng, int32_t n, int kind) {
  Instance in = svc::test::RandomInstance(rng, n, 0.2 + 0.15 * (n % 5), 10, true, kind == 1);
  if (kind == 2) {  // real weights: sums are inexact
    for (double& h : in.linear) h = h * 0.731 + 0.1;
    for (double& w : in.w) w = w * 1.37 - 0.05;
  }
  return in;
}

Instance RandomCut(Prng& rng, int32_t n, int kind) {
  Instance in = svc::test::RandomInstance(rng, n, 0.3 + 0.1 * (n % 6), kind == 0 ? 1 : 3, false);
  if (kind == 0) {
    for (double& w : in.w) w = w == 0 ? 1 : std::fabs(w);  // unit
  }
  return in;
}

void TestBnbEqualsBruteForce() {
  Prng rng(11);
  int checked = 0;
  for (int s = 0; s < 240; ++s) {
    const int32_t n = 1 + s % 16;
    const bool cut = s % 2 == 1;
    const Instance in = cut ? RandomCut(rng, n, s % 3) : RandomQubo(rng, n, s % 3);
    const QuboModel m = cut ? ModelFromMaxcut(in.Maxcut()) : ModelFromQubo(in.Qubo());
    const double opt = BruteModelMin(m);
    BnbOptions o;
    o.symmetric = cut;
    o.work_limit = int64_t{1} << 40;
    const BnbOutcome r = BranchAndBound(m, o, Limits());
    CHECK(r.complete);
    CHECK(r.stop == svc::core::BnbStop::kNone);
    CHECK(static_cast<int32_t>(r.x.size()) == n);
    const double tol = 1e-9 * (1 + std::fabs(opt));
    CHECK_NEAR(svc::core::ModelEnergy(m, r.x), opt, tol);
    CHECK_NEAR(r.energy, opt, tol);
    CHECK_NEAR(r.bound, opt, tol);
    CHECK(r.nodes > 0);
    ++checked;
  }
  CHECK(checked == 240);
}

void TestBnbIncumbentAndWorkLimit() {
  Prng rng(12);
  for (int s = 0; s < 40; ++s) {
    const int32_t n = 12 + s % 5;
    const bool cut = s % 2 == 1;
    const Instance in = cut ? RandomCut(rng, n, 1) : RandomQubo(rng, n, 0);
    const QuboModel m = cut ? ModelFromMaxcut(in.Maxcut()) : ModelFromQubo(in.Qubo());
    const double opt = BruteModelMin(m);
    // A tiny work cap stops the search; whatever bound it reports is valid.
    for (int64_t cap : {int64_t{20}, int64_t{200}, int64_t{2000}}) {
      BnbOptions o;
      o.symmetric = cut;
      o.work_limit = cap;
      const BnbOutcome r = BranchAndBound(m, o, Limits());
      if (r.complete) {
        CHECK_NEAR(r.energy, opt, 1e-9);
      } else {
        CHECK(r.stop == svc::core::BnbStop::kWork || r.stop == svc::core::BnbStop::kAbandoned);
        CHECK(r.bound <= opt + 1e-9);
        if (!r.x.empty()) CHECK(svc::core::ModelEnergy(m, r.x) >= opt - 1e-9);
      }
    }
    // An optimal incumbent is kept (the search proves it).
    BnbOptions o;
    o.symmetric = cut;
    o.work_limit = int64_t{1} << 40;
    const BnbOutcome first = BranchAndBound(m, o, Limits());
    o.incumbent = first.x;
    const BnbOutcome again = BranchAndBound(m, o, Limits());
    CHECK(again.complete);
    CHECK_NEAR(again.energy, opt, 1e-9);
  }
}

void TestBnbStopsOnCancel() {
  Prng rng(13);
  const Instance in = svc::test::RandomInstance(rng, 60, 0.5, 100, true);
  const QuboModel m = ModelFromQubo(in.Qubo());
  int32_t flag = 1;
  const Limits cancelled(&flag, svc::core::Clock::now(), 0);
  BnbOptions o;
  o.work_limit = int64_t{1} << 40;
  const BnbOutcome r = BranchAndBound(m, o, cancelled);
  CHECK(!r.complete);
  CHECK(r.stop == svc::core::BnbStop::kLimits);
  CHECK(r.limit == svc::core::Stop::kCancelled);
  // The proven bounds stop too, and stay valid (no flow, no cycles).
  const svc::core::RoofDualOutcome rd = svc::core::RoofDual(m, int64_t{1} << 40, &cancelled);
  CHECK(!rd.complete);
  CHECK(rd.bound <= svc::core::RoofDual(m, int64_t{1} << 40).bound);
  for (int8_t f : rd.fixed) CHECK(f == -1);
  const svc::core::CutBoundOutcome cb = svc::core::CutCycleBound(m.q, 0.5, int64_t{1} << 40, &cancelled);
  CHECK(cb.cycles == 0);
  CHECK(cb.bound == cb.positive);
}

void TestRoofDual() {
  Prng rng(14);
  int fixed_total = 0;
  for (int s = 0; s < 200; ++s) {
    const int32_t n = 1 + s % 14;
    Instance in = RandomQubo(rng, n, s % 3);
    if (s % 4 == 0) {  // submodular: roof duality is exact
      for (double& w : in.w) w = -std::fabs(w);
    }
    const QuboModel m = ModelFromQubo(in.Qubo());
    const double opt = BruteModelMin(m);
    const svc::core::RoofDualOutcome rd = svc::core::RoofDual(m, int64_t{1} << 40);
    CHECK(rd.complete);
    CHECK(rd.bound <= opt + 1e-9 * (1 + std::fabs(opt)));
    if (s % 4 == 0) CHECK_NEAR(rd.bound, opt, 1e-9 * (1 + std::fabs(opt)));
    // Persistency: some minimiser agrees with every fixed variable.
    CHECK_NEAR(BruteModelMin(m, rd.fixed), opt, 1e-9 * (1 + std::fabs(opt)));
    for (int8_t f : rd.fixed) fixed_total += f >= 0 ? 1 : 0;
    // A work cap keeps a valid (weaker) bound.
    const svc::core::RoofDualOutcome part = svc::core::RoofDual(m, 5);
    CHECK(part.bound <= rd.bound + 1e-9 * (1 + std::fabs(opt)));
  }
  CHECK(fixed_total > 100);
}

void TestCutCycleBound() {
  Prng rng(15);
  for (int s = 0; s < 200; ++s) {
    const int32_t n = 2 + s % 14;
    const Instance in = RandomCut(rng, n, s % 3);
    const QuboModel m = ModelFromMaxcut(in.Maxcut());
    const double best = svc::test::BruteMaxCut(in);
    const svc::core::CutBoundOutcome b = svc::core::CutCycleBound(m.q, 0.5, int64_t{1} << 40);
    CHECK(b.bound >= best - 1e-9);
    CHECK(b.bound <= b.positive);
  }
  // A unit triangle: at most 2 of its 3 edges are cut, and the bound knows it.
  Instance tri;
  tri.n = 3;
  tri.i = {0, 0, 1};
  tri.j = {1, 2, 2};
  tri.w = {1, 1, 1};
  const svc::core::CutBoundOutcome t = svc::core::CutCycleBound(ModelFromMaxcut(tri.Maxcut()).q, 0.5, 1000);
  CHECK(t.bound == 2);
  CHECK(t.positive == 3);
  CHECK(t.cycles == 1);
  // A frustrated square (one negative edge): at most 3 - 1 = 2 of the positive weight is cut.
  Instance sq;
  sq.n = 4;
  sq.i = {0, 0, 1, 2};
  sq.j = {1, 3, 2, 3};
  sq.w = {1, 1, 1, -1};
  const svc::core::CutBoundOutcome q = svc::core::CutCycleBound(ModelFromMaxcut(sq.Maxcut()).q, 0.5, 1000);
  CHECK(q.bound == 2);
  CHECK(svc::test::BruteMaxCut(sq) == 2);
}

svc::core::QuboBudget BnbBudgetFor(bool force, int64_t bnb_work) {
  svc::core::QuboBudget b = Budget(24, 20000);
  b.exact.has_budget = true;
  b.exact.bnb_max_n = 128;
  b.exact.bnb_work = bnb_work;
  b.exact.bound_work = 10000000;
  b.exact.force_bnb = force;
  return b;
}

void TestSolveCertifiesByBranchAndBound() {
  Prng rng(16);
  int by_bnb = 0;
  for (int s = 0; s < 60; ++s) {
    const int32_t n = 3 + s % 16;
    const bool cut = s % 2 == 1;
    const Instance in = cut ? RandomCut(rng, n, s % 3) : RandomQubo(rng, n, s % 3);
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve(cut ? "maxcut" : "optimize", in.View(BnbBudgetFor(true, int64_t{1} << 40)), SolveOptions(),
                           Limits(), &out, &error) == CallStatus::kOk);
    CHECK(out.proof == Proof::kBranchAndBound);
    CHECK(out.status == ResultStatus::kOptimal);
    CHECK(!out.has_bound);
    const double opt = cut ? svc::test::BruteMaxCut(in) : svc::test::BruteQuboMin(in);
    CHECK_NEAR(out.objective, opt, 1e-9 * (1 + std::fabs(opt)));
    by_bnb += out.work.nodes > 0 ? 1 : 0;
  }
  CHECK(by_bnb > 20);  // the others close at the root (roof dual or cycle bound)
  // Above the enumeration cap: a dense 40-variable QUBO and a 40-node max-cut are certified.
  for (int s = 0; s < 2; ++s) {
    const Instance in = s == 0 ? svc::test::RandomInstance(rng, 40, 0.5, 100, true)
                               : RandomCut(rng, 40, 1);
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve(s == 0 ? "optimize" : "maxcut", in.View(BnbBudgetFor(false, int64_t{1} << 36)),
                           SolveOptions(), Limits(), &out, &error) ==
          CallStatus::kOk);
    CHECK(out.proof == Proof::kBranchAndBound);
    CHECK(out.work.nodes > 0);
  }
}

void TestSolveHeuristicBound() {
  Prng rng(17);
  for (int s = 0; s < 30; ++s) {
    const int32_t n = 10 + s % 8;
    const bool cut = s % 2 == 1;
    const Instance in = cut ? RandomCut(rng, n, s % 3) : RandomQubo(rng, n, s % 3);
    SolveResult out;
    std::string error;
    // Too little branch-and-bound work to finish: a heuristic answer with a valid bound.
    CHECK(svc::core::Solve(cut ? "maxcut" : "optimize", in.View(BnbBudgetFor(true, 30)), SolveOptions(), Limits(),
                           &out, &error) == CallStatus::kOk);
    const double opt = cut ? svc::test::BruteMaxCut(in) : svc::test::BruteQuboMin(in);
    if (out.proof == Proof::kNone) {
      CHECK(out.has_bound);
      CHECK(cut ? out.bound >= opt - 1e-9 : out.bound <= opt + 1e-9);
      CHECK(out.status == ResultStatus::kWorkLimit);
    } else {
      CHECK_NEAR(out.objective, opt, 1e-9 * (1 + std::fabs(opt)));
    }
  }
  // A bipartite graph: every edge is cut, Σw is reached, the root closes without search.
  Instance bip;
  bip.n = 40;
  double total = 0;
  for (int32_t a = 0; a < 20; ++a) {
    for (int32_t b = 20; b < 40; ++b) {
      if ((a + b) % 3 != 0) continue;
      bip.i.push_back(a);
      bip.j.push_back(b);
      bip.w.push_back(1 + a % 4);
      total += 1 + a % 4;
    }
  }
  svc::core::QuboBudget budget = BnbBudgetFor(false, 1000);
  budget.exact.bnb_max_n = 0;
  SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("maxcut", bip.View(budget), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.objective == total);
  CHECK(out.proof == Proof::kBoundAttained);  // balanced: by construction, before any search
  // exactMethod 'heuristic' keeps the closed form out: the search's cut meets the bound at the root.
  budget.exact.heuristic = true;
  CHECK(svc::core::Solve("maxcut", bip.View(budget), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.objective == total);
  CHECK(out.proof == Proof::kBranchAndBound);
  CHECK(out.work.nodes == 0);
}

}  // namespace

int main() {
  TestBnbEqualsBruteForce();
  TestBnbIncumbentAndWorkLimit();
  TestBnbStopsOnCancel();
  TestRoofDual();
  TestCutCycleBound();
  TestSolveCertifiesByBranchAndBound();
  TestSolveHeuristicBound();
  return svc::test::Finish("bnb_test");
}

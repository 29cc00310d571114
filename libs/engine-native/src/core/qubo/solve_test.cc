// The registry entry point: dispatch, validation, certification, warm starts, complete graphs.
#include <algorithm>
#include <string>
#include <vector>

#include "qubo/bounds.h"
#include "qubo/evaluate.h"
#include "common/registry.h"
#include "qubo/test_instances.h"
#include "testing/test_options.h"
#include "testing/test_util.h"

namespace {

void TestRegistry() {
  CHECK(svc::core::Solvers().size() >= 2);  // one entry per command; others add theirs
  CHECK(svc::core::FindSolver("optimize") != nullptr);
  CHECK(svc::core::FindSolver("maxcut") != nullptr);
  CHECK(svc::core::FindSolver("not-a-command") == nullptr);  // never a command, whatever is registered
  svc::test::Instance in;
  in.n = 2;
  in.linear = {1, 2};
  SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("tsp", in.View(Budget(20, 0)), SolveOptions(), Limits(), &out, &error) ==
        CallStatus::kError);
  CHECK(error.find("tsp") != std::string::npos);
}

void TestValidation() {
  SolveResult out;
  std::string error;
  const auto solve = [&](const char* cmd, const svc::test::Instance& in, const svc::core::QuboBudget& b,
                         const SolveOptions& o = {}) {
    error.clear();
    return svc::core::Solve(cmd, in.View(b), o, Limits(), &out, &error);
  };
  svc::test::Instance bad_pair;
  bad_pair.n = 3;
  bad_pair.linear = {0, 0, 0};
  bad_pair.i = {2};
  bad_pair.j = {1};
  bad_pair.w = {1};
  CHECK(solve("optimize", bad_pair, Budget(20, 0)) == CallStatus::kError);
  CHECK(!error.empty());
  svc::test::Instance short_linear;
  short_linear.n = 3;
  short_linear.linear = {0, 0};
  CHECK(solve("optimize", short_linear, Budget(20, 0)) == CallStatus::kError);
  svc::test::Instance ok;
  ok.n = 3;
  ok.linear = {0, 0, 0};
  SolveOptions warm;
  const std::vector<uint8_t> bad_warm = {0, 2, 1};
  warm.warm_start = bad_warm;
  CHECK(solve("optimize", ok, Budget(20, 0), warm) == CallStatus::kError);
  svc::test::Instance big;  // exact over 40 variables is refused, not attempted
  big.n = 40;
  big.linear.assign(40, 1.0);
  CHECK(solve("optimize", big, Budget(40, 0)) == CallStatus::kError);
  svc::core::QuboBudget no_span = Budget(20, 100);
  no_span.search.tenure_span = 0;
  CHECK(solve("optimize", big, no_span) == CallStatus::kError);
}

void TestCertifiedAgainstBruteForce() {
  svc::core::Prng rng(31);
  for (int trial = 0; trial < 20; ++trial) {
    const int32_t n = 2 + static_cast<int32_t>(rng.NextInt(15));
    const svc::test::Instance q = svc::test::RandomInstance(rng, n, 0.6, 9, true, true);
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("optimize", q.View(Budget(24, 0)), SolveOptions(), Limits(), &out, &error) ==
          CallStatus::kOk);
    CHECK(out.status == ResultStatus::kOptimal);
    CHECK(out.proof == Proof::kExhaustive);
    CHECK(!out.has_bound);
    CHECK(out.objective == svc::core::QuboEnergy(q.Qubo(), out.answer));
    CHECK_NEAR(out.objective, svc::test::BruteQuboMin(q), 1e-9);
    CHECK(out.work.nodes == (int64_t{1} << n));

    const svc::test::Instance c = svc::test::RandomInstance(rng, n, 0.6, 9, false, false);
    CHECK(svc::core::Solve("maxcut", c.View(Budget(24, 0)), SolveOptions(), Limits(), &out, &error) ==
          CallStatus::kOk);
    CHECK_NEAR(out.objective, svc::test::BruteMaxCut(c), 1e-9);
    // A balanced signed graph attains sum max(0, w) by construction; the rest is enumerated.
    if (out.objective == svc::core::CutUpperBound(c.Maxcut())) {
      CHECK(out.proof == Proof::kBoundAttained && out.work.nodes == 0);
    } else {
      CHECK(out.proof == Proof::kExhaustive);
      CHECK(out.work.nodes == (int64_t{1} << (n - 1)));
    }
  }
}

void TestHeuristicKeepsBetterWarmStart() {
  svc::core::Prng rng(41);
  const svc::test::Instance q = svc::test::RandomInstance(rng, 18, 0.5, 9, true);
  std::vector<uint8_t> best(18);
  // The brute-force optimum as warm start; zero tabu moves cannot beat it.
  double best_e = 1e300;
  std::vector<uint8_t> x(18);
  for (uint32_t code = 0; code < (1u << 18); ++code) {
    for (int b = 0; b < 18; ++b) x[b] = (code >> b) & 1;
    const double e = svc::core::QuboEnergy(q.Qubo(), x);
    if (e < best_e) {
      best_e = e;
      best = x;
    }
  }
  SolveOptions o;
  o.warm_start = best;
  SolveResult out;
  std::string error;
  // n > exact cap: heuristic path
  CHECK(svc::core::Solve("optimize", q.View(Budget(10, 0)), o, Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.status == ResultStatus::kWorkLimit);
  CHECK(out.proof == Proof::kNone);
  CHECK(out.has_bound);
  CHECK(out.objective == best_e);
  CHECK(out.bound <= out.objective);
}

void TestCompleteGraph() {
  for (int32_t n : {1, 2, 3, 7, 10, 100000}) {
    svc::test::Instance k;
    k.n = n;
    k.complete = true;
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("maxcut", k.View(), SolveOptions{}, Limits(), &out, &error) ==
          CallStatus::kOk);
    const double expect = static_cast<double>((int64_t{n} * n) / 4);
    CHECK(out.objective == expect);
    CHECK(svc::core::CutValue(k.Maxcut(), out.answer) == expect);
    CHECK(out.proof == Proof::kExhaustive);
    CHECK(out.status == ResultStatus::kOptimal);
  }
}

// Balanced signed graphs (hidden sides: positive across, negative within): certified by
// construction exactly when the brute-force cut equals sum max(0, w); a flipped sign breaks it.
void TestBalancedGraph() {
  svc::core::Prng rng(53);
  int attained = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int32_t n = 2 + static_cast<int32_t>(rng.NextInt(12));
    svc::test::Instance g;
    g.n = n;
    std::vector<int> side(n);
    for (int& s : side) s = static_cast<int>(rng.NextInt(2));
    for (int32_t a = 0; a < n; ++a) {
      for (int32_t b = a + 1; b < n; ++b) {
        if (rng.NextInt(3) != 0) continue;
        const double mag = rng.NextInt(5) == 0 ? 0 : 1 + rng.NextInt(4);
        g.i.push_back(a);
        g.j.push_back(b);
        g.w.push_back(side[a] != side[b] ? mag : -mag);
      }
    }
    if (g.w.empty()) continue;
    if (trial % 3 == 0) g.w[0] = -g.w[0];
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("maxcut", g.View(Budget(24, 0)), SolveOptions(), Limits(), &out, &error) ==
          CallStatus::kOk);
    const double best = svc::test::BruteMaxCut(g);
    CHECK_NEAR(out.objective, best, 1e-9);
    CHECK(svc::core::CutValue(g.Maxcut(), out.answer) == out.objective);
    const bool bound = best == svc::core::CutUpperBound(g.Maxcut());
    CHECK((out.proof == Proof::kBoundAttained) == bound);
    attained += bound ? 1 : 0;
  }
  CHECK(attained > 30);
  // An even ring of 100,000 nodes: every edge cut, node n - 1 on side 0; an odd one is searched.
  for (int32_t n : {100000, 301}) {
    svc::test::Instance ring;
    ring.n = n;
    for (int32_t v = 0; v < n; ++v) {
      ring.i.push_back(std::min(v, (v + 1) % n));
      ring.j.push_back(std::max(v, (v + 1) % n));
      ring.w.push_back(1);
    }
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("maxcut", ring.View(Budget(10, 0)), SolveOptions(), Limits(), &out, &error) ==
          CallStatus::kOk);
    if (n % 2 == 0) {
      CHECK(out.proof == Proof::kBoundAttained && out.objective == n && out.answer[n - 1] == 0);
    } else {
      CHECK(out.proof != Proof::kBoundAttained && out.objective <= n - 1);
    }
  }
}

void TestDeterministicHeuristic() {
  svc::core::Prng rng(51);
  const svc::test::Instance c = svc::test::RandomInstance(rng, 300, 0.03, 5, false);
  SolveResult a, b;
  std::string error;
  SolveOptions o;
  o.seed = 9;
  svc::core::Solve("maxcut", c.View(Budget(20, 30000)), o, Limits(), &a, &error);
  svc::core::Solve("maxcut", c.View(Budget(20, 30000)), o, Limits(), &b, &error);
  CHECK(a.answer == b.answer);
  CHECK(a.work.iterations == b.work.iterations);
  CHECK(a.work.iterations <= 30000);
  CHECK(a.objective <= a.bound);
}

}  // namespace

int main() {
  TestRegistry();
  TestValidation();
  TestCertifiedAgainstBruteForce();
  TestHeuristicKeepsBetterWarmStart();
  TestCompleteGraph();
  TestBalancedGraph();
  TestDeterministicHeuristic();
  return svc::test::Finish("solve_test");
}

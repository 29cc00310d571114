// The optimize/maxcut heuristic (annealed tabu search with path relinking): never worse than
// its start, scan and trees choose the same moves, small instances reach the brute-force
// optimum; its parts (the exponential, the annealer, the elite pool, the restricted tree
// choice) behave as specified.
#include "kernels/tabu.h"

#include "kernels/anneal.h"
#include "kernels/bucket_selector.h"
#include "kernels/elite_pool.h"
#include "kernels/flip_state.h"
#include "kernels/tree_selector.h"

#include <cmath>
#include <limits>
#include <vector>

#include "qubo/evaluate.h"
#include "kernels/move_scan.h"
#include "qubo/test_instances.h"
#include "testing/test_util.h"
#include "qubo/model.h"

namespace {

using svc::core::Limits;
using svc::core::TabuParams;
using svc::core::TabuSearch;

TabuParams Params(int32_t n, int64_t moves) {
  TabuParams p;
  p.max_moves = moves;
  p.max_phases = moves / 1000 + 1;
  p.stall = 1000;
  p.tenure_base = n / 10 > 2 ? n / 10 : 2;
  p.tenure_span = n / 20 > 2 ? n / 20 : 2;
  p.anneal_sweeps = n / 50 > 2 ? n / 50 : 2;
  p.elite_pool = 2;
  p.shrink_rounds = n / 5 > p.anneal_sweeps ? n / 5 : p.anneal_sweeps;
  return p;
}

void TestNeverWorseThanWarmStart() {
  svc::core::Prng rng(123);
  for (int trial = 0; trial < 20; ++trial) {
    const int32_t n = 30 + static_cast<int32_t>(rng.NextInt(100));
    const svc::test::Instance in = svc::test::RandomInstance(rng, n, 0.1, 20, true, true);
    const svc::core::QuboModel m = svc::core::ModelFromQubo(in.Qubo());
    std::vector<uint8_t> warm(n);
    for (auto& b : warm) b = static_cast<uint8_t>(rng.NextInt(2));
    const double warm_e = svc::core::ModelEnergy(m, warm);
    for (int64_t moves : {int64_t{0}, int64_t{1}, int64_t{50}, int64_t{3000}}) {
      svc::core::Prng search_rng(trial);
      const svc::core::TabuOutcome r = TabuSearch(m, Params(n, moves), search_rng, Limits(), warm);
      const double got = svc::core::ModelEnergy(m, r.x);
      CHECK(got <= warm_e + 1e-9);
      CHECK_NEAR(got, r.energy, 1e-9);
      CHECK(r.moves <= moves);
      if (moves == 0) CHECK(r.x == warm);
    }
  }
}

void TestTreesMatchScan() {
  svc::core::Prng rng(321);
  for (int trial = 0; trial < 6; ++trial) {
    const int32_t n = 200 + static_cast<int32_t>(rng.NextInt(600));
    const svc::test::Instance in = svc::test::RandomInstance(rng, n, 8.0 / n, 3, false);
    const svc::core::QuboModel m = svc::core::ModelFromMaxcut(in.Maxcut());
    TabuParams p = Params(n, 20000);
    svc::core::Prng a_rng(trial), b_rng(trial);
    p.use_trees = false;
    const svc::core::TabuOutcome a = TabuSearch(m, p, a_rng, Limits(), {});
    p.use_trees = true;
    const svc::core::TabuOutcome b = TabuSearch(m, p, b_rng, Limits(), {});
    CHECK(a.x == b.x);
    CHECK(a.energy == b.energy);
    CHECK(a.moves == b.moves);
    CHECK(a.phases == b.phases);
    CHECK(a_rng.state() == b_rng.state());
  }
}

void TestReachesOptimumOnSmallInstances() {
  svc::core::Prng rng(555);
  for (int trial = 0; trial < 10; ++trial) {
    const svc::test::Instance q = svc::test::RandomInstance(rng, 16, 0.5, 10, true);
    svc::core::Prng s1(trial);
    const svc::core::TabuOutcome rq =
        TabuSearch(svc::core::ModelFromQubo(q.Qubo()), Params(16, 20000), s1, Limits(), {});
    CHECK_NEAR(svc::core::QuboEnergy(q.Qubo(), rq.x), svc::test::BruteQuboMin(q), 1e-9);

    const svc::test::Instance c = svc::test::RandomInstance(rng, 16, 0.4, 5, false);
    svc::core::Prng s2(trial);
    const svc::core::TabuOutcome rc =
        TabuSearch(svc::core::ModelFromMaxcut(c.Maxcut()), Params(16, 20000), s2, Limits(), {});
    CHECK_NEAR(svc::core::CutValue(c.Maxcut(), rc.x), svc::test::BruteMaxCut(c), 1e-9);
  }
}

void TestGreedyCutsAtLeastHalf() {
  // The max-cut greedy puts each node opposite the heavier side of its placed neighbours, so on
  // non-negative weights it cuts at least half of the total.
  svc::core::Prng rng(8);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 300, 0.05, 4, false);
  svc::test::Instance pos = in;
  for (double& w : pos.w) w = w < 0 ? -w : w;
  svc::core::Prng g(1);
  const std::vector<uint8_t> x = svc::core::GreedyStart(svc::core::ModelFromMaxcut(pos.Maxcut()), g);
  double total = 0;
  for (double w : pos.w) total += w;
  CHECK(svc::core::CutValue(pos.Maxcut(), x) >= total / 2);
}

// The vectorised scan makes the reference scan's choice: ties, signed zeros, tabu and
// aspiration, NaN and infinities, every start r, lengths around the SIMD width.
void TestFastScanMatchesReference() {
  svc::core::Prng rng(777);
  const double kInf = std::numeric_limits<double>::infinity();
  const double values[] = {-2.0, -1.0, -0.0, 0.0, 1.0, 3.5, kInf, std::nan("")};
  int disagreements = 0;
  int checked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int32_t n = 1 + static_cast<int32_t>(rng.NextInt(23));
    std::vector<double> delta(n), until(n);
    const bool few_values = trial % 2 == 0;  // many exact ties
    for (int32_t i = 0; i < n; ++i) {
      delta[i] = few_values ? values[rng.NextInt(trial % 4 == 0 ? 8 : 6)]
                            : (static_cast<double>(rng.NextInt(2001)) - 1000) / 8;
      until[i] = static_cast<double>(rng.NextInt(20));
    }
    const double moves = static_cast<double>(rng.NextInt(20));
    const double aspire = trial % 3 == 0 ? -kInf : static_cast<double>(rng.NextInt(9)) - 4.5;
    for (int32_t r = 0; r < n; ++r) {
      const int32_t fast = svc::core::SelectByScan(delta.data(), until.data(), n, r, moves, aspire);
      const int32_t ref =
          svc::core::SelectByScanReference(delta.data(), until.data(), n, r, moves, aspire);
      if (fast != ref) ++disagreements;
      ++checked;
    }
  }
  CHECK(checked > 30000);
  CHECK(disagreements == 0);
}

// ExpNeg is e^-z to 1e-8 relative on the range the annealer uses, 0 beyond 44, non-increasing.
void TestExpNeg() {
  double prev = 2;
  for (int k = 0; k <= 4400; ++k) {
    const double z = k / 100.0;
    const double e = svc::core::ExpNeg(z);
    CHECK(e <= prev);
    prev = e;
    if (z < 30) CHECK(std::fabs(e - std::exp(-z)) <= 1e-8 * std::exp(-z));
  }
  CHECK(svc::core::ExpNeg(0) == 1);
  CHECK(svc::core::ExpNeg(44) == 0);
  CHECK(svc::core::ExpNeg(std::numeric_limits<double>::infinity()) == 0);
}

// Annealing keeps the incremental state exact (integral weights) and the tracked best correct.
void TestAnnealKeepsStateAndBest() {
  svc::core::Prng rng(91);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 120, 0.08, 4, true);
  const svc::core::QuboModel m = svc::core::ModelFromQubo(in.Qubo());
  svc::core::FlipState st(m);
  std::vector<uint8_t> x0(120);
  for (auto& b : x0) b = static_cast<uint8_t>(rng.NextInt(2));
  st.Load(x0);
  svc::core::BestTracker best(st.x, st.energy);
  svc::core::Annealer a(svc::core::IsIntegral(m));
  CHECK(svc::core::IsIntegral(m));
  const double scale = svc::core::AnnealScale(m);
  CHECK(a.Run(st, 300, 1 / scale, 4 / scale, rng, best, 1e-9, Limits()) == svc::core::Stop::kNone);
  CHECK(st.energy == svc::core::ModelEnergy(m, st.x));
  std::vector<double> f;
  svc::core::ModelFields(m, st.x, &f);
  for (int32_t i = 0; i < 120; ++i) CHECK(st.delta[i] == (st.x[i] ? -f[i] : f[i]));
  const std::vector<uint8_t> b = best.Materialize(st.x);
  CHECK(svc::core::ModelEnergy(m, b) == best.energy());
  CHECK(best.energy() <= svc::core::ModelEnergy(m, x0));
  CHECK(best.energy() <= st.energy);
}

// The pool keeps distinct members, counts a cut and its mirror once, replaces the worst.
void TestElitePool() {
  svc::core::ElitePool pool(4, 2, true);
  CHECK(pool.Offer({0, 1, 1, 0}, -3, 1e-9));
  CHECK(!pool.Offer({1, 0, 0, 1}, -3, 1e-9));  // the mirror image
  CHECK(pool.member(0) == (std::vector<uint8_t>{0, 1, 1, 0}));
  CHECK(pool.Offer({1, 1, 0, 1}, -1, 1e-9));  // stored normalised: last entry 0
  CHECK(pool.member(1) == (std::vector<uint8_t>{0, 0, 1, 0}));
  CHECK(pool.size() == 2);
  CHECK(!pool.Offer({1, 1, 1, 0}, -1, 1e-9));  // not better than the worst
  CHECK(pool.Offer({1, 1, 1, 0}, -5, 1e-9));   // replaces the worst (-1)
  CHECK(pool.energy(1) == -5);
  pool.KeepBest();
  CHECK(pool.size() == 1);
  CHECK(pool.energy(0) == -5);
  CHECK(pool.member(0) == (std::vector<uint8_t>{1, 1, 1, 0}));
  svc::core::ElitePool plain(3, 3, false);
  CHECK(plain.Offer({1, 0, 1}, 0, 0));
  CHECK(plain.Offer({0, 1, 0}, 0, 0));  // no symmetry: a different point
  CHECK(!plain.Offer({1, 0, 1}, -1, 0));
}

// Both selectors make the scan's choice: under tabu, aspiration and expiry, and restricted to a
// mask with exclusions (path relinking).
template <class Sel>
void CheckSelectorMatchesScan(const char* name, Sel (*make)(int32_t n, int64_t ring)) {
  svc::core::Prng rng(17);
  const double kInf = std::numeric_limits<double>::infinity();
  int checked = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int32_t n = 1 + static_cast<int32_t>(rng.NextInt(trial < 100 ? 40 : 3000));
    const int64_t ring = 9;
    std::vector<double> delta(n), until(n, 0);
    for (int32_t i = 0; i < n; ++i) delta[i] = static_cast<double>(rng.NextInt(9)) - 4;
    Sel sel = make(n, ring);
    sel.Reset(delta.data());
    for (int64_t moves = 0; moves < 200; ++moves) {
      sel.Expire(moves, delta.data());
      const int32_t r = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
      const double aspire = rng.NextInt(3) == 0 ? -kInf : static_cast<double>(rng.NextInt(9)) - 5;
      const int32_t want = svc::core::SelectByScanReference(delta.data(), until.data(), n, r,
                                                            static_cast<double>(moves), aspire);
      const int32_t got = sel.Select(r, aspire);
      if (got != want) std::printf("%s: got %d want %d\n", name, got, want);
      CHECK(got == want);
      ++checked;
      const int32_t v = got >= 0 ? got : r;
      for (int k = 0; k < 3; ++k) {
        const int32_t u = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
        delta[u] = static_cast<double>(rng.NextInt(9)) - 4;
        sel.Update(u, delta[u]);
      }
      const int64_t tu = moves + 1 + rng.NextInt(static_cast<uint32_t>(ring - 1));
      until[v] = static_cast<double>(tu);
      sel.MakeTabu(v, tu, delta[v]);
    }
    // Restricted to a mask, with exclusions.
    std::vector<uint8_t> mask(n);
    for (auto& b : mask) b = static_cast<uint8_t>(rng.NextInt(3) != 0);
    sel.Restrict(delta.data(), mask.data());
    for (int32_t step = 0; step < n && step < 300; ++step) {
      for (int32_t i = 0; i < n; ++i) until[i] = mask[i] ? 0 : 2147483647.0;
      const int32_t r = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
      const int32_t want = svc::core::SelectByScanReference(delta.data(), until.data(), n, r, 0, -kInf);
      const int32_t got = sel.Select(r, -kInf);
      CHECK(got == want);
      ++checked;
      if (got < 0) break;
      mask[got] = 0;
      sel.Exclude(got);
      const int32_t u = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
      delta[u] = static_cast<double>(rng.NextInt(9)) - 4;
      sel.Update(u, delta[u]);
    }
    std::fill(until.begin(), until.end(), 0);
  }
  CHECK(checked > 20000);
}

svc::core::TreeSelector MakeTree(int32_t n, int64_t ring) { return svc::core::TreeSelector(n, ring); }
svc::core::BucketSelector MakeBuckets(int32_t n, int64_t ring) {
  return svc::core::BucketSelector(n, ring, 9);  // deltas in [-4, 4]
}

void TestSelectorsMatchScan() {
  CheckSelectorMatchesScan("trees", &MakeTree);
  CheckSelectorMatchesScan("buckets", &MakeBuckets);
}

// Bucket keys come from the exact delta range; non-integral or too wide models get none.
void TestBucketKeys() {
  svc::test::Instance tri;
  tri.n = 3;
  tri.i = {0, 0, 1};
  tri.j = {1, 2, 2};
  tri.w = {1, 1, 1};
  CHECK(svc::core::BucketKeys(svc::core::ModelFromMaxcut(tri.Maxcut())) == 5);  // f in [-2, 2]
  svc::test::Instance half = tri;
  half.w = {1, 1, 0.5};
  CHECK(svc::core::BucketKeys(svc::core::ModelFromMaxcut(half.Maxcut())) == 0);
  svc::test::Instance wide = tri;
  wide.w = {1e6, 1, 1};
  CHECK(svc::core::BucketKeys(svc::core::ModelFromMaxcut(wide.Maxcut())) == 0);
}

// The max-cut reduction is symmetric; a QUBO with linear terms generally is not.
void TestSymmetry() {
  svc::core::Prng rng(23);
  const svc::test::Instance c = svc::test::RandomInstance(rng, 50, 0.2, 5, false, true);
  CHECK(svc::core::IsSymmetric(svc::core::ModelFromMaxcut(c.Maxcut())));
  const svc::test::Instance q = svc::test::RandomInstance(rng, 50, 0.2, 5, true);
  CHECK(!svc::core::IsSymmetric(svc::core::ModelFromQubo(q.Qubo())));
}

// Same seed and budget, same answer; path relinking rounds happen (pool of 3, many rounds).
void TestDeterministicWithRelinking() {
  svc::core::Prng rng(29);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 150, 0.05, 3, false);
  const svc::core::QuboModel m = svc::core::ModelFromMaxcut(in.Maxcut());
  TabuParams p = Params(150, 30000);
  p.stall = 500;
  p.anneal_sweeps = 20;
  p.elite_pool = 3;
  p.shrink_rounds = 4;
  svc::core::Prng a_rng(5), b_rng(5);
  const svc::core::TabuOutcome a = TabuSearch(m, p, a_rng, Limits(), {});
  const svc::core::TabuOutcome b = TabuSearch(m, p, b_rng, Limits(), {});
  CHECK(a.x == b.x);
  CHECK(a.energy == b.energy);
  CHECK(a.moves == b.moves);
  CHECK(a.phases >= 30);
  CHECK_NEAR(svc::core::ModelEnergy(m, a.x), a.energy, 1e-9);
}

}  // namespace

int main() {
  TestExpNeg();
  TestAnnealKeepsStateAndBest();
  TestElitePool();
  TestSelectorsMatchScan();
  TestBucketKeys();
  TestSymmetry();
  TestDeterministicWithRelinking();
  TestFastScanMatchesReference();
  TestNeverWorseThanWarmStart();
  TestTreesMatchScan();
  TestReachesOptimumOnSmallInstances();
  TestGreedyCutsAtLeastHalf();
  return svc::test::Finish("tabu_test");
}

// feel / want / sample through the registry, against brute force (n <= 14), plus the pieces.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "qubo/evaluate.h"
#include "qubo/pinned.h"
#include "common/registry.h"
#include "qubo/test_instances.h"
#include "testing/test_options.h"
#include "testing/test_util.h"

namespace {

using svc::core::QuboFamilyProblem;

// Every state by (energy, code) ascending, optionally only those agreeing with the pins.
std::vector<std::pair<double, uint32_t>> AllStates(const svc::test::Instance& in,
                                                   const std::vector<int32_t>& pin_i = {},
                                                   const std::vector<uint8_t>& pin_v = {}) {
  std::vector<std::pair<double, uint32_t>> out;
  std::vector<uint8_t> x(in.n);
  for (uint32_t code = 0; code < (1u << in.n); ++code) {
    for (int32_t b = 0; b < in.n; ++b) x[b] = (code >> b) & 1;
    bool ok = true;
    for (size_t k = 0; k < pin_i.size(); ++k) ok = ok && x[pin_i[k]] == pin_v[k];
    if (ok) out.emplace_back(svc::core::QuboEnergy(in.Qubo(), x), code);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void TestRegistryKnowsTheFamily() {
  CHECK(svc::core::FindSolver("feel") != nullptr);
  CHECK(svc::core::FindSolver("want") != nullptr);
  CHECK(svc::core::FindSolver("sample") != nullptr);
}

void TestReducePinned() {
  svc::core::Prng rng(5);
  for (int round = 0; round < 20; ++round) {
    const svc::test::Instance in = svc::test::RandomInstance(rng, 9, 0.5, 5, true);
    std::vector<int32_t> pin_i;
    std::vector<uint8_t> pin_v;
    for (int32_t i = 0; i < in.n; ++i) {
      if (rng.NextInt(3) == 0) {
        pin_i.push_back(i);
        pin_v.push_back(static_cast<uint8_t>(rng.NextInt(2)));
      }
    }
    QuboFamilyProblem v = in.View();
    v.pins = svc::core::PinsView{pin_i, pin_v};
    const svc::core::PinnedReduction red = svc::core::ReducePinned(v);
    CHECK(red.n_free == in.n - static_cast<int32_t>(pin_i.size()));
    const svc::core::QuboView rq{red.n_free, red.linear, svc::core::PairsView{red.pi, red.pj, red.pw}};
    for (uint32_t code = 0; code < (1u << red.n_free); ++code) {
      std::vector<uint8_t> y(red.n_free), x(in.n, 0);
      for (int32_t t = 0; t < red.n_free; ++t) y[t] = (code >> t) & 1;
      for (size_t k = 0; k < pin_i.size(); ++k) x[pin_i[k]] = pin_v[k];
      for (int32_t t = 0; t < red.n_free; ++t) x[red.free[t]] = y[t];
      CHECK_NEAR(svc::core::QuboEnergy(rq, y) + red.constant, svc::core::QuboEnergy(in.Qubo(), x), 1e-9);
    }
  }
}

void TestWantEqualsBruteForce() {
  svc::core::Prng rng(11);
  for (int round = 0; round < 30; ++round) {
    const int32_t n = 2 + static_cast<int32_t>(rng.NextInt(12));
    const svc::test::Instance in = svc::test::RandomInstance(rng, n, 0.5, 6, true, round % 2 == 1);
    std::vector<int32_t> pin_i;
    std::vector<uint8_t> pin_v;
    for (int32_t i = 0; i < n; ++i) {
      if (i == 0 || rng.NextInt(3) == 0) {
        pin_i.push_back(i);
        pin_v.push_back(static_cast<uint8_t>(rng.NextInt(2)));
      }
    }
    QuboFamilyProblem v = in.View();
    v.pins = svc::core::PinsView{pin_i, pin_v};
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("want", Budgeted(v, Budget(20, 1000)), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
    CHECK(out.proof != Proof::kNone);
    for (size_t k = 0; k < pin_i.size(); ++k) CHECK(out.answer[pin_i[k]] == pin_v[k]);
    CHECK_NEAR(out.objective, AllStates(in, pin_i, pin_v)[0].first, 1e-9);
    CHECK_NEAR(out.objective, svc::core::QuboEnergy(in.Qubo(), out.answer), 0);
  }
  // Every variable pinned: the pins are the answer, proven.
  svc::test::Instance in;
  in.n = 3;
  in.linear = {1, -2, 3};
  in.i = {0};
  in.j = {2};
  in.w = {-4};
  const std::vector<int32_t> pi = {0, 1, 2};
  const std::vector<uint8_t> pv = {1, 0, 1};
  QuboFamilyProblem v = in.View();
  v.pins = svc::core::PinsView{pi, pv};
  SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("want", Budgeted(v, Budget(0, 0)), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK((out.answer == std::vector<uint8_t>{1, 0, 1}));
  CHECK(out.objective == 0.0);
  CHECK(out.proof == Proof::kExhaustive);
}

void TestSampleExact() {
  svc::core::Prng rng(17);
  for (int round = 0; round < 30; ++round) {
    const int32_t n = 1 + static_cast<int32_t>(rng.NextInt(12));
    const svc::test::Instance in = svc::test::RandomInstance(rng, n, 0.6, 3, true, round % 3 == 0);
    const int32_t k = 1 + static_cast<int32_t>(rng.NextInt(40));
    QuboFamilyProblem v = in.View();
    v.sample.count = k;
    v.sample.exact_max_n = 20;
    v.sample.rounds = 10;
    v.sample.max_flips = std::min<int32_t>(n, 8);
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("sample", Budgeted(v, Budget(20, 1000)), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
    CHECK(out.proof == Proof::kExhaustive);
    const auto truth = AllStates(in);
    const size_t want = std::min<size_t>(static_cast<size_t>(k), truth.size());
    CHECK(out.samples.size() == want);
    for (size_t t = 0; t < out.samples.size() && t < truth.size(); ++t) {
      // (energy, code) order is total: the very same states, in the same order.
      uint32_t code = 0;
      for (int32_t b = 0; b < n; ++b) code |= static_cast<uint32_t>(out.samples[t].x[b]) << b;
      CHECK(code == truth[t].second);
      CHECK_NEAR(out.samples[t].objective, truth[t].first, 1e-9);
      CHECK(out.samples[t].count == 1);
    }
    CHECK(out.answer == out.samples[0].x);
  }
}

void TestSampleWindowAndHeuristic() {
  svc::core::Prng rng(23);
  const svc::test::Instance small = svc::test::RandomInstance(rng, 8, 0.7, 4, true);
  QuboFamilyProblem v = small.View();
  v.sample.count = 1000;
  v.sample.exact_max_n = 20;
  v.sample.max_flips = 8;
  v.sample.has_window = true;
  v.sample.window = 3;
  SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("sample", Budgeted(v, Budget(20, 0)), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  const auto truth = AllStates(small);
  size_t within = 0;
  for (const auto& t : truth) within += t.first <= truth[0].first + 3 ? 1 : 0;
  CHECK(out.samples.size() == within);

  const svc::test::Instance big = svc::test::RandomInstance(rng, 60, 0.15, 5, true);
  QuboFamilyProblem hv = big.View();
  hv.sample.count = 10;
  hv.sample.exact_max_n = 20;
  hv.sample.rounds = 200;
  hv.sample.max_flips = 8;
  SolveResult h;
  CHECK(svc::core::Solve("sample", Budgeted(hv, Budget(20, 20000)), SolveOptions(), Limits(), &h, &error) == CallStatus::kOk);
  CHECK(h.proof == Proof::kNone);
  CHECK(h.has_bound);
  CHECK(h.samples.size() == 10);
  int64_t visits = 0;
  for (size_t t = 0; t < h.samples.size(); ++t) {
    CHECK_NEAR(h.samples[t].objective, svc::core::QuboEnergy(big.Qubo(), h.samples[t].x), 0);
    CHECK(h.samples[t].count >= 1);
    visits += h.samples[t].count;
    if (t > 0) CHECK(h.samples[t - 1].objective <= h.samples[t].objective);
    for (size_t u = 0; u < t; ++u) CHECK(h.samples[u].x != h.samples[t].x);
  }
  CHECK(visits > 10);
  SolveResult opt;
  CHECK(svc::core::Solve("optimize", big.View(Budget(20, 20000)), SolveOptions(), Limits(), &opt, &error) == CallStatus::kOk);
  CHECK(h.objective <= opt.objective);
}

void TestValidation() {
  svc::test::Instance in;
  in.n = 4;
  in.linear = {1, 0, 0, -1};
  SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("want", in.View(Budget(20, 0)), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  CHECK(error.find("pin") != std::string::npos);
  const std::vector<int32_t> bad_i = {2, 1};
  const std::vector<uint8_t> bad_v = {1, 0};
  QuboFamilyProblem v = in.View();
  v.pins = svc::core::PinsView{bad_i, bad_v};
  CHECK(svc::core::Solve("want", Budgeted(v, Budget(20, 0)), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  const std::vector<int32_t> far_i = {4};
  const std::vector<uint8_t> far_v = {1};
  v.pins = svc::core::PinsView{far_i, far_v};
  CHECK(svc::core::Solve("want", Budgeted(v, Budget(20, 0)), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  CHECK(svc::core::Solve("sample", in.View(Budget(20, 0)), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  QuboFamilyProblem s = in.View();
  s.sample.count = 3;
  s.sample.has_window = true;
  s.sample.window = -1;
  CHECK(svc::core::Solve("sample", Budgeted(s, Budget(20, 0)), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

}  // namespace

int main() {
  TestRegistryKnowsTheFamily();
  TestReducePinned();
  TestWantEqualsBruteForce();
  TestSampleExact();
  TestSampleWindowAndHeuristic();
  TestValidation();
  return svc::test::Finish("want_sample_test");
}

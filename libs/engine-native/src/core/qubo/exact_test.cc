// The Gray-code enumeration against brute force on random instances (n <= 16).
#include "qubo/exact.h"

#include <vector>

#include "qubo/evaluate.h"
#include "qubo/test_instances.h"
#include "testing/test_util.h"
#include "qubo/model.h"

namespace {

using svc::core::ExactGray;
using svc::core::Limits;

void TestQuboAgainstBruteForce() {
  svc::core::Prng rng(2024);
  const Limits limits;
  for (int trial = 0; trial < 60; ++trial) {
    const int32_t n = 1 + static_cast<int32_t>(rng.NextInt(16));
    const double density = 0.2 + 0.8 * rng.NextFloat();
    const svc::test::Instance in =
        svc::test::RandomInstance(rng, n, density, 10, true, trial % 3 == 0);
    const svc::core::QuboModel m = svc::core::ModelFromQubo(in.Qubo());
    const svc::core::ExactOutcome r = ExactGray(m, n, limits);
    CHECK(r.complete);
    CHECK(r.stop == svc::core::Stop::kNone);
    CHECK(r.steps == (int64_t{1} << n) - 1);
    const double brute = svc::test::BruteQuboMin(in);
    CHECK_NEAR(svc::core::QuboEnergy(in.Qubo(), r.x), brute, 1e-9);
    CHECK_NEAR(r.energy, brute, 1e-9);
  }
}

void TestMaxcutAgainstBruteForce() {
  svc::core::Prng rng(77);
  const Limits limits;
  for (int trial = 0; trial < 60; ++trial) {
    const int32_t n = 2 + static_cast<int32_t>(rng.NextInt(15));
    const svc::test::Instance in =
        svc::test::RandomInstance(rng, n, 0.2 + 0.8 * rng.NextFloat(), 6, false, trial % 2 == 1);
    const svc::core::QuboModel m = svc::core::ModelFromMaxcut(in.Maxcut());
    // Node n - 1 fixed on side 0 loses nothing (mirror symmetry).
    const svc::core::ExactOutcome r = ExactGray(m, n - 1, limits);
    CHECK(r.complete);
    CHECK(r.x[n - 1] == 0);
    CHECK_NEAR(svc::core::CutValue(in.Maxcut(), r.x), svc::test::BruteMaxCut(in), 1e-9);
  }
}

void TestZeroFreeVariables() {
  svc::test::Instance in;
  in.n = 1;
  in.linear = {-3};
  const svc::core::QuboModel m = svc::core::ModelFromQubo(in.Qubo());
  const svc::core::ExactOutcome none = ExactGray(m, 0, Limits());
  CHECK(none.complete);
  CHECK(none.steps == 0);
  CHECK(none.x[0] == 0);
  const svc::core::ExactOutcome one = ExactGray(m, 1, Limits());
  CHECK(one.x[0] == 1);
  CHECK(one.energy == -3);
}

// Ties keep the first minimum in Gray order: with all weights zero the answer is all zeros.
void TestTieKeepsFirst() {
  svc::test::Instance in;
  in.n = 6;
  in.linear.assign(6, 0.0);
  const svc::core::ExactOutcome r =
      ExactGray(svc::core::ModelFromQubo(in.Qubo()), 6, Limits());
  for (uint8_t b : r.x) CHECK(b == 0);
}

// The 65536-step resync keeps the tracked energy honest on a long run (n = 20).
void TestLongRunResync() {
  svc::core::Prng rng(99);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 20, 0.5, 50, true, true);
  const svc::core::ExactOutcome r = ExactGray(svc::core::ModelFromQubo(in.Qubo()), 20, Limits());
  CHECK(r.complete);
  CHECK_NEAR(svc::core::QuboEnergy(in.Qubo(), r.x), r.energy, 1e-9);
}

}  // namespace

int main() {
  TestQuboAgainstBruteForce();
  TestMaxcutAgainstBruteForce();
  TestZeroFreeVariables();
  TestTieKeepsFirst();
  TestLongRunResync();
  return svc::test::Finish("exact_test");
}

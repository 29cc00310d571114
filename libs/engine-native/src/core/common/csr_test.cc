// CSR layout (both directions, ascending rows) and the max-cut -> QUBO reduction E = -cut.
#include "common/csr.h"

#include <vector>

#include "qubo/evaluate.h"
#include "kernels/model.h"
#include "qubo/test_instances.h"
#include "testing/test_util.h"
#include "qubo/model.h"

namespace {

void TestLayout() {
  // Pairs sorted by (i, j): (0,1) (0,3) (1,2) (2,3).
  const std::vector<int32_t> pi = {0, 0, 1, 2};
  const std::vector<int32_t> pj = {1, 3, 2, 3};
  const std::vector<double> pw = {1.5, -2, 3, 0};
  const svc::core::Csr c = svc::core::BuildCsr(4, pi, pj, pw);
  CHECK((c.row_start == std::vector<int64_t>{0, 2, 4, 6, 8}));
  CHECK((c.col == std::vector<int32_t>{1, 3, 0, 2, 1, 3, 0, 2}));
  CHECK((c.w == std::vector<double>{1.5, -2, 1.5, 3, 3, 0, -2, 0}));
}

void TestRowsAscending() {
  svc::core::Prng rng(11);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 40, 0.3, 5, false);
  const svc::core::Csr c = svc::core::BuildCsr(in.n, in.i, in.j, in.w);
  CHECK(c.col.size() == 2 * in.i.size());
  for (int32_t r = 0; r < in.n; ++r) {
    for (int64_t k = c.RowBegin(r) + 1; k < c.RowEnd(r); ++k) CHECK(c.col[k - 1] < c.col[k]);
  }
}

void TestMaxcutReduction() {
  svc::core::Prng rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    const svc::test::Instance in = svc::test::RandomInstance(rng, 12, 0.5, 9, false, trial % 2);
    const svc::core::QuboModel m = svc::core::ModelFromMaxcut(in.Maxcut());
    std::vector<uint8_t> x(in.n);
    for (int k = 0; k < 20; ++k) {
      for (auto& b : x) b = static_cast<uint8_t>(rng.NextInt(2));
      CHECK_NEAR(svc::core::ModelEnergy(m, x), -svc::core::CutValue(in.Maxcut(), x), 1e-9);
    }
  }
}

void TestQuboModelEnergy() {
  svc::core::Prng rng(6);
  const svc::test::Instance in = svc::test::RandomInstance(rng, 15, 0.4, 7, true, true);
  const svc::core::QuboModel m = svc::core::ModelFromQubo(in.Qubo());
  std::vector<uint8_t> x(in.n);
  for (int k = 0; k < 50; ++k) {
    for (auto& b : x) b = static_cast<uint8_t>(rng.NextInt(2));
    // Weights are multiples of 1/8: both summation orders are exact.
    CHECK(svc::core::ModelEnergy(m, x) == svc::core::QuboEnergy(in.Qubo(), x));
  }
}

}  // namespace

int main() {
  TestLayout();
  TestRowsAscending();
  TestMaxcutReduction();
  TestQuboModelEnergy();
  return svc::test::Finish("csr_test");
}

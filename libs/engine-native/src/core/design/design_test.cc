// design: branch and bound and the tree dynamic program against brute force, colourings, the
// tabu search's bound on larger graphs, limits and validation.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "design/problem.h"
#include "design/solve.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::Coupling;
using svc::core::DesignProblem;
using svc::core::Limits;
using svc::core::Prng;
using svc::core::Proof;
using svc::core::ResultStatus;
using svc::core::SolveOptions;
using svc::core::SolveResult;

// A canonical instance (engine-ts canonical.ts form): bias CSR by site, bonds i < j merged.
struct Instance {
  int32_t L = 0, K = 0;
  std::vector<int32_t> bias_start, bias_value, bond_i, bond_j;
  std::vector<double> bias_energy, bond_mult, cells, budget;
  Coupling coupling = Coupling::kNone;

  DesignProblem View() const {
    DesignProblem p;
    p.n = L;
    p.design = {K, bias_start, bias_value, bias_energy, bond_i, bond_j, bond_mult, coupling, cells, budget};
    return p;
  }
};

// families/design/budget.ts: dpWork, bnbMaxSites, bnbNodes, tabuIters, tabuWork.
std::vector<double> Budget(int effort) {
  static const double kLevels[3][5] = {{2e8, 16, 200000, 200000, 1e8}, {2e9, 24, 2000000, 5000000, 2e9}, {2e10, 32, 20000000, 1e9, 1e12}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 5);
}

enum class Shape { kGeneral, kTree, kColouring };

Instance Random(int32_t L, int32_t K, uint32_t seed, Shape shape, int effort) {
  Instance in;
  in.L = L;
  in.K = K;
  in.budget = Budget(effort);
  Prng rng(seed);
  // Bonds as (min, max) with multiplicity.
  std::vector<std::pair<int32_t, int32_t>> bonds;
  if (shape == Shape::kTree) {
    for (int32_t s = 1; s < L; ++s) bonds.push_back({static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(s))), s});
  } else {
    const double density = shape == Shape::kColouring ? 0.5 : 0.4;
    for (int32_t i = 0; i < L; ++i) {
      for (int32_t j = i + 1; j < L; ++j) {
        if (rng.NextFloat() < density) bonds.push_back({i, j});
      }
    }
    if (shape == Shape::kGeneral && !bonds.empty() && seed % 3 == 0) bonds.push_back(bonds[0]);
  }
  std::sort(bonds.begin(), bonds.end());
  for (size_t k = 0; k < bonds.size(); ++k) {
    if (k > 0 && bonds[k] == bonds[k - 1]) {
      in.bond_mult.back() += 1;
    } else {
      in.bond_i.push_back(bonds[k].first);
      in.bond_j.push_back(bonds[k].second);
      in.bond_mult.push_back(1);
    }
  }
  in.bias_start.assign(L + 1, 0);
  if (shape == Shape::kColouring) {
    in.coupling = Coupling::kTable;
    in.cells.assign(static_cast<size_t>(K) * K, 0);
    for (int32_t a = 0; a < K; ++a) in.cells[static_cast<size_t>(a) * K + a] = 1;
    return in;
  }
  // One bias entry on some sites (values increasing by construction).
  for (int32_t s = 0; s < L; ++s) {
    in.bias_start[s + 1] = in.bias_start[s];
    if (rng.NextInt(2) == 0) {
      in.bias_value.push_back(static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(K))));
      in.bias_energy.push_back(static_cast<double>(rng.NextInt(11)) - 5);
      in.bias_start[s + 1]++;
    }
  }
  if (seed % 2 == 0) {
    in.coupling = Coupling::kTable;
    in.cells.assign(static_cast<size_t>(K) * K, 0);
    for (int32_t a = 0; a < K; ++a) {
      for (int32_t b = a; b < K; ++b) {
        const double v = static_cast<double>(rng.NextInt(13)) - 4;
        in.cells[static_cast<size_t>(a) * K + b] = v;
        in.cells[static_cast<size_t>(b) * K + a] = v;
      }
    }
  } else {
    in.coupling = Coupling::kCirculant;
    in.cells.assign(K, 0);
    for (int32_t d = 0; d < K; ++d) in.cells[d] = std::floor(-3 * std::cos(2 * M_PI * std::min(d, K - d) / K) + 0.5);
  }
  return in;
}

double Brute(const Instance& in) {
  std::vector<int32_t> x(in.L, 0);
  double best = 1e300;
  const DesignProblem p = in.View();
  for (;;) {
    best = std::min(best, svc::core::DesignEnergy(p.design, in.L, x));
    int32_t k = 0;
    while (k < in.L && ++x[k] == in.K) x[k++] = 0;
    if (k == in.L) return best;
  }
}

bool Valid(const SolveResult& r, const Instance& in) {
  if (static_cast<int32_t>(r.order.size()) != in.L || !r.answer.empty()) return false;
  return std::all_of(r.order.begin(), r.order.end(), [&](int32_t v) { return v >= 0 && v < in.K; });
}

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("design", in.View(), seed, limits);
}

void TestMatchesBruteForce() {
  for (uint32_t s = 0; s < 120; ++s) {
    const int32_t K = 2 + static_cast<int32_t>(s % 3);
    const int32_t L = 1 + static_cast<int32_t>(s % (K == 2 ? 9 : 7));
    const Instance in = Random(L, K, s, s % 4 == 3 ? Shape::kTree : Shape::kGeneral, static_cast<int>(s % 3));
    const SolveResult r = Run(in, s);
    CHECK(Valid(r, in));
    CHECK(r.proof != Proof::kNone);
    CHECK_NEAR(r.objective, Brute(in), 1e-9 * (1 + std::fabs(r.objective)));
    CHECK(r.objective == svc::core::DesignEnergy(in.View().design, in.L, r.order));
  }
}

void TestTreesAndColourings() {
  // A 100,000-site tree is certified by the dynamic program.
  const Instance tree = Random(100000, 4, 11, Shape::kTree, 0);
  const SolveResult t = Run(tree, 0);
  CHECK(Valid(t, tree) && t.proof == Proof::kDynamicProgram);
  // Random colourings beyond branch and bound: proper ones certified, the others bounded by 0.
  for (uint32_t s = 0; s < 4; ++s) {
    const Instance in = Random(60, 9 + static_cast<int32_t>(s), 50 + s, Shape::kColouring, 0);
    const SolveResult r = Run(in, s);
    CHECK(Valid(r, in));
    if (r.objective == 0) CHECK(r.proof == Proof::kBranchAndBound);
    else CHECK(r.proof == Proof::kNone && r.has_bound && r.bound == 0);
  }
}

void TestLimitsAndValidation() {
  int32_t cancel = 1;
  const Instance big = Random(80, 6, 3, Shape::kColouring, 2);
  const SolveResult c = Run(big, 0, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(Valid(c, big) && c.proof == Proof::kNone && c.status == ResultStatus::kCancelled);
  std::string error;
  SolveResult out;
  const Instance in = Random(5, 3, 2, Shape::kGeneral, 0);
  Instance bad = in;
  bad.cells[1] += 1;  // not symmetric
  CHECK(svc::core::Solve("design", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.bias_start.pop_back();
  CHECK(svc::core::Solve("design", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  if (!bad.bond_i.empty()) {
    std::swap(bad.bond_i[0], bad.bond_j[0]);
    CHECK(svc::core::Solve("design", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  }
  bad = in;
  bad.budget.pop_back();
  CHECK(svc::core::Solve("design", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

}  // namespace

int main() {
  TestMatchesBruteForce();
  TestTreesAndColourings();
  TestLimitsAndValidation();
  return svc::test::Finish("design_test");
}

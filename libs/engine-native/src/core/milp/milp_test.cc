// milp: branch and bound over the binaries with exact box QPs against enumeration (convex
// instances), valid answers on non-convex ones, limits and validation.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "milp/problem.h"
#include "milp/solve.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::Limits;
using svc::core::MilpProblem;
using svc::core::Prng;
using svc::core::Proof;
using svc::core::ResultStatus;
using svc::core::SolveOptions;
using svc::core::SolveResult;

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Instance {
  int32_t n = 0;
  std::vector<uint8_t> binary;
  std::vector<double> lo, hi, linear, diag, w, budget;
  std::vector<int32_t> i, j;

  MilpProblem View() const {
    MilpProblem p;
    p.n = n;
    p.linear = linear;
    p.pairs = {i, j, w};
    p.milp = {binary, lo, hi, diag, budget};
    return p;
  }
};

// families/milp/budget.ts: bnbNodes, starts.
std::vector<double> Budget(int effort) {
  static const double kLevels[3][2] = {{2000, 4}, {50000, 20}, {1000000, 100}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 2);
}

// Convex: the continuous block MᵀM + I; binaries coupled to anything.
Instance Random(int32_t nb, int32_t nc, uint32_t seed, int effort) {
  Instance in;
  in.n = nb + nc;
  in.budget = Budget(effort);
  Prng rng(seed);
  for (int32_t v = 0; v < in.n; ++v) {
    const bool b = v < nb;
    in.binary.push_back(b ? 1 : 0);
    const uint32_t f = rng.NextInt(3);
    in.lo.push_back(b ? 0 : f == 0 ? -kInf : -1.0 - rng.NextInt(4));
    in.hi.push_back(b ? 1 : f == 1 ? kInf : 1.0 + rng.NextInt(4));
    in.linear.push_back(static_cast<double>(rng.NextInt(21)) - 10);
    in.diag.push_back(b ? static_cast<double>(rng.NextInt(9)) - 4 : 0);
  }
  std::vector<std::vector<double>> M(nc, std::vector<double>(nc));
  for (auto& row : M) {
    for (double& x : row) x = static_cast<double>(rng.NextInt(5)) - 2;
  }
  std::vector<std::vector<double>> H(in.n, std::vector<double>(in.n, 0.0));
  for (int32_t a = 0; a < nc; ++a) {
    for (int32_t c = a; c < nc; ++c) {
      double s = 0;
      for (int32_t k = 0; k < nc; ++k) s += M[k][a] * M[k][c];
      if (a == c) in.diag[nb + a] = s + 1;
      else H[nb + a][nb + c] = s;
    }
  }
  for (int32_t a = 0; a < nb; ++a) {
    for (int32_t c = a + 1; c < in.n; ++c) {
      if (rng.NextInt(2)) H[a][c] = static_cast<double>(rng.NextInt(13)) - 6;
    }
  }
  for (int32_t a = 0; a < in.n; ++a) {
    for (int32_t c = a + 1; c < in.n; ++c) {
      if (H[a][c] != 0) {
        in.i.push_back(a);
        in.j.push_back(c);
        in.w.push_back(H[a][c]);
      }
    }
  }
  return in;
}

// Every 0/1 assignment of the binaries; the continuous part by projected coordinate descent to convergence.
double Brute(const Instance& in, int32_t nb) {
  const MilpProblem p = in.View();
  double best = 1e300;
  for (uint32_t mask = 0; mask < (1u << nb); ++mask) {
    std::vector<double> x(in.n, 0.0);
    for (int32_t b = 0; b < nb; ++b) x[b] = (mask >> b) & 1;
    for (int32_t v = nb; v < in.n; ++v) x[v] = std::min(in.hi[v], std::max(in.lo[v], 0.0));
    for (int sweep = 0; sweep < 40000; ++sweep) {
      double moved = 0;
      for (int32_t v = nb; v < in.n; ++v) {
        double g = in.linear[v] + in.diag[v] * x[v];
        for (size_t k = 0; k < in.w.size(); ++k) {
          if (in.i[k] == v) g += in.w[k] * x[in.j[k]];
          if (in.j[k] == v) g += in.w[k] * x[in.i[k]];
        }
        const double next = std::min(in.hi[v], std::max(in.lo[v], x[v] - g / in.diag[v]));
        moved = std::max(moved, std::fabs(next - x[v]));
        x[v] = next;
      }
      if (moved < 1e-14) break;
    }
    best = std::min(best, svc::core::MilpObjective(p, x));
  }
  return best;
}

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("milp", in.View(), seed, limits);
}

void TestMatchesEnumeration() {
  for (uint32_t s = 0; s < 60; ++s) {
    const int32_t nb = static_cast<int32_t>(s % 7), nc = 1 + static_cast<int32_t>(s % 4);
    const Instance in = Random(nb, nc, s, static_cast<int>(s % 3));
    const SolveResult r = Run(in, s);
    CHECK(r.convex && r.proof == Proof::kBranchAndBound);
    CHECK(r.values.size() == static_cast<size_t>(in.n) && r.answer.empty());
    const double want = Brute(in, nb);
    CHECK(std::fabs(r.objective - want) <= 1e-6 * (1 + std::fabs(want)));
    for (int32_t b = 0; b < nb; ++b) CHECK(r.values[b] == 0 || r.values[b] == 1);
  }
}

void TestLimitsAndValidation() {
  int32_t cancel = 1;
  const Instance big = Random(14, 6, 9, 2);
  const SolveResult c = Run(big, 0, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(c.proof == Proof::kNone && c.status == ResultStatus::kCancelled && c.values.size() == 20);
  std::string error;
  SolveResult out;
  const Instance in = Random(2, 2, 4, 0);
  Instance bad = in;
  bad.lo[3] = -kInf;
  bad.hi[3] = kInf;
  bad.diag[3] = 0;  // unbounded
  CHECK(svc::core::Solve("milp", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.binary[0] = 2;
  CHECK(svc::core::Solve("milp", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  bad = in;
  bad.budget.pop_back();
  CHECK(svc::core::Solve("milp", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
}

}  // namespace

int main() {
  TestMatchesEnumeration();
  TestLimitsAndValidation();
  return svc::test::Finish("milp_test");
}

// reduce: hand-known reductions, dependent inputs, random knapsack and uniform bases and 100+ digit
// entries, each checked here by plain rational Gram–Schmidt (mpq_class, not lattice.cc's integral
// check) and U·B = B' with det U = ±1 by rational elimination; with and without fplll; validation
// through the registry. (Native vs engine-ts on the same bases: libs/engine-native/src/reduce.test.ts.)
#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "common/registry.h"
#include "reduce/certify.h"
#include "reduce/lattice.h"
#include "reduce/problem.h"
#include "reduce/solve.h"
#include "testing/test_util.h"

namespace {

using svc::core::CallStatus;
using svc::core::IntMatrix;
using svc::core::Limits;
using svc::core::ReduceProblem;
using svc::core::ReduceRun;
using svc::core::ResultKind;
using svc::core::SolveOptions;
using svc::core::SolveResult;

std::string Text(const IntMatrix& b) {
  std::string s;
  for (const auto& row : b) {
    for (const auto& x : row) {
      if (!s.empty()) s += ' ';
      s += x.get_str();
    }
  }
  return s;
}

struct Case {
  std::string text;
  ReduceProblem p;
  explicit Case(const IntMatrix& b, double delta = 0.99) : text(Text(b)) {
    p.n = static_cast<int32_t>(b.size());
    p.reduce.rows = p.n;
    p.reduce.cols = static_cast<int32_t>(b[0].size());
    p.reduce.delta = delta;
    p.reduce.text = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size());
  }
};

IntMatrix M(std::initializer_list<std::initializer_list<long>> rows) {
  IntMatrix out;
  for (const auto& r : rows) {
    out.emplace_back();
    for (long x : r) out.back().emplace_back(x);
  }
  return out;
}

// Plain rational Gram–Schmidt: zeros first, the rest independent, |μ| ≤ 1/2, Lovász with delta.
bool PlainReduced(const IntMatrix& b, double delta) {
  size_t z = 0;
  auto zero = [](const std::vector<mpz_class>& r) {
    for (const auto& x : r) if (x != 0) return false;
    return true;
  };
  while (z < b.size() && zero(b[z])) ++z;
  const mpq_class dq(delta);  // exact: a double converts exactly
  std::vector<std::vector<mpq_class>> star;
  std::vector<mpq_class> norms;
  for (size_t i = z; i < b.size(); ++i) {
    std::vector<mpq_class> v(b[i].begin(), b[i].end());
    mpq_class last_mu = 0;
    for (size_t j = 0; j < star.size(); ++j) {
      mpq_class dotp = 0;
      for (size_t t = 0; t < v.size(); ++t) dotp += mpq_class(b[i][t]) * star[j][t];
      const mpq_class mu = dotp / norms[j];
      if (abs(mu) > mpq_class(1, 2)) return false;
      for (size_t t = 0; t < v.size(); ++t) v[t] -= mu * star[j][t];
      last_mu = mu;
    }
    mpq_class nv = 0;
    for (const auto& x : v) nv += x * x;
    if (nv == 0) return false;
    if (!star.empty() && nv < (dq - last_mu * last_mu) * norms.back()) return false;
    star.push_back(v);
    norms.push_back(nv);
  }
  return true;
}

mpq_class PlainDet(const IntMatrix& m) {
  const size_t n = m.size();
  std::vector<std::vector<mpq_class>> a(n);
  for (size_t i = 0; i < n; ++i) a[i].assign(m[i].begin(), m[i].end());
  mpq_class det = 1;
  for (size_t c = 0; c < n; ++c) {
    size_t p = c;
    while (p < n && a[p][c] == 0) ++p;
    if (p == n) return 0;
    if (p != c) {
      std::swap(a[p], a[c]);
      det = -det;
    }
    det *= a[c][c];
    for (size_t i = c + 1; i < n; ++i) {
      const mpq_class f = a[i][c] / a[c][c];
      for (size_t j = c; j < n; ++j) a[i][j] -= f * a[c][j];
    }
  }
  return det;
}

bool ProductIs(const IntMatrix& a, const IntMatrix& b, const IntMatrix& c) {
  for (size_t i = 0; i < a.size(); ++i) {
    for (size_t j = 0; j < b[0].size(); ++j) {
      mpz_class s = 0;
      for (size_t k = 0; k < b.size(); ++k) s += a[i][k] * b[k][j];
      if (s != c[i][j]) return false;
    }
  }
  return true;
}

// Runs both paths (fplll then the exact pass; the exact pass alone) and checks each plainly.
IntMatrix Reduced(const IntMatrix& b, double delta, bool use_fplll) {
  Case c(b, delta);
  ReduceRun run;
  std::string error;
  CHECK(svc::core::RunReduce(c.p.reduce, Limits(), use_fplll, &run, &error));
  if (use_fplll) CHECK(run.fplll_status == 0);
  const auto& r = run.reduction;
  CHECK(PlainReduced(r.b, delta));
  CHECK(ProductIs(r.u, b, r.b));
  const mpq_class det = PlainDet(r.u);
  CHECK(det == 1 || det == -1);
  CHECK(ProductIs(r.v, r.b, b));
  return r.b;
}

IntMatrix Knapsack(std::mt19937_64& rng, int d, int bits) {
  IntMatrix b(d, std::vector<mpz_class>(d + 1));
  for (int i = 0; i < d; ++i) {
    mpz_class x = 1;
    for (int t = 1; t < bits; ++t) x = 2 * x + static_cast<long>(rng() & 1);
    b[i][0] = x;
    b[i][i + 1] = 1;
  }
  return b;
}

IntMatrix Uniform(std::mt19937_64& rng, int d, int cols, int range) {
  IntMatrix b(d, std::vector<mpz_class>(cols));
  for (auto& row : b) for (auto& x : row) x = static_cast<long>(rng() % (2 * range + 1)) - range;
  return b;
}

}  // namespace

int main() {
  // Hand-known: (1,0),(1,1) → (1,0),(0,1); Wikipedia's example with delta 3/4; (1,0),(7,5) → (1,0),(0,5).
  for (bool f : {true, false}) {
    CHECK(Reduced(M({{1, 0}, {1, 1}}), 0.99, f) == M({{1, 0}, {0, 1}}));
    CHECK(Reduced(M({{1, 0}, {7, 5}}), 0.99, f) == M({{1, 0}, {0, 5}}));
    const IntMatrix w = Reduced(M({{1, 1, 1}, {-1, 0, 2}, {3, 5, 6}}), 0.75, f);
    // Norms² of an LLL basis of this lattice (det 3): 1, 2, 5 for this example.
    std::vector<long> norms;
    for (const auto& r : w) norms.push_back(mpz_class(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]).get_si());
    CHECK(norms == std::vector<long>({1, 2, 5}));
    // Fibonacci rows, det 1: Z², two unit vectors.
    const IntMatrix fib = Reduced(M({{13, 21}, {21, 34}}), 0.99, f);
    CHECK((fib[0][0] * fib[0][0] + fib[0][1] * fib[0][1]) == 1 && (fib[1][0] * fib[1][0] + fib[1][1] * fib[1][1]) == 1);
    // Dependent: (2,4),(3,6) → a zero vector first, then ±(1,2); 6, 10, 15 → 0, 0, ±1.
    const IntMatrix dep = Reduced(M({{2, 4}, {3, 6}}), 0.99, f);
    CHECK(dep[0][0] == 0 && dep[0][1] == 0 && abs(dep[1][0]) == 1 && abs(dep[1][1]) == 2);
    const IntMatrix g = Reduced(M({{6}, {10}, {15}}), 0.99, f);
    CHECK(g[0][0] == 0 && g[1][0] == 0 && abs(g[2][0]) == 1);
    const IntMatrix many = Reduced(M({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {2, 4, 6}}), 0.99, f);
    CHECK(many[0] == M({{0, 0, 0}})[0] && many[1] == M({{0, 0, 0}})[0]);
    const IntMatrix zeros = Reduced(M({{0, 0}, {0, 0}}), 0.99, f);
    CHECK(zeros == M({{0, 0}, {0, 0}}));
  }
  // Random knapsack and uniform bases, and 100+ digit entries (400 bits).
  std::mt19937_64 rng(7);
  for (int s = 0; s < 6; ++s) {
    for (bool f : {true, false}) {
      Reduced(Knapsack(rng, 10, 80), 0.99, f);
      Reduced(Uniform(rng, 8, 8, 1000), 0.75 + 0.04 * s, f);
      Reduced(Uniform(rng, 6, 9, 50), 0.99, f);
      Reduced(Uniform(rng, 7, 4, 30), 0.99, f);  // 7 vectors in Z^4: 3 zero vectors
    }
  }
  // delta near 0.25: fplll needs eta < sqrt(delta), so eta moves toward 0.5 (fplll exits the process otherwise).
  for (double delta : {0.2500001, 0.2601, 0.26, 0.3}) {
    Reduced(Knapsack(rng, 8, 40), delta, true);
    Reduced(Uniform(rng, 6, 6, 100), delta, true);
  }
  const IntMatrix big = Knapsack(rng, 8, 400);
  CHECK(big[0][0].get_str().size() >= 100);
  Reduced(big, 0.99, true);
  Reduced(big, 0.99, false);

  // The floating-point certificate (certify.h) never claims what the exact check refutes: random
  // small bases reduced and not (one step of perturbation: a row plus a multiple of another, a swap),
  // each compared with PlainReduced; it must also accept most reduced ones (else it is useless).
  {
    int accepted = 0, reduced_total = 0;
    for (int s = 0; s < 60; ++s) {
      const int d = 2 + s % 9;
      IntMatrix b = s % 2 == 0 ? Knapsack(rng, d, 30 + 5 * d) : Uniform(rng, d, d + s % 3, 1 << (4 + s % 12));
      const double delta = s % 3 == 0 ? 0.75 : 0.99;
      IntMatrix red = Reduced(b, delta, s % 4 != 0);
      const bool plain = PlainReduced(red, delta);
      CHECK(plain);
      ++reduced_total;
      if (svc::core::CertifyReducedFloat(red, delta)) ++accepted;
      // Perturbed: b_i += k·b_j (size reduction broken) or a swap (Lovász broken).
      if (red.size() >= 2 && red[0] != red[1]) {
        IntMatrix bad = red;
        const size_t i = 1 + s % (red.size() - 1), j = s % i;
        const long k = 1 + s % 3;
        for (size_t t = 0; t < bad[i].size(); ++t) bad[i][t] += k * bad[j][t];
        CHECK(!svc::core::CertifyReducedFloat(bad, delta) || PlainReduced(bad, delta));
        IntMatrix sw = red;
        std::swap(sw[0], sw[red.size() - 1]);
        CHECK(!svc::core::CertifyReducedFloat(sw, delta) || PlainReduced(sw, delta));
      }
    }
    CHECK(accepted * 10 >= reduced_total * 9);
    // Hard corners: d = 1; a zero row (declined); dependent rows (declined); a tie |μ| = 1/2 exactly
    // ((2,0),(1,5): μ = 1/2 is reduced; the certificate may only decline, never refute); huge entries.
    CHECK(svc::core::CertifyReducedFloat(M({{3, 4}}), 0.99));
    CHECK(!svc::core::CertifyReducedFloat(M({{0, 0}, {1, 0}}), 0.99));
    CHECK(!svc::core::CertifyReducedFloat(M({{1, 2}, {2, 4}}), 0.99));
    CHECK(PlainReduced(M({{2, 0}, {1, 5}}), 0.99));
    CHECK(!svc::core::CertifyReducedFloat(M({{2, 0}, {3, 5}}), 0.99));  // μ = 3/2
    CHECK(!svc::core::CertifyReducedFloat(M({{5, 0}, {0, 1}}), 0.99));  // Lovász fails
    CHECK(svc::core::CertifyReducedFloat(M({{1, 0}, {0, 1}}), 0.99));
    // Lovász at the edge: (1,0),(0,c) with c² vs delta: c = 1 passes any delta < 1.
    IntMatrix huge = M({{1, 0}, {0, 1}});
    mpz_class big;
    mpz_ui_pow_ui(big.get_mpz_t(), 10, 120);
    huge[0][0] = big;
    huge[1][1] = big;
    CHECK(svc::core::CertifyReducedFloat(huge, 0.99));  // 121 digits: the mpz path
    huge[1][0] = big / 2 + 1;                           // μ just above 1/2
    CHECK(!svc::core::CertifyReducedFloat(huge, 0.99));
  }
  // Which path answered: the fast one on a knapsack basis; an exact tie (μ = 1/2 in (2,0),(1,5))
  // declined by the certificate and answered by the exact pass and check; dependent rows (no pivot
  // columns) through fplll with its transforms.
  {
    std::string error;
    Case c(Knapsack(rng, 30, 120));
    ReduceRun run;
    CHECK(svc::core::RunReduce(c.p.reduce, Limits(), true, &run, &error));
    CHECK(std::string(run.path) == "fplll" && run.float_certified);
    Case t(M({{2, 0}, {1, 5}}));
    ReduceRun tie;
    CHECK(svc::core::RunReduce(t.p.reduce, Limits(), true, &tie, &error));
    CHECK(!tie.float_certified && PlainReduced(tie.reduction.b, 0.99));
    CHECK(ProductIs(tie.reduction.u, M({{2, 0}, {1, 5}}), tie.reduction.b));
    Case d(M({{2, 4}, {3, 6}}));
    ReduceRun dep;
    CHECK(svc::core::RunReduce(d.p.reduce, Limits(), true, &dep, &error));
    CHECK(std::string(dep.path) == "fplll+transforms" && !dep.float_certified);
  }
  // Dixon's lifting: X·A = C for random unimodular-image pairs, the solution checked by product;
  // a non-integral system (C = e_1, A = 2·I) is declined; the pivot columns of a knapsack basis
  // avoid its large first column.
  {
    for (int s = 0; s < 20; ++s) {
      const int d = 1 + s % 7;
      std::vector<std::vector<int64_t>> a(d, std::vector<int64_t>(d)), c;
      IntMatrix am(d, std::vector<mpz_class>(d));
      for (;;) {
        for (int i = 0; i < d; ++i) for (int j = 0; j < d; ++j) am[i][j] = static_cast<long>(rng() % 2001) - 1000;
        if (PlainDet(am) != 0) break;
      }
      IntMatrix xm(d, std::vector<mpz_class>(d));
      for (auto& row : xm) for (auto& x : row) x = static_cast<long>(rng() % 200001) - 100000;
      IntMatrix cm(d, std::vector<mpz_class>(d));
      for (int i = 0; i < d; ++i) for (int j = 0; j < d; ++j) {
        for (int k = 0; k < d; ++k) cm[i][j] += xm[i][k] * am[k][j];
        a[i][j] = am[i][j].get_si();
      }
      c.assign(d, std::vector<int64_t>(d));
      for (int i = 0; i < d; ++i) for (int j = 0; j < d; ++j) c[i][j] = cm[i][j].get_si();
      IntMatrix x;
      CHECK(svc::core::SolveIntegral(a, c, 268435399u, 40, &x, [] { return false; }));
      CHECK(x == xm);
    }
    IntMatrix x;
    CHECK(!svc::core::SolveIntegral({{2, 0}, {0, 2}}, {{1, 0}, {0, 2}}, 268435399u, 40, &x, [] { return false; }));
    std::vector<int32_t> cols;
    CHECK(svc::core::PivotColumns(Knapsack(rng, 6, 80), &cols));
    CHECK(cols == std::vector<int32_t>({1, 2, 3, 4, 5, 6}));
    CHECK(!svc::core::PivotColumns(M({{1, 2}, {2, 4}}), &cols));
    CHECK(!svc::core::PivotColumns(M({{1, 2, 3}, {4, 5, 6}, {7, 8, 10}, {1, 1, 1}}), &cols));  // more rows than columns
  }
  // Through the registry: the answer text, and validation messages.
  {
    Case c(Knapsack(rng, 12, 100));
    SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("reduce", c.p, SolveOptions{}, Limits(), &out, &error) == CallStatus::kOk);
    CHECK(out.kind == ResultKind::kDecimal && out.Extra("exact") == 1);
    const std::string text(out.answer.begin(), out.answer.end());
    CHECK(std::count(text.begin(), text.end(), ';') == 2);
  }
  {
    Case c(M({{1, 2}, {3, 4}}));
    std::string bad = "1 2 3";
    c.p.reduce.text = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bad.data()), bad.size());
    std::string error;
    CHECK(svc::core::ValidateRequest("reduce", c.p, SolveOptions{}, &error) == CallStatus::kError);
    for (std::string t : {"1 2 3 x", "1 2 3 04", "1 2 3 -0", "1 2 3  4", "1 2 3 4 5"}) {
      c.p.reduce.text = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(t.data()), t.size());
      CHECK(svc::core::ValidateRequest("reduce", c.p, SolveOptions{}, &error) == CallStatus::kError);
    }
    std::string good = "1 2 -3 4";
    c.p.reduce.text = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(good.data()), good.size());
    CHECK(svc::core::ValidateRequest("reduce", c.p, SolveOptions{}, &error) == CallStatus::kOk);
    c.p.reduce.delta = 1;
    CHECK(svc::core::ValidateRequest("reduce", c.p, SolveOptions{}, &error) == CallStatus::kError);
  }
  return svc::test::Finish("reduce_test");
}

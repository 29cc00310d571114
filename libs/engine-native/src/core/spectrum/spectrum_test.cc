// spectrum: Ising chains against their free-fermion spectrum, Heisenberg rings against the Bethe
// ansatz, Lanczos against dense diagonalisation on random Pauli sums, degenerate multiplets,
// every stated bound holding, the records and the budget checks.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "kernels/hermitian_dense.h"
#include "kernels/pauli_spectrum.h"
#include "spectrum/solve.h"
#include "testing/test_util.h"
#include "testing/test_wire.h"

namespace {

using namespace svc::core;
using svc::test::F64;
using svc::test::I32;
using svc::test::Num;

struct Terms {
  int32_t n;
  std::vector<int32_t> x, z;
  std::vector<double> coeff;
  void Add(double c, std::string ops) {
    int32_t xm = 0, zm = 0;
    for (int q = 0; q < n; ++q) {
      if (ops[q] == 'X' || ops[q] == 'Y') xm |= 1 << q;
      if (ops[q] == 'Z' || ops[q] == 'Y') zm |= 1 << q;
    }
    x.push_back(xm);
    z.push_back(zm);
    coeff.push_back(c);
  }
  PauliTermsView view() const { return {n, x, z, coeff}; }
};

std::string At(int n, std::initializer_list<std::pair<int, char>> at) {
  std::string s(n, 'I');
  for (auto [q, c] : at) s[q] = c;
  return s;
}

Terms Tfim(int L, double J, double h, bool periodic) {
  Terms t{L, {}, {}, {}};
  const int bonds = periodic && L > 2 ? L : L - 1;
  for (int i = 0; i < bonds; ++i) t.Add(-J, At(L, {{i, 'Z'}, {(i + 1) % L, 'Z'}}));
  for (int i = 0; i < L; ++i) t.Add(-h, At(L, {{i, 'X'}}));
  return t;
}

Terms Xxz(int L, double J, double delta) {
  Terms t{L, {}, {}, {}};
  for (int i = 0; i < L; ++i) {
    const int j = (i + 1) % L;
    t.Add(J, At(L, {{i, 'X'}, {j, 'X'}}));
    t.Add(J, At(L, {{i, 'Y'}, {j, 'Y'}}));
    t.Add(J * delta, At(L, {{i, 'Z'}, {j, 'Z'}}));
  }
  return t;
}

Terms Random(uint32_t seed, int n, int m) {
  Prng r(seed);
  Terms t{n, {}, {}, {}};
  for (int k = 0; k < m; ++k) {
    std::string ops;
    for (int q = 0; q < n; ++q) ops += r.NextFloat() < 0.4 ? "XYZ"[r.NextInt(3)] : 'I';
    t.Add(std::round((r.NextFloat() * 4 - 2) * 1000) / 1000, ops);
  }
  return t;
}

// Ground energy of the periodic chain (even L, J, h > 0): min of the even sector's vacuum and the
// odd sector's (lanczos.ts / testing/spectrum.ts tfimPeriodicLowest).
double TfimPeriodicGround(int L, double J, double h) {
  auto eps = [&](double k) { return 2 * std::sqrt(J * J + h * h - 2 * J * h * std::cos(k)); };
  double even = 0, odd = 0;
  for (int m = 0; m < L; ++m) even -= eps((2 * m + 1) * std::numbers::pi / L) / 2;
  for (int m = 1; m < L; ++m) {
    if (m != L / 2) odd -= eps(2 * std::numbers::pi * m / L) / 2;
  }
  odd += -2 * J;  // n0 = 1, npi = 0: (2h - 2J)/2 - (2h + 2J)/2
  return std::min(even, odd);
}

double Bethe(int L) {
  const int M = L / 2;
  std::vector<double> I(M), lam(M);
  for (int j = 0; j < M; ++j) {
    I[j] = j - (M - 1) / 2.0;
    lam[j] = 0.5 * std::tan(std::numbers::pi * I[j] / L);
  }
  for (int it = 0; it < 100000; ++it) {
    double change = 0;
    std::vector<double> next(M);
    for (int j = 0; j < M; ++j) {
      double s = 0;
      for (int k = 0; k < M; ++k) s += std::atan(lam[j] - lam[k]);
      const double v = 0.5 * std::tan((std::numbers::pi * I[j] + s) / L);
      change = std::max(change, std::fabs(v - lam[j]));
      next[j] = 0.5 * lam[j] + 0.5 * v;
    }
    lam = next;
    if (change < 1e-15) break;
  }
  double e = L / 4.0;
  for (double l : lam) e -= 2 / (4 * l * l + 1);
  return e;
}

PauliSpectrum Run(const Terms& t, int64_t k, int64_t dense, uint32_t seed = 0) {
  PauliSpectrumOptions o;
  o.k = k;
  o.tolerance = 1e-12;
  o.max_matvecs = 1000000;
  o.dense_max_dim = dense;
  o.basis_bytes = 1 << 30;
  o.seed = seed;
  return ComputePauliSpectrum(t.view(), o, Limits());
}

// Each value within its bound (plus rounding) of the reference; Lanczos never `complete`.
void ExpectWithin(const PauliSpectrum& s, const std::vector<double>& ref) {
  CHECK(s.values.size() == ref.size());
  CHECK(s.complete == ((s.methods & 4) == 0));
  for (size_t i = 0; i < ref.size() && i < s.values.size(); ++i) {
    CHECK(std::fabs(s.values[i] - ref[i]) <= s.errors[i] + 1e-12 * std::fabs(ref[i]));
    // A Lanczos sector states its residual (not proven complete: no Kato-Temple), a dense one less.

    CHECK(s.errors[i] < ((s.methods & 4) != 0 ? 1e-4 : 1e-9));
  }
}

void TestIsingAndHeisenberg() {
  for (int L : {4, 8, 12, 16, 20}) {
    for (double h : {0.5, 1.0, 2.0}) {
      const PauliSpectrum s = Run(Tfim(L, 1, h, true), 1, 1024);
      ExpectWithin(s, {TfimPeriodicGround(L, 1, h)});
      CHECK(s.symmetry == 3);
    }
  }
  for (int L : {4, 6, 8, 10, 12, 14, 16}) {
    const PauliSpectrum s = Run(Xxz(L, 1, 1), 1, 1024);
    ExpectWithin(s, {4 * Bethe(L)});
    CHECK(s.symmetry == 1);
  }
}

void TestLanczosAgainstDense() {
  for (uint32_t seed = 0; seed < 8; ++seed) {
    const int n = 7 + seed % 4;
    const Terms t = Random(200 + seed, n, 4 * n);
    const int64_t k = 1 + seed % 4;
    const PauliSpectrum dense = Run(t, k, 4096);
    const PauliSpectrum lanczos = Run(t, k, 0, seed);
    CHECK(dense.methods == 2);
    CHECK(lanczos.methods == 4);
    ExpectWithin(lanczos, dense.values);
  }
}

void TestDegenerate() {
  for (int L : {8, 12}) {
    const PauliSpectrum dense = Run(Xxz(L, 1, 1), 5, 1 << 20);
    const PauliSpectrum lanczos = Run(Xxz(L, 1, 1), 5, 0);
    ExpectWithin(lanczos, dense.values);
    CHECK_NEAR(lanczos.values[1], lanczos.values[3], 1e-9);
  }
  // A 2-qubit Hamiltonian on qubits 0, 1 of 12: every level 1024-fold.
  Terms two{12, {}, {}, {}};
  two.Add(0.7, "XY" + std::string(10, 'I'));
  two.Add(-0.3, "ZI" + std::string(10, 'I'));
  two.Add(0.2, "YZ" + std::string(10, 'I'));
  const PauliSpectrum lanczos = Run(two, 6, 0);
  const double ground = lanczos.values[0];
  for (double v : lanczos.values) CHECK_NEAR(v, ground, 1e-9);
  Terms small{2, {}, {}, {}};
  small.Add(0.7, "XY");
  small.Add(-0.3, "ZI");
  small.Add(0.2, "YZ");
  CHECK_NEAR(Run(small, 1, 16).values[0], ground, 1e-9);
}

// Issue 31: 1e4 I plus an H on qubits 2..7 of 8 (every level 4-fold): Lanczos finds every copy.
void TestPlantedClusters() {
  for (uint32_t seed = 0; seed < 3; ++seed) {
    const Terms six = Random(300 + seed, 6, 18);
    Terms big{8, {}, {}, {}};
    big.Add(1e4, std::string(8, 'I'));
    for (size_t t = 0; t < six.coeff.size(); ++t) {
      big.x.push_back(six.x[t] << 2);
      big.z.push_back(six.z[t] << 2);
      big.coeff.push_back(six.coeff[t]);
    }
    const PauliSpectrum ref = Run(six, 3, 1 << 20);
    std::vector<double> want;
    for (double v : ref.values) for (int c = 0; c < 4; ++c) want.push_back(v + 1e4);
    for (double tolerance : {1e-8, 1e-12}) {
      PauliSpectrumOptions o;
      o.k = 12;
      o.tolerance = tolerance;
      o.max_matvecs = 1000000;
      o.dense_max_dim = 0;
      o.basis_bytes = 1 << 30;
      o.seed = seed;
      const PauliSpectrum s = ComputePauliSpectrum(big.view(), o, Limits());
      CHECK(s.values.size() == want.size());
      for (size_t i = 0; i < want.size() && i < s.values.size(); ++i) {
        CHECK(std::fabs(s.values[i] - want[i]) <= s.errors[i] + 1e-12 * std::fabs(want[i]));
      }
      CHECK(!s.converged && !s.complete);
    }
  }
}

// Issue 31: the open Ising chain of 15 sites at h = 2.423, k = 12 came shifted by one level.
void TestOpenIsing15() {
  const int L = 15;
  const double h = 2.423;
  // Free fermions: single-particle energies 2 s_k, s_k the singular values of the (h, J = 1) bidiagonal B.
  std::vector<double> btb(L * L, 0.0);
  for (int i = 0; i < L; ++i) {
    btb[i * L + i] = h * h + (i > 0 ? 1.0 : 0.0);
    if (i + 1 < L) btb[i * L + i + 1] = btb[(i + 1) * L + i] = h;
  }
  const DenseEigen e = DenseLowest(btb, L, false, L, false);
  double e0 = 0;
  for (double v : e.values) e0 -= std::sqrt(std::max(v, 0.0));
  const PauliSpectrum s = Run(Tfim(L, 1, h, false), 12, 1024);
  CHECK(s.values.size() == 12);
  CHECK(std::fabs(s.values[0] - e0) <= s.errors[0] + 1e-12 * std::fabs(e0));
  const double e1 = e0 + 2 * std::sqrt(e.values[0]);
  CHECK(std::fabs(s.values[1] - e1) <= s.errors[1] + 1e-12 * std::fabs(e1));
  CHECK(!s.converged);
}

// Issue 31: a single X term leaves H diagonal after the Hadamard; its vectors come back in the computational basis.
void TestHadamardVectors() {
  Terms t{8, {}, {}, {}};
  t.Add(3, "IIXIIIII");
  PauliSpectrumOptions o;
  o.k = 2;
  o.tolerance = 1e-12;
  o.max_matvecs = 1000;
  o.dense_max_dim = 1024;
  o.basis_bytes = 1 << 30;
  o.vectors = true;
  const PauliSpectrum s = ComputePauliSpectrum(t.view(), o, Limits());
  CHECK(s.vectors.size() == 2);
  for (const auto& v : s.vectors) {
    double energy = 0;
    for (uint32_t b = 0; b < 256; ++b) energy += 3 * (v[2 * b] * v[2 * (b ^ 4)] + v[2 * b + 1] * v[2 * (b ^ 4) + 1]);
    CHECK_NEAR(energy, -3, 1e-12);
  }
}

WireArgs Args(const Terms& t, const std::vector<int32_t>& x, double k, const std::vector<double>& budget) {
  WireArgs args;
  args.n = t.n;
  args.Set("x", I32(x));
  args.Set("z", I32(t.z));
  args.Set("coeff", F64(t.coeff));
  args.Set("k", Num(k));
  args.Set("vectors", Num(0));
  args.budget = budget;
  return args;
}

void TestRecordsAndChecks() {
  const SolverEntry* e = FindSolver("spectrum");
  CHECK(e != nullptr);
  if (e == nullptr) return;
  const Terms t = Tfim(6, 1, 0.7, true);
  const std::vector<double> budget = {1e-12, 100000, 1024, 1 << 30};
  SolveResult out;
  std::string error;
  CHECK(e->solve_wire("spectrum", Args(t, t.x, 3, budget), SolveOptions{}, Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.kind == ResultKind::kNumeric);
  CHECK(out.values.size() == 9);
  CHECK(out.Extra("count") == 3);
  CHECK(out.Extra("converged") == 1);
  // A mask outside n qubits, a non-finite coefficient, k out of range: refused with a message.
  std::vector<int32_t> bad_x = t.x;
  bad_x[0] = 1 << 6;
  SolveResult refused;
  error.clear();
  CHECK(e->solve_wire("spectrum", Args(t, bad_x, 3, budget), SolveOptions{}, Limits(), &refused, &error) == CallStatus::kError);
  CHECK(!error.empty());
  Terms nan_terms = t;
  nan_terms.coeff[1] = std::nan("");
  CHECK(e->solve_wire("spectrum", Args(nan_terms, t.x, 3, budget), SolveOptions{}, Limits(), &refused, &error) == CallStatus::kError);
  CHECK(e->solve_wire("spectrum", Args(t, t.x, 0, budget), SolveOptions{}, Limits(), &refused, &error) == CallStatus::kError);
  // Cancelled before it starts: a stopped result, nothing claimed converged.
  int32_t flag = 1;
  const Limits cancelled(&flag, Clock::now(), 0);
  const Terms big = Tfim(14, 1, 1, true);
  SolveResult c;
  CHECK(e->solve_wire("spectrum", Args(big, big.x, 2, budget), SolveOptions{}, cancelled, &c, &error) == CallStatus::kOk);
  CHECK(c.Extra("converged") == 0);
  CHECK(c.status == ResultStatus::kCancelled);
  CHECK(MaxSpectrumK(24, false, 1.5 * (1 << 30)) == 7);
  CHECK(MaxSpectrumK(24, true, 1.5 * (1 << 30)) == 1);
}

}  // namespace

int main() {
  TestIsingAndHeisenberg();
  TestLanczosAgainstDense();
  TestDegenerate();
  TestPlantedClusters();
  TestOpenIsing15();
  TestHadamardVectors();
  TestRecordsAndChecks();
  return svc::test::Finish("spectrum_test");
}

// entropy: product, Bell and GHZ states, states with a known Schmidt spectrum (scrambled by local
// bit flips and phases, which keep it), ground states with their bounds, the records and checks.
#include <cmath>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "entropy/solve.h"
#include "kernels/entanglement.h"
#include "testing/test_util.h"
#include "testing/test_wire.h"

namespace {

using namespace svc::core;
using svc::test::F64;
using svc::test::I32;
using svc::test::Num;
using svc::test::U8;

std::vector<uint8_t> Mask(int n, std::initializer_list<int> qubits) {
  std::vector<uint8_t> m(n, 0);
  for (int q : qubits) m[q] = 1;
  return m;
}

void TestSimpleStates() {
  // Product |0101>: no entanglement across any cut.
  std::vector<double> prod(32, 0.0);
  prod[2 * 5] = 1;
  const Entanglement p = ComputeEntanglement(4, prod, Mask(4, {0, 2}), 16);
  CHECK(p.entropy <= FannesAudenaert(p.rounding_t, p.dim));
  CHECK_NEAR(p.schmidt[0], 1, 1e-14);
  // Bell pair: one bit, two Schmidt coefficients 1/sqrt2.
  std::vector<double> bell(8, 0.0);
  bell[0] = bell[6] = std::sqrt(0.5);
  const Entanglement b = ComputeEntanglement(2, bell, Mask(2, {0}), 16);
  CHECK_NEAR(b.entropy, 1, 1e-12);
  CHECK_NEAR(b.renyi2, 1, 1e-12);
  CHECK_NEAR(b.schmidt[1], std::sqrt(0.5), 1e-12);
  // GHZ on 7 qubits: one bit across every cut.
  std::vector<double> ghz(2 << 7, 0.0);
  ghz[0] = ghz[2 * 127] = std::sqrt(0.5);
  for (uint32_t mask = 1; mask < 127; mask += 3) {
    std::vector<uint8_t> in(7);
    for (int q = 0; q < 7; ++q) in[q] = (mask >> q) & 1;
    const Entanglement g = ComputeEntanglement(7, ghz, in, 16);
    CHECK(std::fabs(g.entropy - 1) <= FannesAudenaert(g.rounding_t, g.dim) + 1e-15);
  }
}

void TestKnownSchmidt() {
  // psi = sum_i s_i |i>_A |pi(i)>_B on A = the low nA qubits, then bit flips and phases per qubit.
  Prng r(7);
  for (int round = 0; round < 20; ++round) {
    const int nA = 1 + round % 4, nB = nA + round % 3, n = nA + nB;
    const int64_t dA = int64_t{1} << nA;
    std::vector<double> s(dA);
    double norm = 0;
    for (double& x : s) {
      x = r.NextFloat() * (round % 2 ? 1.0 : 0.01);
      norm += x * x;
    }
    double want = 0;
    for (double& x : s) {
      x /= std::sqrt(norm);
      if (x > 0) want -= x * x * std::log2(x * x);
    }
    const uint32_t flip = r.NextU32() & ((1u << n) - 1);
    std::vector<double> psi(size_t{2} << n, 0.0);
    for (int64_t i = 0; i < dA; ++i) {
      const uint32_t b = (static_cast<uint32_t>(i) | (static_cast<uint32_t>((i * 5 + 3) % (int64_t{1} << nB)) << nA)) ^ flip;
      const double phase = 2 * 3.141592653589793 * r.NextFloat();
      psi[2 * b] = s[i] * std::cos(phase);
      psi[2 * b + 1] = s[i] * std::sin(phase);
    }
    std::vector<uint8_t> in(n, 0);
    for (int q = 0; q < nA; ++q) in[q] = 1;
    const Entanglement e = ComputeEntanglement(n, psi, in, 16);
    CHECK(std::fabs(e.entropy - want) <= FannesAudenaert(e.rounding_t, e.dim) + 1e-13);
  }
}

void TestGroundStateAndRecords() {
  const SolverEntry* e = FindSolver("entropy");
  CHECK(e != nullptr);
  if (e == nullptr) return;
  // Transverse-field Ising ring L = 10, h = 1.5 (gapped): half-chain entropy of its ground state.
  const int L = 10;
  std::vector<int32_t> x, z;
  std::vector<double> c;
  for (int i = 0; i < L; ++i) {
    x.push_back(0);
    z.push_back((1 << i) | (1 << ((i + 1) % L)));
    c.push_back(-1);
    x.push_back(1 << i);
    z.push_back(0);
    c.push_back(-1.5);
  }
  std::vector<uint8_t> half = Mask(L, {0, 1, 2, 3, 4});
  const std::vector<double> budget = {1e-12, 40000, 1024, 1 << 30, 1e-10};
  WireArgs args;
  args.n = L;
  args.Set("subsystem", U8(half));
  args.Set("x", I32(x));
  args.Set("z", I32(z));
  args.Set("coeff", F64(c));
  args.Set("vectors", Num(1));
  args.budget = budget;
  SolveResult out;
  std::string error;
  CHECK(e->solve_wire("entropy", args, SolveOptions{}, Limits(), &out, &error) == CallStatus::kOk);
  CHECK(out.kind == ResultKind::kNumeric);
  CHECK(out.Extra("source") == 1);
  CHECK(out.Extra("degenerate") == 0);
  CHECK(out.values[2] < 1e-6);
  const size_t m = static_cast<size_t>(out.Extra("schmidt"));
  CHECK(out.values.size() == 5 + m + (size_t{2} << L));
  // The returned ground state gives the same entropy.
  std::vector<double> psi(out.values.begin() + 5 + static_cast<long>(m), out.values.end());
  CHECK_NEAR(ComputeEntanglement(L, psi, half, 16).entropy, out.values[0], 1e-12);
  // A state and terms together, a state of the wrong length, a zero state: refused.
  std::vector<double> state(size_t{2} << L, 0.0);
  WireArgs both = args;
  both.Set("state", F64(state));
  SolveResult refused;
  CHECK(e->solve_wire("entropy", both, SolveOptions{}, Limits(), &refused, &error) == CallStatus::kError);
  WireArgs zero;
  zero.n = 2;
  std::vector<uint8_t> one = Mask(2, {0});
  std::vector<double> z8(8, 0.0);
  zero.Set("subsystem", U8(one));
  zero.Set("state", F64(z8));
  zero.Set("x", I32({}));
  zero.Set("z", I32({}));
  zero.Set("coeff", F64({}));
  zero.Set("vectors", Num(0));
  zero.budget = budget;
  CHECK(e->solve_wire("entropy", zero, SolveOptions{}, Limits(), &refused, &error) == CallStatus::kError);
  // A limit that fired before any state (the flag set, a deadline of 1 ms): the search runs on to its
  // first complete answer (docs/contract.md), marked stopped, its bound that of the complete search.
  int32_t flag = 1;
  SolveResult late;
  CHECK(e->solve_wire("entropy", args, SolveOptions{}, Limits(&flag, Clock::now(), 1), &late, &error) == CallStatus::kOk);
  CHECK(late.values.size() == 5 + static_cast<size_t>(late.Extra("schmidt")) + (size_t{2} << L));
  CHECK(late.status != ResultStatus::kWorkLimit);
  CHECK_NEAR(late.values[0], out.values[0], 1e-9);
  CHECK(late.values[2] < 1e-6);
}

void TestEmptySide() {
  // A cut with an empty side (subsystem = all qubits) of states normalised in floating point: exactly 0.
  Prng r(11);
  for (int round = 0; round < 40; ++round) {
    const int n = 1 + round % 6;
    std::vector<double> psi(size_t{2} << n);
    double norm = 0;
    for (double& x : psi) {
      x = r.NextFloat() - 0.5;
      norm += x * x;
    }
    for (double& x : psi) x /= std::sqrt(norm);
    std::vector<uint8_t> all(n, 1);
    const Entanglement a = ComputeEntanglement(n, psi, all, 16);
    CHECK(a.entropy == 0 && a.renyi2 == 0 && a.dim == 1 && a.rounding_t == 0);
    CHECK(a.schmidt.size() == 1 && a.schmidt[0] == 1);
  }
}

}  // namespace

int main() {
  TestSimpleStates();
  TestKnownSchmidt();
  TestGroundStateAndRecords();
  TestEmptySide();
  return svc::test::Finish("entropy_test");
}

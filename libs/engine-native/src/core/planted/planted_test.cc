// quantum-scale: the generator matches engine-ts (golden hashes), the planted energy is the
// ground energy (brute force), the solver reaches it, and limits stop it.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/prng.h"
#include "planted/generate.h"
#include "planted/solve.h"
#include "common/registry.h"
#include "testing/test_options.h"
#include "testing/test_util.h"

namespace {

using svc::core::PlantedLayout;

PlantedLayout Layout(int32_t n, int32_t degree, uint32_t seed) {
  PlantedLayout l;
  std::string error;
  CHECK(svc::core::MakePlantedLayout(n, degree, seed, &l, &error));
  return l;
}

// FNV-1a over (u, v, j + 1) of every coupling: planted-ising.test.ts computes the same.
uint32_t StreamHash(const PlantedLayout& l) {
  uint32_t h = 2166136261u;
  svc::core::ForEachPlantedCoupling(l, [&](int32_t u, int32_t v, int32_t j) {
    h = (h ^ static_cast<uint32_t>(u)) * 16777619u;
    h = (h ^ static_cast<uint32_t>(v)) * 16777619u;
    h = (h ^ static_cast<uint32_t>(j + 1)) * 16777619u;
  });
  return h;
}

void TestGoldenInstances() {
  // Values printed by engine-ts (planted-ising.test.ts "golden instances").
  struct Golden {
    int32_t n, degree;
    uint32_t seed;
    int64_t edges, energy;
    uint32_t hash;
  };
  const Golden cases[] = {
      {16, 3, 0, 22, -12, 3132244631u},
      {1000, 5, 7, 2486, -2338, 3813354649u},
      {4099, 16, 123456789u, 32792, -31720, 1094912127u},
  };
  for (const Golden& c : cases) {
    const PlantedLayout l = Layout(c.n, c.degree, c.seed);
    CHECK(l.edges == c.edges);
    CHECK(l.planted_energy == c.energy);
    CHECK(StreamHash(l) == c.hash);
  }
}

std::vector<uint8_t> PlantedState(const PlantedLayout& l) {
  const std::vector<uint32_t> g = svc::core::PlantedGauge(l);
  std::vector<uint8_t> x(static_cast<size_t>(l.n));
  for (int32_t u = 0; u < l.n; ++u) x[u] = (g[u >> 5] >> (u & 31)) & 1u;
  return x;
}

void TestGraphAndFloor() {
  for (int32_t degree = 3; degree <= 16; ++degree) {
    for (int32_t n : {1, 2, 5, 16, 97, 1000}) {
      const PlantedLayout l = Layout(n, degree, 3);
      const svc::core::PlantedGraph g = svc::core::BuildPlantedGraph(l);
      CHECK(static_cast<int64_t>(g.neighbours.size()) == 2 * l.edges);
      for (int32_t u = 0; u < n; ++u) CHECK(g.offsets[u + 1] - g.offsets[u] <= degree);
      const std::vector<uint8_t> star = PlantedState(l);
      CHECK(svc::core::PlantedEnergyOf(l, star) == l.planted_energy);
    }
  }
}

void TestBruteForce() {
  for (int32_t n : {6, 11, 16}) {
    for (int32_t degree : {3, 4, 7}) {
      const PlantedLayout l = Layout(n, degree, static_cast<uint32_t>(n * 31 + degree));
      std::vector<uint8_t> x(static_cast<size_t>(n));
      int64_t best = INT64_MAX;
      for (uint32_t code = 0; code < (1u << n); ++code) {
        for (int32_t i = 0; i < n; ++i) x[i] = (code >> i) & 1u;
        const int64_t e = svc::core::PlantedEnergyOf(l, x);
        if (e < best) best = e;
      }
      CHECK(best == l.planted_energy);
    }
  }
}

svc::core::PlantedProblem View(int32_t n, int32_t degree, uint32_t seed, int64_t anneal) {
  svc::core::PlantedProblem v;
  v.n = n;
  v.planted.degree = degree;
  v.planted.instance_seed = seed;
  v.planted.anneal_sweeps = anneal;
  v.planted.reheat_sweeps = anneal / 4 + 1;
  v.planted.max_sweeps = 4 * anneal;
  v.planted.beta_start = 0.1;
  v.planted.beta_end = 3;
  v.planted.beta_reheat = 1;
  return v;
}

void TestSolverReachesFloor() {
  for (int32_t degree : {3, 4, 9, 16}) {
    const svc::core::PlantedProblem v = View(20000, degree, 11, 256);
    svc::core::SolveOptions o;
    o.seed = 5;
    svc::core::SolveResult out;
    std::string error;
    CHECK(svc::core::Solve("quantum-scale", v, o, Limits(), &out, &error) == CallStatus::kOk);
    CHECK(out.kind == svc::core::ResultKind::kKnownOptimum);
    CHECK(out.proof == svc::core::Proof::kPlanted);
    CHECK(out.objective == out.Extra("plantedEnergy"));
    const PlantedLayout l = Layout(20000, degree, 11);
    CHECK(static_cast<double>(svc::core::PlantedEnergyOf(l, out.answer)) == out.objective);
    CHECK(out.Extra("edges") == static_cast<double>(l.edges));
  }
}

void TestValidationAndLimits() {
  svc::core::SolveOptions o;
  svc::core::SolveResult out;
  std::string error;
  CHECK(svc::core::Solve("quantum-scale", View(100, 2, 0, 8), o, Limits(), &out, &error) ==
        CallStatus::kError);
  CHECK(svc::core::Solve("quantum-scale", View(10'000'001, 3, 0, 8), o, Limits(), &out, &error) ==
        CallStatus::kError);
  // A raised cancel flag: a valid answer with the planted bound, stopped, not certified.
  int32_t flag = 1;
  const Limits cancelled(&flag, svc::core::Clock::now(), 0);
  CHECK(svc::core::Solve("quantum-scale", View(50000, 3, 1, 512), o, cancelled, &out, &error) ==
        CallStatus::kOk);
  CHECK(out.status == svc::core::ResultStatus::kCancelled);
  CHECK(out.proof == svc::core::Proof::kNone);
  CHECK(out.has_bound && out.bound == out.Extra("plantedEnergy"));
  CHECK(out.answer.size() == 50000);
  // At least the constructive answer: one greedy sweep (flip every spin with s_i h_i > 0, i
  // ascending) from the start, recomputed here from the generator words (solve.ts step 1).
  const PlantedLayout l = Layout(50000, 3, 1);
  const svc::core::PlantedGraph g = svc::core::BuildPlantedGraph(l);
  svc::core::Prng rng(o.seed);
  std::vector<int8_t> s(50000);
  for (int32_t w = 0; w < 50000; w += 32) {
    const uint32_t word = rng.NextU32();
    for (int32_t k = 0; k < 32 && w + k < 50000; ++k) s[w + k] = ((word >> k) & 1u) != 0 ? 1 : -1;
  }
  for (int32_t i = 0; i < 50000; ++i) {
    int32_t h = 0;
    for (int32_t q = g.offsets[i]; q < g.offsets[i + 1]; ++q) h += g.couplings[q] * s[g.neighbours[q]];
    if (s[i] * h > 0) s[i] = static_cast<int8_t>(-s[i]);
  }
  std::vector<uint8_t> x(50000);
  for (int32_t i = 0; i < 50000; ++i) x[i] = s[i] > 0 ? 1 : 0;
  CHECK(svc::core::PlantedEnergyOf(l, x) < 0);
  CHECK(out.objective <= static_cast<double>(svc::core::PlantedEnergyOf(l, x)));
}

void TestPlantedExpNeg() {
  for (double x = 0; x <= 40; x += 0.37) {
    CHECK(std::fabs(svc::core::PlantedExpNeg(x) - std::exp(-x)) <= 1e-13 * std::exp(-x));
  }
  CHECK(svc::core::PlantedExpNeg(41) == 0);
}

}  // namespace

int main() {
  TestGoldenInstances();
  TestGraphAndFloor();
  TestBruteForce();
  TestSolverReachesFloor();
  TestValidationAndLimits();
  TestPlantedExpNeg();
  return svc::test::Finish("planted_test");
}

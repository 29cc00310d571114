// Random canonical QUBO and max-cut instances and brute force for the core tests (test binaries only,
// not part of svc_core): the qubo family's twin of engine-ts families/qubo/testing-generators.ts.
#ifndef SVC_CORE_QUBO_TEST_INSTANCES_H_
#define SVC_CORE_QUBO_TEST_INSTANCES_H_

#include <cstdint>
#include <limits>
#include <vector>

#include "qubo/evaluate.h"
#include "common/prng.h"
#include "qubo/problem.h"

namespace svc::test {

// The qubo family's budget of the solve tests: exact enumeration up to exact_max_n variables;
// beyond, `moves` tabu moves over moves / 1000 + 1 restarts with small tenures and perturbations.
inline core::QuboBudget Budget(int32_t exact_max_n, int64_t moves) {
  core::QuboBudget b;
  b.search.exact_max_n = exact_max_n;
  b.search.tabu_iterations = moves;
  b.search.restarts = moves / 1000 + 1;
  b.search.stall = 1000;
  b.search.tenure_base = 3;
  b.search.tenure_span = 2;
  b.search.anneal_sweeps = 2;
  b.search.elite_pool = 2;
  b.search.shrink_rounds = 8;
  return b;
}

// p with the budget b.
inline core::QuboFamilyProblem Budgeted(core::QuboFamilyProblem p, const core::QuboBudget& b) {
  p.budget = b;
  return p;
}

// Owns the arrays a QuboFamilyProblem points into.
struct Instance {
  int32_t n = 0;
  std::vector<double> linear;
  std::vector<int32_t> i, j;
  std::vector<double> w;
  bool complete = false;

  core::QuboFamilyProblem View(const core::QuboBudget& budget = {}) const {
    core::QuboFamilyProblem p{{n, linear, core::PairsView{i, j, w}, complete}};
    p.budget = budget;
    return p;
  }
  core::QuboView Qubo() const { return core::QuboView{n, linear, core::PairsView{i, j, w}}; }
  core::MaxcutView Maxcut() const {
    return core::MaxcutView{n, core::PairsView{i, j, w}, complete};
  }
};

// Each pair (i < j) present with probability density; weights integer in [-range, range] or,
// with fractional, multiples of 1/8 (exactly representable, so sums are exact).
inline Instance RandomInstance(core::Prng& rng, int32_t n, double density, int32_t range,
                               bool with_linear, bool fractional = false) {
  Instance in;
  in.n = n;
  const auto weight = [&]() {
    const double v = static_cast<double>(rng.NextInt(2 * range + 1)) - range;
    return fractional ? v / 8.0 : v;
  };
  if (with_linear) {
    in.linear.resize(n);
    for (double& h : in.linear) h = weight();
  }
  for (int32_t a = 0; a < n; ++a) {
    for (int32_t b = a + 1; b < n; ++b) {
      if (rng.NextFloat() < density) {
        in.i.push_back(a);
        in.j.push_back(b);
        in.w.push_back(weight());
      }
    }
  }
  return in;
}

// Minimum QUBO energy over all 2^n assignments (n <= 20).
inline double BruteQuboMin(const Instance& in) {
  double best = std::numeric_limits<double>::infinity();
  std::vector<uint8_t> x(in.n);
  for (uint32_t code = 0; code < (1u << in.n); ++code) {
    for (int32_t b = 0; b < in.n; ++b) x[b] = (code >> b) & 1;
    const double e = core::QuboEnergy(in.Qubo(), x);
    if (e < best) best = e;
  }
  return best;
}

// Maximum cut over all 2^n sides (n <= 20).
inline double BruteMaxCut(const Instance& in) {
  double best = -std::numeric_limits<double>::infinity();
  std::vector<uint8_t> x(in.n);
  for (uint32_t code = 0; code < (1u << in.n); ++code) {
    for (int32_t b = 0; b < in.n; ++b) x[b] = (code >> b) & 1;
    const double c = core::CutValue(in.Maxcut(), x);
    if (c > best) best = c;
  }
  return best;
}

}  // namespace svc::test

// The names the qubo solve tests spell unqualified.
using svc::test::Budget, svc::test::Budgeted;

#endif  // SVC_CORE_QUBO_TEST_INSTANCES_H_

// xorsat: elimination, enumeration and the local search against brute force, limits and validation.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/registry.h"
#include "xorsat/problem.h"
#include "xorsat/solve.h"
#include "testing/test_options.h"
#include "testing/test_permutation.h"
#include "testing/test_util.h"

namespace {

using svc::core::Prng;
using svc::core::XorsatProblem;

struct Instance {
  int32_t n = 0;
  std::vector<int32_t> start{0}, vars;
  std::vector<uint8_t> rhs;
  std::vector<double> budget;

  XorsatProblem View() const {
    XorsatProblem p;
    p.n = n;
    p.xorsat = {start, vars, rhs, budget};
    return p;
  }
};

// families/xorsat/budget.ts: enumMaxRank, searchSteps.
std::vector<double> Budget(int effort) {
  static const double kLevels[3][2] = {{16, 20000}, {20, 200000}, {24, 2000000}};
  return std::vector<double>(kLevels[effort], kLevels[effort] + 2);
}

// Random equations of 0..max_vars distinct sorted variables; planted (consistent) or random rhs.
Instance Random(int32_t n, int32_t m, int32_t max_vars, bool planted, uint32_t seed, int effort) {
  Instance in;
  in.n = n;
  in.budget = Budget(effort);
  Prng rng(seed);
  std::vector<uint8_t> hidden(n);
  for (auto& h : hidden) h = static_cast<uint8_t>(rng.NextInt(2));
  for (int32_t e = 0; e < m; ++e) {
    const int32_t k = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(max_vars) + 1));
    std::vector<int32_t> vs;
    for (int32_t t = 0; t < k; ++t) vs.push_back(static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n))));
    std::sort(vs.begin(), vs.end());
    vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
    uint8_t r = static_cast<uint8_t>(rng.NextInt(2));
    if (planted) {
      r = 0;
      for (int32_t i : vs) r ^= hidden[i];
    }
    in.vars.insert(in.vars.end(), vs.begin(), vs.end());
    in.start.push_back(static_cast<int32_t>(in.vars.size()));
    in.rhs.push_back(r);
  }
  return in;
}

int64_t Violations(const Instance& in, const std::vector<uint8_t>& x) {
  int64_t v = 0;
  for (size_t e = 0; e < in.rhs.size(); ++e) {
    uint8_t s = in.rhs[e];
    for (int32_t k = in.start[e]; k < in.start[e + 1]; ++k) s ^= x[in.vars[k]];
    v += s;
  }
  return v;
}

// Fewest violations and the number of solutions over all 2^n assignments.
void Brute(const Instance& in, int64_t* best, int64_t* solutions) {
  *best = 1 << 30;
  *solutions = 0;
  std::vector<uint8_t> x(in.n);
  for (uint32_t mask = 0; mask < (1u << in.n); ++mask) {
    for (int32_t i = 0; i < in.n; ++i) x[i] = (mask >> i) & 1;
    const int64_t v = Violations(in, x);
    if (v == 0) ++*solutions;
    *best = std::min(*best, v);
  }
}

SolveResult Run(const Instance& in, uint32_t seed, const Limits& limits = Limits()) {
  return svc::test::RunSolve("xorsat", in.View(), seed, limits);
}

void TestAgainstBruteForce() {
  for (uint32_t s = 0; s < 300; ++s) {
    const int32_t n = 1 + static_cast<int32_t>(s % 12);
    const Instance in = Random(n, 1 + static_cast<int32_t>(s % 17), 1 + static_cast<int32_t>(s % 5), s % 3 == 0, s, static_cast<int>(s % 3));
    int64_t best = 0, solutions = 0;
    Brute(in, &best, &solutions);
    const auto el = svc::core::EliminateXorsat(in.View().xorsat, n, Limits());
    CHECK((el.inconsistent == 0) == (solutions > 0));
    if (solutions > 0) CHECK(solutions == (int64_t{1} << (n - el.rank)));
    const SolveResult r = Run(in, s);
    CHECK(r.kind == svc::core::ResultKind::kBinary);
    CHECK(r.proof == Proof::kExhaustive);
    CHECK(static_cast<int64_t>(r.objective) == best);
    CHECK(Violations(in, r.answer) == best);
  }
}

void TestLarge() {
  // Consistent: elimination alone, certified.
  const Instance planted = Random(400, 600, 6, true, 900, 0);
  const SolveResult a = Run(planted, 0);
  CHECK(a.objective == 0);
  CHECK(a.proof == Proof::kExhaustive);
  CHECK(Violations(planted, a.answer) == 0);
  // Inconsistent past the enumeration rank: a heuristic no worse than elimination, with its bound.
  const Instance noisy = Random(60, 200, 3, false, 700, 0);
  const auto el = svc::core::EliminateXorsat(noisy.View().xorsat, noisy.n, Limits());
  CHECK(el.rank > 16);
  const SolveResult b = Run(noisy, 3);
  CHECK(b.objective <= static_cast<double>(el.inconsistent));
  CHECK(Violations(noisy, b.answer) == static_cast<int64_t>(b.objective));
  if (b.proof == Proof::kNone) CHECK(b.has_bound && b.bound == static_cast<double>(el.empty_violated + 1));
  const SolveResult again = Run(noisy, 3);
  CHECK(again.answer == b.answer);
  // A cancel keeps a valid answer, labelled heuristic.
  int32_t cancel = 1;
  const SolveResult c = Run(noisy, 0, Limits(&cancel, svc::core::Clock::now(), 0));
  CHECK(c.proof == Proof::kNone);
  CHECK(c.status == ResultStatus::kCancelled);
  CHECK(Violations(noisy, c.answer) == static_cast<int64_t>(c.objective));
}

void TestValidation() {
  SolveResult out;
  std::string error;
  Instance bad = Random(4, 3, 3, true, 1, 0);
  bad.rhs[0] = 2;
  CHECK(svc::core::Solve("xorsat", bad.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  Instance unsorted;
  unsorted.n = 3;
  unsorted.vars = {2, 1};
  unsorted.start = {0, 2};
  unsorted.rhs = {1};
  unsorted.budget = Budget(0);
  CHECK(svc::core::Solve("xorsat", unsorted.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  Instance range = unsorted;
  range.vars = {1, 3};
  CHECK(svc::core::Solve("xorsat", range.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  Instance no_budget = unsorted;
  no_budget.vars = {1, 2};
  no_budget.budget = {};
  CHECK(svc::core::Solve("xorsat", no_budget.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kError);
  no_budget.budget = Budget(1);
  CHECK(svc::core::Solve("xorsat", no_budget.View(), SolveOptions(), Limits(), &out, &error) == CallStatus::kOk);
  CHECK(svc::core::FindSolver("xorsat") != nullptr);
}

}  // namespace

int main() {
  TestAgainstBruteForce();
  TestLarge();
  TestValidation();
  return svc::test::Finish("xorsat_test");
}

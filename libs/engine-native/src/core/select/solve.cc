// select: a port of engine-ts families/select/solve.ts, step for step and with the same
// generator calls (that file's comment is the specification). This file is the dispatch (which
// method when: enumerate.h, tabu.h, branch_bound.h) and the helpers of the direct answers.
#include "select/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>
#include <vector>

#include "common/checks.h"
#include "common/prng.h"
#include "select/branch_bound.h"
#include "select/enumerate.h"
#include "select/tabu.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Counter {
  int64_t nodes = 0;
  int64_t iterations = 0;
  int64_t restarts = 0;
};

// The k largest affinities, ties to the lower index.
std::vector<uint8_t> TopK(std::span<const double> a, int32_t k) {
  const int32_t m = static_cast<int32_t>(a.size());
  std::vector<int32_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t x, int32_t y) {
    return a[x] != a[y] ? a[x] > a[y] : x < y;
  });
  std::vector<uint8_t> chosen(m, 0);
  for (int32_t t = 0; t < k; ++t) chosen[order[t]] = 1;
  return chosen;
}

double Epsilon(const SelectView& s, int32_t m) {
  double sum = 0;
  for (int32_t i = 0; i < m; ++i) sum += std::fabs(s.affinity[i]);
  if (!s.redundancy.empty()) {
    for (int32_t i = 0; i < m; ++i) {
      const double* row = s.redundancy.data() + static_cast<size_t>(i) * m;
      for (int32_t j = i + 1; j < m; ++j) sum += std::fabs(row[j]);
    }
  }
  return 1e-12 * (1 + sum);
}

// Σ top-k of a_i − ½(k−1)·min_{j≠i} R_ij: a proven upper bound on the optimum, O(m²).
double SimpleUpperBound(const SelectView& s, int32_t m) {
  const int32_t k = s.k;
  std::vector<double> ub(m);
  for (int32_t i = 0; i < m; ++i) {
    double lo = kInf;
    const double* row = s.redundancy.data() + static_cast<size_t>(i) * m;
    for (int32_t j = 0; j < m; ++j) {
      if (j != i && row[j] < lo) lo = row[j];
    }
    ub[i] = s.affinity[i] - 0.5 * (k - 1) * (lo == kInf ? 0 : lo);
  }
  std::sort(ub.begin(), ub.end());
  double sum = 0;
  for (int32_t t = m - 1; t >= m - k; --t) sum += ub[t];
  return sum;
}

}  // namespace

bool BinomialAtMost(int64_t m, int64_t k, int64_t cap) {
  const int64_t r = std::min(k, m - k);
  double c = 1;
  for (int64_t t = 1; t <= r; ++t) {
    c = c * static_cast<double>(m - r + t) / static_cast<double>(t);
    if (c > static_cast<double>(cap)) return false;
  }
  return true;
}

double SelectValue(const SelectView& s, int32_t m, std::span<const uint8_t> chosen) {
  std::vector<int32_t> idx;
  for (int32_t i = 0; i < m; ++i) {
    if (chosen[i]) idx.push_back(i);
  }
  double value = 0;
  for (int32_t i : idx) value += s.affinity[i];
  if (!s.redundancy.empty()) {
    for (size_t a = 0; a < idx.size(); ++a) {
      const double* row = s.redundancy.data() + static_cast<size_t>(idx[a]) * m;
      for (size_t b = a + 1; b < idx.size(); ++b) value -= row[idx[b]];
    }
  }
  return value;
}

CallStatus ValidateSelect(std::string_view command, const SelectProblem& p, const SolveOptions& options,
                          std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const SelectView& s = p.select;
  const int32_t m = p.n;
  if (m < 1) return fail("m must be at least 1");
  if (s.k < 1 || s.k > m) return fail("k must be in 1..m");
  if (s.affinity.size() != static_cast<size_t>(m)) return fail("affinity must have m entries");
  for (double v : s.affinity) {
    if (!std::isfinite(v)) return fail("affinity must be finite");
  }
  if (!s.redundancy.empty()) {
    if (s.redundancy.size() != static_cast<size_t>(m) * m) return fail("redundancy must have m*m entries");
    for (int32_t i = 0; i < m; ++i) {
      const double* row = s.redundancy.data() + static_cast<size_t>(i) * m;
      if (row[i] != 0) return fail("redundancy must have a zero diagonal");
      for (int32_t j = i + 1; j < m; ++j) {
        if (!std::isfinite(row[j]) || row[j] != s.redundancy[static_cast<size_t>(j) * m + i]) {
          return fail("redundancy must be finite and symmetric");
        }
      }
    }
  }
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("select takes only k, affinity and redundancy");
  }
  SelectBudget b;
  if (!DecodeBudget(s.budget, kSelectBudget, &b, nullptr)) return fail("select budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveSelect(const SelectProblem& p, const SolveOptions& options, const Limits& limits,
                       SolveResult* out, std::string* error) {
  const SelectView& s = p.select;
  const int32_t m = p.n;
  const int32_t k = s.k;
  SelectBudget b;
  if (!DecodeBudget(s.budget, kSelectBudget, &b, nullptr)) {
    Fail(error, "select budget out of range");
    return CallStatus::kError;
  }
  Stop stop = Stop::kNone;
  std::vector<uint8_t> chosen;
  Proof proof = Proof::kNone;
  bool has_bound = false;
  double bound = 0;
  Counter work;
  if (k == m) {
    chosen.assign(m, 1);
    proof = Proof::kExhaustive;
  } else if (s.redundancy.empty()) {
    chosen = TopK(s.affinity, k);
    proof = Proof::kExhaustive;
  } else if (BinomialAtMost(m, k, b.enumerate_max)) {
    SelectEnumerator e(s, m, limits);
    e.Run();
    chosen = e.Chosen();
    work.nodes = e.leaves();
    stop = e.stop();
    if (e.complete()) {
      proof = Proof::kExhaustive;
    } else {
      // A cut enumeration answers at least the greedy start (solve.ts atLeastGreedy).
      std::vector<double> g(m);
      std::vector<uint8_t> greedy(m, 0);
      SelectGreedy(s, m, g, greedy);
      if (SelectValue(s, m, greedy) > SelectValue(s, m, chosen)) chosen = std::move(greedy);
    }
  } else {
    const double eps = Epsilon(s, m);
    Prng rng(options.seed);
    SelectTabuResult t = SelectTabu(s, m, b, rng, limits, eps);
    chosen = std::move(t.chosen);
    stop = t.stop;
    work.iterations = t.moves;
    work.restarts = std::max<int64_t>(0, t.phases - 1);
    if (m <= b.bb_max_m && stop == Stop::kNone) {
      const double value = SelectValue(s, m, chosen);
      SelectBranchAndBound bb(s, m, std::move(chosen), value, b.bb_work, limits, eps);
      bb.Run();
      chosen = std::move(bb.best());
      work.nodes = bb.nodes();
      stop = bb.stop();
      if (bb.complete()) {
        proof = Proof::kBranchAndBound;
      } else {
        has_bound = true;
        bound = bb.root_bound();
      }
    } else {
      has_bound = true;
      bound = SimpleUpperBound(s, m);
    }
  }
  out->answer = std::move(chosen);
  out->objective = SelectValue(s, m, out->answer);
  out->proof = proof;
  out->has_bound = proof == Proof::kNone && has_bound;
  out->bound = out->has_bound ? std::max(bound, out->objective) : 0;
  out->status = proof != Proof::kNone ? ResultStatus::kOptimal : StatusFor(stop, ResultStatus::kWorkLimit);
  out->work = Work{work.iterations, work.nodes, work.restarts};
  return CallStatus::kOk;
}

}  // namespace svc::core
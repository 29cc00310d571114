// The fewest violations of an inconsistent core (fewest_violations.h; engine-ts
// families/xorsat/fewest-violations.ts).
#include "xorsat/fewest_violations.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/prng.h"

namespace svc::core {

namespace {

// engine-ts XORSAT_NOISE.
constexpr double kNoise = 0.2;

}  // namespace

int64_t SystemViolations(const XorSystem& c, const std::vector<uint8_t>& x) {
  int64_t violations = 0;
  for (int32_t e = 0; e < c.m(); ++e) {
    uint8_t parity = c.rhs[e];
    for (int32_t k = c.start[e]; k < c.start[e + 1]; ++k) parity ^= x[c.vars[k]];
    violations += parity;
  }
  return violations;
}

CoreSearch WalkColumnSpace(const XorSystem& c, const std::vector<int32_t>& pivots, int64_t lower,
                           const Limits& limits) {
  CoreSearch out;
  // s = A·x ^ rhs, `count` its weight; x = 0 first.
  std::vector<uint8_t> s(c.rhs.begin(), c.rhs.end());
  int64_t count = 0;
  for (uint8_t b : s) count += b;
  out.violations = count;
  uint64_t best_k = 0;
  const uint64_t total = uint64_t{1} << pivots.size();
  out.exhaustive = true;
  for (uint64_t k = 1; k < total && out.violations > lower; ++k) {
    if ((k & 4095) == 0) {
      out.stop = limits.CheckLimits();
      if (out.stop != Stop::kNone) {
        out.exhaustive = false;
        break;
      }
    }
    ++out.iterations;
    const int32_t v = pivots[static_cast<size_t>(std::countr_zero(k))];
    for (int32_t q = c.col_start[v]; q < c.col_start[v + 1]; ++q) {
      const int32_t e = c.col_eqs[q];
      s[e] ^= 1;
      count += s[e] == 1 ? 1 : -1;
    }
    if (count < out.violations) {
      out.violations = count;
      best_k = k;
    }
  }
  const uint64_t g = best_k ^ (best_k >> 1);
  out.x.assign(static_cast<size_t>(c.n), 0);
  for (size_t t = 0; t < pivots.size(); ++t) out.x[pivots[t]] = static_cast<uint8_t>((g >> t) & 1);
  return out;
}

bool SearchSyndromes(const XorSystem& c, const NullSpace& ns, int64_t max_work, const Limits& limits,
                     std::vector<uint8_t>* flip, int64_t* iterations, Stop* stop) {
  const int32_t d = ns.d();
  const int32_t m = c.m();
  // The syndrome of each equation (its column of the null space) and of the rhs.
  std::vector<std::pair<uint32_t, int32_t>> gens;
  for (int32_t j = 0; j < m; ++j) {
    uint32_t h = 0;
    for (int32_t k = 0; k < d; ++k) {
      if (ns.y.Get(static_cast<size_t>(k), static_cast<size_t>(j))) h |= uint32_t{1} << k;
    }
    if (h != 0) gens.emplace_back(h, j);
  }
  std::sort(gens.begin(), gens.end());
  gens.erase(std::unique(gens.begin(), gens.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
             gens.end());
  uint32_t target = 0;
  for (int32_t k = 0; k < d; ++k) target |= static_cast<uint32_t>(ns.parity[k]) << k;
  flip->assign(static_cast<size_t>(m), 0);
  if (target == 0) return true;
  std::vector<uint8_t> dist(size_t{1} << d, 0xff);
  dist[0] = 0;
  std::vector<uint32_t> frontier{0}, next;
  int64_t work = 0;
  bool found = false;
  for (uint8_t layer = 0; !frontier.empty() && !found; ++layer) {
    next.clear();
    for (uint32_t s : frontier) {
      ++*iterations;
      if ((*iterations & 1023) == 0) {
        *stop = limits.CheckLimits();
        if (*stop != Stop::kNone) return false;
      }
      work += static_cast<int64_t>(gens.size());
      if (work > max_work) return false;
      for (const auto& [g, j] : gens) {
        const uint32_t t = s ^ g;
        if (dist[t] != 0xff) continue;
        dist[t] = static_cast<uint8_t>(layer + 1);
        if (t == target) {
          found = true;
          break;
        }
        next.push_back(t);
      }
      if (found) break;
    }
    std::swap(frontier, next);
  }
  if (!found) return false;
  for (uint32_t cur = target; cur != 0;) {
    for (const auto& [g, j] : gens) {
      if (dist[cur ^ g] != 0xff && dist[cur ^ g] + 1 == dist[cur]) {
        (*flip)[j] = 1;
        cur ^= g;
        break;
      }
    }
  }
  return true;
}

int64_t PackContradictions(const NullSpace& ns, std::vector<std::vector<int32_t>>* chosen) {
  const size_t d = static_cast<size_t>(ns.d());
  const size_t words = ns.y.words();
  std::vector<std::pair<int64_t, size_t>> order;
  for (size_t k = 0; k < d; ++k) {
    if (ns.parity[k] == 0) continue;
    int64_t weight = 0;
    for (size_t w = 0; w < words; ++w) weight += std::popcount(ns.y.Row(k)[w]);
    order.emplace_back(weight, k);
  }
  std::sort(order.begin(), order.end());
  std::vector<int64_t> cover(ns.y.cols(), 0);
  for (const auto& [weight, k] : order) {
    const uint64_t* row = ns.y.Row(k);
    for (size_t w = 0; w < words; ++w) {
      for (uint64_t b = row[w]; b != 0; b &= b - 1) ++cover[64 * w + static_cast<size_t>(std::countr_zero(b))];
    }
  }
  const int64_t most = cover.empty() ? 0 : *std::max_element(cover.begin(), cover.end());
  const int64_t k_odd = static_cast<int64_t>(order.size());
  const int64_t spread = most == 0 ? 0 : (k_odd + most - 1) / most;
  std::vector<uint64_t> used(words, 0);
  int64_t count = 0;
  for (const auto& [weight, k] : order) {
    const uint64_t* row = ns.y.Row(k);
    bool disjoint = true;
    for (size_t w = 0; w < words && disjoint; ++w) disjoint = (row[w] & used[w]) == 0;
    if (!disjoint) continue;
    for (size_t w = 0; w < words; ++w) used[w] |= row[w];
    ++count;
    if (chosen != nullptr) {
      std::vector<int32_t>& group = chosen->emplace_back();
      for (size_t j = 0; j < ns.y.cols(); ++j) {
        if (ns.y.Get(k, j)) group.push_back(static_cast<int32_t>(j));
      }
    }
  }
  return std::max(count, spread);
}

CoreSearch LocalSearch(const XorSystem& c, const std::vector<uint8_t>& x0, int64_t lower, int64_t steps,
                       int64_t work, uint32_t seed, const Limits& limits) {
  CoreSearch out;
  const int32_t m = c.m();
  std::vector<uint8_t> x = x0;
  std::vector<uint8_t> violated(static_cast<size_t>(m), 0);
  std::vector<int32_t> unsat(static_cast<size_t>(m)), unsat_at(static_cast<size_t>(m), -1);
  int32_t n_unsat = 0;
  std::vector<int64_t> gain(static_cast<size_t>(c.n), 0);
  for (int32_t e = 0; e < m; ++e) {
    uint8_t parity = c.rhs[e];
    for (int32_t k = c.start[e]; k < c.start[e + 1]; ++k) parity ^= x[c.vars[k]];
    violated[e] = parity;
    if (parity == 1) {
      unsat_at[e] = n_unsat;
      unsat[n_unsat++] = e;
    }
    for (int32_t k = c.start[e]; k < c.start[e + 1]; ++k) gain[c.vars[k]] += parity == 1 ? 1 : -1;
  }
  out.x = x;
  out.violations = n_unsat;
  Prng rng(seed);
  int64_t visited = 0;
  const auto flip = [&](int32_t i) {
    x[i] ^= 1;
    for (int32_t q = c.col_start[i]; q < c.col_start[i + 1]; ++q) {
      const int32_t e = c.col_eqs[q];
      visited += c.start[e + 1] - c.start[e];
      violated[e] ^= 1;
      const int64_t delta = violated[e] == 1 ? 2 : -2;
      for (int32_t k = c.start[e]; k < c.start[e + 1]; ++k) gain[c.vars[k]] += delta;
      if (violated[e] == 1) {
        unsat_at[e] = n_unsat;
        unsat[n_unsat++] = e;
      } else {
        const int32_t at = unsat_at[e];
        const int32_t last = unsat[--n_unsat];
        unsat[at] = last;
        unsat_at[last] = at;
        unsat_at[e] = -1;
      }
    }
  };
  for (int64_t step = 0; step < steps; ++step) {
    if ((step & 1023) == 0) {
      out.stop = limits.CheckLimits();
      if (out.stop != Stop::kNone) break;
    }
    if (out.violations <= lower || n_unsat == 0 || visited >= work) break;
    ++out.iterations;
    const int32_t e = unsat[rng.NextInt(static_cast<uint32_t>(n_unsat))];
    const int32_t len = c.start[e + 1] - c.start[e];
    int32_t i;
    if (rng.NextFloat() < kNoise) {
      i = c.vars[c.start[e] + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(len)))];
    } else {
      i = c.vars[c.start[e]];
      for (int32_t k = c.start[e] + 1; k < c.start[e + 1]; ++k) {
        if (gain[c.vars[k]] > gain[i]) i = c.vars[k];
      }
    }
    flip(i);
    if (n_unsat < out.violations) {
      out.violations = n_unsat;
      out.x = x;
    }
  }
  return out;
}

}  // namespace svc::core

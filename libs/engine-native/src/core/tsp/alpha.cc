#include "tsp/alpha.h"

#include <algorithm>
#include <limits>

namespace svc::core {

std::vector<int32_t> AlphaCandidates(int32_t n, const TspDistance& d, const std::vector<double>& pi, int32_t k,
                                     const Limits& limits, Stop* stop) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const auto c = [&](int32_t i, int32_t j) { return d(i, j) + pi[i] + pi[j]; };
  // The minimum spanning tree of cities 1..n-1 (Prim from city 1): dad and the order of insertion,
  // every city after its dad.
  std::vector<int32_t> dad(n, -1), order;
  std::vector<double> key(n, kInf), dad_cost(n, 0);
  std::vector<uint8_t> in(n, 0);
  order.reserve(n - 1);
  in[1] = 1;
  order.push_back(1);
  int32_t cur = 1;
  for (int32_t t = 2; t < n; ++t) {
    int32_t next = -1;
    double best = kInf;
    for (int32_t j = 2; j < n; ++j) {
      if (in[j]) continue;
      const double cj = c(cur, j);
      if (cj < key[j]) {
        key[j] = cj;
        dad[j] = cur;
      }
      if (key[j] < best || next < 0) {
        best = key[j];
        next = j;
      }
    }
    in[next] = 1;
    dad_cost[next] = key[next];
    order.push_back(next);
    cur = next;
  }
  // City 0 joins the 1-tree by its two cheapest edges; α(0, j) = c(0, j) minus the dearer of them.
  int32_t j1 = -1, j2 = -1;
  for (int32_t j = 1; j < n; ++j) {
    const double cj = c(0, j);
    if (j1 < 0 || cj < c(0, j1)) {
      j2 = j1;
      j1 = j;
    } else if (j2 < 0 || cj < c(0, j2)) {
      j2 = j;
    }
  }
  const double second = c(0, j2);
  const auto alpha0 = [&](int32_t j) { return j == j1 || j == j2 ? 0.0 : c(0, j) - second; };

  std::vector<int32_t> out(static_cast<size_t>(n) * k);
  std::vector<double> beta(n, -kInf), best_a(k), best_c(k);
  std::vector<int32_t> best_j(k), mark(n, -1);
  const auto keep = [&](int32_t& size, int32_t j, double a, double cj) {
    if (size == k && !(a < best_a[k - 1] || (a == best_a[k - 1] && cj < best_c[k - 1]))) return;
    int32_t q = size < k ? size++ : k - 1;
    while (q > 0 && (best_a[q - 1] > a || (best_a[q - 1] == a && best_c[q - 1] > cj))) {
      best_a[q] = best_a[q - 1];
      best_c[q] = best_c[q - 1];
      best_j[q] = best_j[q - 1];
      --q;
    }
    best_a[q] = a;
    best_c[q] = cj;
    best_j[q] = j;
  };
  const auto emit = [&](int32_t i, int32_t size) {
    std::sort(best_j.begin(), best_j.begin() + size, [&](int32_t a, int32_t b) {
      const double da = d(i, a), db = d(i, b);
      return da < db || (da == db && a < b);
    });
    std::copy(best_j.begin(), best_j.begin() + size, out.begin() + static_cast<size_t>(i) * k);
  };
  {
    int32_t size = 0;
    for (int32_t j = 1; j < n; ++j) keep(size, j, alpha0(j), c(0, j));
    emit(0, size);
  }
  for (int32_t i : order) {
    if ((*stop = limits.CheckLimits()) != Stop::kNone) return {};
    // beta[j]: the dearest edge on the tree path from i to j; the path from i to the root first.
    beta[i] = -kInf;
    for (int32_t u = i; dad[u] >= 0; u = dad[u]) {
      beta[dad[u]] = std::max(beta[u], dad_cost[u]);
      mark[dad[u]] = i;
    }
    int32_t size = 0;
    keep(size, 0, alpha0(i), c(0, i));
    for (int32_t j : order) {
      if (j == i) continue;
      if (mark[j] != i) beta[j] = std::max(beta[dad[j]], dad_cost[j]);
      const double cj = c(i, j);
      keep(size, j, cj - beta[j], cj);
    }
    emit(i, size);
  }
  return out;
}

}  // namespace svc::core

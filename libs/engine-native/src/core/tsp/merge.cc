#include "tsp/merge.h"

#include <numeric>

namespace svc::core {

namespace {

int32_t Find(std::vector<int32_t>& parent, int32_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

}  // namespace

std::vector<int32_t> MergeTours(const std::vector<int32_t>& a, const std::vector<int32_t>& b, const TspDistance& d,
                                double* length) {
  const int32_t n = static_cast<int32_t>(a.size());
  if (n < 8 || static_cast<int32_t>(b.size()) != n) return {};
  std::vector<int32_t> pos_a(n), succ_b(n), pred_b(n);
  for (int32_t i = 0; i < n; ++i) pos_a[a[i]] = i;
  for (int32_t i = 0; i < n; ++i) {
    succ_b[b[i]] = b[(i + 1) % n];
    pred_b[b[i]] = b[(i + n - 1) % n];
  }
  const auto succ_a = [&](int32_t c) { return a[pos_a[c] + 1 == n ? 0 : pos_a[c] + 1]; };
  const auto pred_a = [&](int32_t c) { return a[pos_a[c] == 0 ? n - 1 : pos_a[c] - 1]; };
  const auto in_a = [&](int32_t u, int32_t v) { return succ_a(u) == v || pred_a(u) == v; };
  const auto in_b = [&](int32_t u, int32_t v) { return succ_b[u] == v || pred_b[u] == v; };
  // Components of the edges that are in one tour only.
  std::vector<int32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  const auto join = [&](int32_t u, int32_t v) {
    const int32_t ru = Find(parent, u), rv = Find(parent, v);
    if (ru != rv) parent[ru] = rv;
  };
  for (int32_t u = 0; u < n; ++u) {
    if (!in_b(u, succ_a(u))) join(u, succ_a(u));
    if (!in_a(u, succ_b[u])) join(u, succ_b[u]);
  }
  // Common paths (runs of cities whose two edges are in both tours) count as one common edge: a run
  // whose ends lie in one component belongs to it (GPX2's contraction; without it a 2-opt
  // difference would be crossed four times).
  const auto common_city = [&](int32_t c) { return in_b(c, succ_a(c)) && in_b(c, pred_a(c)); };
  int32_t anchor = 0;
  while (anchor < n && common_city(a[anchor])) ++anchor;
  if (anchor == n) return {};  // the same tour
  for (int32_t k = 1; k <= n;) {
    const int32_t at = (anchor + k) % n;
    if (!common_city(a[at])) {
      ++k;
      continue;
    }
    int32_t len = 0;
    while (common_city(a[(at + len) % n])) ++len;
    const int32_t before = a[(at + n - 1) % n];
    const int32_t after = a[(at + len) % n];
    if (Find(parent, before) == Find(parent, after)) {
      for (int32_t r = 0; r < len; ++r) join(a[(at + r) % n], before);
    }
    k += len;
  }
  std::vector<int32_t> comp(n), size(n, 0), cross(n, 0);
  std::vector<double> cost_a(n, 0), cost_b(n, 0);
  for (int32_t u = 0; u < n; ++u) comp[u] = Find(parent, u);
  for (int32_t u = 0; u < n; ++u) {
    ++size[comp[u]];
    const int32_t va = succ_a(u), vb = succ_b[u];
    if (comp[va] != comp[u]) {
      ++cross[comp[u]];
      ++cross[comp[va]];
    } else {
      cost_a[comp[u]] += d(u, va);
    }
    if (comp[vb] == comp[u]) cost_b[comp[u]] += d(u, vb);
  }
  // A component crossed twice by a is crossed by b at the same two (common) edges.
  std::vector<uint8_t> take_b(n, 0);
  double gain = 0;
  for (int32_t c = 0; c < n; ++c) {
    if (comp[c] == c && size[c] > 1 && cross[c] == 2 && cost_b[c] < cost_a[c]) {
      take_b[c] = 1;
      gain += cost_a[c] - cost_b[c];
    }
  }
  if (gain <= 0) return {};
  // Walk a from a city where it enters a new component; in a component taken from b, b's path from
  // the entry city to the exit city (the last of a's stretch there) replaces a's.
  int32_t start = 0;
  while (start < n && comp[a[start]] == comp[a[start == 0 ? n - 1 : start - 1]]) ++start;
  if (start == n) return {};
  std::vector<int32_t> child;
  child.reserve(n);
  for (int32_t k = 0; k < n;) {
    const int32_t v = a[(start + k) % n];
    const int32_t c = comp[v];
    if (!take_b[c]) {
      child.push_back(v);
      ++k;
      continue;
    }
    const int32_t exit = a[(start + k + size[c] - 1) % n];
    int32_t prev = -1, cur = v;
    child.push_back(cur);
    while (cur != exit) {
      const int32_t next = comp[succ_b[cur]] == c && succ_b[cur] != prev ? succ_b[cur] : pred_b[cur];
      prev = cur;
      cur = next;
      child.push_back(cur);
      if (static_cast<int32_t>(child.size()) > n) return {};
    }
    k += size[c];
  }
  if (static_cast<int32_t>(child.size()) != n) return {};
  std::vector<uint8_t> seen(n, 0);
  for (int32_t c : child) {
    if (seen[c]) return {};
    seen[c] = 1;
  }
  double len = 0;
  for (int32_t i = 0; i < n; ++i) len += d(child[i], child[(i + 1) % n]);
  *length = len;
  return child;
}

}  // namespace svc::core

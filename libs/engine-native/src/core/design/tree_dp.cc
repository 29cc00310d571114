// design: the tree dynamic program (tree_dp.h).
#include "design/tree_dp.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

bool DesignTreeDp(DesignModel& sv, DesignSites sites, std::vector<int32_t>& x, double* value) {
  const int32_t m = static_cast<int32_t>(sites.size());
  const size_t K = sv.K_;
  // A site's local index: a sorted copy searched by binary search keeps memory at O(m).
  std::vector<std::pair<int32_t, int32_t>> index(m);
  for (int32_t t = 0; t < m; ++t) index[t] = {sites[t], t};
  std::sort(index.begin(), index.end());
  const auto local = [&](int32_t s) {
    return std::lower_bound(index.begin(), index.end(), std::make_pair(s, 0))->second;
  };
  std::vector<int32_t> parent(m, -1);
  std::vector<double> pmult(m, 0);
  for (int32_t t = 0; t < m; ++t) {
    const int32_t s = sites[t];
    for (int32_t e = sv.start_[s]; e < sv.start_[s + 1]; ++e) {
      const int32_t u = local(sv.nbr_[e]);
      if (u > t && parent[u] < 0 && u != 0) {
        parent[u] = t;
        pmult[u] = sv.mult_[e];
      }
    }
  }
  std::vector<int32_t> size(m, 1);
  for (int32_t t = m - 1; t > 0; --t) size[parent[t]] += size[t];
  std::vector<int32_t> cstart(m + 1, 0);
  for (int32_t t = 1; t < m; ++t) cstart[parent[t] + 1]++;
  for (int32_t t = 0; t < m; ++t) cstart[t + 1] += cstart[t];
  std::vector<int32_t> cfill(cstart.begin(), cstart.end() - 1);
  std::vector<int32_t> child(std::max(0, m - 1));
  for (int32_t t = 1; t < m; ++t) child[cfill[parent[t]]++] = t;
  for (int32_t t = 0; t < m; ++t) {
    std::sort(child.begin() + cstart[t], child.begin() + cstart[t + 1],
              [&](int32_t u, int32_t w) { return size[u] != size[w] ? size[u] > size[w] : u < w; });
  }
  // Back-pointers: one byte per entry up to K = 256, two up to 65536, else four.
  const int width = K <= 256 ? 1 : K <= 65536 ? 2 : 4;
  std::vector<uint8_t> arg(static_cast<size_t>(m) * K * width);
  const auto set_arg = [&](size_t at, int32_t b) {
    if (width == 1) arg[at] = static_cast<uint8_t>(b);
    else if (width == 2) std::memcpy(&arg[at * 2], &b, 2);  // little-endian low half
    else std::memcpy(&arg[at * 4], &b, 4);
  };
  const auto get_arg = [&](size_t at) {
    int32_t b = 0;
    if (width == 1) b = arg[at];
    else if (width == 2) std::memcpy(&b, &arg[at * 2], 2);
    else std::memcpy(&b, &arg[at * 4], 4);
    return b;
  };
  std::vector<std::vector<double>> pool;
  std::vector<std::vector<double>> acc(m);
  std::vector<uint8_t> has_acc(m, 0);
  std::vector<double> f(K);
  std::vector<int32_t> stack(m), next(m, 0);
  int32_t top = 0;
  stack[top++] = 0;
  double root_value = 0;
  int64_t done = 0;
  while (top > 0) {
    const int32_t t = stack[top - 1];
    if (next[t] < cstart[t + 1] - cstart[t]) {
      stack[top++] = child[cstart[t] + next[t]++];
      continue;
    }
    --top;
    if ((++done & 4095) == 0 && sv.Check()) return false;
    sv.BiasRow(sites[t], f.data());
    if (has_acc[t]) {
      const std::vector<double>& a = acc[t];
      for (size_t v = 0; v < K; ++v) f[v] += a[v];
      pool.push_back(std::move(acc[t]));
      acc[t] = {};
      has_acc[t] = 0;
    }
    if (t == 0) {
      int32_t best = 0;
      for (int32_t v = 1; v < sv.K_; ++v) {
        if (f[v] < f[best]) best = v;
      }
      x[sites[0]] = best;
      root_value = f[best];
      break;
    }
    const int32_t par = parent[t];
    if (!has_acc[par]) {
      if (!pool.empty()) {
        acc[par] = std::move(pool.back());
        pool.pop_back();
      } else {
        acc[par].resize(K);
      }
      std::fill(acc[par].begin(), acc[par].end(), 0.0);
      has_acc[par] = 1;
    }
    std::vector<double>& pa = acc[par];
    const double mu = pmult[t];
    for (int32_t v = 0; v < sv.K_; ++v) {
      int32_t best_b = 0;
      double best_c = kInf;
      for (int32_t b = 0; b < sv.K_; ++b) {
        const double c = mu * sv.Cost(v, b) + f[b];
        if (c < best_c) {
          best_c = c;
          best_b = b;
        }
      }
      pa[v] += best_c;
      set_arg(static_cast<size_t>(t) * K + v, best_b);
    }
  }
  for (int32_t t = 1; t < m; ++t) x[sites[t]] = get_arg(static_cast<size_t>(t) * K + x[sites[parent[t]]]);
  *value = root_value;
  return true;
}

}  // namespace svc::core

// rank's triangle packing (packing.h; engine-ts families/rank/packing.ts is the specification).
#include "rank/packing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace svc::core {

RankPacking PackTriangles(const std::vector<double>& w, int32_t s, const std::vector<std::array<double, 4>>& seeds) {
  RankPacking out;
  if (s < 3 || s > kPackMaxN) return out;
  const size_t ss = static_cast<size_t>(s);
  for (size_t k = 0; k < ss * ss; ++k) {
    if (w[k] != std::floor(w[k]) || w[k] < 0 || w[k] >= 2147483648.0) return out;
  }
  const auto margin = [&](int32_t a, int32_t b) { return w[a * ss + b] - w[b * ss + a]; };
  std::vector<double> res(ss * ss, 0.0);
  for (int32_t a = 0; a < s; ++a) {
    for (int32_t b = 0; b < s; ++b) {
      if (a != b && margin(a, b) > 0) res[a * ss + b] = margin(a, b) * kPackUnit;
    }
  }
  const auto take = [&](int32_t i, int32_t j, int32_t k, double want) {
    const double u = std::min({want, res[i * ss + j], res[j * ss + k], res[k * ss + i]});
    if (!(u > 0)) return;
    res[i * ss + j] -= u;
    res[j * ss + k] -= u;
    res[k * ss + i] -= u;
    out.triangles.push_back({static_cast<double>(i), static_cast<double>(j), static_cast<double>(k), u});
    out.units += u;
  };
  for (const auto& [si, sj, sk, lambda] : seeds) {
    const auto item = [&](double v) { return v == std::floor(v) && v >= 0 && v < s; };
    if (!item(si) || !item(sj) || !item(sk) || si == sj || sj == sk || si == sk) continue;
    if (!(lambda > 0) || lambda > 2147483648.0) continue;
    const auto i = static_cast<int32_t>(si), j = static_cast<int32_t>(sj), k = static_cast<int32_t>(sk);
    if (margin(i, j) > 0 && margin(j, k) > 0 && margin(k, i) > 0) take(i, j, k, std::floor(lambda * kPackUnit));
  }
  // Every majority 3-cycle once (its smallest item first), and how many cross each arc.
  std::vector<std::array<int32_t, 3>> cyc;
  std::vector<int64_t> count(ss * ss, 0);
  for (int32_t i = 0; i < s; ++i) {
    for (int32_t j = i + 1; j < s; ++j) {
      if (!(margin(i, j) > 0)) continue;
      for (int32_t k = i + 1; k < s; ++k) {
        if (k == j || !(margin(j, k) > 0) || !(margin(k, i) > 0)) continue;
        cyc.push_back({i, j, k});
        ++count[i * ss + j];
        ++count[j * ss + k];
        ++count[k * ss + i];
      }
    }
  }
  const auto load = [&](int32_t a, int32_t b) { return count[a * ss + b] * 1024 / static_cast<int64_t>(margin(a, b)); };
  std::vector<int64_t> key(cyc.size());
  for (size_t t = 0; t < cyc.size(); ++t) {
    const auto [i, j, k] = cyc[t];
    key[t] = load(i, j) + load(j, k) + load(k, i);
  }
  std::vector<size_t> order(cyc.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return key[x] < key[y]; });
  for (size_t t : order) take(cyc[t][0], cyc[t][1], cyc[t][2], std::numeric_limits<double>::infinity());
  return out;
}

}  // namespace svc::core

// rules: the greedy repair, a port of engine-ts families/rules/greedy.ts.
#include "rules/greedy.h"

#include <vector>

namespace svc::core {

std::vector<uint8_t> RulesGreedy(const RulesEncoding& enc, double eps_e) {
  const int32_t n = enc.n;
  const auto dev = [&](int32_t t, int32_t r) -> int32_t {
    return t < enc.lo[r] ? 1 + enc.lo[r] - t : t > enc.hi[r] ? 1 + t - enc.hi[r] : 0;
  };
  std::vector<uint8_t> x(n);
  for (int32_t i = 0; i < n; ++i) x[i] = enc.h[i] < 0 ? 1 : 0;
  std::vector<int32_t> T(enc.rules, 0);
  for (int32_t r = 0; r < enc.rules; ++r) {
    for (int32_t q = enc.lit_start[r]; q < enc.lit_start[r + 1]; ++q) T[r] += x[enc.lit_var[q]] ^ enc.lit_neg[q];
  }
  // f_v = h_v + sum_j w_vj x_j: flipping v changes E by f_v (0 -> 1) or -f_v (1 -> 0).
  std::vector<double> f(enc.h.begin(), enc.h.end());
  for (int32_t i = 0; i < n; ++i) {
    if (!x[i]) continue;
    for (int32_t q = enc.offsets[i]; q < enc.offsets[i + 1]; ++q) f[enc.neighbours[q]] += enc.weights[q];
  }
  for (int sweep = 0; sweep < kRulesGreedySweeps; ++sweep) {
    int64_t flips = 0;
    for (int32_t v = 0; v < n; ++v) {
      int32_t dd = 0;
      for (int32_t q = enc.occ_start[v]; q < enc.occ_start[v + 1]; ++q) {
        const int32_t r = enc.occ_rule[q];
        dd += dev(T[r] + ((x[v] ^ enc.occ_neg[q]) == 1 ? -1 : 1), r) - dev(T[r], r);
      }
      const double d_e = x[v] ? -f[v] : f[v];
      if (!(dd < 0 || (dd == 0 && d_e < -eps_e))) continue;
      for (int32_t q = enc.occ_start[v]; q < enc.occ_start[v + 1]; ++q) {
        T[enc.occ_rule[q]] += (x[v] ^ enc.occ_neg[q]) == 1 ? -1 : 1;
      }
      x[v] ^= 1;
      const double s = x[v] ? 1.0 : -1.0;
      for (int32_t q = enc.offsets[v]; q < enc.offsets[v + 1]; ++q) f[enc.neighbours[q]] += s * enc.weights[q];
      ++flips;
    }
    if (flips == 0) break;
  }
  return x;
}

}  // namespace svc::core

#include "exact_gray.h"

#include <bit>

namespace svc::core {

namespace {
constexpr uint64_t kPollMask = 4095;
constexpr uint64_t kResyncMask = 65535;
constexpr int32_t kDenseMaxN = 64;

// delta[i] = (1 - 2 x_i) (h_i + sum_j W_ij x_j) in row order (model.ts computeDeltas).
void Resync(const QuboModel& m, const std::vector<uint8_t>& x, std::vector<double>* delta,
            double* energy) {
  const Csr& q = m.q;
  for (int32_t i = 0; i < m.n; ++i) {
    double f = m.h[i];
    for (int64_t k = q.row_start[i]; k < q.row_start[i + 1]; ++k) {
      if (x[q.col[k]]) f += q.w[k];
    }
    (*delta)[i] = x[i] ? -f : f;
  }
  *energy = ModelEnergy(m, x);
}
}  // namespace

ExactOutcome ExactGray(const QuboModel& m, int32_t free_vars, const Limits& limits) {
  ExactOutcome out;
  const int32_t n = m.n;
  std::vector<uint8_t> x(static_cast<size_t>(n), 0);
  std::vector<double> delta(m.h.begin(), m.h.end());
  // Dense rows of W when n is small (always, via the solvers: n <= 31): the update below is
  // then a branch-free loop the compiler vectorises. Absent pairs hold 0, and adding +/-0
  // leaves every delta's value unchanged, so the steps are those of exact.ts.
  const bool use_dense = n <= kDenseMaxN;
  const size_t stride = static_cast<size_t>(n);
  std::vector<double> dense(use_dense ? stride * stride : 0, 0.0);
  for (int32_t i = 0; use_dense && i < n; ++i) {
    for (int64_t k = m.q.row_start[i]; k < m.q.row_start[i + 1]; ++k) {
      dense[i * stride + m.q.col[k]] = m.q.w[k];
    }
  }
  std::vector<double> sign(stride, 1.0);  // x_u ? -1 : +1
  double energy = 0;
  double best_e = 0;
  uint64_t best_code = 0;
  const uint64_t total = uint64_t{1} << free_vars;
  uint64_t t = 1;
  out.complete = true;
  if (total > 1 && (out.stop = limits.CheckLimits()) != Stop::kNone) {
    out.complete = false;
  } else {
    double* d = delta.data();
    double* sg = sign.data();
    uint8_t* xs = x.data();
    for (; t < total; ++t) {
      const int32_t b = std::countr_zero(t);
      const double db = d[b];
      const bool now_one = xs[b] == 0;
      xs[b] = now_one ? 1 : 0;
      sg[b] = now_one ? -1.0 : 1.0;
      energy += db;
      d[b] = -db;
      const double s = now_one ? 1.0 : -1.0;
      if (use_dense) {
        const double* row = dense.data() + b * stride;
        for (int32_t u = 0; u < n; ++u) d[u] += (row[u] * s) * sg[u];
      } else {
        // (W s) sign[u] is exactly the +/-(W s) of exact.ts.
        for (int64_t k = m.q.row_start[b]; k < m.q.row_start[b + 1]; ++k) {
          d[m.q.col[k]] += (m.q.w[k] * s) * sg[m.q.col[k]];
        }
      }
      if (energy < best_e) {
        best_e = energy;
        best_code = t;
      }
      if ((t & kPollMask) == 0) {
        if ((t & kResyncMask) == 0) Resync(m, x, &delta, &energy);
        out.stop = limits.CheckLimits();
        if (out.stop != Stop::kNone) {
          out.complete = t + 1 >= total;
          ++t;
          break;
        }
      }
    }
  }
  out.x.assign(static_cast<size_t>(n), 0);
  const uint64_t g = best_code ^ (best_code >> 1);
  for (int32_t i = 0; i < free_vars; ++i) out.x[i] = static_cast<uint8_t>((g >> i) & 1);
  out.energy = best_e;
  out.steps = static_cast<int64_t>(t - 1);
  return out;
}

}  // namespace svc::core

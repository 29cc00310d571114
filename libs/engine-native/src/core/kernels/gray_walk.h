// The Gray-code walk shared by qubo/exact.cc and qubo/k_best.cc: every state of the model over its
// first free_vars variables (the rest stay 0), one flip per step. A port of engine-ts
// kernels/gray-walk.ts (its file comment is the specification): state 0 is x = 0, energy 0;
// the step to state t flips bit ctz(t) (state t has the Gray code t ^ (t >> 1)) and updates
// the deltas over its row; after state t with t % 4096 = 0 and t + 1 < 2^free_vars, the deltas
// and energy are recomputed from x when t > 0 and t % 65536 = 0, then the limits are polled.
// A template over the visitor, so the per-state work inlines into the loop.
#ifndef SVC_CORE_KERNELS_GRAY_WALK_H_
#define SVC_CORE_KERNELS_GRAY_WALK_H_

#include <bit>
#include <cstdint>
#include <vector>

#include "kernels/model.h"
#include "common/solve_limits.h"

namespace svc::core {

// How a walk ended.
struct GrayWalkEnd {
  int64_t steps = 0;        // the last state visited (states visited - 1)
  bool complete = true;     // every state was visited
  Stop stop = Stop::kNone;  // the limit that cut the walk short, if any
};

// The Gray code of state t: bit i is x_i.
inline uint64_t GrayCode(uint64_t t) { return t ^ (t >> 1); }

namespace gray_walk_internal {

inline constexpr uint64_t kPollMask = 4095;
inline constexpr uint64_t kResyncMask = 65535;

// delta[i] = (1 - 2 x_i) (h_i + sum_j W_ij x_j) in row order (model.ts computeDeltas).
inline void Resync(const QuboModel& m, const std::vector<uint8_t>& x, std::vector<double>* delta,
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

// The walk with the row update as a dense row (kDense: dense holds W row-major, n x n) or over
// the CSR row. Adding the dense row's absent pairs (+/-0) leaves every delta's value unchanged.
template <bool kDense, typename Visit>
GrayWalkEnd Walk(const QuboModel& m, int32_t free_vars, const double* dense, const Limits& limits,
                 Visit& visit) {
  GrayWalkEnd end;
  const int32_t n = m.n;
  const Csr& q = m.q;
  std::vector<uint8_t> x(static_cast<size_t>(n), 0);
  std::vector<double> delta(m.h.begin(), m.h.end());
  std::vector<double> sign(static_cast<size_t>(n), 1.0);  // x_u ? -1 : +1
  double energy = 0;
  const uint64_t total = uint64_t{1} << free_vars;
  uint64_t t = 1;
  if (total > 1 && (end.stop = limits.CheckLimits()) != Stop::kNone) {
    end.complete = false;
  } else {
    double* d = delta.data();
    double* sg = sign.data();
    uint8_t* xs = x.data();
    for (; t < total; ++t) {
      const int32_t b = std::countr_zero(t);
      const double db = d[b];
      const double s = sg[b];  // +1 exactly when x_b becomes 1
      xs[b] ^= 1;
      sg[b] = -s;
      energy += db;
      d[b] = -db;
      if constexpr (kDense) {
        const double* row = dense + b * static_cast<size_t>(n);
        for (int32_t u = 0; u < n; ++u) d[u] += (row[u] * s) * sg[u];
      } else {
        // (W s) sign[u] is exactly the sign[u] (W s) of gray-walk.ts.
        for (int64_t k = q.row_start[b]; k < q.row_start[b + 1]; ++k) {
          d[q.col[k]] += (q.w[k] * s) * sg[q.col[k]];
        }
      }
      visit(t, energy);
      if ((t & kPollMask) == 0) {
        if ((t & kResyncMask) == 0) Resync(m, x, &delta, &energy);
        end.stop = limits.CheckLimits();
        if (end.stop != Stop::kNone) {
          end.complete = t + 1 >= total;
          ++t;
          break;
        }
      }
    }
  }
  end.steps = static_cast<int64_t>(t - 1);
  return end;
}

}  // namespace gray_walk_internal

// Walks the 2^free_vars states (0 <= free_vars <= 30), calling visit(t, energy) for each state
// t >= 1 in order (state 0, energy 0, is the caller's). With dense (for small n) the row update
// runs over a dense copy of W: a branch-free loop the compiler vectorises, the same values.
template <typename Visit>
GrayWalkEnd GrayWalk(const QuboModel& m, int32_t free_vars, bool dense, const Limits& limits,
                     Visit&& visit) {
  if (!dense) return gray_walk_internal::Walk<false>(m, free_vars, nullptr, limits, visit);
  const size_t stride = static_cast<size_t>(m.n);
  std::vector<double> w(stride * stride, 0.0);
  for (int32_t i = 0; i < m.n; ++i) {
    for (int64_t k = m.q.row_start[i]; k < m.q.row_start[i + 1]; ++k) {
      w[i * stride + m.q.col[k]] = m.q.w[k];
    }
  }
  return gray_walk_internal::Walk<true>(m, free_vars, w.data(), limits, visit);
}

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_GRAY_WALK_H_

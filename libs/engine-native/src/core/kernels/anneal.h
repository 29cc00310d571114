// Simulated annealing sweeps on a FlipState: a port of engine-ts kernels/anneal.ts (whose
// comment is the specification). Basic IEEE arithmetic only, the exponential included, so every
// acceptance and every generator call matches the TypeScript engine.
#ifndef SVC_CORE_KERNELS_ANNEAL_H_
#define SVC_CORE_KERNELS_ANNEAL_H_

#include <array>
#include <cmath>
#include <cstdint>

#include "kernels/flip_state.h"
#include "common/prng.h"
#include "kernels/model.h"
#include "common/solve_limits.h"

namespace svc::core {

namespace anneal_detail {
constexpr double kZMax = 30;
constexpr int32_t kTableMax = 64;
constexpr double kLn2 = 0.6931471805599453;
constexpr double kInvLn2 = 1.4426950408889634;
constexpr double kC2 = 1.0 / 2;
constexpr double kC3 = 1.0 / 6;
constexpr double kC4 = 1.0 / 24;
constexpr double kC5 = 1.0 / 120;
constexpr double kC6 = 1.0 / 720;
constexpr double kC7 = 1.0 / 5040;
constexpr double kTwo32 = 4294967296.0;

inline const std::array<double, 64>& Pow2Neg() {
  static const std::array<double, 64> t = [] {
    std::array<double, 64> a{};
    double p = 1;
    for (double& v : a) {
      v = p;
      p *= 0.5;
    }
    return a;
  }();
  return t;
}
}  // namespace anneal_detail

// e^-z for 0 <= z < 44 (0 beyond): z = k ln2 + r, e^-r by a degree-7 Taylor polynomial.
inline double ExpNeg(double z) {
  using namespace anneal_detail;
  if (!(z < 44)) return 0;
  const double k = std::floor(z * kInvLn2 + 0.5);
  const double t = k * kLn2 - z;
  const double p = 1 + t * (1 + t * (kC2 + t * (kC3 + t * (kC4 + t * (kC5 + t * (kC6 + t * kC7))))));
  return p * Pow2Neg()[static_cast<int>(k)];
}

// Mean |W| over the stored couplings / 2 (mean |w| for max-cut), else mean |h|, else 1.
inline double AnnealScale(const QuboModel& m) {
  double s = 0;
  for (double w : m.q.w) s += std::fabs(w);
  if (!m.q.w.empty() && s > 0) return s / (2 * static_cast<double>(m.q.w.size()));
  double t = 0;
  for (int32_t i = 0; i < m.n; ++i) t += std::fabs(m.h[i]);
  return t > 0 ? t / m.n : 1;
}

// Every h_i and W_ij an integer, so every delta is one.
inline bool IsIntegral(const QuboModel& m) {
  for (double h : m.h) {
    if (!std::isfinite(h) || std::floor(h) != h) return false;
  }
  for (double w : m.q.w) {
    if (!std::isfinite(w) || std::floor(w) != w) return false;
  }
  return true;
}

class Annealer {
 public:
  explicit Annealer(bool integral) : integral_(integral) {}

  // `sweeps` sweeps from beta0 to beta1, recording improvements of `best` by more than eps.
  // Polls the limits after a sweep once >= 1024 attempts passed since the last poll; returns
  // kNone, or why it stopped.
  Stop Run(FlipState& st, int64_t sweeps, double beta0, double beta1, Prng& rng, BestTracker& best,
           double eps, const Limits& limits) {
    using namespace anneal_detail;
    const int32_t n = st.n;
    const Csr& q = st.model().q;
    const int64_t* row_start = q.row_start.data();
    const int32_t* col = q.col.data();
    const double* w = q.w.data();
    uint8_t* x = st.x.data();
    double* delta = st.delta.data();
    double* sign = st.sign.data();
    double energy = st.energy;
    int64_t since_check = 0;
    int64_t flips = flips_;
    Stop stop = Stop::kNone;
    for (int64_t s = 0; s < sweeps; ++s) {
      const double beta =
          sweeps > 1 ? beta0 + ((beta1 - beta0) * static_cast<double>(s)) / static_cast<double>(sweeps - 1)
                     : beta1;
      if (integral_) {
        for (int32_t k = 1; k <= kTableMax; ++k) {
          const double z = k * beta;
          table_[k] = z < kZMax ? ExpNeg(z) * kTwo32 : -1;
        }
      }
      for (int32_t v = 0; v < n; ++v) {
        const double d = delta[v];
        if (d > 0) {
          double thr;
          if (integral_ && d <= kTableMax) {
            thr = table_[static_cast<int32_t>(d)];
          } else {
            const double z = d * beta;
            thr = z < kZMax ? ExpNeg(z) * kTwo32 : -1;
          }
          if (thr < 0 || static_cast<double>(rng.NextU32()) >= thr) continue;
        }
        ++flips;
        const double sg = sign[v];
        x[v] ^= 1;
        sign[v] = -sg;
        energy += d;
        delta[v] = -d;
        const int64_t end = row_start[v + 1];
        for (int64_t e = row_start[v]; e < end; ++e) {
          const int32_t u = col[e];
          delta[u] += sign[u] * (w[e] * sg);
        }
        best.Moved(v, st.x);
        if (energy < best.energy() - eps) best.Improve(energy);
      }
      since_check += n;
      if (since_check >= 1024) {
        since_check = 0;
        stop = limits.CheckLimits();
        if (stop != Stop::kNone) break;
      }
    }
    st.energy = energy;
    flips_ = flips;
    return stop;
  }

  // Accepted flips so far (work reporting).
  int64_t flips() const { return flips_; }

 private:
  bool integral_;
  int64_t flips_ = 0;
  std::array<double, anneal_detail::kTableMax + 1> table_{};
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_ANNEAL_H_

// x, its energy and the flip deltas, updated per flip in O(deg); and the trail-based best
// tracker. A port of engine-ts kernels/flip-state.ts: the same floating-point operations in the
// same order (-ffp-contract=off), so both engines see bit-identical deltas and energies.
#ifndef SVC_CORE_KERNELS_FLIP_STATE_H_
#define SVC_CORE_KERNELS_FLIP_STATE_H_

#include <cstdint>
#include <span>
#include <vector>

#include "kernels/model.h"

namespace svc::core {

class FlipState {
 public:
  explicit FlipState(const QuboModel& m)
      : m_(m), n(m.n), x(static_cast<size_t>(m.n)), delta(static_cast<size_t>(m.n)),
        sign(static_cast<size_t>(m.n)) {}

  // x := from; delta and energy from scratch (model.ts computeDeltas and modelEnergy).
  void Load(std::span<const uint8_t> from) {
    std::copy(from.begin(), from.end(), x.begin());
    Resync();
  }

  // delta, sign and energy from the current x (ends any float drift).
  void Resync() {
    const Csr& q = m_.q;
    for (int32_t i = 0; i < n; ++i) {
      double f = m_.h[i];
      for (int64_t k = q.row_start[i]; k < q.row_start[i + 1]; ++k) {
        if (x[q.col[k]]) f += q.w[k];
      }
      delta[i] = x[i] ? -f : f;
      sign[i] = x[i] ? -1.0 : 1.0;
    }
    energy = ModelEnergy(m_, x);
  }

  // Flips v; for each neighbour u in row order delta[u] += sign[u] * (W_uv * s).
  void Flip(int32_t v) {
    const Csr& q = m_.q;
    const double d = delta[v];
    const double s = sign[v];
    x[v] ^= 1;
    sign[v] = -s;
    energy += d;
    delta[v] = -d;
    const int64_t end = q.row_start[v + 1];
    double* dl = delta.data();
    const double* sg = sign.data();
    for (int64_t e = q.row_start[v]; e < end; ++e) {
      const int32_t u = q.col[e];
      dl[u] += sg[u] * (q.w[e] * s);
    }
  }

  const QuboModel& model() const { return m_; }

 private:
  const QuboModel& m_;

 public:
  const int32_t n;
  std::vector<uint8_t> x;
  std::vector<double> delta;
  std::vector<double> sign;  // 1 - 2 x_i
  double energy = 0;
};

// A best point kept as "current x minus a trail of flips since it was reached": a new best costs
// O(1), and after n further flips the best is copied out once (amortised O(1) per flip). Every
// flip of x must be reported through Moved while the tracker is in use.
class BestTracker {
 public:
  BestTracker(const std::vector<uint8_t>& x, double energy)
      : energy_(energy), saved_(x), trail_(x.size() + 1) {}

  void Reset(const std::vector<uint8_t>& x, double energy) {
    saved_ = x;
    energy_ = energy;
    in_trail_ = false;
    trail_len_ = 0;
  }

  void Moved(int32_t v, const std::vector<uint8_t>& x) {
    if (!in_trail_) return;
    trail_[trail_len_++] = v;
    if (trail_len_ == trail_.size()) Snapshot(x);
  }

  // The current x (its last flip already reported) is the new best.
  void Improve(double energy) {
    energy_ = energy;
    in_trail_ = true;
    trail_len_ = 0;
  }

  // The best point; call before x changes other than by reported flips.
  const std::vector<uint8_t>& Materialize(const std::vector<uint8_t>& x) {
    if (in_trail_) Snapshot(x);
    return saved_;
  }

  double energy() const { return energy_; }

 private:
  void Snapshot(const std::vector<uint8_t>& x) {
    saved_ = x;
    for (size_t t = 0; t < trail_len_; ++t) saved_[trail_[t]] ^= 1;
    in_trail_ = false;
    trail_len_ = 0;
  }

  double energy_;
  std::vector<uint8_t> saved_;
  std::vector<int32_t> trail_;
  size_t trail_len_ = 0;
  bool in_trail_ = false;
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_FLIP_STATE_H_

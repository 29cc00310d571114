// The k lowest-energy distinct states by exhaustive Gray-code enumeration: a port of engine-ts
// internal/k-best.ts (its file comment is the specification). The walk over states is the one
// of exact_gray.cc / exact.ts: same flips, incremental energy and resync points.
#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

#include "qubo_family.h"

namespace svc::core {

namespace {
constexpr uint64_t kPollMask = 4095;
constexpr uint64_t kResyncMask = 65535;

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

// Bounded max-heap on (energy, code): the top is the worst kept state.
class KBestHeap {
 public:
  explicit KBestHeap(size_t cap) : cap_(cap) {
    e_.reserve(cap);
    c_.reserve(cap);
  }
  bool Full() const { return e_.size() >= cap_; }
  double TopEnergy() const { return e_[0]; }

  void Offer(double e, uint32_t g) {
    if (!Full()) {
      e_.push_back(e);
      c_.push_back(g);
      size_t i = e_.size() - 1;
      while (i > 0) {
        const size_t parent = (i - 1) / 2;
        if (!Worse(i, parent)) break;
        Swap(i, parent);
        i = parent;
      }
    } else if (e < e_[0] || (e == e_[0] && g < c_[0])) {
      e_[0] = e;
      c_[0] = g;
      size_t i = 0;
      const size_t size = e_.size();
      for (;;) {
        const size_t l = 2 * i + 1;
        if (l >= size) break;
        const size_t r = l + 1;
        const size_t c = r < size && Worse(r, l) ? r : l;
        if (!Worse(c, i)) break;
        Swap(c, i);
        i = c;
      }
    }
  }

  std::vector<double> e_;
  std::vector<uint32_t> c_;

 private:
  bool Worse(size_t a, size_t b) const { return e_[a] > e_[b] || (e_[a] == e_[b] && c_[a] > c_[b]); }
  void Swap(size_t a, size_t b) {
    std::swap(e_[a], e_[b]);
    std::swap(c_[a], c_[b]);
  }
  size_t cap_;
};
}  // namespace

KBestOutcome KBestGray(const QuboModel& m, int32_t free_vars, int32_t k, const Limits& limits) {
  KBestOutcome out;
  const int32_t n = m.n;
  std::vector<uint8_t> x(static_cast<size_t>(n), 0);
  std::vector<double> delta(m.h.begin(), m.h.end());
  std::vector<double> sign(static_cast<size_t>(n), 1.0);  // x_u ? -1 : +1
  const uint64_t total = uint64_t{1} << free_vars;
  const size_t cap = static_cast<size_t>(std::min<uint64_t>(static_cast<uint64_t>(k), total));
  KBestHeap heap(cap);
  double energy = 0;
  heap.Offer(0, 0);
  uint64_t t = 1;
  out.complete = true;
  if (total > 1 && (out.stop = limits.CheckLimits()) != Stop::kNone) {
    out.complete = false;
  } else {
    const Csr& q = m.q;
    for (; t < total; ++t) {
      const int32_t b = std::countr_zero(t);
      const double db = delta[b];
      const double s = sign[b];  // +1 exactly when x_b becomes 1
      x[b] ^= 1;
      sign[b] = -s;
      energy += db;
      delta[b] = -db;
      for (int64_t p = q.row_start[b]; p < q.row_start[b + 1]; ++p) {
        const int32_t u = q.col[p];
        delta[u] += sign[u] * (q.w[p] * s);
      }
      if (!heap.Full() || energy <= heap.TopEnergy()) {
        heap.Offer(energy, static_cast<uint32_t>(t ^ (t >> 1)));
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
  out.codes = std::move(heap.c_);
  out.energies = std::move(heap.e_);
  out.steps = static_cast<int64_t>(t - 1);
  return out;
}

}  // namespace svc::core

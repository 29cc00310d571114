// The k lowest-energy distinct states by exhaustive Gray-code enumeration: a port of engine-ts
// families/qubo/k-best.ts (its file comment is the specification). The walk over states is the one
// of gray_walk.h (as in exact.cc): same flips, incremental energy and resync points.
#include <algorithm>
#include <utility>
#include <vector>

#include "kernels/gray_walk.h"
#include "qubo/k_best.h"

namespace svc::core {

namespace {

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
  const uint64_t total = uint64_t{1} << free_vars;
  const size_t cap = static_cast<size_t>(std::min<uint64_t>(static_cast<uint64_t>(k), total));
  KBestHeap heap(cap);
  heap.Offer(0, 0);
  const GrayWalkEnd end = GrayWalk(m, free_vars, false, limits, [&](uint64_t t, double energy) {
    // Inline fast reject: almost every state is worse than the k-th best.
    if (!heap.Full() || energy <= heap.TopEnergy()) {
      heap.Offer(energy, static_cast<uint32_t>(GrayCode(t)));
    }
  });
  out.codes = std::move(heap.c_);
  out.energies = std::move(heap.e_);
  out.complete = end.complete;
  out.stop = end.stop;
  out.steps = end.steps;
  return out;
}

}  // namespace svc::core

// The tabu move choice by two MinTrees: a port of engine-ts kernels/tree-selector.ts. Exactly
// the choice of the scan (move_scan.h): among the admissible variables (free, or tabu with
// delta < aspire) the smallest delta, the first met in cyclic order from r on ties. Variables
// outside a path-relinking set are excluded (in neither tree). Tabu variables expire through a
// TabuRing (tabu_ring.h).
#ifndef SVC_CORE_KERNELS_TREE_SELECTOR_H_
#define SVC_CORE_KERNELS_TREE_SELECTOR_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/min_tree.h"
#include "kernels/tabu_ring.h"

namespace svc::core {

class TreeSelector {
 public:
  // ring: a number larger than every tenure (tabu_until - moves).
  TreeSelector(int32_t n, int64_t ring)
      : n_(n), free_(n), tabu_(n), state_(n), expiry_(n, ring) {}

  // Everything free, keys = delta.
  void Reset(const double* delta) {
    std::fill(state_.begin(), state_.end(), kFree);
    expiry_.Clear();
    free_.SetAll(delta);
    tabu_.SetAll(nullptr);
  }

  // Only the variables with mask[i] = 1 are candidates (free); the rest are excluded.
  void Restrict(const double* delta, const uint8_t* mask) {
    scratch_.resize(static_cast<size_t>(n_));
    for (int32_t i = 0; i < n_; ++i) {
      state_[i] = mask[i] ? kFree : kExcluded;
      scratch_[i] = mask[i] ? delta[i] : kInf;
    }
    expiry_.Clear();
    free_.SetAll(scratch_.data());
    tabu_.SetAll(nullptr);
  }

  // Takes a free variable out of the choice until the next Reset or Restrict.
  void Exclude(int32_t v) {
    state_[v] = kExcluded;
    free_.Set(v, kInf);
  }

  // Frees every variable whose tabu_until equals `moves`.
  void Expire(int64_t moves, const double* delta) {
    for (int32_t v = expiry_.Take(moves); v >= 0; v = expiry_.After(v)) {
      state_[v] = kFree;
      tabu_.Set(v, kInf);
      free_.Set(v, delta[v]);
    }
  }

  // The scan's choice, or -1 when nothing is admissible.
  int32_t Select(int32_t r, double aspire) {
    const double f_min = free_.MinValue();
    const double t_min = tabu_.MinValue();
    const int32_t a = f_min < kInf ? CyclicFirst(free_, r, f_min) : -1;
    const int32_t b = t_min < aspire ? CyclicFirst(tabu_, r, t_min) : -1;
    return PickCandidate(a, f_min, b, t_min, r, n_);
  }

  void Update(int32_t u, double d) {
    if (state_[u] == kFree) {
      free_.Set(u, d);
    } else if (state_[u] == kTabu) {
      tabu_.Set(u, d);
    }
  }

  void MakeTabu(int32_t v, int64_t until, double d) {
    if (state_[v] == kTabu) {
      expiry_.Unlink(v);
    } else {
      state_[v] = kTabu;
      free_.Set(v, kInf);
    }
    tabu_.Set(v, d);
    expiry_.Push(v, until);
  }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  using enum tabu_state::Value;

  static int32_t CyclicFirst(const MinTree& t, int32_t r, double min) {
    const int32_t i = t.FirstAtMost(r, min);
    return i >= 0 ? i : t.MinIndex();
  }

  int32_t n_;
  MinTree free_;
  MinTree tabu_;
  std::vector<uint8_t> state_;
  TabuRing expiry_;
  std::vector<double> scratch_;
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_TREE_SELECTOR_H_

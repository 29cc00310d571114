// The tabu move choice by two MinTrees: a port of engine-ts internal/tree-selector.ts. Exactly
// the choice of the scan (select_scan.h): among the admissible variables (free, or tabu with
// delta < aspire) the smallest delta, the first met in cyclic order from r on ties. Variables
// outside a path-relinking set are excluded (in neither tree).
#ifndef SVC_CORE_TREE_SELECTOR_H_
#define SVC_CORE_TREE_SELECTOR_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "min_tree.h"

namespace svc::core {

class TreeSelector {
 public:
  // ring: a number larger than every tenure (tabu_until - moves).
  TreeSelector(int32_t n, int64_t ring)
      : n_(n), free_(n), tabu_(n), state_(n), next_(n), prev_(n), bucket_of_(n),
        head_(static_cast<size_t>(ring)), ring_(ring) {}

  // Everything free, keys = delta.
  void Reset(const double* delta) {
    std::fill(state_.begin(), state_.end(), kFree);
    std::fill(head_.begin(), head_.end(), -1);
    free_.SetAll(delta);
    tabu_.SetAll(nullptr);
  }

  // Only the variables with mask[i] = 1 are candidates (free); the rest are excluded.
  void Restrict(const double* delta, const uint8_t* mask, std::vector<double>* scratch) {
    scratch->resize(static_cast<size_t>(n_));
    for (int32_t i = 0; i < n_; ++i) {
      state_[i] = mask[i] ? kFree : kExcluded;
      (*scratch)[i] = mask[i] ? delta[i] : kInf;
    }
    std::fill(head_.begin(), head_.end(), -1);
    free_.SetAll(scratch->data());
    tabu_.SetAll(nullptr);
  }

  // Takes a free variable out of the choice until the next Reset or Restrict.
  void Exclude(int32_t v) {
    state_[v] = kExcluded;
    free_.Set(v, kInf);
  }

  // Frees every variable whose tabu_until equals `moves`.
  void Expire(int64_t moves, const double* delta) {
    const int64_t b = moves % ring_;
    int32_t v = head_[b];
    while (v >= 0) {
      const int32_t nx = next_[v];
      state_[v] = kFree;
      tabu_.Set(v, kInf);
      free_.Set(v, delta[v]);
      v = nx;
    }
    head_[b] = -1;
  }

  // The scan's choice, or -1 when nothing is admissible.
  int32_t Select(int32_t r, double aspire) const {
    const double f_min = free_.MinValue();
    const double t_min = tabu_.MinValue();
    const int32_t a = f_min < kInf ? CyclicFirst(free_, r, f_min) : -1;
    const int32_t b = t_min < aspire ? CyclicFirst(tabu_, r, t_min) : -1;
    if (a < 0) return b;
    if (b < 0) return a;
    if (f_min != t_min) return f_min < t_min ? a : b;
    // Equal keys: the one met first from r.
    return (a - r + n_) % n_ < (b - r + n_) % n_ ? a : b;
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
      Unlink(v);
    } else {
      state_[v] = kTabu;
      free_.Set(v, kInf);
    }
    tabu_.Set(v, d);
    const int32_t b = static_cast<int32_t>(until % ring_);
    const int32_t h = head_[b];
    next_[v] = h;
    prev_[v] = -1;
    if (h >= 0) prev_[h] = v;
    head_[b] = v;
    bucket_of_[v] = b;
  }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  static constexpr uint8_t kFree = 0;
  static constexpr uint8_t kTabu = 1;
  static constexpr uint8_t kExcluded = 2;

  static int32_t CyclicFirst(const MinTree& t, int32_t r, double min) {
    const int32_t i = t.FirstAtMost(r, min);
    return i >= 0 ? i : t.MinIndex();
  }

  void Unlink(int32_t v) {
    const int32_t p = prev_[v];
    const int32_t nx = next_[v];
    if (p >= 0) {
      next_[p] = nx;
    } else {
      head_[bucket_of_[v]] = nx;
    }
    if (nx >= 0) prev_[nx] = p;
  }

  int32_t n_;
  MinTree free_;
  MinTree tabu_;
  std::vector<uint8_t> state_;
  std::vector<int32_t> next_;
  std::vector<int32_t> prev_;
  std::vector<int32_t> bucket_of_;
  std::vector<int32_t> head_;
  int64_t ring_;
};

}  // namespace svc::core

#endif  // SVC_CORE_TREE_SELECTOR_H_

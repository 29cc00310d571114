// Tournament tree over keys 0..n-1: leftmost minimum and "leftmost index >= r with key <= t"
// in O(log n), point updates in O(log n). A port of engine-ts kernels/min-tree.ts.
#ifndef SVC_CORE_KERNELS_MIN_TREE_H_
#define SVC_CORE_KERNELS_MIN_TREE_H_

#include <cstdint>
#include <limits>
#include <vector>

namespace svc::core {

class MinTree {
 public:
  static constexpr double kInf = std::numeric_limits<double>::infinity();

  explicit MinTree(int32_t n) : n_(n) {
    size_ = 1;
    while (size_ < n) size_ *= 2;
    node_.assign(2 * static_cast<size_t>(size_), Node{kInf, 0});
    for (int32_t i = 0; i < size_; ++i) node_[size_ + i].arg = i;
    for (int32_t k = size_ - 1; k >= 1; --k) node_[k].arg = node_[2 * k].arg;
  }

  // keys[i] for i < n (all +inf when keys is null); O(n).
  void SetAll(const double* keys) {
    for (int32_t i = 0; i < n_; ++i) node_[size_ + i].val = keys == nullptr ? kInf : keys[i];
    for (int32_t k = size_ - 1; k >= 1; --k) node_[k] = Pull(node_[2 * k], node_[2 * k + 1]);
  }

  // Stops climbing once an ancestor's (min, arg) is unchanged.
  void Set(int32_t i, double key) {
    int32_t k = size_ + i;
    if (node_[k].val == key) return;
    node_[k].val = key;
    for (k >>= 1; k >= 1; k >>= 1) {
      const Node up = Pull(node_[2 * k], node_[2 * k + 1]);
      if (node_[k].val == up.val && node_[k].arg == up.arg) return;
      node_[k] = up;
    }
  }

  double Get(int32_t i) const { return node_[size_ + i].val; }
  double MinValue() const { return node_[1].val; }
  int32_t MinIndex() const { return node_[1].arg; }

  // Leftmost index i >= r with key(i) <= t, or -1.
  int32_t FirstAtMost(int32_t r, double t) const {
    int32_t k = size_ + r;
    if (node_[k].val <= t) return r;
    while (k > 1) {
      if ((k & 1) == 0 && node_[k + 1].val <= t) {
        k = k + 1;
        while (k < size_) k = node_[2 * k].val <= t ? 2 * k : 2 * k + 1;
        return k - size_;
      }
      k >>= 1;
    }
    return -1;
  }

 private:
  // Value and leftmost arg side by side: one cache line per visited node.
  struct Node {
    double val;
    int32_t arg;
  };

  // The smaller key; the left child on ties (leftmost index).
  static Node Pull(const Node& l, const Node& r) { return r.val < l.val ? r : l; }

  int32_t n_;
  int32_t size_;
  std::vector<Node> node_;
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_MIN_TREE_H_

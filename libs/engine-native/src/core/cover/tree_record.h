// cover: the record of a branch tree that closed (the service's `tree` certificate,
// docs/certificates.md "tree"): binary splits on a set (x_S = 0 subtree first, then x_S = 1), and
// leaves that are "infeasible" (an element all of whose sets the path fixes to 0) or carry the
// multipliers y (one per element, >= 0, 0 on the elements the node's fixings cover) whose Lagrangian
// bound, read with only the path's fixings, closes the leaf. Built in memory (the trees explore the
// x_S = 1 side first) and written once by Stream, as engine-ts families/cover/tree-record.ts writes
// it: j >= 0 a split on set j, kInfeasible an infeasible leaf, kLeaf a leaf followed by its U
// multipliers; empty when the record passed its caps (kMaxValues certificate values, kMaxWork
// checker operations: docs/certificates.md "Size").
#ifndef SVC_CORE_COVER_TREE_RECORD_H_
#define SVC_CORE_COVER_TREE_RECORD_H_

#include <cstdint>
#include <vector>

namespace svc::core {

class CoverTreeRecord {
 public:
  static constexpr double kInfeasible = -1;
  static constexpr double kLeaf = -2;
  static constexpr int64_t kMaxValues = 1'000'000;
  static constexpr double kMaxWork = 5e7;

  CoverTreeRecord(int32_t universe, int64_t entries) : U_(universe), entries_(entries) {}

  // A split on set j (its subtrees set by Attach); the node's id.
  int32_t Split(int32_t j) {
    Grow(2, 0);
    return Add(j, -1);
  }

  // A leaf: y (one per element; kept where cov is null or cov[e] == 0, and y_e > 0), or null for
  // "infeasible". The node's id.
  int32_t Leaf(const std::vector<double>* y, const std::vector<int32_t>* cov = nullptr) {
    if (y == nullptr) {
      Grow(2, 0);
      return Add(static_cast<int32_t>(kInfeasible), -1);
    }
    Grow(U_ + 6, static_cast<double>(entries_ + U_));
    if (too_large_) return Add(static_cast<int32_t>(kLeaf), -1);
    const int64_t at = static_cast<int64_t>(ys_.size());
    for (int32_t e = 0; e < U_; ++e) {
      const double v = (*y)[e];
      ys_.push_back((cov == nullptr || (*cov)[e] == 0) && v > 0 ? v : 0);
    }
    return Add(static_cast<int32_t>(kLeaf), at);
  }

  // Puts `child` as `parent`'s subtree on `side` (0: x_S = 0, 1: x_S = 1); parent -1: the root.
  void Attach(int32_t parent, int side, int32_t child) {
    if (too_large_) return;
    if (parent < 0) {
      root_ = child;
    } else if (side == 0) {
      nodes_[parent].f = child;
    } else {
      nodes_[parent].t = child;
    }
  }

  // The pre-order stream (empty when too large or when a subtree is missing).
  std::vector<double> Stream() const {
    std::vector<double> out;
    if (too_large_) return out;
    std::vector<int32_t> stack{root_};
    while (!stack.empty()) {
      const int32_t id = stack.back();
      stack.pop_back();
      if (id < 0) return {};
      const Node& nd = nodes_[id];
      out.push_back(nd.code);
      if (nd.code >= 0) {
        stack.push_back(nd.t);
        stack.push_back(nd.f);
      } else if (nd.code == static_cast<int32_t>(kLeaf)) {
        out.insert(out.end(), ys_.begin() + nd.y, ys_.begin() + nd.y + U_);
      }
    }
    return out;
  }

  bool too_large() const { return too_large_; }

 private:
  struct Node {
    int32_t code;
    int32_t f = -1, t = -1;
    int64_t y = -1;
  };
  int32_t Add(int32_t code, int64_t y) {
    if (too_large_) return 0;
    nodes_.push_back({code, -1, -1, y});
    return static_cast<int32_t>(nodes_.size() - 1);
  }
  void Grow(int64_t values, double work) {
    values_ += values;
    work_ += work;
    if (!too_large_ && (values_ > kMaxValues || work_ > kMaxWork)) {
      too_large_ = true;
      nodes_.clear();
      nodes_.shrink_to_fit();
      ys_.clear();
      ys_.shrink_to_fit();
    }
  }
  const int32_t U_;
  const int64_t entries_;
  std::vector<Node> nodes_;
  std::vector<double> ys_;
  int32_t root_ = -1;
  int64_t values_ = 1;
  double work_ = 0;
  bool too_large_ = false;
};

}  // namespace svc::core

#endif  // SVC_CORE_COVER_TREE_RECORD_H_

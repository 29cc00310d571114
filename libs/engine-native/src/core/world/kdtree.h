// world neighbors: exact k nearest neighbours by a k-d tree (engine-ts families/world/kdtree.ts is the
// specification of the answer: nearest first, ties by the lower index, squared distances summed in
// axis order). The native tree is built faster than the TS one (the points move with their indices
// during the median splits, each node's box comes from its parent's), which changes its shape but
// never the answer: the search is exact.
#ifndef SVC_CORE_WORLD_KDTREE_H_
#define SVC_CORE_WORLD_KDTREE_H_

#include <cstdint>
#include <span>
#include <vector>


namespace svc::core {

class KdTree {
 public:
  // Points per leaf.
  static constexpr int32_t kLeafSize = 16;

  // n points of dim coordinates (dim·n values).
  KdTree(std::span<const double> points, int32_t n, int32_t dim);

  // The k nearest points to q (dim values): squared distances to d2[0..k), indices to idx[0..k).
  void Nearest(const double* q, int32_t k, double* d2, int32_t* idx) const;

  int32_t size() const { return n_; }

  // An order to answer `count` queries (dim values each) in: by the Morton code of each query's cell
  // in the root box (ties by index), so that consecutive queries walk the same nodes and leaves.
  std::vector<int32_t> QueryOrder(std::span<const double> queries, int64_t count) const;

 private:
  struct Node {
    int32_t lo, hi;     // point range in tree order
    int32_t axis;       // −1 for a leaf
    int32_t right;      // the left child is the next node
    double split;
  };

  int32_t Build(int32_t a, int32_t b, std::vector<double>& box);
  template <int D>
  void NearestImpl(const double* q, int32_t k, double* d2, int32_t* idx) const;
  template <int D>
  void Search(int32_t node, const double* q, double rd, double* off, void* best) const;

  // The depth-first stack holds at most one entry per level plus one (2^31 points: 30 levels).
  static constexpr int kMaxDepth = 64;
  static constexpr int kMaxDim = 8;

  int32_t n_, dim_;
  std::vector<double> coords_;   // tree order, dim per point
  std::vector<int32_t> order_;   // original index of each point in tree order
  std::vector<Node> nodes_;
  std::vector<double> root_box_;  // [lo, hi] per axis
};

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_KDTREE_H_

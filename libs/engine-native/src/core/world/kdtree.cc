#include "world/kdtree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace svc::core {

namespace {

// Swaps points i and j (their dim coordinates and indices).
inline void SwapPoints(double* c, int32_t* ord, int32_t dim, int32_t i, int32_t j) {
  for (int32_t d = 0; d < dim; ++d) std::swap(c[static_cast<int64_t>(i) * dim + d], c[static_cast<int64_t>(j) * dim + d]);
  std::swap(ord[i], ord[j]);
}

// Reorders points [lo, hi) so that rank m holds the point of that rank by (coordinate on axis,
// index), smaller ones before it, larger after (Hoare partitions around a median of three).
void Select(double* c, int32_t* ord, int32_t dim, int32_t axis, int32_t lo, int32_t hi, int32_t m) {
  const auto key = [&](int32_t i) { return c[static_cast<int64_t>(i) * dim + axis]; };
  const auto less = [&](int32_t a, int32_t b) {
    const double ka = key(a), kb = key(b);
    return ka < kb || (ka == kb && ord[a] < ord[b]);
  };
  int32_t l = lo, r = hi - 1;
  while (r > l) {
    const int32_t mid = l + (r - l) / 2;
    if (less(mid, l)) SwapPoints(c, ord, dim, mid, l);
    if (less(r, l)) SwapPoints(c, ord, dim, r, l);
    if (less(r, mid)) SwapPoints(c, ord, dim, r, mid);
    const double pk = key(mid);
    const int32_t pi = ord[mid];
    int32_t i = l, j = r;
    while (i <= j) {
      while (key(i) < pk || (key(i) == pk && ord[i] < pi)) ++i;
      while (pk < key(j) || (pk == key(j) && pi < ord[j])) --j;
      if (i <= j) {
        SwapPoints(c, ord, dim, i, j);
        ++i;
        --j;
      }
    }
    if (m <= j) {
      r = j;
    } else if (m >= i) {
      l = i;
    } else {
      return;
    }
  }
}

}  // namespace

KdTree::KdTree(std::span<const double> points, int32_t n, int32_t dim)
    : n_(n), dim_(dim), coords_(points.begin(), points.begin() + static_cast<int64_t>(n) * dim), order_(n) {
  for (int32_t i = 0; i < n; ++i) order_[i] = i;
  nodes_.reserve(2 * (static_cast<size_t>(n) / (kLeafSize / 2) + 1));
  std::vector<double> box(2 * static_cast<size_t>(dim));
  for (int32_t d = 0; d < dim; ++d) {
    box[2 * d] = std::numeric_limits<double>::infinity();
    box[2 * d + 1] = -std::numeric_limits<double>::infinity();
  }
  for (int64_t i = 0; i < n; ++i) {
    for (int32_t d = 0; d < dim; ++d) {
      const double v = coords_[i * dim + d];
      box[2 * d] = std::min(box[2 * d], v);
      box[2 * d + 1] = std::max(box[2 * d + 1], v);
    }
  }
  root_box_ = box;
  Build(0, n, box);
}

std::vector<int32_t> KdTree::QueryOrder(std::span<const double> queries, int64_t count) const {
  const int32_t dim = dim_;
  // 32-bit Morton codes (⌊32/dim⌋ bits an axis): cells fine enough that neighbouring queries share
  // their nodes; sorted by two stable 16-bit radix passes, so equal codes keep index order.
  const int bits = std::max(1, 32 / dim);
  const double cells = std::ldexp(1.0, bits) - 1;
  std::vector<uint32_t> code(count), tmp_code(count);
  std::vector<int32_t> order(count), tmp(count);
  for (int64_t j = 0; j < count; ++j) {
    uint32_t c = 0;
    uint32_t q[kMaxDim];
    for (int32_t d = 0; d < dim; ++d) {
      const double lo = root_box_[2 * d], hi = root_box_[2 * d + 1];
      const double t = hi > lo ? (queries[j * dim + d] - lo) / (hi - lo) : 0;
      q[d] = static_cast<uint32_t>(std::min(cells, std::max(0.0, t * cells)));
    }
    for (int b = bits - 1; b >= 0; --b) {
      for (int32_t d = 0; d < dim; ++d) c = (c << 1) | ((q[d] >> b) & 1u);
    }
    code[j] = c;
    order[j] = static_cast<int32_t>(j);
  }
  for (int shift = 0; shift < 32; shift += 16) {
    std::vector<int64_t> start(65537, 0);
    for (int64_t j = 0; j < count; ++j) ++start[((code[j] >> shift) & 0xFFFF) + 1];
    for (int b = 0; b < 65536; ++b) start[b + 1] += start[b];
    for (int64_t j = 0; j < count; ++j) {
      const int64_t at = start[(code[j] >> shift) & 0xFFFF]++;
      tmp[at] = order[j];
      tmp_code[at] = code[j];
    }
    order.swap(tmp);
    code.swap(tmp_code);
  }
  return order;
}

// Nodes in preorder: a node's left child is the next node, its right child `right`.
int32_t KdTree::Build(int32_t a, int32_t b, std::vector<double>& box) {
  const int32_t id = static_cast<int32_t>(nodes_.size());
  nodes_.push_back(Node{a, b, -1, -1, 0});
  if (b - a <= kLeafSize) return id;
  int32_t axis = 0;
  double widest = -1;
  for (int32_t d = 0; d < dim_; ++d) {
    const double w = box[2 * d + 1] - box[2 * d];
    if (w > widest) {
      widest = w;
      axis = d;
    }
  }
  const int32_t mid = a + (b - a) / 2;
  Select(coords_.data(), order_.data(), dim_, axis, a, b, mid);
  const double split = coords_[static_cast<int64_t>(mid) * dim_ + axis];
  nodes_[id].axis = axis;
  nodes_[id].split = split;
  const double hi = box[2 * axis + 1];
  box[2 * axis + 1] = split;
  Build(a, mid, box);
  box[2 * axis + 1] = hi;
  const double lo = box[2 * axis];
  box[2 * axis] = split;
  const int32_t right = Build(mid, b, box);
  box[2 * axis] = lo;
  nodes_[id].right = right;
  return id;
}

namespace {

// The k best (squared distance, index) pairs so far, in order; `worst` is the k-th (∞ until k).
struct Best {
  double* d2;
  int32_t* idx;
  int32_t k;
  int32_t count = 0;
  double Worst() const { return count == k ? d2[k - 1] : std::numeric_limits<double>::infinity(); }
  void Offer(double s, int32_t id) {
    if (count == k && (s > d2[k - 1] || (s == d2[k - 1] && id > idx[k - 1]))) return;
    int32_t j = count < k ? count++ : k - 1;
    while (j > 0 && (d2[j - 1] > s || (d2[j - 1] == s && idx[j - 1] > id))) {
      d2[j] = d2[j - 1];
      idx[j] = idx[j - 1];
      --j;
    }
    d2[j] = s;
    idx[j] = id;
  }
};

// A subtree is skipped when its box's squared distance exceeds the k-th best by more than this share:
// the box distance is summed in another order than a point's, so a margin of a few ulps keeps a point at
// the k-th distance (a tie) from being skipped (1e-13 ≫ 4·8·u).
constexpr double kPruneMargin = 1 + 1e-13;

}  // namespace

// Depth first with the box distance kept incrementally per axis (Arya and Mount): entering the far
// child replaces that axis's offset by the distance to the split plane.
template <int D>
void KdTree::Search(int32_t node, const double* q, double rd, double* off, void* best_ptr) const {
  Best& best = *static_cast<Best*>(best_ptr);
  const Node& nd = nodes_[node];
  if (nd.axis < 0) {
    const double* coords = coords_.data();
    for (int32_t i = nd.lo; i < nd.hi; ++i) {
      const double* p = coords + static_cast<int64_t>(i) * D;
      double s = 0;
      for (int d = 0; d < D; ++d) {
        const double diff = q[d] - p[d];
        s += diff * diff;
      }
      best.Offer(s, order_[i]);
    }
    return;
  }
  const int32_t axis = nd.axis;
  const double diff = q[axis] - nd.split;
  const int32_t left = node + 1;
  Search<D>(diff < 0 ? left : nd.right, q, rd, off, best_ptr);
  const double old = off[axis];
  const double far = rd - old * old + diff * diff;
  if (far > best.Worst() * kPruneMargin) return;
  off[axis] = diff;
  Search<D>(diff < 0 ? nd.right : left, q, far, off, best_ptr);
  off[axis] = old;
}

template <int D>
void KdTree::NearestImpl(const double* q, int32_t k, double* d2, int32_t* idx) const {
  Best best{d2, idx, k};
  double off[D] = {};
  Search<D>(0, q, 0, off, &best);
}

void KdTree::Nearest(const double* q, int32_t k, double* d2, int32_t* idx) const {
  switch (dim_) {
    case 1: return NearestImpl<1>(q, k, d2, idx);
    case 2: return NearestImpl<2>(q, k, d2, idx);
    case 3: return NearestImpl<3>(q, k, d2, idx);
    case 4: return NearestImpl<4>(q, k, d2, idx);
    case 5: return NearestImpl<5>(q, k, d2, idx);
    case 6: return NearestImpl<6>(q, k, d2, idx);
    case 7: return NearestImpl<7>(q, k, d2, idx);
    default: return NearestImpl<8>(q, k, d2, idx);
  }
}

}  // namespace svc::core

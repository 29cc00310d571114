// The tabu expiry schedule of the selectors (tree_selector.h, bucket_selector.h): a ring of
// doubly-linked buckets indexed by tabu_until mod ring, so making a variable tabu, renewing its
// tenure and freeing everything due at `moves` cost O(1) per variable. A port of engine-ts
// kernels/tabu-ring.ts; a bucket lists its members most recent push first, and the selectors'
// choice does not depend on that order.
#ifndef SVC_CORE_KERNELS_TABU_RING_H_
#define SVC_CORE_KERNELS_TABU_RING_H_

#include <algorithm>
#include <cstdint>
#include <vector>

namespace svc::core {

// A variable's state in a selector; a selector takes the names in with `using enum`.
namespace tabu_state {
enum Value : uint8_t {
  kFree = 0,      // a candidate
  kTabu = 1,      // a candidate while its delta is below the aspiration level
  kExcluded = 2,  // no candidate (outside a path-relinking set)
};
}  // namespace tabu_state

// A selector's choice from its two candidates: a, the cyclic-first minimum from r of the free
// keys (f_min), and b, that of the tabu keys (t_min), each -1 when it has none or is not
// admissible. The smaller key wins; on equal keys the one met first from r.
inline int32_t PickCandidate(int32_t a, double f_min, int32_t b, double t_min, int32_t r,
                             int32_t n) {
  if (a < 0) return b;
  if (b < 0) return a;
  if (f_min != t_min) return f_min < t_min ? a : b;
  return (a - r + n) % n < (b - r + n) % n ? a : b;
}

class TabuRing {
 public:
  // ring: a number larger than every tenure (tabu_until - moves).
  TabuRing(int32_t n, int64_t ring)
      : head_(static_cast<size_t>(ring), -1), next_(n), prev_(n), bucket_of_(n), ring_(ring) {}

  // Every bucket empty.
  void Clear() { std::fill(head_.begin(), head_.end(), -1); }

  // Files v (in no bucket) under tabu_until = until.
  void Push(int32_t v, int64_t until) {
    const int32_t b = static_cast<int32_t>(until % ring_);
    const int32_t h = head_[b];
    next_[v] = h;
    prev_[v] = -1;
    if (h >= 0) prev_[h] = v;
    head_[b] = v;
    bucket_of_[v] = b;
  }

  // Takes v (in a bucket) out of it.
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

  // Empties the bucket due at `moves` and returns its first member (-1 if none); walk the rest
  // with After: for (int32_t v = ring.Take(moves); v >= 0; v = ring.After(v)). The taken
  // members belong to no bucket any more (Push them again to make them tabu).
  int32_t Take(int64_t moves) {
    const int64_t b = moves % ring_;
    const int32_t v = head_[b];
    head_[b] = -1;
    return v;
  }

  // The member after v in a taken bucket, or -1; valid until v is pushed again.
  int32_t After(int32_t v) const { return next_[v]; }

 private:
  std::vector<int32_t> head_;
  std::vector<int32_t> next_;
  std::vector<int32_t> prev_;
  std::vector<int32_t> bucket_of_;
  int64_t ring_;
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_TABU_RING_H_

// The tabu move choice by bitset buckets per delta value: a port of engine-ts
// kernels/bucket-selector.ts. Exactly the choice of the scan and of TreeSelector (within a
// bucket: the first member at index >= r, else the first member); 64-bit words here, 32-bit
// words in TypeScript, the same member found. Tabu variables expire through a TabuRing
// (tabu_ring.h).
#ifndef SVC_CORE_KERNELS_BUCKET_SELECTOR_H_
#define SVC_CORE_KERNELS_BUCKET_SELECTOR_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/model.h"
#include "kernels/tabu_ring.h"

namespace svc::core {

// Bucket keys (2R + 1, R = max_i max(|lo_i|, |hi_i|) with lo_i = h_i + sum min(0, W_ij),
// hi_i = h_i + sum max(0, W_ij)) of an integral model, or 0 when buckets do not fit: a
// non-integer weight, or keys * ceil(n / 32) > 4 (n + nnz).
inline int64_t BucketKeys(const QuboModel& m) {
  double r = 0;
  for (int32_t i = 0; i < m.n; ++i) {
    const double h = m.h[i];
    if (!std::isfinite(h) || std::floor(h) != h) return 0;
    double lo = h;
    double hi = h;
    for (int64_t k = m.q.row_start[i]; k < m.q.row_start[i + 1]; ++k) {
      const double w = m.q.w[k];
      if (!std::isfinite(w) || std::floor(w) != w) return 0;
      if (w < 0) {
        lo += w;
      } else {
        hi += w;
      }
    }
    r = std::max({r, std::fabs(lo), std::fabs(hi)});
  }
  const double keys = 2 * r + 1;
  const double words32 = std::ceil(m.n / 32.0);
  return keys * words32 <= 4 * (static_cast<double>(m.n) + static_cast<double>(m.q.w.size()))
             ? static_cast<int64_t>(keys)
             : 0;
}

class BucketSelector {
 public:
  BucketSelector(int32_t n, int64_t ring, int64_t keys)
      : n_(n), keys_(keys), words_((n + 63) / 64), sum_words_((words_ + 63) / 64),
        off_((keys - 1) / 2), state_(n), key_(n), expiry_(n, ring) {
    for (int s = 0; s < 2; ++s) {
      bits_[s].assign(static_cast<size_t>(keys * words_), 0);
      summary_[s].assign(static_cast<size_t>(keys * sum_words_), 0);
      count_[s].assign(static_cast<size_t>(keys), 0);
    }
  }

  void Reset(const double* delta) {
    Clear();
    for (int32_t i = 0; i < n_; ++i) {
      state_[i] = kFree;
      key_[i] = KeyOf(delta[i]);
      Insert(kFree, i);
    }
  }

  void Restrict(const double* delta, const uint8_t* mask) {
    Clear();
    for (int32_t i = 0; i < n_; ++i) {
      key_[i] = KeyOf(delta[i]);
      if (mask[i]) {
        state_[i] = kFree;
        Insert(kFree, i);
      } else {
        state_[i] = kExcluded;
      }
    }
  }

  void Exclude(int32_t v) {
    Remove(kFree, v);
    state_[v] = kExcluded;
  }

  void Expire(int64_t moves, const double* delta) {
    for (int32_t v = expiry_.Take(moves); v >= 0; v = expiry_.After(v)) {
      Remove(kTabu, v);
      state_[v] = kFree;
      key_[v] = KeyOf(delta[v]);
      Insert(kFree, v);
    }
  }

  int32_t Select(int32_t r, double aspire) {
    const int64_t fk = Lowest(kFree);
    const int64_t tk = Lowest(kTabu);
    const double f_min = fk < keys_ ? static_cast<double>(fk - off_) : kInf;
    const double t_min = tk < keys_ ? static_cast<double>(tk - off_) : kInf;
    const int32_t a = f_min < kInf ? CyclicFirst(kFree, fk, r) : -1;
    const int32_t b = t_min < aspire ? CyclicFirst(kTabu, tk, r) : -1;
    return PickCandidate(a, f_min, b, t_min, r, n_);
  }

  void Update(int32_t u, double d) {
    const uint8_t s = state_[u];
    const int64_t k = KeyOf(d);
    if (s == kExcluded) {
      key_[u] = k;
      return;
    }
    if (k == key_[u]) return;
    Remove(s, u);
    key_[u] = k;
    Insert(s, u);
  }

  void MakeTabu(int32_t v, int64_t until, double d) {
    if (state_[v] == kTabu) {
      expiry_.Unlink(v);
      Remove(kTabu, v);
    } else {
      Remove(kFree, v);
      state_[v] = kTabu;
    }
    key_[v] = KeyOf(d);
    Insert(kTabu, v);
    expiry_.Push(v, until);
  }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  using enum tabu_state::Value;

  int64_t KeyOf(double d) const { return static_cast<int64_t>(d) + off_; }

  void Clear() {
    for (int s = 0; s < 2; ++s) {
      std::fill(bits_[s].begin(), bits_[s].end(), 0);
      std::fill(summary_[s].begin(), summary_[s].end(), 0);
      std::fill(count_[s].begin(), count_[s].end(), 0);
      min_key_[s] = keys_;
    }
    expiry_.Clear();
  }

  void Insert(int s, int32_t v) {
    const int64_t k = key_[v];
    uint64_t& word = bits_[s][k * words_ + (v >> 6)];
    if (word == 0) summary_[s][k * sum_words_ + (v >> 12)] |= uint64_t{1} << ((v >> 6) & 63);
    word |= uint64_t{1} << (v & 63);
    ++count_[s][k];
    if (k < min_key_[s]) min_key_[s] = k;
  }

  void Remove(int s, int32_t v) {
    const int64_t k = key_[v];
    uint64_t& word = bits_[s][k * words_ + (v >> 6)];
    word &= ~(uint64_t{1} << (v & 63));
    if (word == 0) summary_[s][k * sum_words_ + (v >> 12)] &= ~(uint64_t{1} << ((v >> 6) & 63));
    --count_[s][k];
  }

  int64_t Lowest(int s) {
    int64_t k = min_key_[s];
    while (k < keys_ && count_[s][k] == 0) ++k;
    min_key_[s] = k;
    return k;
  }

  int32_t CyclicFirst(int s, int64_t k, int32_t r) const {
    const int32_t v = FirstFrom(s, k, r);
    return v >= 0 ? v : FirstFrom(s, k, 0);
  }

  int32_t FirstFrom(int s, int64_t k, int32_t r) const {
    if (r >= n_) return -1;
    const uint64_t* bits = bits_[s].data() + k * words_;
    int64_t w = r >> 6;
    const uint64_t m = bits[w] & (~uint64_t{0} << (r & 63));
    if (m != 0) return static_cast<int32_t>((w << 6) + __builtin_ctzll(m));
    const uint64_t* summary = summary_[s].data() + k * sum_words_;
    ++w;
    if (w >= words_) return -1;
    int64_t sw = w >> 6;
    uint64_t sm = summary[sw] & (~uint64_t{0} << (w & 63));
    while (sm == 0) {
      ++sw;
      if (sw >= sum_words_) return -1;
      sm = summary[sw];
    }
    const int64_t word = (sw << 6) + __builtin_ctzll(sm);
    return static_cast<int32_t>((word << 6) + __builtin_ctzll(bits[word]));
  }

  int32_t n_;
  int64_t keys_;
  int64_t words_;
  int64_t sum_words_;
  int64_t off_;
  std::vector<uint64_t> bits_[2];
  std::vector<uint64_t> summary_[2];
  std::vector<int32_t> count_[2];
  int64_t min_key_[2] = {0, 0};
  std::vector<uint8_t> state_;
  std::vector<int64_t> key_;
  TabuRing expiry_;
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_BUCKET_SELECTOR_H_

// The elite walk of sample: a port of engine-ts families/qubo/sample-walk.ts (its file comment is
// the specification; the same generator calls in the same order give the same states).
#include <cmath>
#include <unordered_map>
#include <vector>

#include "kernels/flip_state.h"
#include "qubo/sample_walk.h"

namespace svc::core {

int CompareStates(std::span<const uint8_t> a, std::span<const uint8_t> b) {
  for (size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

namespace {

constexpr int64_t kResyncRounds = 64;

bool Before(double ea, std::span<const uint8_t> a, double eb, std::span<const uint8_t> b) {
  if (ea != eb) return ea < eb;
  return CompareStates(a, b) < 0;
}

struct Kept {
  std::vector<uint8_t> x;
  double energy = 0;
  int64_t count = 0;
  uint64_t key = 0;
};

// Kept states in slots: a max-heap of slot ids (worst on top) and buckets by 53-bit key.
class KeptSet {
 public:
  explicit KeptSet(int32_t k) : k_(static_cast<size_t>(k)) {}

  // One visit of state x with tracked energy e and key.
  void Visit(const std::vector<uint8_t>& x, double e, uint64_t key) {
    auto it = buckets_.find(key);
    if (it != buckets_.end()) {
      for (int32_t slot : it->second) {
        if (CompareStates(slots_[slot].x, x) == 0) {
          ++slots_[slot].count;
          return;
        }
      }
    }
    int32_t slot;
    if (heap_.size() >= k_) {
      const int32_t top = heap_[0];
      if (!Before(e, x, slots_[top].energy, slots_[top].x)) return;
      auto& b = buckets_[slots_[top].key];
      for (size_t q = 0; q < b.size(); ++q) {
        if (b[q] == top) {
          b.erase(b.begin() + static_cast<std::ptrdiff_t>(q));
          break;
        }
      }
      if (b.empty()) buckets_.erase(slots_[top].key);
      heap_[0] = heap_.back();
      heap_.pop_back();
      if (!heap_.empty()) SiftDown();
      slot = top;  // reuse the evicted state's memory
      slots_[slot].x = x;
    } else {
      slot = static_cast<int32_t>(slots_.size());
      slots_.push_back(Kept{x, 0, 0, 0});
    }
    slots_[slot].energy = e;
    slots_[slot].count = 1;
    slots_[slot].key = key;
    buckets_[key].push_back(slot);
    heap_.push_back(slot);
    SiftUp(heap_.size() - 1);
  }

  std::vector<WalkState> Take() {
    std::vector<WalkState> out;
    out.reserve(heap_.size());
    for (int32_t slot : heap_) {
      out.push_back(WalkState{std::move(slots_[slot].x), slots_[slot].energy, slots_[slot].count});
    }
    return out;
  }

 private:
  bool Worse(int32_t a, int32_t b) const {
    return Before(slots_[b].energy, slots_[b].x, slots_[a].energy, slots_[a].x);
  }
  void SiftUp(size_t i) {
    while (i > 0) {
      const size_t parent = (i - 1) / 2;
      if (!Worse(heap_[i], heap_[parent])) break;
      std::swap(heap_[i], heap_[parent]);
      i = parent;
    }
  }
  void SiftDown() {
    size_t i = 0;
    for (;;) {
      const size_t l = 2 * i + 1;
      if (l >= heap_.size()) return;
      const size_t r = l + 1;
      const size_t c = r < heap_.size() && Worse(heap_[r], heap_[l]) ? r : l;
      if (!Worse(heap_[c], heap_[i])) return;
      std::swap(heap_[c], heap_[i]);
      i = c;
    }
  }

  size_t k_;
  std::vector<Kept> slots_;
  std::vector<int32_t> heap_;
  std::unordered_map<uint64_t, std::vector<int32_t>> buckets_;
};

}  // namespace

WalkOutcome SampleWalk(const QuboModel& m, std::span<const uint8_t> start, int32_t k,
                       int64_t rounds, int32_t max_flips, Prng& rng, const Limits& limits) {
  WalkOutcome out;
  const int32_t n = m.n;
  const Csr& q = m.q;
  FlipState st(m);
  st.Load(start);
  const std::vector<uint8_t>& x = st.x;
  const std::vector<double>& delta = st.delta;
  double abs_sum = 0;
  for (int32_t i = 0; i < n; ++i) abs_sum += std::fabs(m.h[i]);
  for (double w : q.w) abs_sum += std::fabs(w);
  const double eps = 1e-12 * (1 + abs_sum);

  std::vector<uint32_t> z1(static_cast<size_t>(n)), z2(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) {
    z1[i] = rng.NextU32();
    z2[i] = rng.NextU32();
  }
  uint32_t h1 = 0, h2 = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (x[i]) {
      h1 ^= z1[i];
      h2 ^= z2[i];
    }
  }
  KeptSet kept(k);
  const auto visit = [&] {
    const uint64_t key = (static_cast<uint64_t>(h1) << 21) | (h2 & 0x1fffffu);
    kept.Visit(x, st.energy, key);
  };
  const auto flip = [&](int32_t v) {
    st.Flip(v);
    h1 ^= z1[v];
    h2 ^= z2[v];
    ++out.flips;
  };

  // FIFO ring of candidate variables, each at most once.
  std::vector<int32_t> queue(static_cast<size_t>(std::max(1, n)));
  std::vector<uint8_t> in_queue(static_cast<size_t>(n), 0);
  int32_t head = 0, len = 0;
  const auto push = [&](int32_t v) {
    if (in_queue[v]) return;
    in_queue[v] = 1;
    int32_t at = head + len;
    if (at >= n) at -= n;
    queue[at] = v;
    ++len;
  };
  std::vector<int32_t> log;
  const auto descent = [&] {
    while (len > 0) {
      const int32_t v = queue[head];
      head = head + 1 == n ? 0 : head + 1;
      --len;
      in_queue[v] = 0;
      if (delta[v] < -eps) {
        flip(v);
        log.push_back(v);
        visit();
        for (int64_t p = q.row_start[v]; p < q.row_start[v + 1]; ++p) push(q.col[p]);
      }
    }
  };

  visit();
  for (int32_t i = 0; i < n; ++i) push(i);
  descent();
  double base_e = st.energy;

  std::vector<int32_t> idx(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) idx[i] = i;
  int64_t r = 0;
  for (; r < rounds; ++r) {
    if ((r & 7) == 0 && (out.stop = limits.CheckLimits()) != Stop::kNone) break;
    const int32_t p = 1 + static_cast<int32_t>(r % max_flips);
    log.clear();
    for (int32_t t = 0; t < p; ++t) {
      const int32_t j = t + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n - t)));
      std::swap(idx[t], idx[j]);
      flip(idx[t]);
      log.push_back(idx[t]);
      visit();
    }
    for (int32_t t = 0; t < p; ++t) {
      const int32_t v = idx[t];
      push(v);
      for (int64_t e = q.row_start[v]; e < q.row_start[v + 1]; ++e) push(q.col[e]);
    }
    descent();
    if (st.energy < base_e - eps) {
      base_e = st.energy;
    } else {
      for (size_t e = log.size(); e-- > 0;) flip(log[e]);
    }
    if ((r + 1) % kResyncRounds == 0) st.Resync();
  }
  out.rounds = r;
  out.states = kept.Take();
  return out;
}

}  // namespace svc::core

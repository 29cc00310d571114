// tsp: a tour as position arrays with logged reversals (undo), and its local search: 2-opt and
// Or-opt over candidate lists (engine-ts families/tsp/solve.ts Tour, move for move), and, when
// switched on, Lin–Kernighan chains of sequential 2-opt moves (k-opt for any k up to the depth).
#ifndef SVC_CORE_TSP_TOUR_H_
#define SVC_CORE_TSP_TOUR_H_

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/prng.h"
#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "tsp/solve.h"

namespace svc::core {

class TspTour {
 public:
  // cand: n*k row-major candidate lists (sorted by distance: the 2-opt and Or-opt scans stop at the
  // first candidate too far to gain); kept by pointer, replaced by SetCandidates.
  TspTour(int32_t n, const TspDistance& d, const std::vector<int32_t>* cand, int32_t k, const std::vector<int32_t>& order)
      : n_(n), d_(d), cand_(cand), k_(k), tour_(order), pos_(n), queue_(n), queued_(n, 0), stamp_(n, 0) {
    for (int32_t i = 0; i < n; ++i) pos_[tour_[i]] = i;
    FillCandidateDistances();
    for (int32_t i = 0; i < n; ++i) length += d(tour_[i], tour_[(i + 1) % n]);
  }

  double length = 0;
  std::vector<int64_t> log;

  int32_t n() const { return n_; }
  const std::vector<int32_t>& tour() const { return tour_; }
  const TspDistance& distance() const { return d_; }

  // A tour over `order` with this one's distances, candidates and Lin–Kernighan depth.
  TspTour WithOrder(const std::vector<int32_t>& order) const {
    TspTour t(n_, d_, cand_, k_, order);
    t.SetLinKernighan(lk_depth_);
    return t;
  }

  // The tour becomes `order` (a permutation of the same cities): positions and length recomputed,
  // the log cleared; queued cities stay queued.
  void Reset(const std::vector<int32_t>& order) {
    tour_ = order;
    for (int32_t i = 0; i < n_; ++i) pos_[tour_[i]] = i;
    length = 0;
    for (int32_t i = 0; i < n_; ++i) length += d_(tour_[i], tour_[(i + 1) % n_]);
    log.clear();
  }

  void SetCandidates(const std::vector<int32_t>* cand, int32_t k) {
    cand_ = cand;
    k_ = k;
    FillCandidateDistances();
  }
  // Lin–Kernighan chains of at most `depth` 2-opt moves after 2-opt and Or-opt find nothing at a
  // city (0: off, the engine-ts search).
  void SetLinKernighan(int32_t depth) { lk_depth_ = depth; }

  int32_t Succ(int32_t c) const {
    const int32_t p = pos_[c] + 1;
    return tour_[p == n_ ? 0 : p];
  }
  int32_t Pred(int32_t c) const {
    const int32_t p = pos_[c];
    return tour_[p == 0 ? n_ - 1 : p - 1];
  }

  void Push(int32_t c) {
    if (queued_[c]) return;
    queued_[c] = 1;
    int32_t at = q_head_ + q_size_;
    if (at >= n_) at -= n_;
    queue_[at] = c;
    ++q_size_;
  }

  void ReverseRange(int32_t start, int32_t len) {
    Flip(start, len);
    log.push_back(start);
    log.push_back(len);
  }

  void ReversePath(int32_t from, int32_t to) {
    const int32_t i = pos_[from];
    const int32_t j = pos_[to];
    int32_t len = j - i;
    if (len < 0) len += n_;
    len += 1;
    if (2 * len > n_) {
      const int32_t start = j + 1 == n_ ? 0 : j + 1;
      if (n_ - len > 1) ReverseRange(start, n_ - len);
    } else if (len > 1) {
      ReverseRange(i, len);
    }
  }

  void TwoOptMove(int32_t a, int32_t b, int32_t c, int32_t /*d*/) {
    if (Succ(a) == b) ReversePath(b, c);
    else ReversePath(c, b);
  }

  // Undoes the logged reversals after the first `mark` entries of the log.
  void UndoTo(size_t mark) {
    while (log.size() > mark) {
      const int32_t len = static_cast<int32_t>(log.back());
      log.pop_back();
      const int32_t start = static_cast<int32_t>(log.back());
      log.pop_back();
      Flip(start, len);
    }
  }

  void Undo() { UndoTo(0); }

  void LocalSearch(const Limits& limits, Work& work, Stop* stop) {
    int64_t pops = 0;
    while (q_size_ > 0) {
      if ((++pops & 255) == 0 && (*stop = limits.CheckLimits()) != Stop::kNone) return;
      const int32_t a = Pop();
      if (ImproveCity(a) || (lk_depth_ > 0 && LinKernighan(a))) ++work.iterations;
    }
  }

  void Kick(int32_t i, int32_t l1, int32_t l2) {
    const int32_t s = i + 1 == n_ ? 0 : i + 1;
    const int32_t mid = (s + l1) % n_;
    const int32_t before = tour_[i];
    const int32_t after = tour_[(s + l1 + l2) % n_];
    const int32_t ends[4] = {tour_[s], tour_[(s + l1 - 1) % n_], tour_[mid], tour_[(mid + l2 - 1) % n_]};
    const double old = d_(before, ends[0]) + d_(ends[1], ends[2]) + d_(ends[3], after);
    ReverseRange(s, l1 + l2);
    ReverseRange(s, l2);
    ReverseRange((s + l2) % n_, l1);
    const double now = d_(before, ends[2]) + d_(ends[3], ends[0]) + d_(ends[1], after);
    length += now - old;
    Push(before);
    Push(after);
    for (int32_t c : ends) Push(c);
  }

  // A double bridge at three cities close in the plane but anywhere along the tour (Applegate et
  // al.'s random-walk kick): a random city and two others reached from it by random walks of 1..8
  // steps over the candidate lists; the tour segments between them are swapped. False (nothing
  // done) when the walks end on the start or on each other.
  bool WalkKick(Prng& rng) {
    const std::vector<int32_t>& cand = *cand_;
    const int32_t c0 = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n_)));
    int32_t off[2];
    for (int32_t& o : off) {
      int32_t c = c0;
      for (int32_t steps = 1 + static_cast<int32_t>(rng.NextInt(8)); steps > 0; --steps) {
        c = cand[static_cast<size_t>(c) * k_ + rng.NextInt(static_cast<uint32_t>(k_))];
      }
      o = pos_[c] - pos_[c0];
      if (o < 0) o += n_;
    }
    if (off[0] == 0 || off[1] == 0 || off[0] == off[1]) return false;
    if (off[0] > off[1]) std::swap(off[0], off[1]);
    Kick(pos_[c0], off[0], off[1] - off[0]);
    return true;
  }

  // Two adjacent segments of 1..50 cities (at most half the tour) swapped after a random city.
  void SegmentKick(Prng& rng) {
    const int32_t max_seg = std::max(1, std::min(50, (n_ - 2) / 2));
    const int32_t i = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n_)));
    const int32_t l1 = 1 + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(max_seg)));
    const int32_t l2 = 1 + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(max_seg)));
    Kick(i, l1, l2);
  }

  void QueueAll() {
    for (int32_t i = 0; i < n_; ++i) Push(tour_[i]);
  }

 private:
  // Breadth of the Lin–Kernighan search at its first levels (alternatives for t3 tried before the
  // chain goes on greedily with the best one).
  static constexpr int32_t kLkBreadth[] = {5, 3, 2};

  void Flip(int32_t start, int32_t len) {
    int32_t a = start;
    int32_t b = start + len - 1;
    if (b >= n_) b -= n_;
    for (int32_t s = len >> 1; s > 0; --s) {
      const int32_t ca = tour_[a];
      const int32_t cb = tour_[b];
      tour_[a] = cb;
      pos_[cb] = a;
      tour_[b] = ca;
      pos_[ca] = b;
      a = a + 1 == n_ ? 0 : a + 1;
      b = b == 0 ? n_ - 1 : b - 1;
    }
  }

  int32_t Pop() {
    const int32_t c = queue_[q_head_];
    q_head_ = q_head_ + 1 == n_ ? 0 : q_head_ + 1;
    --q_size_;
    queued_[c] = 0;
    return c;
  }

  bool ImproveCity(int32_t a) {
    const TspDistance& d = d_;
    const std::vector<int32_t>& cand = *cand_;
    const size_t base = static_cast<size_t>(a) * k_;
    for (int dir = 0; dir < 2; ++dir) {
      const int32_t b = dir == 0 ? Succ(a) : Pred(a);
      const double dab = d(a, b);
      for (int32_t q = 0; q < k_; ++q) {
        const int32_t c = cand[base + q];
        const double dac = cd_[base + q];
        if (dac >= dab) break;
        const int32_t e = dir == 0 ? Succ(c) : Pred(c);
        if (c == b || e == a) continue;
        const double delta = dac + d(b, e) - dab - d(c, e);
        if (delta < 0) {
          if (dir == 0) TwoOptMove(a, b, c, e);
          else TwoOptMove(b, a, e, c);
          length += delta;
          Push(a), Push(b), Push(c), Push(e);
          return true;
        }
      }
    }
    for (int32_t L = 1; L <= 3 && L + 3 <= n_; ++L) {
      for (int side = 0; side < (L == 1 ? 1 : 2); ++side) {
        int32_t s1 = a, s2 = a;
        for (int32_t t = 1; t < L; ++t) {
          if (side == 0) s2 = Succ(s2);
          else s1 = Pred(s1);
        }
        const int32_t p = Pred(s1);
        const int32_t nx = Succ(s2);
        const double gain = d(p, s1) + d(s2, nx) - d(p, nx);
        if (gain <= 0) continue;
        const int32_t p1 = pos_[s1];
        const auto in_seg = [&](int32_t c) {
          int32_t off = pos_[c] - p1;
          if (off < 0) off += n_;
          return off < L;
        };
        for (int end = 0; end < (L == 1 ? 1 : 2); ++end) {
          const int32_t x = end == 0 ? s1 : s2;
          const size_t xb = static_cast<size_t>(x) * k_;
          for (int32_t q = 0; q < k_; ++q) {
            const int32_t c = cand[xb + q];
            if (cd_[xb + q] >= gain) break;
            if (in_seg(c)) continue;
            for (int w = 0; w < 2; ++w) {
              const int32_t e = w == 0 ? Succ(c) : Pred(c);
              if (in_seg(e)) continue;
              const int32_t u = w == 0 ? c : e;
              const int32_t v = w == 0 ? e : c;
              if (u == nx || v == p) continue;
              const bool forward = (x == s1) == (c == u);
              const double add = forward ? d(u, s1) + d(s2, v) - d(u, v) : d(u, s2) + d(s1, v) - d(u, v);
              if (add < gain) {
                MoveSegment(s1, s2, p, nx, u, v, forward);
                length += add - gain;
                Push(p), Push(nx), Push(s1), Push(s2), Push(u), Push(v);
                return true;
              }
            }
          }
        }
      }
    }
    return false;
  }

  void MoveSegment(int32_t s1, int32_t s2, int32_t p, int32_t nx, int32_t u, int32_t v, bool forward) {
    TwoOptMove(p, s1, u, v);
    TwoOptMove(p, u, nx, s2);
    if (forward) TwoOptMove(u, s2, s1, v);
  }

  // Lin–Kernighan from t1, both of its tour edges: a chain of 2-opt moves, each removing the
  // closing edge (t1, t2) and an edge (t3, t4), adding (t2, t3) and (t4, t1), with a positive gain
  // before closing at every step; the best closed tour along the chain is kept when it is shorter
  // (first improvement), anything else is undone. Edges added by the chain are never removed by it.
  bool LinKernighan(int32_t t1) {
    for (int side = 0; side < 2; ++side) {
      const int32_t t2 = side == 0 ? Succ(t1) : Pred(t1);
      const size_t mark = log.size();
      best_gain_ = 0;
      best_mark_ = mark;
      best_chain_ = 0;
      chain_.clear();
      added_.clear();
      if (++epoch_ == 0) {  // wrapped: no stale stamp may equal a new epoch
        std::fill(stamp_.begin(), stamp_.end(), 0);
        epoch_ = 1;
      }
      LkStep(t1, t2, d_(t1, t2), 0);
      if (best_gain_ > 0) {
        UndoTo(best_mark_);
        length -= best_gain_;
        Push(t1);
        Push(t2);
        for (size_t s = 0; s < best_chain_; ++s) Push(chain_[s]);
        return true;
      }
      UndoTo(mark);
    }
    return false;
  }

  // The chain's step `level`: t1 and t2 are adjacent (the edge to remove), g = the gain so far
  // (removed minus added, the removal of (t1, t2) included). True when the chain found a shorter
  // tour (the search stops there). At the first step the chain may also start with a sequential
  // 3-opt move whose first 2-opt half is not a tour (LKH's or3opt: t4 on the other side of t3, t5
  // between t2 and t3); it then goes on with 2-opt steps from t6.
  bool LkStep(int32_t t1, int32_t t2, double g, int32_t level) {
    if (level >= lk_depth_) return false;
    const std::vector<int32_t>& cand = *cand_;
    const bool t2_after = Succ(t1) == t2;
    const auto nxt = [&](int32_t c) { return t2_after ? Succ(c) : Pred(c); };
    const auto prv = [&](int32_t c) { return t2_after ? Pred(c) : Succ(c); };
    // Steps along the orientation from t1 to t2 (t2 at 0).
    const auto from_t2 = [&](int32_t c) {
      int32_t off = t2_after ? pos_[c] - pos_[t2] : pos_[t2] - pos_[c];
      return off < 0 ? off + n_ : off;
    };
    // The moves from t2, best first by the gain before closing.
    struct Option {
      double key;
      int32_t t3, t4, t5, t6;  // t5 < 0: a 2-opt step
    };
    Option opts[96];
    int32_t count = 0;
    const size_t base = static_cast<size_t>(t2) * k_;
    for (int32_t q = 0; q < k_ && count < 64; ++q) {
      const int32_t t3 = cand[base + q];
      const double g1 = g - cd_[base + q];
      if (g1 <= 0) continue;
      if (t3 == t1 || t3 == t2) continue;
      const int32_t t4 = prv(t3);
      if (t4 != t2 && t4 != t1 && !Added(t3, t4)) opts[count++] = Option{g1 + d_(t3, t4), t3, t4, -1, -1};
      if (level > 0) continue;
      // or3opt: t4 = nxt(t3) leaves the cycle t2..t3; t5 in it, t6 either of its neighbours there.
      const int32_t u4 = nxt(t3);
      if (u4 == t1) continue;
      const double g2base = g1 + d_(t3, u4);
      const int32_t span = from_t2(t3);
      const size_t b4 = static_cast<size_t>(u4) * k_;
      for (int32_t r = 0; r < k_ && count < 96; ++r) {
        const int32_t t5 = cand[b4 + r];
        if (t5 == t3 || t5 == u4) continue;
        const double g2 = g2base - cd_[b4 + r];
        if (g2 <= 0) continue;
        const int32_t at = from_t2(t5);
        if (at > span) continue;
        for (int w = 0; w < 2 && count < 96; ++w) {
          if (w == 0 ? t5 == t3 : t5 == t2) continue;
          const int32_t t6 = w == 0 ? nxt(t5) : prv(t5);
          opts[count++] = Option{g2 + d_(t5, t6), t3, u4, t5, t6};
        }
      }
    }
    if (count == 0) return false;
    std::sort(opts, opts + count, [](const Option& a, const Option& b) { return a.key > b.key; });
    const int32_t breadth = level < 3 ? kLkBreadth[level] : 1;
    for (int32_t o = 0; o < count && o < breadth; ++o) {
      const Option& m = opts[o];
      const size_t mark = log.size();
      int32_t last;
      chain_.resize(2 * level);
      added_.resize(2 * level);
      if (m.t5 < 0) {
        if (t2_after) ReversePath(t2, m.t4);
        else ReversePath(m.t4, t2);
        last = m.t4;
        chain_.insert(chain_.end(), {m.t3, m.t4});
        added_.insert(added_.end(), {t2, m.t3});
        stamp_[t2] = stamp_[m.t3] = epoch_;
      } else {
        // t1 → [t2 … t5][t6 … t3] → t4 becomes t1 → [t6 … t3][t2 … t5] → t4 (t6 after t5), or
        // t1 → [t2 … t6][t5 … t3] → t4 becomes t1 → [t6 … t2][t3 … t5] → t4 (t6 before t5).
        if (m.t6 == nxt(m.t5)) {
          if (t2_after) MoveSegment(t2, m.t5, t1, m.t6, m.t3, m.t4, true);
          else MoveSegment(m.t5, t2, m.t6, t1, m.t4, m.t3, true);
        } else {
          TwoOptMove(t1, t2, m.t6, m.t5);
          TwoOptMove(t2, m.t5, m.t3, m.t4);
        }
        last = m.t6;
        chain_.insert(chain_.end(), {m.t3, m.t4, m.t5, m.t6});
        added_.insert(added_.end(), {t2, m.t3, m.t4, m.t5});
        stamp_[t2] = stamp_[m.t3] = stamp_[m.t4] = stamp_[m.t5] = epoch_;
      }
      const double g2 = m.key;
      const double closed = g2 - d_(last, t1);
      if (closed > best_gain_) {
        best_gain_ = closed;
        best_mark_ = log.size();
        best_chain_ = chain_.size();
      }
      if (LkStep(t1, last, g2, static_cast<int32_t>(chain_.size() / 2)) || best_gain_ > 0) return true;
      UndoTo(mark);
    }
    return false;
  }

  // Stamps only filter: a city stamped in this chain may have lost its added edge since (undone
  // steps), so a stamped pair is checked against the list.
  bool Added(int32_t a, int32_t b) const {
    if (stamp_[a] != epoch_ || stamp_[b] != epoch_) return false;
    for (size_t i = 0; i + 1 < added_.size(); i += 2) {
      if ((added_[i] == a && added_[i + 1] == b) || (added_[i] == b && added_[i + 1] == a)) return true;
    }
    return false;
  }

  int32_t n_;
  const TspDistance& d_;
  const std::vector<int32_t>* cand_;
  int32_t k_;
  std::vector<int32_t> tour_, pos_, queue_;
  std::vector<uint8_t> queued_;
  int32_t q_head_ = 0, q_size_ = 0;
  int32_t lk_depth_ = 0;
  double best_gain_ = 0;
  size_t best_mark_ = 0;
  size_t best_chain_ = 0;
  std::vector<int32_t> chain_, added_;
  // cd_[i·k + q]: the distance from i to its q-th candidate (read in the scans instead of the
  // distance table, whose rows are far apart in memory).
  std::vector<double> cd_;
  // stamp_[c] == epoch_: c is an end of an edge some step of the current chain added.
  std::vector<uint32_t> stamp_;
  uint32_t epoch_ = 0;

  void FillCandidateDistances() {
    const std::vector<int32_t>& cand = *cand_;
    cd_.resize(static_cast<size_t>(n_) * k_);
    for (int32_t i = 0; i < n_; ++i) {
      for (int32_t q = 0; q < k_; ++q) cd_[static_cast<size_t>(i) * k_ + q] = d_(i, cand[static_cast<size_t>(i) * k_ + q]);
    }
  }
};

}  // namespace svc::core

#endif  // SVC_CORE_TSP_TOUR_H_

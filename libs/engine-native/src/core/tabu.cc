// A port of engine-ts internal/tabu.ts (whose file comment is the specification): the same
// generator calls in the same order and every floating-point operation in the same order, so
// with the same seed and budget both engines make the same moves (IEEE doubles on both sides,
// -ffp-contract=off here).
#include "tabu.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "min_tree.h"
#include "select_scan.h"

namespace svc::core {

namespace {

constexpr int64_t kPollMask = 1023;
constexpr double kInf = std::numeric_limits<double>::infinity();

int32_t CyclicFirst(const MinTree& t, int32_t r, double min) {
  const int32_t i = t.FirstAtMost(r, min);
  return i >= 0 ? i : t.MinIndex();
}

// Step 2 with two trees (free keys, tabu keys; +inf elsewhere) and a ring of doubly linked
// buckets indexed by tabu_until mod ring through which tabu variables expire.
class TreeSelector {
 public:
  TreeSelector(int32_t n, int64_t ring)
      : free_(n), tabu_(n), is_tabu_(n), next_(n), prev_(n), bucket_of_(n),
        head_(static_cast<size_t>(ring)), ring_(ring) {}

  void Reset(const double* delta) {
    std::fill(is_tabu_.begin(), is_tabu_.end(), 0);
    std::fill(head_.begin(), head_.end(), -1);
    std::fill(bucket_of_.begin(), bucket_of_.end(), -1);
    free_.SetAll(delta);
    tabu_.SetAll(nullptr);
  }

  // Frees every variable whose tabu_until equals `moves`.
  void Expire(int64_t moves, const double* delta) {
    const int64_t b = moves % ring_;
    int32_t v = head_[b];
    while (v >= 0) {
      const int32_t nx = next_[v];
      is_tabu_[v] = 0;
      bucket_of_[v] = -1;
      tabu_.Set(v, kInf);
      free_.Set(v, delta[v]);
      v = nx;
    }
    head_[b] = -1;
  }

  int32_t Select(int32_t r, double aspire, int32_t n) const {
    const double f_min = free_.MinValue();
    const double t_min = tabu_.MinValue();
    const int32_t a = f_min < kInf ? CyclicFirst(free_, r, f_min) : -1;
    const int32_t b = t_min < aspire ? CyclicFirst(tabu_, r, t_min) : -1;
    if (a < 0) return b;
    if (b < 0) return a;
    if (f_min != t_min) return f_min < t_min ? a : b;
    // Equal keys: the one met first from r.
    return (a - r + n) % n < (b - r + n) % n ? a : b;
  }

  void Update(int32_t u, double d) {
    if (is_tabu_[u]) {
      tabu_.Set(u, d);
    } else {
      free_.Set(u, d);
    }
  }

  void MakeTabu(int32_t v, int64_t until, double d) {
    if (is_tabu_[v]) {
      Unlink(v);
    } else {
      is_tabu_[v] = 1;
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

  MinTree free_;
  MinTree tabu_;
  std::vector<uint8_t> is_tabu_;
  std::vector<int32_t> next_;
  std::vector<int32_t> prev_;
  std::vector<int32_t> bucket_of_;
  std::vector<int32_t> head_;
  int64_t ring_;
};

// The global best as "current x minus a trail of flips since the best was reached": a new best
// costs O(1), and after n further flips the best is copied out once (amortised O(1) per move).
class BestTracker {
 public:
  BestTracker(const std::vector<uint8_t>& x, double energy)
      : energy_(energy), saved_(x), trail_(x.size() + 1) {}

  void Moved(int32_t v, const std::vector<uint8_t>& x) {
    if (!in_trail_) return;
    trail_[trail_len_++] = v;
    if (trail_len_ == trail_.size()) Snapshot(x);
  }

  // The current x (its last flip already recorded) is the new best.
  void Improve(double energy) {
    energy_ = energy;
    in_trail_ = true;
    trail_len_ = 0;
  }

  const std::vector<uint8_t>& Materialize(const std::vector<uint8_t>& x) {
    if (in_trail_) Snapshot(x);
    return saved_;
  }

  double energy() const { return energy_; }

 private:
  void Snapshot(const std::vector<uint8_t>& x) {
    saved_ = x;
    for (size_t t = 0; t < trail_len_; ++t) saved_[trail_[t]] ^= 1;
    in_trail_ = false;
    trail_len_ = 0;
  }

  double energy_;
  std::vector<uint8_t> saved_;
  std::vector<int32_t> trail_;
  size_t trail_len_ = 0;
  bool in_trail_ = false;  // true while best = current x with the trail undone
};

// Flips k distinct variables chosen by a partial Fisher-Yates over 0..n-1.
void Perturb(std::vector<uint8_t>* x, int32_t k, Prng& rng, std::vector<int32_t>* idx) {
  const int32_t n = static_cast<int32_t>(x->size());
  const int32_t kk = std::min(k, n);
  for (int32_t i = 0; i < n; ++i) (*idx)[i] = i;
  for (int32_t t = 0; t < kk; ++t) {
    const int32_t j = t + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n - t)));
    std::swap((*idx)[t], (*idx)[j]);
    (*x)[(*idx)[t]] ^= 1;
  }
}

// delta[i] = (1 - 2 x_i) (h_i + sum_j W_ij x_j), summed in row order (model.ts computeDeltas).
void ComputeDeltas(const QuboModel& m, const std::vector<uint8_t>& x, std::vector<double>* delta) {
  const Csr& q = m.q;
  for (int32_t i = 0; i < m.n; ++i) {
    double f = m.h[i];
    for (int64_t k = q.row_start[i]; k < q.row_start[i + 1]; ++k) {
      if (x[q.col[k]]) f += q.w[k];
    }
    (*delta)[i] = x[i] ? -f : f;
  }
}

// 1e-12 (1 + sum|h| + sum_rows|W|): far below any real improvement, far above rounding noise.
double EpsilonFor(const QuboModel& m) {
  double s = 0;
  for (int32_t i = 0; i < m.n; ++i) s += std::fabs(m.h[i]);
  for (double w : m.q.w) s += std::fabs(w);
  return 1e-12 * (1 + s);
}

}  // namespace

std::vector<uint8_t> GreedyStart(const QuboModel& m, Prng& rng) {
  const int32_t n = m.n;
  const Csr& q = m.q;
  // field[i] = h_i + sum_j W_ij x~_j with x~_j = 1/2 for unfixed j (0.5 W is exact in binary).
  std::vector<double> field(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) {
    double f = m.h[i];
    for (int64_t k = q.row_start[i]; k < q.row_start[i + 1]; ++k) f += 0.5 * q.w[k];
    field[i] = f;
  }
  std::vector<int32_t> order(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) order[i] = i;
  ShuffleInPlace(order.data(), n, rng);
  std::vector<uint8_t> x(static_cast<size_t>(n), 0);
  for (int32_t t = 0; t < n; ++t) {
    const int32_t v = order[t];
    const bool one = field[v] < 0;
    x[v] = one ? 1 : 0;
    const double half = one ? 0.5 : -0.5;
    for (int64_t k = q.row_start[v]; k < q.row_start[v + 1]; ++k) field[q.col[k]] += half * q.w[k];
  }
  return x;
}

TabuOutcome TabuSearch(const QuboModel& m, const TabuParams& params, Prng& rng,
                       const Limits& limits, std::span<const uint8_t> warm) {
  const int32_t n = m.n;
  const Csr& q = m.q;
  std::vector<uint8_t> x = warm.size() == static_cast<size_t>(n)
                               ? std::vector<uint8_t>(warm.begin(), warm.end())
                               : GreedyStart(m, rng);
  std::vector<double> delta(static_cast<size_t>(n));
  ComputeDeltas(m, x, &delta);
  double energy = ModelEnergy(m, x);
  const double eps = EpsilonFor(m);
  // Doubles (exact below 2^53) so the scan compares them with delta in the same SIMD lanes.
  std::vector<double> tabu_until(static_cast<size_t>(n), 0);
  // sign[u] = x_u ? -1 : +1 makes the neighbour update branch-free; (W s) sign is exactly the
  // +/-(W s) of tabu.ts.
  std::vector<double> sign(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) sign[i] = x[i] ? -1.0 : 1.0;
  std::vector<int32_t> perturb_idx(static_cast<size_t>(n));
  BestTracker best(x, energy);
  std::unique_ptr<TreeSelector> sel;
  if (params.use_trees) {
    sel = std::make_unique<TreeSelector>(
        n, static_cast<int64_t>(params.tenure_base) + params.tenure_span + 1);
    sel->Reset(delta.data());
  }

  TabuOutcome out;
  int64_t moves = 0;
  int64_t phases = 0;
  int32_t k = params.perturb_min;
  out.stop = limits.CheckLimits();

  const int64_t* row_start = q.row_start.data();
  const int32_t* col = q.col.data();
  const double* w = q.w.data();
  double* d = delta.data();
  const double* sg = sign.data();

  while (out.stop == Stop::kNone && phases < params.max_phases && moves < params.max_moves) {
    ++phases;
    double phase_best = energy;
    int64_t since_improve = 0;
    bool improved_global = false;
    while (since_improve < params.stall && moves < params.max_moves) {
      if ((moves & kPollMask) == 0 && moves > 0) {
        out.stop = limits.CheckLimits();
        if (out.stop != Stop::kNone) break;
      }
      const int32_t r = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
      const double aspire = best.energy() - eps - energy;
      int32_t v;
      if (sel) {
        sel->Expire(moves, d);
        v = sel->Select(r, aspire, n);
      } else {
        v = SelectByScan(d, tabu_until.data(), n, r, static_cast<double>(moves), aspire);
      }
      if (v < 0) v = r;
      const double dv = d[v];
      const bool now_one = x[v] == 0;
      x[v] = now_one ? 1 : 0;
      sign[v] = now_one ? -1.0 : 1.0;
      energy += dv;
      d[v] = -dv;
      const double s = now_one ? 1.0 : -1.0;
      for (int64_t e = row_start[v]; e < row_start[v + 1]; ++e) {
        const int32_t u = col[e];
        d[u] += (w[e] * s) * sg[u];
        if (sel) sel->Update(u, d[u]);
      }
      ++moves;
      const int64_t until =
          moves + params.tenure_base + rng.NextInt(static_cast<uint32_t>(params.tenure_span));
      tabu_until[v] = static_cast<double>(until);
      if (sel) sel->MakeTabu(v, until, d[v]);
      best.Moved(v, x);
      if (energy < phase_best - eps) {
        phase_best = energy;
        since_improve = 0;
        if (energy < best.energy() - eps) {
          best.Improve(energy);
          improved_global = true;
        }
      } else {
        ++since_improve;
      }
    }
    if (out.stop != Stop::kNone || moves >= params.max_moves || phases >= params.max_phases) break;
    // Phase boundary: a limit that fired since the last poll stops here, before the O(m) restart.
    out.stop = limits.CheckLimits();
    if (out.stop != Stop::kNone) break;
    // Breakout: restart from the global best with k random flips.
    k = improved_global ? params.perturb_min
                        : std::min(k + params.perturb_step, params.perturb_max);
    x = best.Materialize(x);
    Perturb(&x, k, rng, &perturb_idx);
    ComputeDeltas(m, x, &delta);
    d = delta.data();
    energy = ModelEnergy(m, x);
    for (int32_t i = 0; i < n; ++i) sign[i] = x[i] ? -1.0 : 1.0;
    std::fill(tabu_until.begin(), tabu_until.end(), 0);
    if (sel) sel->Reset(d);
  }
  out.x = best.Materialize(x);
  out.energy = best.energy();
  out.moves = moves;
  out.phases = phases;
  return out;
}

}  // namespace svc::core

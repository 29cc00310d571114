// rank's ordering LP (see ordering_lp.h). Variables x_ij in [0, 1] for i < j (1: i before j;
// x_ji = 1 - x_ij); disagreements C + Σ c_ij x_ij with C = Σ_{i<j} w_ij and c_ij = w_ji - w_ij.
// An order is exactly a 0/1 point with no 3-cycle: for i < j < k, 0 <= x_ij + x_jk - x_ik <= 1
// (one ranged row per triple covers both cycle directions). Rows are separated at the LP point,
// the most violated first; slack rows are dropped now and then.
#include "rank/ordering_lp.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>
#include <utility>

#include "common/lp.h"

namespace svc::core {

namespace {

using i128 = __int128;

// Dual values are rounded to multiples of 2^-kScaleBits before the exact evaluation (any
// multipliers give a valid bound; the rounding only costs a little tightness).
constexpr int kScaleBits = 20;
constexpr double kScale = static_cast<double>(int64_t{1} << kScaleBits);
// Violation a cut must have to be added; the deepest branch-and-bound node.
constexpr double kViolation = 1e-6;
constexpr int32_t kMaxDepth = 2000;

inline int64_t PairIndex(int32_t s, int32_t i, int32_t j) {
  return static_cast<int64_t>(i) * s - static_cast<int64_t>(i) * (i + 1) / 2 + (j - i - 1);
}

i128 CeilDiv(i128 a, i128 b) {  // b > 0
  const i128 q = a / b;
  return (a % b != 0 && a > 0) ? q + 1 : q;
}

int64_t ScaledDual(double y) {
  if (!std::isfinite(y) || std::fabs(y) > 1e12) return 0;
  return std::llround(y * kScale);
}

class LpSearch {
 public:
  LpSearch(const std::vector<double>& w, int32_t s, std::vector<int32_t> incumbent, int64_t node_cap,
           int64_t pivot_cap, const Limits& limits, const std::function<void(std::vector<int32_t>&)>& improve)
      : w_(w), s_(s), pairs_(static_cast<int64_t>(s) * (s - 1) / 2), node_cap_(node_cap), pivot_cap_(pivot_cap), limits_(limits),
        improve_(improve), lower_(pairs_, 0), upper_(pairs_, 1), rel_(static_cast<size_t>(s) * s, -1) {
    best_ = std::move(incumbent);
    best_cost_ = Cost(best_);
    cuts_per_round_ = std::clamp<int32_t>(8 * s_, 200, 1500);
    for (int32_t i = 0; i < s_; ++i) {
      for (int32_t j = i + 1; j < s_; ++j) model_.AddColumn(W(j, i) - W(i, j), 0, 1);
    }
  }

  void Run(OrderingLpResult* out) {
    root_bound_ = -1e300;
    Node(0);
    out->order = best_;
    out->cost = best_cost_;
    out->exact = !aborted_;
    out->bound = out->exact ? best_cost_ : std::min(best_cost_, root_bound_);
    out->branched = nodes_ > 1;
    out->nodes = nodes_;
    out->iterations = model_.Iterations();
    out->stop = stop_;
    out->root_triangles = std::move(root_triangles_);
  }

 private:
  double W(int32_t a, int32_t b) const { return w_[static_cast<size_t>(a) * s_ + b]; }

  double Cost(const std::vector<int32_t>& order) const {
    double d = 0;
    for (int32_t x = 0; x < s_; ++x) {
      for (int32_t y = x + 1; y < s_; ++y) d += W(order[y], order[x]);
    }
    return d;
  }

  void Offer(std::vector<int32_t> order) {
    improve_(order);
    const double c = Cost(order);
    if (c < best_cost_) {
      best_cost_ = c;
      best_ = std::move(order);
    }
  }

  // The exact weak-duality bound of the current node from the last LP's duals.
  double SafeBound() {
    std::vector<double> y(model_.Dual(), model_.Dual() + model_.Rows());
    return static_cast<double>(OrderingLagrangianBound(w_, s_, keys_, y, lower_, upper_));
  }

  // The current duals as cycle candidates: row x_ij + x_jk − x_ik in [0, 1] priced on its lower
  // side (Y > 0) forbids the cycle i→k→j→i, on its upper side (Y < 0) the cycle i→j→k→i.
  void KeepRootDuals() {
    root_triangles_.clear();
    const double* y = model_.Dual();
    for (size_t r = 0; r < keys_.size(); ++r) {
      const double Y = y[r];
      if (!std::isfinite(Y) || Y == 0) continue;
      const int64_t key = keys_[r];
      const auto k = static_cast<double>(key % s_);
      const auto j = static_cast<double>((key / s_) % s_);
      const auto i = static_cast<double>(key / s_ / s_);
      root_triangles_.push_back(Y > 0 ? std::array<double, 4>{i, k, j, Y} : std::array<double, 4>{i, j, k, -Y});
    }
  }

  // Triangles violated at x (not already rows), the most violated cuts_per_round_ of them.
  std::vector<lp::Row> Separate(const double* x) {
    std::vector<std::pair<double, int64_t>> found;
    for (int32_t i = 0; i < s_; ++i) {
      for (int32_t j = i + 1; j < s_; ++j) {
        const double xij = x[PairIndex(s_, i, j)];
        const int64_t base_j = PairIndex(s_, j, j + 1);
        const int64_t base_i = PairIndex(s_, i, i + 1);
        for (int32_t k = j + 1; k < s_; ++k) {
          const double v = xij + x[base_j + (k - j - 1)] - x[base_i + (k - i - 1)];
          const double viol = std::max(v - 1, -v);
          if (viol > kViolation) {
            const int64_t key = (static_cast<int64_t>(i) * s_ + j) * s_ + k;
            if (!in_model_.count(key)) found.emplace_back(-viol, key);
          }
        }
      }
    }
    if (found.size() > static_cast<size_t>(cuts_per_round_)) {
      std::nth_element(found.begin(), found.begin() + cuts_per_round_, found.end());
      found.resize(cuts_per_round_);
    }
    std::sort(found.begin(), found.end());
    std::vector<lp::Row> rows;
    rows.reserve(found.size());
    for (const auto& [viol, key] : found) {
      const int32_t k = static_cast<int32_t>(key % s_);
      const int32_t j = static_cast<int32_t>((key / s_) % s_);
      const int32_t i = static_cast<int32_t>(key / s_ / s_);
      rows.push_back(lp::Row{0, 1,
                             {static_cast<int32_t>(PairIndex(s_, i, j)), static_cast<int32_t>(PairIndex(s_, j, k)),
                              static_cast<int32_t>(PairIndex(s_, i, k))},
                             {1, 1, -1}});
      in_model_[key] = 1;
      keys_.push_back(key);
    }
    return rows;
  }

  // Drops rows that are slack with a zero dual (their slacks are basic: the basis stays valid).
  void DropSlack(const double* x) {
    const double* y = model_.Dual();
    std::vector<int32_t> drop;
    std::vector<int64_t> kept;
    for (int32_t r = 0; r < static_cast<int32_t>(keys_.size()); ++r) {
      const int64_t key = keys_[r];
      const int32_t k = static_cast<int32_t>(key % s_);
      const int32_t j = static_cast<int32_t>((key / s_) % s_);
      const int32_t i = static_cast<int32_t>(key / s_ / s_);
      const double v = x[PairIndex(s_, i, j)] + x[PairIndex(s_, j, k)] - x[PairIndex(s_, i, k)];
      if (std::fabs(y[r]) < 1e-12 && v > 1e-3 && v < 1 - 1e-3) {
        drop.push_back(r);
        in_model_.erase(key);
      } else {
        kept.push_back(key);
      }
    }
    model_.DeleteRows(drop);
    keys_ = std::move(kept);
  }

  // x_ab for any a != b (1: a before b).
  static double Before(const double* x, int32_t s, int32_t a, int32_t b) {
    return a < b ? x[PairIndex(s, a, b)] : 1 - x[PairIndex(s, b, a)];
  }

  // Fixes a before b with the transitive closure of the fixed relation; false on a cycle. Every
  // pair set is pushed on the trail.
  bool Fix(int32_t a, int32_t b) {
    if (rel_[static_cast<size_t>(b) * s_ + a] == 1) return false;
    if (rel_[static_cast<size_t>(a) * s_ + b] == 1) return true;
    std::vector<int32_t> ups{a}, downs{b};
    for (int32_t p = 0; p < s_; ++p) {
      if (rel_[static_cast<size_t>(p) * s_ + a] == 1) ups.push_back(p);
      if (rel_[static_cast<size_t>(b) * s_ + p] == 1) downs.push_back(p);
    }
    for (int32_t p : ups) {
      for (int32_t q : downs) {
        if (p == q || rel_[static_cast<size_t>(q) * s_ + p] == 1) return false;
        if (rel_[static_cast<size_t>(p) * s_ + q] == 1) continue;
        rel_[static_cast<size_t>(p) * s_ + q] = 1;
        trail_.emplace_back(p, q);
        const int64_t c = p < q ? PairIndex(s_, p, q) : PairIndex(s_, q, p);
        const int8_t v = p < q ? 1 : 0;
        lower_[c] = upper_[c] = v;
        model_.SetColumnBounds(static_cast<int32_t>(c), v, v);
      }
    }
    return true;
  }

  void Undo(size_t mark) {
    while (trail_.size() > mark) {
      const auto [p, q] = trail_.back();
      trail_.pop_back();
      rel_[static_cast<size_t>(p) * s_ + q] = -1;
      const int64_t c = p < q ? PairIndex(s_, p, q) : PairIndex(s_, q, p);
      lower_[c] = 0;
      upper_[c] = 1;
      model_.SetColumnBounds(static_cast<int32_t>(c), 0, 1);
    }
  }

  // One warm solve within what is left of the pivot budget; false (aborted) when none is left.
  // A solve the budget stops still has a basis whose duals give a valid bound (SafeBound).
  bool Pivot() {
    const int64_t left = pivot_cap_ - model_.Iterations();
    if (left <= 0) {
      aborted_ = true;
      return false;
    }
    model_.Solve(left);
    return true;
  }

  void Node(int32_t depth) {
    // The recursion stays shallow enough for any thread's stack: deeper, the proof is given up.
    if (++nodes_ > node_cap_ || depth > kMaxDepth || (stop_ = limits_.CheckLimits()) != Stop::kNone) {
      aborted_ = true;
      return;
    }
    double bound = -1e300;
    std::vector<double> x;
    const int32_t max_rounds = depth == 0 ? 1000 : 30;
    for (int32_t round = 0; round < max_rounds; ++round) {
      if (!Pivot()) return;
      bound = std::max(bound, SafeBound());
      if (depth == 0 && bound > root_bound_) {
        root_bound_ = bound;
        KeepRootDuals();
      }
      if (bound >= best_cost_) return;
      if ((stop_ = limits_.CheckLimits()) != Stop::kNone || model_.Iterations() >= pivot_cap_) {
        aborted_ = true;
        return;
      }
      x.assign(model_.Primal(), model_.Primal() + pairs_);
      if (round % 4 == 3 && model_.Rows() > 4 * cuts_per_round_) DropSlack(x.data());
      std::vector<lp::Row> rows = Separate(x.data());
      if (rows.empty()) break;
      model_.AddRows(rows);
      if (round + 1 == max_rounds) {
        if (!Pivot()) return;
        bound = std::max(bound, SafeBound());
        if (bound >= best_cost_) return;
        x.assign(model_.Primal(), model_.Primal() + pairs_);
      }
    }
    // An order from the LP point: by how many items each precedes, then the local search.
    std::vector<double> score(s_, 0.0);
    for (int32_t a = 0; a < s_; ++a) {
      for (int32_t b = 0; b < s_; ++b) {
        if (a != b) score[a] += Before(x.data(), s_, a, b);
      }
    }
    std::vector<int32_t> order(s_);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int32_t p, int32_t q) { return score[p] > score[q]; });
    Offer(std::move(order));
    if (bound >= best_cost_) return;
    // Branch on the most fractional free pair; the side the LP leans to first.
    int64_t pick = -1;
    double far = 2;
    for (int64_t c = 0; c < pairs_; ++c) {
      if (lower_[c] == upper_[c]) continue;
      const double d = std::fabs(x[c] - 0.5);
      if (d < far) {
        far = d;
        pick = c;
      }
    }
    if (pick < 0) {
      // Every pair fixed, transitively closed and acyclic: an order, already offered.
      return;
    }
    int32_t i = 0;
    while (PairIndex(s_, i, s_ - 1) < pick) ++i;
    const int32_t j = static_cast<int32_t>(pick - PairIndex(s_, i, i + 1)) + i + 1;
    const bool first_before = x[pick] >= 0.5;
    for (int side = 0; side < 2 && !aborted_; ++side) {
      const bool before = (side == 0) == first_before;
      const size_t mark = trail_.size();
      if (before ? Fix(i, j) : Fix(j, i)) Node(depth + 1);
      Undo(mark);
    }
  }

  const std::vector<double>& w_;
  int32_t s_;
  int64_t pairs_;
  int64_t node_cap_;
  int64_t pivot_cap_;
  const Limits& limits_;
  const std::function<void(std::vector<int32_t>&)>& improve_;
  lp::Model model_;
  std::vector<int8_t> lower_, upper_;
  std::vector<int8_t> rel_;
  std::vector<std::pair<int32_t, int32_t>> trail_;
  std::vector<int64_t> keys_;  // the triple of each model row, in row order
  std::vector<std::array<double, 4>> root_triangles_;
  std::unordered_map<int64_t, uint8_t> in_model_;
  int32_t cuts_per_round_ = 0;
  std::vector<int32_t> best_;
  double best_cost_ = 0;
  double root_bound_ = 0;
  int64_t nodes_ = 0;
  bool aborted_ = false;
  Stop stop_ = Stop::kNone;
};

}  // namespace

bool OrderingLpUsable(const std::vector<double>& w, int32_t s) {
  if (!lp::Available() || s < 3) return false;
  for (size_t k = 0; k < static_cast<size_t>(s) * s; ++k) {
    if (w[k] != std::floor(w[k]) || w[k] < 0 || w[k] >= 2147483648.0) return false;
  }
  return true;
}

int64_t OrderingLagrangianBound(const std::vector<double>& w, int32_t s, const std::vector<int64_t>& triples,
                                const std::vector<double>& y, const std::vector<int8_t>& lower,
                                const std::vector<int8_t>& upper) {
  const int64_t pairs = static_cast<int64_t>(s) * (s - 1) / 2;
  // Reduced costs, scaled by 2^kScaleBits: c_ij·2^k − Σ_r Y_r·a_r,ij, exact in 128-bit integers.
  std::vector<i128> d(pairs);
  i128 total = 0;
  for (int32_t i = 0; i < s; ++i) {
    for (int32_t j = i + 1; j < s; ++j) {
      const int64_t wij = static_cast<int64_t>(w[static_cast<size_t>(i) * s + j]);
      const int64_t wji = static_cast<int64_t>(w[static_cast<size_t>(j) * s + i]);
      total += static_cast<i128>(wij) << kScaleBits;
      d[PairIndex(s, i, j)] = static_cast<i128>(wji - wij) << kScaleBits;
    }
  }
  for (size_t r = 0; r < triples.size() && r < y.size(); ++r) {
    const int64_t Y = ScaledDual(y[r]);
    if (Y == 0) continue;
    const int64_t key = triples[r];
    const int32_t k = static_cast<int32_t>(key % s);
    const int32_t j = static_cast<int32_t>((key / s) % s);
    const int32_t i = static_cast<int32_t>(key / s / s);
    // Row x_ij + x_jk − x_ik in [0, 1]: Y > 0 prices the lower side (0), Y < 0 the upper (1).
    d[PairIndex(s, i, j)] -= Y;
    d[PairIndex(s, j, k)] -= Y;
    d[PairIndex(s, i, k)] += Y;
    if (Y < 0) total += Y;
  }
  for (int64_t c = 0; c < pairs; ++c) total += std::min(d[c] * lower[c], d[c] * upper[c]);
  return static_cast<int64_t>(CeilDiv(total, static_cast<i128>(1) << kScaleBits));
}

OrderingLpResult SolveOrderingLp(const std::vector<double>& w, int32_t s, std::vector<int32_t> incumbent,
                                 int64_t node_cap, int64_t pivot_cap, const Limits& limits,
                                 const std::function<void(std::vector<int32_t>&)>& improve) {
  OrderingLpResult out;
  LpSearch search(w, s, std::move(incumbent), node_cap, pivot_cap, limits, improve);
  search.Run(&out);
  return out;
}

}  // namespace svc::core

// cover: a port of engine-ts families/cover/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification); built with CLP, the LP path (LpTree below,
// docs/cover.md) bounds and branches instead of the Lagrangian tree.
#include "cover/solve.h"
#include "cover/local_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "common/checks.h"
#include "common/lp.h"
#include "common/prng.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Steps without a better bound before λ halves (solve.ts STALL).
constexpr int32_t kStall = 20;
// Share of the greedy cover's free sets fixed per refinement step (solve.ts FIX_SHARE).
constexpr double kFixShare = 0.3;
// Refinement passes before branch and bound (solve.ts EARLY_PASSES).
constexpr int64_t kEarlyPasses = 2;
// With CLP (the LP path): the root subgradient runs rootIters / this many iterations.
constexpr int64_t kLpSubgradientShare = 10;
// With CLP: the LP root comes before the early local search when the LP has at most this many
// entries (all of OR-Library's sets 4-6 and A-E; NRE-NRH have 250,000-2,000,000).
constexpr int64_t kEarlyLpEntries = 150'000;
// With CLP and the LP root early: local search steps before it (the rest of lsEarlySteps after).
constexpr int64_t kLsBeforeLp = 2'000;
// The caps of the contract (limits.ts): elements, sets, entries.
constexpr int32_t kMaxUniverse = 1'000'000;
constexpr int32_t kMaxSets = 1'000'000;
constexpr size_t kMaxEntries = 5'000'000;

class Search {
 public:
  Search(const CoverView& c, int32_t n, const Limits& limits, double work_cap)
      : c_(c), n_(n), U_(c.universe), limits_(limits), work_cap_(work_cap) {
    estart_.assign(U_ + 1, 0);
    for (int32_t e : c.elems) estart_[e + 1]++;
    for (int32_t e = 0; e < U_; ++e) estart_[e + 1] += estart_[e];
    std::vector<int32_t> fill(estart_.begin(), estart_.end() - 1);
    esets_.assign(c.elems.size(), 0);
    for (int32_t j = 0; j < n_; ++j) {
      for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) esets_[fill[c.elems[k]]++] = j;
    }
    state_.assign(n_, 0);
    cov_.assign(U_, 0);
    free_cnt_.assign(U_, 0);
    for (int32_t e = 0; e < U_; ++e) free_cnt_[e] = estart_[e + 1] - estart_[e];
    u_.assign(U_, 0);
    rc_.assign(n_, 0);
    best_.assign(n_, 0);
    double ws = 0;
    integral_ = true;
    for (double x : c.cost) {
      ws += std::fabs(x);
      if (std::floor(x) != x) integral_ = false;
    }
    tol_ = 1e-9 * (1 + ws);
  }

  // Limits.check of model.ts: true once a limit fired.
  bool Check() {
    if (stop != Stop::kNone) return true;
    stop = limits_.CheckLimits();
    return stop != Stop::kNone;
  }
  bool Stopped() { return Check() || work_ > work_cap_; }

  void Take(int32_t j) {
    state_[j] = 1;
    fixed_cost_ += c_.cost[j];
    for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
      cov_[c_.elems[k]]++;
      free_cnt_[c_.elems[k]]--;
    }
  }
  void Untake(int32_t j) {
    state_[j] = 0;
    fixed_cost_ -= c_.cost[j];
    for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
      cov_[c_.elems[k]]--;
      free_cnt_[c_.elems[k]]++;
    }
  }
  void Exclude(int32_t j) {
    state_[j] = -1;
    for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) free_cnt_[c_.elems[k]]--;
  }
  void Include(int32_t j) {
    state_[j] = 0;
    for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) free_cnt_[c_.elems[k]]++;
  }

  double RoundUp(double lb) const { return integral_ ? std::ceil(lb - 1e-9 * (1 + std::fabs(lb))) : lb; }

  double Lagrangian() {
    double L = fixed_cost_;
    for (int32_t e = 0; e < U_; ++e) {
      if (cov_[e] == 0) L += u_[e];
    }
    for (int32_t j = 0; j < n_; ++j) {
      if (state_[j] != 0) continue;
      double r = c_.cost[j];
      for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
        if (cov_[c_.elems[k]] == 0) r -= u_[c_.elems[k]];
      }
      rc_[j] = r;
      if (r < 0) L += r;
      work_ += c_.start[j + 1] - c_.start[j] + 1;
    }
    return L;
  }

  void InitMultipliers() {
    std::vector<int32_t> size(n_, 0);
    for (int32_t j = 0; j < n_; ++j) {
      if (state_[j] != 0) continue;
      for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
        if (cov_[c_.elems[k]] == 0) ++size[j];
      }
    }
    for (int32_t e = 0; e < U_; ++e) {
      if (cov_[e] != 0) continue;
      double m = kInf;
      for (int32_t q = estart_[e]; q < estart_[e + 1]; ++q) {
        const int32_t j = esets_[q];
        if (state_[j] != 0) continue;
        m = std::min(m, c_.cost[j] / size[j]);
      }
      u_[e] = m == kInf ? 0 : m;
    }
  }

  // solve.ts dualBound: the first proven bound (a maximal dual solution from InitMultipliers' u),
  // rounded up when every cost is an integer; leaves u_ and rc_ as they were, not counted as work.
  double DualBound() {
    const std::vector<double> saved = u_;
    InitMultipliers();
    std::vector<double>& y = u_;
    std::vector<double> slack(n_, 0.0);
    for (int32_t j = 0; j < n_; ++j) {
      if (state_[j] != 0) continue;
      double r = c_.cost[j];
      for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
        if (cov_[c_.elems[k]] == 0) r -= y[c_.elems[k]];
      }
      slack[j] = r;
    }
    for (int32_t e = 0; e < U_; ++e) {
      if (cov_[e] != 0) continue;
      double m = kInf;
      for (int32_t q = estart_[e]; q < estart_[e + 1]; ++q) {
        if (state_[esets_[q]] == 0) m = std::min(m, slack[esets_[q]]);
      }
      if (!(m > 0) || m == kInf) continue;
      y[e] += m;
      for (int32_t q = estart_[e]; q < estart_[e + 1]; ++q) {
        if (state_[esets_[q]] == 0) slack[esets_[q]] -= m;
      }
    }
    double L = fixed_cost_;
    for (int32_t e = 0; e < U_; ++e) {
      if (cov_[e] == 0) L += y[e];
    }
    for (int32_t j = 0; j < n_; ++j) {
      if (state_[j] != 0) continue;
      double r = c_.cost[j];
      for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
        if (cov_[c_.elems[k]] == 0) r -= y[c_.elems[k]];
      }
      if (r < 0) L += r;
    }
    u_ = saved;
    return RoundUp(L);
  }

  // solve.ts heuristic: false when some element has no free set; *pick_out gets the completion.
  bool Heuristic(std::vector<uint8_t>* pick_out = nullptr) {
    std::vector<uint8_t> pick(n_, 0);
    std::vector<int32_t> cnt = cov_;
    std::vector<int32_t> mu(n_, 0);
    int64_t uncovered = 0;
    for (int32_t e = 0; e < U_; ++e) {
      if (cnt[e] == 0) ++uncovered;
    }
    for (int32_t j = 0; j < n_; ++j) {
      if (state_[j] == 1) pick[j] = 1;
      if (state_[j] != 0) continue;
      for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
        if (cnt[c_.elems[k]] == 0) mu[j]++;
      }
    }
    while (uncovered > 0) {
      int32_t bj = -1;
      double bs = kInf;
      for (int32_t j = 0; j < n_; ++j) {
        if (state_[j] != 0 || pick[j] || mu[j] == 0) continue;
        const double r = rc_[j];
        const double s = r > 0 ? r / mu[j] : r * mu[j];
        if (s < bs) {
          bs = s;
          bj = j;
        }
      }
      work_ += n_;
      if (bj < 0) return false;
      pick[bj] = 1;
      for (int32_t k = c_.start[bj]; k < c_.start[bj + 1]; ++k) {
        const int32_t e = c_.elems[k];
        if (cnt[e] == 0) {
          --uncovered;
          for (int32_t q = estart_[e]; q < estart_[e + 1]; ++q) mu[esets_[q]]--;
        }
        cnt[e]++;
      }
    }
    std::vector<int32_t> chosen;
    for (int32_t j = 0; j < n_; ++j) {
      if (pick[j] && state_[j] == 0) chosen.push_back(j);
    }
    std::sort(chosen.begin(), chosen.end(), [&](int32_t a, int32_t b) {
      return c_.cost[a] != c_.cost[b] ? c_.cost[a] > c_.cost[b] : a < b;
    });
    for (int32_t j : chosen) {
      bool needed = false;
      for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
        if (cnt[c_.elems[k]] < 2) {
          needed = true;
          break;
        }
      }
      if (needed) continue;
      pick[j] = 0;
      for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) cnt[c_.elems[k]]--;
    }
    double total = 0;
    for (int32_t j = 0; j < n_; ++j) {
      if (pick[j]) total += c_.cost[j];
    }
    if (total < best_cost_ - tol_) {
      best_cost_ = total;
      best_ = pick;
    }
    if (pick_out != nullptr) *pick_out = std::move(pick);
    return true;
  }

  bool Feasible() const {
    for (int32_t e = 0; e < U_; ++e) {
      if (cov_[e] == 0 && free_cnt_[e] == 0) return false;
    }
    return true;
  }

  double Subgradient(int64_t iters, double lambda) {
    std::vector<double> s(U_);
    std::vector<double> best_u = u_;
    double best_l = -kInf;
    double lam = lambda;
    int32_t stall = 0;
    for (int64_t it = 0; it < iters; ++it) {
      // The work cap every 16 iterations (as budgeted); the deadline and cancel at every one (a pass
      // over every set-element pair can take milliseconds on large instances).
      if (((it & 15) == 0 && Stopped()) || Check()) break;
      const double L = Lagrangian();
      ++iterations_;
      if (L > best_l) {
        best_l = L;
        best_u = u_;
        stall = 0;
      } else if (++stall >= kStall) {
        lam /= 2;
        stall = 0;
      }
      if (it % 10 == 0) Heuristic();
      if (RoundUp(best_l) >= best_cost_ - tol_ || lam < 1e-4) break;
      double norm = 0;
      for (int32_t e = 0; e < U_; ++e) s[e] = cov_[e] == 0 ? 1 : 0;
      for (int32_t j = 0; j < n_; ++j) {
        if (state_[j] != 0 || rc_[j] >= 0) continue;
        for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) s[c_.elems[k]]--;
      }
      for (int32_t e = 0; e < U_; ++e) {
        if (cov_[e] == 0) norm += s[e] * s[e];
      }
      if (norm == 0) {
        Heuristic();
        break;
      }
      const double step = (lam * (best_cost_ - L)) / norm;
      for (int32_t e = 0; e < U_; ++e) {
        if (cov_[e] == 0) u_[e] = std::max(0.0, u_[e] + step * s[e]);
      }
    }
    u_ = best_u;
    return best_l;
  }

  std::vector<int32_t> FixGreedy() {
    Lagrangian();
    std::vector<uint8_t> pick;
    if (!Heuristic(&pick)) return {};
    std::vector<int32_t> free;
    for (int32_t j = 0; j < n_; ++j) {
      if (pick[j] && state_[j] == 0) free.push_back(j);
    }
    std::sort(free.begin(), free.end(), [&](int32_t a, int32_t b) { return rc_[a] != rc_[b] ? rc_[a] < rc_[b] : a < b; });
    const size_t k = std::max<size_t>(1, static_cast<size_t>(std::ceil(kFixShare * static_cast<double>(free.size()))));
    free.resize(std::min(k, free.size()));
    for (int32_t j : free) Take(j);
    return free;
  }

  int64_t Uncovered() const {
    int64_t c = 0;
    for (int32_t e = 0; e < U_; ++e) {
      if (cov_[e] == 0) ++c;
    }
    return c;
  }

  bool Branch(int64_t node_cap, int64_t node_iters) {
    if (++nodes_ > node_cap || ((nodes_ & 63) == 0 && Stopped())) return false;
    if (!Feasible()) return true;
    if (Uncovered() == 0) {
      if (fixed_cost_ < best_cost_ - tol_) {
        best_cost_ = fixed_cost_;
        for (int32_t j = 0; j < n_; ++j) best_[j] = state_[j] == 1 ? 1 : 0;
      }
      return true;
    }
    const std::vector<double> saved = u_;
    const double lb = Subgradient(node_iters, 0.5);
    if (stop != Stop::kNone || work_ > work_cap_) return false;
    if (RoundUp(lb) >= best_cost_ - tol_) {
      u_ = saved;
      return true;
    }
    Lagrangian();
    int32_t be = -1;
    for (int32_t e = 0; e < U_; ++e) {
      if (cov_[e] == 0 && (be < 0 || free_cnt_[e] < free_cnt_[be])) be = e;
    }
    std::vector<int32_t> kids;
    for (int32_t q = estart_[be]; q < estart_[be + 1]; ++q) {
      if (state_[esets_[q]] == 0) kids.push_back(esets_[q]);
    }
    std::sort(kids.begin(), kids.end(), [&](int32_t a, int32_t b) { return rc_[a] != rc_[b] ? rc_[a] < rc_[b] : a < b; });
    const std::vector<double> node_u = u_;
    bool complete = true;
    std::vector<int32_t> excluded;
    for (int32_t j : kids) {
      Take(j);
      const bool ok = Branch(node_cap, node_iters);
      Untake(j);
      u_ = node_u;
      if (!ok) {
        complete = false;
        break;
      }
      Exclude(j);
      excluded.push_back(j);
    }
    for (int32_t j : excluded) Include(j);
    u_ = saved;
    return complete;
  }

  Stop stop = Stop::kNone;

  const CoverView& c_;
  const int32_t n_;
  const int32_t U_;
  const Limits& limits_;
  const double work_cap_;
  std::vector<int32_t> estart_, esets_;
  std::vector<int8_t> state_;
  std::vector<int32_t> cov_, free_cnt_;
  std::vector<double> u_, rc_;
  double fixed_cost_ = 0;
  std::vector<uint8_t> best_;
  double best_cost_ = kInf;
  double work_ = 0;
  int64_t iterations_ = 0;
  int64_t nodes_ = 0;
  double tol_ = 0;
  bool integral_ = true;
};


// The LP path (built with CLP, common/lp.h): the set-cover LP relaxation min c·x, Σ_{j∋i} x_j ≥ 1
// for every element the reductions left uncovered, 0 ≤ x ≤ 1 over the free sets, solved by CLP's
// dual simplex, warm after every bound change; depth-first branch and bound on it.
// A floating-point LP answer is never the proof: every bound that prunes or certifies is recomputed
// here from the LP's row duals y by weak duality, valid for any y ≥ 0 (clipped): with
// d_j = c_j − Σ_{i∈S_j} y_i and the node's column bounds [l_j, u_j],
//   L(y) = fixed + Σ_i y_i + Σ_j (d_j ≥ 0 ? d_j·l_j : d_j·u_j),
// minus a rounding margin (1e-9 of the sum of the magnitudes of its terms, far above the
// accumulated error of N double additions for N ≤ 5e6), then rounded up when every cost is an
// integer. Reduced-cost fixing uses the same L(y): forcing x_j = 1 (d_j > 0) gives L + d_j, forcing
// x_j = 0 (d_j < 0, at u_j = 1) gives L − d_j; a side whose bound reaches the incumbent cannot hold
// a better cover and is fixed away for the node's subtree (for the whole tree at the root).
class LpTree {
 public:
  enum class Eval { kPrune, kBranch, kLimit };

  LpTree(Search& s, int64_t node_cap) : s_(s), node_cap_(node_cap) {
    elem_row_.assign(s.U_, -1);
    for (int32_t e = 0; e < s.U_; ++e) {
      if (s.cov_[e] == 0) {
        elem_row_[e] = static_cast<int32_t>(row_elem_.size());
        row_elem_.push_back(e);
      }
    }
    base_cost_ = s.fixed_cost_;
    std::vector<lp::Row> rows(row_elem_.size());
    for (size_t r = 0; r < rows.size(); ++r) rows[r].lower = 1;
    for (int32_t j = 0; j < s.n_; ++j) {
      if (s.state_[j] != 0) continue;
      const int32_t k = m_.AddColumn(s.c_.cost[j], 0, 1);
      col_set_.push_back(j);
      for (int32_t q = s.c_.start[j]; q < s.c_.start[j + 1]; ++q) {
        const int32_t r = elem_row_[s.c_.elems[q]];
        if (r < 0) continue;
        rows[r].index.push_back(k);
        rows[r].value.push_back(1);
        ++nnz_;
      }
    }
    m_.AddRows(rows);
    m_.KeepFactorization();
    lo_.assign(col_set_.size(), 0);
    hi_.assign(col_set_.size(), 1);
    y_.assign(row_elem_.size(), 0);
    d_.assign(col_set_.size(), 0);
    for (int side = 0; side < 2; ++side) {
      pc_sum_[side].assign(col_set_.size(), 0);
      pc_cnt_[side].assign(col_set_.size(), 0);
    }
  }

  // Solves the LP at the current bounds in chunks of pivots, checking the limits between them.
  // False when a limit stopped it.
  bool SolveLp(lp::Status* status) {
    const int64_t chunk = std::max<int64_t>(50, 2'000'000 / (nnz_ + 1));
    for (;;) {
      if (s_.Stopped()) return false;
      const int64_t before = m_.Iterations();
      *status = m_.Solve(chunk);
      const int64_t pivots = m_.Iterations() - before;
      pivots_ += pivots;
      s_.iterations_ += pivots;
      s_.work_ += static_cast<double>(pivots) * static_cast<double>(row_elem_.size() + col_set_.size());
      if (*status != lp::Status::kStopped) return true;
    }
  }

  double Round(double v) const { return s_.integral_ ? std::ceil(v) : v; }
  bool Prunes(double lb) const { return lb >= s_.best_cost_ - s_.tol_; }

  // L(y) of the comment above from the LP's current duals (sets y_, d_); returns L before the margin
  // and the margin in *margin.
  double DualBound(double* margin) {
    const double* dual = m_.Dual();
    double sum = base_cost_;
    double mag = std::fabs(base_cost_);
    for (size_t r = 0; r < y_.size(); ++r) {
      const double v = dual != nullptr ? dual[r] : 0;
      y_[r] = std::isfinite(v) && v > 0 ? v : 0;
      sum += y_[r];
      mag += y_[r];
    }
    for (size_t k = 0; k < col_set_.size(); ++k) {
      const int32_t j = col_set_[k];
      double d = s_.c_.cost[j];
      double a = std::fabs(d);
      for (int32_t q = s_.c_.start[j]; q < s_.c_.start[j + 1]; ++q) {
        const int32_t r = elem_row_[s_.c_.elems[q]];
        if (r < 0) continue;
        d -= y_[r];
        a += y_[r];
      }
      d_[k] = d;
      const double x = d >= 0 ? lo_[k] : hi_[k];
      if (x != 0) {
        sum += d * x;
        mag += a;
      }
    }
    s_.work_ += static_cast<double>(nnz_);
    *margin = 1e-9 * (1 + mag);
    return sum;
  }

  void SetBounds(int32_t k, double lo, double hi, bool record) {
    if (record) trail_.push_back({k, lo_[k], hi_[k]});
    lo_[k] = lo;
    hi_[k] = hi;
    m_.SetColumnBounds(k, lo, hi);
  }
  void Undo(size_t mark) {
    while (trail_.size() > mark) {
      const Change t = trail_.back();
      trail_.pop_back();
      lo_[t.k] = t.lo;
      hi_[t.k] = t.hi;
      m_.SetColumnBounds(t.k, t.lo, t.hi);
    }
  }

  // Reduced-cost fixing from the last DualBound (sum, margin); returns how many columns it fixed.
  int32_t FixByReducedCost(double sum, double margin, bool record) {
    int32_t fixed = 0;
    for (size_t k = 0; k < col_set_.size(); ++k) {
      if (lo_[k] != 0 || hi_[k] != 1) continue;
      const double d = d_[k];
      if (d > 0 && Prunes(Round(sum + d - margin))) {
        SetBounds(static_cast<int32_t>(k), 0, 0, record);
        ++fixed;
      } else if (d < 0 && Prunes(Round(sum - d - margin))) {
        SetBounds(static_cast<int32_t>(k), 1, 1, record);
        ++fixed;
      }
    }
    return fixed;
  }

  // LP rounding: the reductions' sets, then the free sets by decreasing x_j (then cost, then index)
  // while an element is uncovered, then redundant ones removed, costliest first; kept when cheaper
  // than the incumbent (its cost summed exactly, not the LP's).
  void TryPrimal(const double* x) {
    std::vector<uint8_t> pick(s_.n_, 0);
    std::vector<int32_t> cnt(s_.U_, 0);
    int64_t uncovered = s_.U_;
    const auto add = [&](int32_t j) {
      pick[j] = 1;
      for (int32_t q = s_.c_.start[j]; q < s_.c_.start[j + 1]; ++q) {
        if (cnt[s_.c_.elems[q]]++ == 0) --uncovered;
      }
    };
    for (int32_t j = 0; j < s_.n_; ++j) {
      if (s_.state_[j] == 1) add(j);
    }
    std::vector<int32_t> order;
    for (size_t k = 0; k < col_set_.size(); ++k) {
      if (x[k] > 1e-9) order.push_back(static_cast<int32_t>(k));
    }
    std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
      if (x[a] != x[b]) return x[a] > x[b];
      const double ca = s_.c_.cost[col_set_[a]], cb = s_.c_.cost[col_set_[b]];
      return ca != cb ? ca < cb : a < b;
    });
    std::vector<int32_t> chosen;
    for (int32_t k : order) {
      if (uncovered == 0) break;
      const int32_t j = col_set_[k];
      bool useful = false;
      for (int32_t q = s_.c_.start[j]; q < s_.c_.start[j + 1] && !useful; ++q) useful = cnt[s_.c_.elems[q]] == 0;
      if (!useful) continue;
      add(j);
      chosen.push_back(j);
    }
    if (uncovered > 0) return;
    std::sort(chosen.begin(), chosen.end(), [&](int32_t a, int32_t b) {
      return s_.c_.cost[a] != s_.c_.cost[b] ? s_.c_.cost[a] > s_.c_.cost[b] : a < b;
    });
    for (int32_t j : chosen) {
      bool needed = false;
      for (int32_t q = s_.c_.start[j]; q < s_.c_.start[j + 1] && !needed; ++q) needed = cnt[s_.c_.elems[q]] < 2;
      if (needed) continue;
      pick[j] = 0;
      for (int32_t q = s_.c_.start[j]; q < s_.c_.start[j + 1]; ++q) cnt[s_.c_.elems[q]]--;
    }
    const double cost = CoverCost(s_.c_, s_.n_, pick);
    if (!std::isnan(cost) && cost < s_.best_cost_ - s_.tol_) {
      s_.best_cost_ = cost;
      s_.best_ = std::move(pick);
    }
  }

  // The Lagrangian heuristic of Search from the LP duals (as multipliers of the uncovered elements).
  void DualHeuristic() {
    for (int32_t e = 0; e < s_.U_; ++e) s_.u_[e] = elem_row_[e] >= 0 ? y_[elem_row_[e]] : 0;
    s_.Lagrangian();
    s_.Heuristic();
  }

  // True when some row has every column fixed to 0 (the node holds no cover).
  bool Infeasible() const {
    std::vector<uint8_t> ok(row_elem_.size(), 0);
    for (size_t k = 0; k < col_set_.size(); ++k) {
      if (hi_[k] <= 0) continue;
      const int32_t j = col_set_[k];
      for (int32_t q = s_.c_.start[j]; q < s_.c_.start[j + 1]; ++q) {
        const int32_t r = elem_row_[s_.c_.elems[q]];
        if (r >= 0) ok[r] = 1;
      }
    }
    return std::find(ok.begin(), ok.end(), 0) != ok.end();
  }

  // One side of a strong-branching probe on column k (at most kStrongIters pivots): the LP's
  // objective after them (a dual simplex objective, a lower estimate of the child's LP value), or
  // +∞ when the child provably holds no better cover (its dual bound prunes, or it is infeasible).
  double Probe(int32_t k, double v) {
    const double lo = lo_[k], hi = hi_[k];
    SetBounds(k, v, v, false);
    const int64_t before = m_.Iterations();
    const lp::Status st = m_.Solve(kStrongIters);
    const int64_t pivots = m_.Iterations() - before;
    pivots_ += pivots;
    s_.iterations_ += pivots;
    s_.work_ += static_cast<double>(pivots) * static_cast<double>(row_elem_.size() + col_set_.size());
    double out = m_.Objective();
    if (st == lp::Status::kInfeasible) {
      if (Infeasible()) out = kInf;
    } else {
      double margin = 0;
      const double sum = DualBound(&margin);
      if (Prunes(Round(sum - margin))) out = kInf;
    }
    SetBounds(k, lo, hi, false);
    return out;
  }

  void Learn(int32_t k, int side, double gain, double frac) {
    if (!(gain >= 0) || !std::isfinite(gain) || frac <= 1e-9) return;
    pc_sum_[side][k] += gain / frac;
    pc_cnt_[side][k]++;
    pc_all_sum_[side] += gain / frac;
    pc_all_cnt_[side]++;
  }
  double Pseudo(int32_t k, int side) const {
    if (pc_cnt_[side][k] > 0) return pc_sum_[side][k] / pc_cnt_[side][k];
    return pc_all_cnt_[side] > 0 ? pc_all_sum_[side] / pc_all_cnt_[side] : 1;
  }

  // Reliability branching: the fractional column of best product score (estimated gains of its two
  // children from pseudo-costs); columns with fewer than kReliable observations per side, up to
  // kMaxStrong of the best-scored, are probed first (strong branching). A probe whose child cannot
  // hold a better cover fixes the column to the other side (*refix: the node is solved again).
  // -1 when no column is fractional.
  int32_t Choose(const std::vector<double>& x, double z, bool record, bool* refix) {
    *refix = false;
    std::vector<std::pair<double, int32_t>> cand;
    for (size_t k = 0; k < col_set_.size(); ++k) {
      if (lo_[k] != 0 || hi_[k] != 1) continue;
      const double v = x[k];
      if (std::min(v, 1 - v) <= 1e-6) continue;
      const int32_t kk = static_cast<int32_t>(k);
      const double down = Pseudo(kk, 0) * v, up = Pseudo(kk, 1) * (1 - v);
      cand.push_back({std::max(down, 1e-6) * std::max(up, 1e-6), kk});
    }
    if (cand.empty()) return -1;
    std::sort(cand.begin(), cand.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    int probed = 0;
    for (auto& [score, k] : cand) {
      if (probed >= kMaxStrong || s_.Stopped()) break;
      if (std::min(pc_cnt_[0][k], pc_cnt_[1][k]) >= kReliable) continue;
      ++probed;
      const double v = x[k];
      const double z0 = Probe(k, 0), z1 = Probe(k, 1);
      if (z0 == kInf && z1 == kInf) {
        // Neither child holds a better cover: the node is closed (re-solving it will prune).
        SetBounds(k, 0, 0, record);
        *refix = true;
        return -1;
      }
      if (z0 == kInf || z1 == kInf) {
        SetBounds(k, z0 == kInf ? 1 : 0, z0 == kInf ? 1 : 0, record);
        *refix = true;
        return -1;
      }
      Learn(k, 0, z0 - z, v);
      Learn(k, 1, z1 - z, 1 - v);
      score = std::max(z0 - z, 1e-6) * std::max(z1 - z, 1e-6);
    }
    int32_t best = -1;
    double bs = -1;
    for (const auto& [score, k] : cand) {
      const bool measured = std::min(pc_cnt_[0][k], pc_cnt_[1][k]) > 0;
      const double sc = measured ? std::max(Pseudo(k, 0) * x[k], 1e-6) * std::max(Pseudo(k, 1) * (1 - x[k]), 1e-6) : score;
      if (sc > bs) {
        bs = sc;
        best = k;
      }
    }
    return best;
  }

  // Solves the node, prunes it or picks the column to branch on (*branch); may fix columns (on the
  // trail). *bound gets the node's proven bound.
  Eval Evaluate(bool root, int32_t* branch, double* bound) {
    ++s_.nodes_;
    if (s_.nodes_ > node_cap_) return Eval::kLimit;
    for (;;) {
      lp::Status st;
      if (!SolveLp(&st)) return Eval::kLimit;
      if (st == lp::Status::kInfeasible && Infeasible()) return Eval::kPrune;
      double margin = 0;
      const double sum = DualBound(&margin);
      *bound = Round(sum - margin);
      if (Prunes(*bound)) return Eval::kPrune;
      const double z = m_.Objective();
      if (pending_k_ >= 0) {
        Learn(pending_k_, pending_side_, z - pending_z_, pending_frac_);
        pending_k_ = -1;
      }
      const double* xp = m_.Primal();
      std::vector<double> x(col_set_.size(), 0.5);
      if (xp != nullptr && st == lp::Status::kOptimal) {
        x.assign(xp, xp + col_set_.size());
        TryPrimal(xp);
      }
      if (root || (s_.nodes_ % 16) == 0) DualHeuristic();
      if (Prunes(*bound)) return Eval::kPrune;
      // The LP optimum stays with these columns at their bounds: no re-solve needed.
      FixByReducedCost(sum, margin, !root);
      bool refix = false;
      int32_t bk = Choose(x, z, !root, &refix);
      if (s_.stop != Stop::kNone) return Eval::kLimit;
      if (refix) {
        if (s_.Stopped()) return Eval::kLimit;
        continue;
      }
      // Any free column when the LP answer offers none fractional (an integral LP point the
      // incumbent already matches up to rounding).
      if (bk < 0) {
        for (size_t k = 0; k < col_set_.size(); ++k) {
          if (lo_[k] == 0 && hi_[k] == 1) {
            bk = static_cast<int32_t>(k);
            break;
          }
        }
      }
      if (bk < 0) {
        // Every column fixed: the node is one set choice (checked by TryPrimal through x = bounds).
        TryPrimal(lo_.data());
        return Eval::kPrune;
      }
      *branch = bk;
      node_z_ = z;
      node_x_ = x[bk];
      return Eval::kBranch;
    }
  }

  // The root: its proven bound (−∞ when a limit stopped it first); *closed when it needs no tree.
  double Root(bool* closed) {
    int32_t bk = -1;
    double bound = -kInf;
    const Eval e = Evaluate(true, &bk, &bound);
    *closed = e == Eval::kPrune;
    return e == Eval::kLimit ? -kInf : bound;
  }

  // The entries of the LP the reductions leave (free sets × uncovered elements).
  static int64_t Entries(const Search& s) {
    int64_t n = 0;
    for (int32_t j = 0; j < s.n_; ++j) {
      if (s.state_[j] != 0) continue;
      for (int32_t q = s.c_.start[j]; q < s.c_.start[j + 1]; ++q) n += s.cov_[s.c_.elems[q]] == 0 ? 1 : 0;
    }
    return n;
  }

  // Depth-first branch and bound (after Root()): the root again (its LP re-solve is free; the
  // fixings and probes use the incumbent found since), then the tree; true when it closed.
  bool Run() {
    int32_t root_branch = -1;
    double root_bound = 0;
    const Eval root = Evaluate(true, &root_branch, &root_bound);
    if (root == Eval::kPrune) return true;
    if (root == Eval::kLimit) return false;
    struct Frame {
      int32_t k;
      int phase;
      size_t mark;        // trail before the node's own fixings
      size_t child_mark;  // trail after them
      double z, x;        // the node's LP value and x_k (pseudo-cost learning)
    };
    std::vector<Frame> stack;
    stack.push_back({root_branch, 0, trail_.size(), trail_.size(), node_z_, node_x_});
    SetBounds(root_branch, 1, 1, true);
    Pending(root_branch, 1, node_z_, 1 - node_x_);
    for (;;) {
      int32_t bk = -1;
      double bound = 0;
      const size_t mark = trail_.size();
      const Eval e = Evaluate(false, &bk, &bound);
      if (e == Eval::kLimit) return false;
      if (e == Eval::kBranch) {
        stack.push_back({bk, 0, mark, trail_.size(), node_z_, node_x_});
        SetBounds(bk, 1, 1, true);
        Pending(bk, 1, node_z_, 1 - node_x_);
        continue;
      }
      Undo(mark);
      for (;;) {
        if (stack.empty()) return true;
        Frame& f = stack.back();
        if (f.phase == 0) {
          Undo(f.child_mark);
          f.phase = 1;
          SetBounds(f.k, 0, 0, true);
          Pending(f.k, 0, f.z, f.x);
          break;
        }
        Undo(f.mark);
        stack.pop_back();
      }
    }
  }

  int64_t pivots_ = 0;

 private:
  // Pseudo-cost learning from the next solved node (the child of branching k to side).
  void Pending(int32_t k, int side, double z, double frac) {
    pending_k_ = k;
    pending_side_ = side;
    pending_z_ = z;
    pending_frac_ = frac;
  }
  // Strong branching: pivots per probe, probes per node, observations that make a column reliable.
  static constexpr int64_t kStrongIters = 40;
  static constexpr int kMaxStrong = 8;
  static constexpr int32_t kReliable = 2;
  struct Change {
    int32_t k;
    double lo, hi;
  };
  Search& s_;
  const int64_t node_cap_;
  lp::Model m_;
  std::vector<int32_t> col_set_, row_elem_, elem_row_;
  std::vector<double> lo_, hi_, y_, d_;
  std::vector<Change> trail_;
  int64_t nnz_ = 0;
  double base_cost_ = 0;
  std::vector<double> pc_sum_[2];
  std::vector<int32_t> pc_cnt_[2];
  double pc_all_sum_[2] = {0, 0};
  int64_t pc_all_cnt_[2] = {0, 0};
  int32_t pending_k_ = -1, pending_side_ = 0;
  double pending_z_ = 0, pending_frac_ = 0, node_z_ = 0, node_x_ = 0;
};

}  // namespace

double CoverCost(const CoverView& c, int32_t n, std::span<const uint8_t> x) {
  std::vector<uint8_t> covered(c.universe, 0);
  double total = 0;
  for (int32_t j = 0; j < n; ++j) {
    if (!x[j]) continue;
    total += c.cost[j];
    for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) covered[c.elems[k]] = 1;
  }
  for (uint8_t v : covered) {
    if (!v) return std::numeric_limits<double>::quiet_NaN();
  }
  return total;
}

CallStatus ValidateCover(std::string_view /*command*/, const CoverProblem& p, const SolveOptions& options,
                         std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const CoverView& c = p.cover;
  const int32_t n = p.n;
  if (n < 1 || n > kMaxSets) return fail("cover needs 1 to 1000000 sets");
  if (c.universe < 1 || c.universe > kMaxUniverse) return fail("cover needs a universe of 1 to 1000000 elements");
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("cover takes only its own fields");
  }
  if (c.start.size() != static_cast<size_t>(n) + 1 || c.start[0] != 0 || c.cost.size() != static_cast<size_t>(n)) {
    return fail("cover needs n+1 set offsets from 0 and n costs");
  }
  if (c.elems.size() > kMaxEntries || static_cast<size_t>(c.start[n]) != c.elems.size()) return fail("set offsets disagree with the entries");
  for (int32_t j = 0; j < n; ++j) {
    if (c.start[j + 1] < c.start[j]) return fail("set offsets must not decrease");
  }
  std::vector<uint8_t> seen(c.universe, 0);
  for (int32_t j = 0; j < n; ++j) {
    if (!std::isfinite(c.cost[j])) return fail("costs must be finite");
    for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) {
      const int32_t e = c.elems[k];
      if (e < 0 || e >= c.universe) return fail("an element is out of range");
      if (k > c.start[j] && e <= c.elems[k - 1]) return fail("the elements of a set must increase");
      seen[e] = 1;
    }
  }
  if (std::find(seen.begin(), seen.end(), 0) != seen.end()) return fail("an element is in no set");
  double total = 0;
  for (double x : c.cost) total += std::fabs(x);
  if (!(total <= 1e300)) return fail("cover costs could overflow: their magnitudes sum past 1e300");
  CoverBudget b;
  if (!DecodeBudget(c.budget, kCoverBudget, &b, nullptr)) return fail("cover budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveCover(const CoverProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                      std::string* error) {
  CoverBudget b;
  if (!DecodeBudget(p.cover.budget, kCoverBudget, &b, nullptr)) {
    Fail(error, "cover budget out of range");
    return CallStatus::kError;
  }
  const int32_t n = p.n;
  Search c(p.cover, n, limits, b.work);
  const auto done = [&](Proof proof, bool has_bound, double bound) {
    out->answer = c.best_;
    out->order.clear();
    out->objective = CoverCost(p.cover, n, out->answer);
    if (proof == Proof::kNone && c.stop == Stop::kNone && has_bound && bound >= out->objective - c.tol_) proof = Proof::kBranchAndBound;
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_bound && std::isfinite(bound);
    out->bound = out->has_bound ? std::min(bound, out->objective) : 0;
    out->status = StatusFor(c.stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = Work{c.iterations_, c.nodes_, 0};
    return CallStatus::kOk;
  };
  for (int32_t j = 0; j < n; ++j) {
    if (p.cover.cost[j] <= 0) c.Take(j);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (int32_t e = 0; e < c.U_; ++e) {
      if (c.cov_[e] != 0 || c.free_cnt_[e] != 1) continue;
      for (int32_t q = c.estart_[e]; q < c.estart_[e + 1]; ++q) {
        if (c.state_[c.esets_[q]] == 0) {
          c.Take(c.esets_[q]);
          changed = true;
          break;
        }
      }
    }
  }
  if (c.Uncovered() == 0) {
    for (int32_t j = 0; j < n; ++j) c.best_[j] = c.state_[j] == 1 ? 1 : 0;
    return done(Proof::kBranchAndBound, false, 0);
  }
  // The first proven bound, before anything that checks a limit (solve.ts).
  const double first_lb = c.DualBound();
  c.Lagrangian();
  c.Heuristic();
  Prng rng(options.seed);
  const auto search = [&](int64_t steps, double lower) {
    if (steps <= 0 || c.Stopped()) return;
    CoverLocalSearchResult r =
        CoverLocalSearch(p.cover, n, c.estart_, c.esets_, c.state_, c.best_, c.best_cost_, steps, lower, c.tol_, rng, limits, &c.stop);
    c.iterations_ += r.steps;
    if (r.best_cost < c.best_cost_ - c.tol_) {
      c.best_cost_ = r.best_cost;
      c.best_ = std::move(r.best);
    }
  };
  // With CLP (the LP path, LpTree) the LP bounds and its tree closes; the subgradient (a tenth of
  // its iterations, from the LP duals) and the refinement passes (all after the tree, when it stays
  // open) are then only incumbent heuristics. The LP root comes before the local search when the LP
  // has at most kEarlyLpEntries entries (what it closes needs no search), after it otherwise.
  const bool use_lp = lp::Available();
  std::optional<LpTree> tree;
  double floor_lb = first_lb;
  const auto lp_root = [&]() {
    if (c.Stopped()) return false;
    tree.emplace(c, b.bnb_nodes);
    bool closed = false;
    floor_lb = std::max(floor_lb, tree->Root(&closed));
    return closed;
  };
  int64_t ls_left = b.ls_early_steps;
  if (use_lp && first_lb < c.best_cost_ - c.tol_ && LpTree::Entries(c) <= kEarlyLpEntries) {
    // A slice of the local search first, so that a deadline the LP root overruns keeps its cover.
    const int64_t slice = std::min(ls_left, kLsBeforeLp);
    search(slice, floor_lb);
    ls_left -= slice;
    if (floor_lb < c.best_cost_ - c.tol_ && lp_root()) return done(Proof::kBranchAndBound, false, 0);
  }
  search(ls_left, floor_lb);
  if (use_lp && !tree.has_value() && c.stop == Stop::kNone && floor_lb < c.best_cost_ - c.tol_ && lp_root()) {
    return done(Proof::kBranchAndBound, false, 0);
  }
  // The subgradient starts from the LP duals (LpTree's heuristic leaves them in u) when the LP root ran.
  if (!tree.has_value()) c.InitMultipliers();
  double root_lb =
      floor_lb >= c.best_cost_ - c.tol_ ? floor_lb : std::max(floor_lb, c.RoundUp(c.Subgradient(use_lp ? b.root_iters / kLpSubgradientShare : b.root_iters, 0.5)));
  const std::vector<double> root_u = c.u_;
  if (root_lb >= c.best_cost_ - c.tol_ || c.stop != Stop::kNone) return done(Proof::kNone, true, root_lb);
  const auto refine = [&](int64_t from, int64_t to) {
  for (int64_t pass = from; pass < to; ++pass) {
    if (c.Stopped() || root_lb >= c.best_cost_ - c.tol_) break;
    c.u_ = root_u;
    if (pass > 0) {
      for (int32_t e = 0; e < c.U_; ++e) c.u_[e] *= 1 + 0.1 * (2 * rng.NextFloat() - 1);
    }
    std::vector<int32_t> fixed;
    while (c.Uncovered() > 0 && !c.Stopped()) {
      const std::vector<int32_t> more = c.FixGreedy();
      if (more.empty()) break;
      fixed.insert(fixed.end(), more.begin(), more.end());
      if (c.Uncovered() == 0) break;
      c.Subgradient(std::max<int64_t>(20, b.root_iters / 10), 0.5);
    }
    for (size_t k = fixed.size(); k-- > 0;) c.Untake(fixed[k]);
  }
  };
  refine(0, use_lp ? 0 : std::min(b.passes, kEarlyPasses));
  if (c.Stopped() || root_lb >= c.best_cost_ - c.tol_) return done(Proof::kNone, true, root_lb);
  c.u_ = root_u;
  if (use_lp) {
    // The tree (its root solved again with the incumbent found since) replaces the Lagrangian one.
    if (tree.has_value() && tree->Run()) return done(Proof::kBranchAndBound, false, 0);
    if (c.stop != Stop::kNone) return done(Proof::kNone, true, root_lb);
  } else if (c.Branch(b.bnb_nodes, b.node_iters)) {
    return done(Proof::kBranchAndBound, false, 0);
  }
  refine(use_lp ? 0 : std::min(b.passes, kEarlyPasses), b.passes);
  search(b.ls_steps, root_lb);
  return done(Proof::kNone, true, root_lb);
}

}  // namespace svc::core

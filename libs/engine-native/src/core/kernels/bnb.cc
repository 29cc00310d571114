#include "kernels/bnb.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace svc::core {

namespace {

constexpr int64_t kPollMask = 1023;
constexpr double kInf = std::numeric_limits<double>::infinity();

class Rds {
 public:
  Rds(const QuboModel& m, const BnbOptions& options, const Limits& limits)
      : m_(m), options_(options), limits_(limits), n_(m.n) {
    const int32_t n = n_;
    order_ = BnbOrder(m);
    std::vector<int32_t> where(static_cast<size_t>(n));
    for (int32_t a = 0; a < n; ++a) where[order_[a]] = a;
    const Csr& q = m.q;
    start0_.assign(static_cast<size_t>(n) + 1, 0);
    for (int32_t a = 0; a < n; ++a) {
      const int32_t v = order_[a];
      start0_[a + 1] = start0_[a] + (q.row_start[v + 1] - q.row_start[v]);
    }
    col_.assign(static_cast<size_t>(start0_[n]), 0);
    w_.assign(static_cast<size_t>(start0_[n]), 0.0);
    // Rows filled by ascending position b, so every row comes out sorted.
    std::vector<int64_t> fill(start0_.begin(), start0_.end() - 1);
    for (int32_t b = 0; b < n; ++b) {
      const int32_t vb = order_[b];
      for (int64_t k = q.row_start[vb]; k < q.row_start[vb + 1]; ++k) {
        const int32_t a = where[q.col[k]];
        col_[fill[a]] = b;
        w_[fill[a]++] = q.w[k];
      }
    }
    after_.assign(static_cast<size_t>(n), 0);
    lam_.assign(static_cast<size_t>(n), 0.0);
    pos_.assign(static_cast<size_t>(n), 0.0);
    neg_.assign(static_cast<size_t>(n), 0.0);
    for (int32_t a = 0; a < n; ++a) {
      int64_t k = start0_[a];
      double before = 0;
      for (; k < start0_[a + 1] && col_[k] < a; ++k) before += w_[k];
      after_[a] = k;
      double p = 0;
      double mn = 0;
      for (; k < start0_[a + 1]; ++k) {
        if (w_[k] > 0) {
          p += w_[k];
        } else if (w_[k] < 0) {
          mn += w_[k];
        }
      }
      lam_[a] = m.h[order_[a]] + 0.5 * before;
      pos_[a] = p;
      neg_[a] = mn;
    }
    opt_.assign(static_cast<size_t>(n) + 1, 0.0);
    x_.assign(static_cast<size_t>(n), 0);
    r_.assign(static_cast<size_t>(n), 0.0);
    saved_.assign(col_.size(), 0.0);
    best_.assign(static_cast<size_t>(n), 0);
    e_at_.assign(static_cast<size_t>(n), 0.0);
    s_at_.assign(static_cast<size_t>(n), 0.0);
    lb_at_.assign(static_cast<size_t>(n), 0.0);
    g_at_.assign(static_cast<size_t>(n), 0.0);
    first_at_.assign(static_cast<size_t>(n), 0);
    both_at_.assign(static_cast<size_t>(n), 0);
    branch_at_.assign(static_cast<size_t>(n), 0);
  }

  BnbOutcome Run() {
    const int32_t n = n_;
    std::vector<uint8_t> prev(static_cast<size_t>(n), 0);
    if ((limit_ = limits_.CheckLimits()) != Stop::kNone) {
      stop_ = BnbStop::kLimits;
      return Result(false, false);
    }
    for (int32_t k = 1; k <= n; ++k) {
      const int64_t work_before = work_;
      const int32_t start = n - k;
      start_ = start;
      // Incumbent: the previous optimum extended by x_start = 0 or 1.
      double s = 0;
      for (int64_t q = after_[start]; q < start0_[start + 1]; ++q) {
        if (prev[col_[q]] != 0) s += w_[q];
      }
      const double e0 = opt_[k - 1] - 0.5 * s;
      const double e1 = e0 + lam_[start] + s;
      best_ = prev;
      best_[start] = 0;
      inc_ = e0;
      if (e1 < e0) {
        best_[start] = 1;
        inc_ = e1;
      }
      work_ += k;
      if (k == n && !options_.incumbent.empty()) {
        std::vector<uint8_t> y(static_cast<size_t>(n));
        for (int32_t a = 0; a < n; ++a) y[a] = options_.incumbent[order_[a]];
        const double ey = Energy(y);
        work_ += n;
        if (ey < inc_) {
          inc_ = ey;
          best_ = std::move(y);
        }
      }
      std::fill(x_.begin(), x_.end(), 0);
      std::fill(r_.begin(), r_.end(), 0.0);
      if (!Dfs()) return Result(k == n, false);
      opt_[k] = inc_;
      prev = best_;
      if (k < n && (n - k) * (work_ - work_before) > options_.work_limit - work_) {
        stop_ = BnbStop::kAbandoned;
        return Result(false, false);
      }
    }
    return Result(true, true);
  }

 private:
  // Energy E_n of y (position space), each pair once.
  double Energy(const std::vector<uint8_t>& y) const {
    double e = 0;
    for (int32_t a = 0; a < n_; ++a) {
      if (y[a] == 0) continue;
      double f = m_.h[order_[a]];
      for (int64_t q = after_[a]; q < start0_[a + 1]; ++q) {
        if (y[col_[q]] != 0) f += w_[q];
      }
      e += f;
    }
    return e;
  }

  BnbOutcome Result(bool in_full, bool complete) {
    BnbOutcome out;
    if (complete || in_full) {
      out.x.assign(static_cast<size_t>(n_), 0);
      for (int32_t a = 0; a < n_; ++a) out.x[order_[a]] = best_[a];
      out.energy = inc_;
    } else {
      out.energy = kInf;
    }
    out.complete = complete;
    out.bound = complete ? inc_ : in_full ? std::min(inc_, open_) : -kInf;
    out.nodes = nodes_;
    out.work = work_;
    out.stop = complete ? BnbStop::kNone : stop_;
    out.limit = limit_;
    return out;
  }

  // The depth-first search of the current subproblem (bnb.ts Rds.dfs, frame for frame).
  bool Dfs() {
    const int32_t n = n_;
    const int32_t start = start_;
    const bool symmetric = options_.symmetric;
    const int64_t work_limit = options_.work_limit;
    const int32_t* col = col_.data();
    const double* w = w_.data();
    double* saved = saved_.data();
    double* r = r_.data();
    uint8_t* x = x_.data();
    int64_t nodes = nodes_;
    int64_t work = work_;
    double inc = inc_;
    int32_t t = start;
    double e = 0;
    double s_free = 0;
    bool descend = true;
    for (;;) {
      if (descend) {
        ++nodes;
        ++work;
        bool open = true;
        if (t == n) {
          if (e < inc) {
            inc = e;
            std::copy(x_.begin(), x_.end(), best_.begin());
          }
          open = false;
        } else {
          const bool sym = symmetric && t == start;
          double lb;
          if (t > start) {
            lb = e + s_free + opt_[n - t];
          } else {
            const double zero = -0.5 * pos_[t];
            lb = opt_[n - t - 1] + (sym ? zero : std::min(zero, lam_[t] + 0.5 * neg_[t]));
          }
          if (lb >= inc) {
            open = false;
          } else {
            Stop fired = Stop::kNone;
            if (work > work_limit || ((nodes & kPollMask) == 0 &&
                                      (fired = limits_.CheckLimits()) != Stop::kNone)) {
              nodes_ = nodes;
              work_ = work;
              inc_ = inc;
              return Halt(work > work_limit ? BnbStop::kWork : BnbStop::kLimits, fired, lb, t);
            }
            const double g = lam_[t] + r[t];
            uint8_t first;
            uint8_t both = 0;
            if (sym || g + neg_[t] >= 0) {
              first = 0;
            } else if (g + pos_[t] <= 0) {
              first = 1;
            } else {
              first = g < 0 ? 1 : 0;
              both = 1;
            }
            const double rt = r[t];
            e_at_[t] = e;
            s_at_[t] = rt < 0 ? s_free - rt : s_free;
            lb_at_[t] = lb;
            g_at_[t] = g;
            first_at_[t] = first;
            both_at_[t] = both;
            branch_at_[t] = 0;
          }
        }
        if (!open) {
          descend = false;
          continue;
        }
      } else {
        // Back at frame t - 1: undo its branch, then take its second one or go up.
        --t;
        if (t < start) {
          nodes_ = nodes;
          work_ = work;
          inc_ = inc;
          return true;
        }
        for (int64_t q = after_[t]; q < start0_[t + 1]; ++q) r[col[q]] = saved[q];
        x[t] = 0;
        if (both_at_[t] == 0 || branch_at_[t] == 1) continue;
        branch_at_[t] = 1;
      }
      // Enter child branch_at_[t] of frame t.
      const uint8_t b = branch_at_[t] == 0 ? first_at_[t] : 1 - first_at_[t];
      const double half = b == 1 ? 0.5 : -0.5;
      double s = s_at_[t];
      const int64_t lo = after_[t];
      const int64_t hi = start0_[t + 1];
      for (int64_t q = lo; q < hi; ++q) {
        const int32_t a = col[q];
        const double old = r[a];
        saved[q] = old;
        const double nw = old + half * w[q];
        r[a] = nw;
        if (old < 0) s -= old;
        if (nw < 0) s += nw;
      }
      work += hi - lo;
      x[t] = b;
      e = b == 1 ? e_at_[t] + g_at_[t] : e_at_[t];
      s_free = s;
      ++t;
      descend = true;
    }
  }

  // Stop at the node of position t (bound lb): frames above with an untried branch stay open.
  bool Halt(BnbStop why, Stop fired, double lb, int32_t t) {
    stop_ = why;
    limit_ = fired;
    double open = std::min(open_, lb);
    for (int32_t d = t - 1; d >= start_; --d) {
      if (both_at_[d] != 0 && branch_at_[d] == 0) open = std::min(open, lb_at_[d]);
    }
    open_ = open;
    return false;
  }

  const QuboModel& m_;
  const BnbOptions& options_;
  const Limits& limits_;
  int32_t n_;
  std::vector<int32_t> order_;
  std::vector<int64_t> start0_;
  std::vector<int64_t> after_;
  std::vector<int32_t> col_;
  std::vector<double> w_;
  std::vector<double> lam_, pos_, neg_;
  std::vector<double> opt_;
  std::vector<uint8_t> x_;
  std::vector<double> r_;
  std::vector<double> saved_;
  std::vector<uint8_t> best_;
  std::vector<double> e_at_, s_at_, lb_at_, g_at_;
  std::vector<uint8_t> first_at_, both_at_, branch_at_;
  double inc_ = 0;
  int32_t start_ = 0;
  int64_t nodes_ = 0;
  int64_t work_ = 0;
  double open_ = kInf;
  BnbStop stop_ = BnbStop::kNone;
  Stop limit_ = Stop::kNone;
};

}  // namespace

std::vector<int32_t> BnbOrder(const QuboModel& m) {
  const int32_t n = m.n;
  const Csr& q = m.q;
  std::vector<double> imp(static_cast<size_t>(n), 0.0);
  for (int32_t v = 0; v < n; ++v) {
    double s = 0;
    for (int64_t k = q.row_start[v]; k < q.row_start[v + 1]; ++k) s += std::fabs(q.w[k]);
    imp[v] = s;
  }
  std::vector<double> conn(static_cast<size_t>(n), 0.0);
  std::vector<uint8_t> placed(static_cast<size_t>(n), 0);
  std::vector<int32_t> order(static_cast<size_t>(n), 0);
  for (int32_t a = 0; a < n; ++a) {
    int32_t best = -1;
    for (int32_t v = 0; v < n; ++v) {
      if (placed[v] != 0) continue;
      if (best < 0 || conn[v] > conn[best] || (conn[v] == conn[best] && imp[v] > imp[best])) {
        best = v;
      }
    }
    order[a] = best;
    placed[best] = 1;
    for (int64_t k = q.row_start[best]; k < q.row_start[best + 1]; ++k) {
      conn[q.col[k]] += std::fabs(q.w[k]);
    }
  }
  return order;
}

BnbOutcome BranchAndBound(const QuboModel& m, const BnbOptions& options, const Limits& limits) {
  Rds rds(m, options, limits);
  return rds.Run();
}

}  // namespace svc::core

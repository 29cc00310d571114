// cover: the LP path (lp_tree.h).
#include "cover/lp_tree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "cover/solve.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

CoverLpTree::CoverLpTree(CoverSearch& s, int64_t node_cap)
    : rec_(s.U_, static_cast<int64_t>(s.c_.elems.size())), s_(s), node_cap_(node_cap) {
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

bool CoverLpTree::SolveLp(lp::Status* status) {
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

double CoverLpTree::DualBound(double* margin) {
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

void CoverLpTree::SetBounds(int32_t k, double lo, double hi, bool record) {
  if (record) trail_.push_back({k, lo_[k], hi_[k]});
  lo_[k] = lo;
  hi_[k] = hi;
  m_.SetColumnBounds(k, lo, hi);
}

void CoverLpTree::Undo(size_t mark) {
  while (trail_.size() > mark) {
    const Change t = trail_.back();
    trail_.pop_back();
    lo_[t.k] = t.lo;
    hi_[t.k] = t.hi;
    m_.SetColumnBounds(t.k, t.lo, t.hi);
  }
}

int32_t CoverLpTree::FixByReducedCost(double sum, double margin, bool record) {
  int32_t fixed = 0;
  std::vector<double> duals;
  for (size_t k = 0; k < col_set_.size(); ++k) {
    if (lo_[k] != 0 || hi_[k] != 1) continue;
    const double d = d_[k];
    const bool out = d > 0 && Prunes(Round(sum + d - margin));
    if (!out && !(d < 0 && Prunes(Round(sum - d - margin)))) continue;
    // The other side's leaf: these duals, whose bound there is sum + |d| (the earlier fixings are on its path).
    if (duals.empty()) duals = ElementDuals();
    RecordFix(static_cast<int32_t>(k), out ? 0 : 1, rec_.Leaf(&duals));
    SetBounds(static_cast<int32_t>(k), out ? 0 : 1, out ? 0 : 1, record);
    ++fixed;
  }
  return fixed;
}

void CoverLpTree::RecordFix(int32_t k, int v, int32_t other) {
  const int32_t split = rec_.Split(col_set_[k]);
  rec_.Attach(slot_.parent, slot_.side, split);
  rec_.Attach(split, 1 - v, other);
  slot_ = {split, v};
}

void CoverLpTree::RecordLeaf(bool infeasible) {
  if (infeasible) {
    rec_.Attach(slot_.parent, slot_.side, rec_.Leaf(nullptr));
    return;
  }
  const std::vector<double> duals = ElementDuals();
  rec_.Attach(slot_.parent, slot_.side, rec_.Leaf(&duals));
}

void CoverLpTree::TryPrimal(const double* x) {
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

std::vector<double> CoverLpTree::ElementDuals() const {
  std::vector<double> u(s_.U_, 0.0);
  for (int32_t e = 0; e < s_.U_; ++e) u[e] = elem_row_[e] >= 0 ? y_[elem_row_[e]] : 0;
  return u;
}

void CoverLpTree::DualHeuristic() {
  s_.u_ = ElementDuals();
  s_.Lagrangian();
  s_.Heuristic();
}

bool CoverLpTree::Infeasible() const {
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

double CoverLpTree::Probe(int32_t k, double v) {
  const double lo = lo_[k], hi = hi_[k];
  SetBounds(k, v, v, false);
  const int64_t before = m_.Iterations();
  const lp::Status st = m_.Solve(kStrongIters);
  const int64_t pivots = m_.Iterations() - before;
  pivots_ += pivots;
  s_.iterations_ += pivots;
  s_.work_ += static_cast<double>(pivots) * static_cast<double>(row_elem_.size() + col_set_.size());
  double out = m_.Objective();
  const int side = v > 0.5 ? 1 : 0;
  probe_leaf_[side] = -1;
  if (st == lp::Status::kInfeasible) {
    if (Infeasible()) {
      out = kInf;
      probe_leaf_[side] = rec_.Leaf(nullptr);
    }
  } else {
    double margin = 0;
    const double sum = DualBound(&margin);
    if (Prunes(Round(sum - margin))) {
      out = kInf;
      const std::vector<double> duals = ElementDuals();
      probe_leaf_[side] = rec_.Leaf(&duals);
    }
  }
  SetBounds(k, lo, hi, false);
  return out;
}

void CoverLpTree::Learn(int32_t k, int side, double gain, double frac) {
  if (!(gain >= 0) || !std::isfinite(gain) || frac <= 1e-9) return;
  pc_sum_[side][k] += gain / frac;
  pc_cnt_[side][k]++;
  pc_all_sum_[side] += gain / frac;
  pc_all_cnt_[side]++;
}

double CoverLpTree::Pseudo(int32_t k, int side) const {
  if (pc_cnt_[side][k] > 0) return pc_sum_[side][k] / pc_cnt_[side][k];
  return pc_all_cnt_[side] > 0 ? pc_all_sum_[side] / pc_all_cnt_[side] : 1;
}

int32_t CoverLpTree::Choose(const std::vector<double>& x, double z, bool record, bool* refix) {
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
      RecordFix(k, 0, probe_leaf_[1]);
      SetBounds(k, 0, 0, record);
      *refix = true;
      return -1;
    }
    if (z0 == kInf || z1 == kInf) {
      RecordFix(k, z0 == kInf ? 1 : 0, probe_leaf_[z0 == kInf ? 0 : 1]);
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

CoverLpTree::Eval CoverLpTree::Evaluate(bool root, int32_t* branch, double* bound) {
  ++s_.nodes_;
  if (s_.nodes_ > node_cap_) return Eval::kLimit;
  for (;;) {
    lp::Status st;
    if (!SolveLp(&st)) return Eval::kLimit;
    if (st == lp::Status::kInfeasible && Infeasible()) {
      RecordLeaf(true);
      return Eval::kPrune;
    }
    double margin = 0;
    const double sum = DualBound(&margin);
    // The root's LP duals are multipliers of the root Lagrangian too (the `lagrangian` certificate).
    if (root) s_.OfferRootY(ElementDuals());
    *bound = Round(sum - margin);
    if (Prunes(*bound)) {
      RecordLeaf(false);
      return Eval::kPrune;
    }
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
    if (Prunes(*bound)) {
      RecordLeaf(false);
      return Eval::kPrune;
    }
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
      // Every column fixed: the node is one set choice (checked by TryPrimal through x = bounds); its
      // leaf: "infeasible" when a row has every column fixed to 0, else zero multipliers (the cost
      // of the sets fixed to 1, at least the incumbent's after TryPrimal).
      TryPrimal(lo_.data());
      if (Infeasible()) {
        RecordLeaf(true);
      } else {
        const std::vector<double> zero(s_.U_, 0.0);
        rec_.Attach(slot_.parent, slot_.side, rec_.Leaf(&zero));
      }
      return Eval::kPrune;
    }
    *branch = bk;
    node_z_ = z;
    node_x_ = x[bk];
    return Eval::kBranch;
  }
}

double CoverLpTree::Root(bool* closed) {
  int32_t bk = -1;
  double bound = -kInf;
  const Eval e = Evaluate(true, &bk, &bound);
  *closed = e == Eval::kPrune;
  return e == Eval::kLimit ? -kInf : bound;
}

int64_t CoverLpTree::Entries(const CoverSearch& s) {
  int64_t n = 0;
  for (int32_t j = 0; j < s.n_; ++j) {
    if (s.state_[j] != 0) continue;
    for (int32_t q = s.c_.start[j]; q < s.c_.start[j + 1]; ++q) n += s.cov_[s.c_.elems[q]] == 0 ? 1 : 0;
  }
  return n;
}

bool CoverLpTree::Run() {
  int32_t root_branch = -1;
  double root_bound = 0;
  const Eval root = Evaluate(true, &root_branch, &root_bound);
  if (root == Eval::kPrune) return true;
  if (root == Eval::kLimit) return false;
  struct Frame {
    int32_t k;
    int32_t split;  // its recorded split
    int phase;
    size_t mark;        // trail before the node's own fixings
    size_t child_mark;  // trail after them
    double z, x;        // the node's LP value and x_k (pseudo-cost learning)
  };
  std::vector<Frame> stack;
  const auto branch = [&](int32_t k, size_t mark) {
    const int32_t split = rec_.Split(col_set_[k]);
    rec_.Attach(slot_.parent, slot_.side, split);
    slot_ = {split, 1};
    stack.push_back({k, split, 0, mark, trail_.size(), node_z_, node_x_});
  };
  branch(root_branch, trail_.size());
  SetBounds(root_branch, 1, 1, true);
  Pending(root_branch, 1, node_z_, 1 - node_x_);
  for (;;) {
    int32_t bk = -1;
    double bound = 0;
    const size_t mark = trail_.size();
    const Eval e = Evaluate(false, &bk, &bound);
    if (e == Eval::kLimit) return false;
    if (e == Eval::kBranch) {
      branch(bk, mark);
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
        slot_ = {f.split, 0};
        SetBounds(f.k, 0, 0, true);
        Pending(f.k, 0, f.z, f.x);
        break;
      }
      Undo(f.mark);
      stack.pop_back();
    }
  }
}

void CoverLpTree::Pending(int32_t k, int side, double z, double frac) {
  pending_k_ = k;
  pending_side_ = side;
  pending_z_ = z;
  pending_frac_ = frac;
}

}  // namespace svc::core

// cover: the Lagrangian branch and bound (lagrangian_tree.h).
#include "cover/lagrangian_tree.h"

#include <algorithm>
#include <vector>

namespace svc::core {

bool CoverLagrangianTree(CoverSearch& s, int64_t node_cap, int64_t node_iters, CoverTreeRecord* rec, int32_t* node) {
  if (++s.nodes_ > node_cap || ((s.nodes_ & 63) == 0 && s.Stopped())) return false;
  if (!s.Feasible()) {
    *node = rec->Leaf(nullptr);
    return true;
  }
  if (s.Uncovered() == 0) {
    if (s.fixed_cost_ < s.best_cost_ - s.tol_) {
      s.best_cost_ = s.fixed_cost_;
      for (int32_t j = 0; j < s.n_; ++j) s.best_[j] = s.state_[j] == 1 ? 1 : 0;
    }
    // The taken sets' cost: zero multipliers (the service lifts the reductions' forced sets).
    const std::vector<double> zero(s.U_, 0.0);
    *node = rec->Leaf(&zero);
    return true;
  }
  const std::vector<double> saved = s.u_;
  const double lb = s.Subgradient(node_iters, 0.5);
  if (s.stop != Stop::kNone || s.work_ > s.work_cap_) return false;
  if (s.RoundUp(lb) >= s.best_cost_ - s.tol_) {
    // Subgradient left u at its best L: the leaf's multipliers.
    *node = rec->Leaf(&s.u_, &s.cov_);
    s.u_ = saved;
    return true;
  }
  s.Lagrangian();
  int32_t be = -1;
  for (int32_t e = 0; e < s.U_; ++e) {
    if (s.cov_[e] == 0 && (be < 0 || s.free_cnt_[e] < s.free_cnt_[be])) be = e;
  }
  std::vector<int32_t> kids;
  for (int32_t q = s.estart_[be]; q < s.estart_[be + 1]; ++q) {
    if (s.state_[s.esets_[q]] == 0) kids.push_back(s.esets_[q]);
  }
  std::sort(kids.begin(), kids.end(), [&](int32_t a, int32_t b) { return s.rc_[a] != s.rc_[b] ? s.rc_[a] < s.rc_[b] : a < b; });
  const std::vector<double> node_u = s.u_;
  bool complete = true;
  std::vector<int32_t> excluded;
  // The k-way branching as a chain of splits (lagrangian-tree.ts): split j_1: false -> split j_2 ...
  int32_t hole = -1;
  for (int32_t j : kids) {
    s.Take(j);
    int32_t child = -1;
    const bool ok = CoverLagrangianTree(s, node_cap, node_iters, rec, &child);
    s.Untake(j);
    s.u_ = node_u;
    if (!ok) {
      complete = false;
      break;
    }
    const int32_t split = rec->Split(j);
    rec->Attach(split, 1, child);
    if (hole < 0) {
      *node = split;
    } else {
      rec->Attach(hole, 0, split);
    }
    hole = split;
    s.Exclude(j);
    excluded.push_back(j);
  }
  for (int32_t j : excluded) s.Include(j);
  s.u_ = saved;
  if (complete && hole >= 0) rec->Attach(hole, 0, rec->Leaf(nullptr));
  return complete && hole >= 0;
}

}  // namespace svc::core

// cover: the Lagrangian branch and bound (lagrangian_tree.h).
#include "cover/lagrangian_tree.h"

#include <algorithm>
#include <vector>

namespace svc::core {

bool CoverLagrangianTree(CoverSearch& s, int64_t node_cap, int64_t node_iters) {
  if (++s.nodes_ > node_cap || ((s.nodes_ & 63) == 0 && s.Stopped())) return false;
  if (!s.Feasible()) return true;
  if (s.Uncovered() == 0) {
    if (s.fixed_cost_ < s.best_cost_ - s.tol_) {
      s.best_cost_ = s.fixed_cost_;
      for (int32_t j = 0; j < s.n_; ++j) s.best_[j] = s.state_[j] == 1 ? 1 : 0;
    }
    return true;
  }
  const std::vector<double> saved = s.u_;
  const double lb = s.Subgradient(node_iters, 0.5);
  if (s.stop != Stop::kNone || s.work_ > s.work_cap_) return false;
  if (s.RoundUp(lb) >= s.best_cost_ - s.tol_) {
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
  for (int32_t j : kids) {
    s.Take(j);
    const bool ok = CoverLagrangianTree(s, node_cap, node_iters);
    s.Untake(j);
    s.u_ = node_u;
    if (!ok) {
      complete = false;
      break;
    }
    s.Exclude(j);
    excluded.push_back(j);
  }
  for (int32_t j : excluded) s.Include(j);
  s.u_ = saved;
  return complete;
}

}  // namespace svc::core

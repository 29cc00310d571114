// design: branch and bound (branch_bound.h).
#include "design/branch_bound.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

bool DesignBranchAndBound(DesignModel& sv, DesignSites sites, std::vector<int32_t>& x, int64_t node_cap, double tol) {
  const int32_t m = static_cast<int32_t>(sites.size());
  const size_t K = sv.K_;
  const auto local = [&](int32_t s) {
    for (int32_t t = 0; t < m; ++t) {
      if (sites[t] == s) return t;
    }
    return -1;
  };
  std::vector<std::vector<int32_t>> nb(m);
  std::vector<std::vector<double>> nbm(m);
  for (int32_t t = 0; t < m; ++t) {
    for (int32_t e = sv.start_[sites[t]]; e < sv.start_[sites[t] + 1]; ++e) {
      nb[t].push_back(local(sv.nbr_[e]));
      nbm[t].push_back(sv.mult_[e]);
    }
  }
  std::vector<double> deg(m);
  for (int32_t t = 0; t < m; ++t) deg[t] = sv.DegreeOf(sites[t]);
  std::vector<double> placed_w(m, 0);
  std::vector<uint8_t> in_order(m, 0);
  std::vector<int32_t> order(m);
  for (int32_t dd = 0; dd < m; ++dd) {
    int32_t b = -1;
    for (int32_t t = 0; t < m; ++t) {
      if (in_order[t]) continue;
      if (b < 0 || placed_w[t] > placed_w[b] ||
          (placed_w[t] == placed_w[b] && (deg[t] > deg[b] || (deg[t] == deg[b] && sites[t] < sites[b])))) {
        b = t;
      }
    }
    order[dd] = b;
    in_order[b] = 1;
    for (size_t q = 0; q < nb[b].size(); ++q) placed_w[nb[b][q]] += nbm[b][q];
  }
  const bool symmetric = sv.Interchangeable(sites);
  bool no_bias = true;
  for (int32_t s : sites) {
    if (sv.d_.bias_start[s + 1] != sv.d_.bias_start[s]) no_bias = false;
  }
  const bool rotation = !symmetric && sv.d_.coupling == Coupling::kCirculant && no_bias;
  std::vector<double> partial(static_cast<size_t>(m) * K);
  for (int32_t t = 0; t < m; ++t) sv.BiasRow(sites[t], partial.data() + t * K);
  std::vector<double> free_deg = deg;
  std::vector<uint8_t> placed(m, 0);
  std::vector<int32_t> cur(m, 0), best_x(m);
  for (int32_t t = 0; t < m; ++t) best_x[t] = x[sites[t]];
  double best = sv.PartEnergy(sites, x);
  int64_t nodes = 0;
  bool aborted = false;
  std::vector<std::vector<int32_t>> kids(m);
  const auto dfs = [&](auto&& self, int32_t depth, double fixed, int32_t max_used) -> void {
    if (depth == m) {
      if (fixed < best - tol) {
        best = fixed;
        best_x = cur;
      }
      return;
    }
    if (++nodes > node_cap || ((nodes & 255) == 0 && sv.Check())) {
      aborted = true;
      return;
    }
    double bound = fixed;
    for (int32_t t = 0; t < m; ++t) {
      if (placed[t]) continue;
      double lo = kInf;
      const double half = 0.5 * free_deg[t];
      for (int32_t v = 0; v < sv.K_; ++v) lo = std::min(lo, partial[t * K + v] + half * sv.row_min_[v]);
      bound += lo;
    }
    if (bound >= best - tol) return;
    const int32_t t = order[depth];
    const int32_t top = symmetric ? std::min(sv.K_ - 1, max_used + 1) : rotation && depth == 0 ? 0 : sv.K_ - 1;
    std::vector<int32_t>& vals = kids[depth];
    vals.clear();
    for (int32_t v = 0; v <= top; ++v) vals.push_back(v);
    const double* pt = partial.data() + t * K;
    std::sort(vals.begin(), vals.end(), [&](int32_t a, int32_t b) { return pt[a] != pt[b] ? pt[a] < pt[b] : a < b; });
    for (const int32_t v : vals) {
      const double add = partial[t * K + v];
      placed[t] = 1;
      cur[t] = v;
      for (size_t q = 0; q < nb[t].size(); ++q) {
        const int32_t u = nb[t][q];
        if (placed[u]) continue;
        sv.AddCostRow(partial.data() + u * K, v, nbm[t][q]);
        free_deg[u] -= nbm[t][q];
      }
      self(self, depth + 1, fixed + add, std::max(max_used, v));
      for (size_t q = 0; q < nb[t].size(); ++q) {
        const int32_t u = nb[t][q];
        if (placed[u]) continue;
        sv.AddCostRow(partial.data() + u * K, v, -nbm[t][q]);
        free_deg[u] += nbm[t][q];
      }
      placed[t] = 0;
      if (aborted) return;
    }
  };
  dfs(dfs, 0, 0.0, -1);
  sv.work_.nodes += nodes;
  for (int32_t t = 0; t < m; ++t) x[sites[t]] = best_x[t];
  return !aborted;
}

}  // namespace svc::core

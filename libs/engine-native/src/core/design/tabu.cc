// design: tabu search and sweeps (tabu.h).
#include "design/tabu.h"

#include <cmath>
#include <limits>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double Sweeps(DesignModel& sv, DesignSites hard, std::vector<int32_t>& x, int64_t iters, double work_cap,
              double energy, double tol, double* spent_out) {
  std::vector<double> row(sv.K_);
  double spent = 0;
  int64_t moves = 0;
  for (int64_t sweep = 0; sweep < iters && spent <= work_cap; ++sweep) {
    bool improved = false;
    for (size_t t = 0; t < hard.size(); ++t) {
      if ((t & 1023) == 0 && sv.Check()) break;
      const int32_t s = hard[t];
      sv.BiasRow(s, row.data());
      for (int32_t e = sv.start_[s]; e < sv.start_[s + 1]; ++e) sv.AddCostRow(row.data(), x[sv.nbr_[e]], sv.mult_[e]);
      spent += static_cast<double>(1 + sv.start_[s + 1] - sv.start_[s]) * sv.K_;
      int32_t b = x[s];
      for (int32_t v = 0; v < sv.K_; ++v) {
        if (row[v] < row[b] - tol) b = v;
      }
      if (b != x[s]) {
        energy += row[b] - row[x[s]];
        x[s] = b;
        improved = true;
        ++moves;
      }
    }
    if (!improved || sv.stop != Stop::kNone) break;
  }
  sv.work_.iterations += moves;
  if (spent_out != nullptr) *spent_out = spent;
  return sv.PartEnergy(hard, x);
}

}  // namespace

double DesignTabuSearch(DesignModel& sv, DesignSites hard, std::vector<int32_t>& x, int64_t iters, double work_cap,
                        double target, double tol, Prng& rng, double* spent_out) {
  const int32_t h = static_cast<int32_t>(hard.size());
  const size_t K = sv.K_;
  double energy = sv.PartEnergy(hard, x);
  if (spent_out != nullptr) *spent_out = 0;
  if (sv.K_ == 1 || h == 0) return energy;
  if (static_cast<int64_t>(h) * sv.K_ > kDesignGammaCap) return Sweeps(sv, hard, x, iters, work_cap, energy, tol, spent_out);
  std::vector<int32_t> local(sv.L_, -1);
  for (int32_t t = 0; t < h; ++t) local[hard[t]] = t;
  std::vector<double> gamma(static_cast<size_t>(h) * K);
  std::vector<double> floor(h);
  std::vector<double> row(K);
  for (int32_t t = 0; t < h; ++t) {
    const int32_t s = hard[t];
    sv.BiasRow(s, gamma.data() + t * K);
    for (int32_t e = sv.start_[s]; e < sv.start_[s + 1]; ++e) sv.AddCostRow(gamma.data() + t * K, x[sv.nbr_[e]], sv.mult_[e]);
    floor[t] = sv.SiteFloor(s, sv.DegreeOf(s), row);
  }
  std::vector<int32_t> active(h), pos(h, -1);
  int32_t n_active = 0;
  const auto refresh = [&](int32_t t) {
    const bool on = gamma[t * K + x[hard[t]]] > floor[t] + tol;
    if (on && pos[t] < 0) {
      pos[t] = n_active;
      active[n_active++] = t;
    } else if (!on && pos[t] >= 0) {
      const int32_t last = active[--n_active];
      active[pos[t]] = last;
      pos[last] = pos[t];
      pos[t] = -1;
    }
  };
  for (int32_t t = 0; t < h; ++t) refresh(t);
  std::vector<int32_t> tabu(static_cast<size_t>(h) * K, 0);
  std::vector<int32_t> best_x(h);
  for (int32_t t = 0; t < h; ++t) best_x[t] = x[hard[t]];
  double best = energy;
  bool dirty = false;
  double spent = 0;
  int64_t it = 0;
  for (; it < iters; ++it) {
    if (best <= target + tol) break;
    if ((it & 255) == 0 && sv.Check()) break;
    if (spent > work_cap) break;
    double best_d = kInf;
    int32_t mt = -1, mv = -1;
    uint32_t ties = 0;
    for (int32_t q = 0; q < n_active; ++q) {
      const int32_t t = active[q];
      const int32_t cur = x[hard[t]];
      const size_t base = t * K;
      const double g0 = gamma[base + cur];
      for (int32_t v = 0; v < sv.K_; ++v) {
        if (v == cur) continue;
        const double dd = gamma[base + v] - g0;
        if (dd > best_d) continue;
        if (tabu[base + v] > it && !(energy + dd < best - tol)) continue;
        if (dd < best_d) {
          best_d = dd;
          mt = t;
          mv = v;
          ties = 1;
        } else if (rng.NextInt(++ties) == 0) {
          mt = t;
          mv = v;
        }
      }
    }
    spent += static_cast<double>(n_active) * sv.K_;
    if (mt < 0) {
      mt = n_active > 0 ? active[rng.NextInt(static_cast<uint32_t>(n_active))] : static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(h)));
      const int32_t cur = x[hard[mt]];
      mv = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(sv.K_ - 1)));
      if (mv >= cur) ++mv;
      best_d = gamma[mt * K + mv] - gamma[mt * K + cur];
    }
    if (best_d > 0 && dirty) {
      for (int32_t t = 0; t < h; ++t) best_x[t] = x[hard[t]];
      dirty = false;
    }
    const int32_t s = hard[mt];
    const int32_t old = x[s];
    x[s] = mv;
    energy += best_d;
    const int32_t tenure = static_cast<int32_t>(std::floor(0.6 * n_active));
    tabu[mt * K + old] = static_cast<int32_t>(it + tenure + rng.NextInt(10));
    for (int32_t e = sv.start_[s]; e < sv.start_[s + 1]; ++e) {
      const int32_t u = local[sv.nbr_[e]];
      const double mu = sv.mult_[e];
      sv.AddCostRow(gamma.data() + u * K, mv, mu);
      sv.AddCostRow(gamma.data() + u * K, old, -mu);
      refresh(u);
    }
    refresh(mt);
    spent += static_cast<double>(sv.start_[s + 1] - sv.start_[s]) * sv.K_;
    if (energy < best) {
      best = energy;
      dirty = true;
    }
  }
  sv.work_.iterations += it;
  if (!dirty) {
    for (int32_t t = 0; t < h; ++t) x[hard[t]] = best_x[t];
  }
  if (spent_out != nullptr) *spent_out = spent;
  return sv.PartEnergy(hard, x);
}

}  // namespace svc::core

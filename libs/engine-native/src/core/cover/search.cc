// cover: the shared search state and its Lagrangian machinery (search.h).
#include "cover/search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Steps without a better bound before λ halves (search.ts STALL).
constexpr int32_t kStall = 20;
// Share of the greedy cover's free sets fixed per refinement step (search.ts FIX_SHARE).
constexpr double kFixShare = 0.3;

}  // namespace

CoverSearch::CoverSearch(const CoverView& c, int32_t n, const Limits& limits, double work_cap)
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

bool CoverSearch::Check() {
  if (stop != Stop::kNone) return true;
  stop = limits_.CheckLimits();
  return stop != Stop::kNone;
}

void CoverSearch::Take(int32_t j) {
  state_[j] = 1;
  fixed_cost_ += c_.cost[j];
  for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
    cov_[c_.elems[k]]++;
    free_cnt_[c_.elems[k]]--;
  }
}

void CoverSearch::Untake(int32_t j) {
  state_[j] = 0;
  fixed_cost_ -= c_.cost[j];
  for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) {
    cov_[c_.elems[k]]--;
    free_cnt_[c_.elems[k]]++;
  }
}

void CoverSearch::Exclude(int32_t j) {
  state_[j] = -1;
  for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) free_cnt_[c_.elems[k]]--;
}

void CoverSearch::Include(int32_t j) {
  state_[j] = 0;
  for (int32_t k = c_.start[j]; k < c_.start[j + 1]; ++k) free_cnt_[c_.elems[k]]++;
}

double CoverSearch::Lagrangian() { return LagrangianAt(u_, rc_.data(), &work_); }

void CoverSearch::InitMultipliers() {
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

double CoverSearch::DualBound() {
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
  const double L = OfferRootY(y);
  u_ = saved;
  return RoundUp(L);
}

double CoverSearch::LagrangianOf(const std::vector<double>& y) const { return LagrangianAt(y, nullptr, nullptr); }

double CoverSearch::LagrangianAt(const std::vector<double>& y, double* rc, double* work) const {
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
    if (rc != nullptr) rc[j] = r;
    if (r < 0) L += r;
    if (work != nullptr) *work += c_.start[j + 1] - c_.start[j] + 1;
  }
  return L;
}

double CoverSearch::OfferRootY(const std::vector<double>& y) {
  const double L = LagrangianOf(y);
  if (L > root_y_bound_) {
    root_y_bound_ = L;
    root_y_.assign(U_, 0.0);
    for (int32_t e = 0; e < U_; ++e) root_y_[e] = cov_[e] == 0 && y[e] > 0 ? y[e] : 0;
  }
  return L;
}

bool CoverSearch::Heuristic(std::vector<uint8_t>* pick_out) {
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

bool CoverSearch::Feasible() const {
  for (int32_t e = 0; e < U_; ++e) {
    if (cov_[e] == 0 && free_cnt_[e] == 0) return false;
  }
  return true;
}

double CoverSearch::Subgradient(int64_t iters, double lambda) {
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

std::vector<int32_t> CoverSearch::FixGreedy() {
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

int64_t CoverSearch::Uncovered() const {
  int64_t c = 0;
  for (int32_t e = 0; e < U_; ++e) {
    if (cov_[e] == 0) ++c;
  }
  return c;
}

}  // namespace svc::core

// cover: a port of engine-ts families/cover/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification).
#include "cover/solve.h"
#include "cover/local_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "common/checks.h"
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
  search(b.ls_early_steps, first_lb);
  c.InitMultipliers();
  const double root_lb =
      first_lb >= c.best_cost_ - c.tol_ ? first_lb : std::max(first_lb, c.RoundUp(c.Subgradient(b.root_iters, 0.5)));
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
  refine(0, std::min(b.passes, kEarlyPasses));
  if (c.Stopped() || root_lb >= c.best_cost_ - c.tol_) return done(Proof::kNone, true, root_lb);
  c.u_ = root_u;
  if (c.Branch(b.bnb_nodes, b.node_iters)) return done(Proof::kBranchAndBound, false, 0);
  refine(std::min(b.passes, kEarlyPasses), b.passes);
  search(b.ls_steps, root_lb);
  return done(Proof::kNone, true, root_lb);
}

}  // namespace svc::core

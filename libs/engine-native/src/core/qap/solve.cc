// qap: a port of engine-ts families/qap/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification).
#include "qap/solve.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

#include "common/checks.h"
#include "common/prng.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Tabu iterations (per n²) before the branch and bound of a small instance (solve.ts).
constexpr int64_t kPreProofItersPerN2 = 50;
// Largest n whose Gilmore–Lawler root bound is computed (solve.ts BOUND_MAX_N).
constexpr int32_t kBoundMaxN = 256;
// solve.ts RESTART_AFTER_PER_N and PERTURB_SHARE.
constexpr int64_t kRestartAfterPerN = 50;
constexpr double kPerturbShare = 0.1;

int64_t TabuIterations(const QapBudget& b, int32_t n) {
  return std::min<int64_t>(b.tabu_iters, static_cast<int64_t>(std::floor(b.tabu_work / (static_cast<double>(n) * n))));
}

// solve.ts gilmoreLawler.
double GilmoreLawler(const QapView& q, int32_t n, const std::vector<int32_t>& loc, const std::vector<int32_t>& free_f,
                     const std::vector<int32_t>& free_l, int32_t m, double fixed, std::vector<double>& cost) {
  const double* F = q.flow.data();
  const double* D = q.dist.data();
  std::vector<double> row_f(std::max(0, m - 1));
  std::vector<std::vector<double>> rows_d(m);
  for (int32_t b = 0; b < m; ++b) {
    const size_t l = free_l[b];
    std::vector<double>& r = rows_d[b];
    r.reserve(m - 1);
    for (int32_t c = 0; c < m; ++c) {
      if (c != b) r.push_back(D[l * n + free_l[c]]);
    }
    std::sort(r.begin(), r.end());
  }
  cost.assign(static_cast<size_t>(m) * m, 0.0);
  for (int32_t a = 0; a < m; ++a) {
    const size_t i = free_f[a];
    int32_t q2 = 0;
    for (int32_t c = 0; c < m; ++c) {
      if (c != a) row_f[q2++] = F[i * n + free_f[c]];
    }
    std::sort(row_f.begin(), row_f.end());
    for (int32_t b = 0; b < m; ++b) {
      const size_t l = free_l[b];
      double s = F[i * n + i] * D[l * n + l];
      for (int32_t j = 0; j < n; ++j) {
        const int32_t lj = loc[j];
        if (lj < 0) continue;
        s += F[i * n + j] * D[l * n + lj] + F[static_cast<size_t>(j) * n + i] * D[static_cast<size_t>(lj) * n + l];
      }
      const std::vector<double>& r = rows_d[b];
      for (int32_t t = 0; t < m - 1; ++t) s += row_f[t] * r[m - 2 - t];
      cost[static_cast<size_t>(a) * m + b] = s;
    }
  }
  return fixed + Hungarian(cost, m);
}

double RootBound(const QapView& q, int32_t n) {
  std::vector<int32_t> all(n);
  std::iota(all.begin(), all.end(), 0);
  std::vector<int32_t> loc(n, -1);
  std::vector<double> cost;
  return GilmoreLawler(q, n, loc, all, all, n, 0, cost);
}

// solve.ts robustTabu.
std::vector<int32_t> RobustTabu(const QapView& q, int32_t n, int64_t iters, Prng& rng, const Limits& limits, Work& work,
                                Stop* stop, double target) {
  const double* a = q.flow.data();
  const double* b = q.dist.data();
  std::vector<int32_t> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  ShuffleInPlace(perm.data(), n, rng);
  std::vector<int32_t> best = perm;
  if (n < 2) return best;
  double cost = QapCost(q, n, perm);
  double best_cost = cost;
  if (best_cost <= target + 1e-9 * (1 + std::fabs(best_cost))) return best;
  const size_t N = n;
  std::vector<double> delta(N * N, 0.0), tabu(N * N);
  for (size_t i = 0; i < N; ++i) {
    for (size_t j = 0; j < N; ++j) tabu[i * N + j] = -static_cast<double>(N * i + j);
  }
  const auto full = [&](int32_t r, int32_t s) {
    const size_t pr = perm[r], ps = perm[s], R = r, S = s;
    double d = (a[R * N + R] - a[S * N + S]) * (b[ps * N + ps] - b[pr * N + pr]) + (a[R * N + S] - a[S * N + R]) * (b[ps * N + pr] - b[pr * N + ps]);
    for (size_t k = 0; k < N; ++k) {
      if (k == R || k == S) continue;
      const size_t pk = perm[k];
      d += (a[k * N + R] - a[k * N + S]) * (b[pk * N + ps] - b[pk * N + pr]) + (a[R * N + k] - a[S * N + k]) * (b[ps * N + pk] - b[pr * N + pk]);
    }
    return d;
  };
  const auto all_deltas = [&] {
    for (int32_t r = 0; r < n; ++r) {
      for (int32_t s = r + 1; s < n; ++s) delta[static_cast<size_t>(r) * N + s] = full(r, s);
    }
  };
  all_deltas();
  const int32_t t_min = std::max(1, static_cast<int32_t>(std::floor(0.9 * n)));
  const int32_t t_span = std::max(1, static_cast<int32_t>(std::floor(1.1 * n)) - t_min + 1);
  const int64_t redraw = std::max<int64_t>(1, static_cast<int64_t>(std::floor(2.2 * n)));
  const double aspiration = 5.0 * n * n;
  int64_t tenure = t_min + rng.NextInt(static_cast<uint32_t>(t_span));
  const int64_t restart_after = kRestartAfterPerN * n;
  const int32_t perturb = std::max(2, static_cast<int32_t>(std::floor(kPerturbShare * n)));
  int64_t last_best = 0;
  for (int64_t it = 1; it <= iters; ++it) {
    if ((it & 63) == 0) {
      if ((*stop = limits.CheckLimits()) != Stop::kNone) break;
      limits.Report(best_cost, target, static_cast<double>(work.iterations + work.nodes));
    }
    if (it - last_best > restart_after) {
      // solve.ts: a restart from the best assignment, perturbed.
      last_best = it;
      perm = best;
      for (int32_t t = 0; t < perturb; ++t) {
        const int32_t x = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
        const int32_t y = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
        std::swap(perm[x], perm[y]);
      }
      cost = QapCost(q, n, perm);
      all_deltas();
    }
    if (it % redraw == 0) tenure = t_min + rng.NextInt(static_cast<uint32_t>(t_span));
    int32_t best_r = -1, best_s = -1;
    double best_d = kInf;
    bool forced = false;
    const double itd = static_cast<double>(it);
    for (int32_t r = 0; r < n - 1; ++r) {
      for (int32_t s = r + 1; s < n; ++s) {
        const double d = delta[static_cast<size_t>(r) * N + s];
        const double tr = tabu[static_cast<size_t>(r) * N + perm[s]];
        const double ts = tabu[static_cast<size_t>(s) * N + perm[r]];
        const bool allowed = tr < itd || ts < itd;
        const bool aspired = (tr < itd - aspiration && ts < itd - aspiration) || cost + d < best_cost;
        if ((aspired && !forced) || (aspired && forced && d < best_d) || (!aspired && !forced && allowed && d < best_d)) {
          best_r = r;
          best_s = s;
          best_d = d;
          if (aspired) forced = true;
        }
      }
    }
    if (best_r < 0) continue;
    const int32_t r = best_r, s = best_s;
    const int32_t pr = perm[r], ps = perm[s];
    perm[r] = ps;
    perm[s] = pr;
    cost += best_d;
    tabu[static_cast<size_t>(r) * N + pr] = itd + static_cast<double>(tenure);
    tabu[static_cast<size_t>(s) * N + ps] = itd + static_cast<double>(tenure);
    ++work.iterations;
    if (cost < best_cost) {
      best_cost = cost;
      last_best = it;
      best = perm;
      // At the bound nothing can be better: stop (solve.ts).
      if (best_cost <= target + 1e-9 * (1 + std::fabs(best_cost))) break;
    }
    const size_t R = r, S = s;
    for (int32_t i = 0; i < n - 1; ++i) {
      for (int32_t j = i + 1; j < n; ++j) {
        if (i != r && i != s && j != r && j != s) {
          const size_t I = i, J = j, pi = perm[i], pj = perm[j], pu = perm[r], pv = perm[s];
          delta[I * N + J] +=
              (a[I * N + R] - a[I * N + S] + a[J * N + S] - a[J * N + R]) * (b[pj * N + pu] - b[pj * N + pv] + b[pi * N + pv] - b[pi * N + pu]) +
              (a[R * N + I] - a[S * N + I] + a[S * N + J] - a[R * N + J]) * (b[pu * N + pj] - b[pv * N + pj] + b[pv * N + pi] - b[pu * N + pi]);
        } else {
          delta[static_cast<size_t>(i) * N + j] = full(i, j);
        }
      }
    }
  }
  return best;
}

struct BnbResult {
  std::vector<int32_t> perm;
  bool complete = false;
};

// solve.ts branchAndBound.
BnbResult BranchAndBound(const QapView& q, int32_t n, const std::vector<int32_t>& incumbent, int64_t node_cap,
                         const Limits& limits, Work& work, Stop* stop) {
  const double* F = q.flow.data();
  const double* D = q.dist.data();
  const size_t N = n;
  BnbResult out;
  out.perm = incumbent;
  double best_cost = QapCost(q, n, incumbent);
  const double tol = 1e-9 * (1 + std::fabs(best_cost));
  std::vector<double> weight(n, 0.0);
  for (size_t i = 0; i < N; ++i) {
    for (size_t j = 0; j < N; ++j) weight[i] += std::fabs(F[i * N + j]) + std::fabs(F[j * N + i]);
  }
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t x, int32_t y) { return weight[x] != weight[y] ? weight[x] > weight[y] : x < y; });
  std::vector<int32_t> loc(n, -1);
  std::vector<uint8_t> used_l(n, 0);
  int64_t nodes = 0;
  bool aborted = false;
  std::function<void(int32_t, double)> dfs = [&](int32_t depth, double fixed) {
    if (depth == n) {
      if (fixed < best_cost - tol) {
        best_cost = fixed;
        out.perm = loc;
      }
      return;
    }
    ++nodes;
    if (nodes > node_cap || ((nodes & 255) == 0 && (*stop = limits.CheckLimits()) != Stop::kNone)) {
      aborted = true;
      return;
    }
    if ((nodes & 255) == 0) limits.Report(best_cost, kNaN, static_cast<double>(work.iterations + work.nodes + nodes));
    const int32_t m = n - depth;
    std::vector<int32_t> free_f(order.begin() + depth, order.end());
    std::vector<int32_t> free_l;
    free_l.reserve(m);
    for (int32_t l = 0; l < n; ++l) {
      if (!used_l[l]) free_l.push_back(l);
    }
    std::vector<double> cost;
    const double lb = GilmoreLawler(q, n, loc, free_f, free_l, m, fixed, cost);
    if (lb >= best_cost - tol) return;
    const size_t i = free_f[0];
    std::vector<int32_t> kids(m);
    std::iota(kids.begin(), kids.end(), 0);
    std::sort(kids.begin(), kids.end(), [&](int32_t x, int32_t y) { return cost[x] != cost[y] ? cost[x] < cost[y] : free_l[x] < free_l[y]; });
    for (int32_t bk : kids) {
      const size_t l = free_l[bk];
      double add = F[i * N + i] * D[l * N + l];
      for (size_t j = 0; j < N; ++j) {
        const int32_t lj = loc[j];
        if (lj >= 0) add += F[i * N + j] * D[l * N + lj] + F[j * N + i] * D[static_cast<size_t>(lj) * N + l];
      }
      loc[i] = static_cast<int32_t>(l);
      used_l[l] = 1;
      dfs(depth + 1, fixed + add);
      loc[i] = -1;
      used_l[l] = 0;
      if (aborted) return;
    }
  };
  dfs(0, 0.0);
  work.nodes += nodes;
  out.complete = !aborted;
  return out;
}

}  // namespace

double QapCost(const QapView& q, int32_t n, std::span<const int32_t> perm) {
  const size_t N = n;
  double c = 0;
  for (size_t i = 0; i < N; ++i) {
    const size_t pi = static_cast<size_t>(perm[i]) * N;
    for (size_t j = 0; j < N; ++j) c += q.flow[i * N + j] * q.dist[pi + perm[j]];
  }
  return c;
}

double Hungarian(const std::vector<double>& c, int32_t m) {
  if (m == 0) return 0;
  std::vector<double> u(m + 1, 0.0), v(m + 1, 0.0), minv(m + 1);
  std::vector<int32_t> p(m + 1, 0), way(m + 1, 0);
  std::vector<uint8_t> used(m + 1);
  for (int32_t i = 1; i <= m; ++i) {
    p[0] = i;
    int32_t j0 = 0;
    std::fill(minv.begin(), minv.end(), kInf);
    std::fill(used.begin(), used.end(), 0);
    do {
      used[j0] = 1;
      const int32_t i0 = p[j0];
      double delta = kInf;
      int32_t j1 = 0;
      for (int32_t j = 1; j <= m; ++j) {
        if (used[j]) continue;
        const double cur = c[static_cast<size_t>(i0 - 1) * m + (j - 1)] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (int32_t j = 0; j <= m; ++j) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const int32_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  double total = 0;
  for (int32_t j = 1; j <= m; ++j) total += c[static_cast<size_t>(p[j] - 1) * m + (j - 1)];
  return total;
}

CallStatus ValidateQap(std::string_view /*command*/, const QapProblem& p, const SolveOptions& options, std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const int32_t n = p.n;
  if (n < 1) return fail("qap needs at least one facility");
  if (n > 4096) return fail("qap takes at most 4096 facilities");
  const size_t nn = static_cast<size_t>(n) * n;
  if (p.qap.flow.size() != nn || p.qap.dist.size() != nn) return fail("flow and dist must have n*n entries");
  for (size_t k = 0; k < nn; ++k) {
    if (!std::isfinite(p.qap.flow[k]) || !std::isfinite(p.qap.dist[k])) return fail("flow and dist must be finite");
  }
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("qap takes only flow and dist");
  }
  // Every cost, bound and Hungarian potential is within a small multiple of Σ|flow|·max|dist|: keep it finite
  // (the contract caps each matrix's magnitudes at 1e150, so a request never comes near).
  double flows = 0, far = 0;
  for (size_t k = 0; k < nn; ++k) {
    flows += std::fabs(p.qap.flow[k]);
    far = std::max(far, std::fabs(p.qap.dist[k]));
  }
  if (!(flows * far <= 1e295)) return fail("qap costs could overflow: sum|flow| * max|dist| is past 1e295");
  QapBudget b;
  if (!DecodeBudget(p.qap.budget, kQapBudget, &b, nullptr)) return fail("qap budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveQap(const QapProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                    std::string* error) {
  QapBudget b;
  if (!DecodeBudget(p.qap.budget, kQapBudget, &b, nullptr)) {
    Fail(error, "qap budget out of range");
    return CallStatus::kError;
  }
  const int32_t n = p.n;
  const ObjectiveScope progress(limits, 1, 0);  // the assignment's cost is the objective
  Work work;
  Stop stop = Stop::kNone;
  const auto done = [&](std::vector<int32_t> perm, Proof proof, bool has_bound, double bound) {
    out->objective = QapCost(p.qap, n, perm);
    // An answer that meets the root bound is optimal (solve.ts).
    if (proof == Proof::kNone && stop == Stop::kNone && has_bound && bound >= out->objective - 1e-9 * (1 + std::fabs(out->objective))) proof = Proof::kBranchAndBound;
    out->kind = ResultKind::kPermutation;
    out->order = std::move(perm);
    out->answer.clear();
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_bound && std::isfinite(bound);
    out->bound = out->has_bound ? std::min(bound, out->objective) : 0;
    out->status = StatusFor(stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = work;
    return CallStatus::kOk;
  };
  if (n == 1) return done({0}, Proof::kExhaustive, false, 0);
  // The root bound first (solve.ts), so a deadline never leaves an answer without it.
  const bool has_bound = n <= kBoundMaxN;
  const double bound = has_bound ? RootBound(p.qap, n) : 0;
  Prng rng(options.seed);
  const int64_t iters = TabuIterations(b, n);
  const double target = has_bound ? bound : -kInf;
  if (n > b.bnb_max_n) return done(RobustTabu(p.qap, n, iters, rng, limits, work, &stop, target), Proof::kNone, has_bound, bound);
  const int64_t first = std::min<int64_t>(iters, kPreProofItersPerN2 * n * n);
  std::vector<int32_t> perm = RobustTabu(p.qap, n, first, rng, limits, work, &stop, target);
  if (stop != Stop::kNone) return done(std::move(perm), Proof::kNone, has_bound, bound);
  BnbResult r = BranchAndBound(p.qap, n, perm, b.bnb_nodes, limits, work, &stop);
  if (r.complete) return done(std::move(r.perm), Proof::kBranchAndBound, false, 0);
  perm = std::move(r.perm);
  if (stop == Stop::kNone && iters > first) {
    std::vector<int32_t> more = RobustTabu(p.qap, n, iters - first, rng, limits, work, &stop, target);
    if (QapCost(p.qap, n, more) < QapCost(p.qap, n, perm)) perm = std::move(more);
  }
  return done(std::move(perm), Proof::kNone, has_bound, bound);
}

}  // namespace svc::core

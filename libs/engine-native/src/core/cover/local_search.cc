// cover: row-weighting local search. A port of engine-ts families/cover/local-search.ts, step for
// step (that file's comment is the specification).
#include "cover/local_search.h"

#include <limits>

namespace svc::core {

namespace {
// local-search.ts TABU.
constexpr double kTabu = 5;
}  // namespace

CoverLocalSearchResult CoverLocalSearch(const CoverView& c, int32_t n, const std::vector<int32_t>& estart,
                                        const std::vector<int32_t>& esets, const std::vector<int8_t>& fixed,
                                        const std::vector<uint8_t>& start, double start_cost, int64_t steps,
                                        double lower, double tol, Prng& rng, const Limits& limits, Stop* stop) {
  const int32_t U = c.universe;
  const std::span<const double> cost = c.cost;
  std::vector<uint8_t> x(n, 0), row(U, 1);
  for (int32_t j = 0; j < n; ++j) {
    if (fixed[j] != 1) continue;
    for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) row[c.elems[k]] = 0;
  }
  const auto movable = [&](int32_t j) { return fixed[j] != 1 && cost[j] > 0; };
  std::vector<int32_t> cnt(U, 0);
  std::vector<double> w(U, 1.0), score(n, 0.0), stamp(n, 0.0);
  std::vector<double> removed_at(n, -std::numeric_limits<double>::infinity());
  std::vector<int32_t> chosen(n), chosen_at(n, -1), unc(U), unc_at(U, -1);
  int32_t n_chosen = 0, n_unc = 0;
  double cur = 0;
  for (int32_t j = 0; j < n; ++j) {
    if (!start[j] || !movable(j)) continue;
    x[j] = 1;
    cur += cost[j];
    chosen_at[j] = n_chosen;
    chosen[n_chosen++] = j;
    for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) ++cnt[c.elems[k]];
  }
  for (int32_t e = 0; e < U; ++e) {
    if (row[e] && cnt[e] == 0) {
      unc_at[e] = n_unc;
      unc[n_unc++] = e;
    }
  }
  for (int32_t j = 0; j < n; ++j) {
    if (!movable(j)) continue;
    double s = 0;
    for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) {
      const int32_t e = c.elems[k];
      if (!row[e]) continue;
      if (x[j] && cnt[e] == 1) s -= w[e];
      else if (!x[j] && cnt[e] == 0) s += w[e];
    }
    score[j] = s;
  }
  CoverLocalSearchResult out;
  out.best = start;
  out.best_cost = start_cost;
  const double fixed_cost = start_cost - cur;
  int64_t step = 0;

  // local-search.ts otherCover: the first chosen set holding row e other than `except`.
  const auto other_cover = [&](int32_t e, int32_t except) {
    for (int32_t q = estart[e]; q < estart[e + 1]; ++q) {
      if (esets[q] != except && x[esets[q]]) return esets[q];
    }
    return -1;
  };
  const auto add = [&](int32_t j) {
    x[j] = 1;
    cur += cost[j];
    chosen_at[j] = n_chosen;
    chosen[n_chosen++] = j;
    for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) {
      const int32_t e = c.elems[k];
      if (!row[e]) continue;
      const int32_t now = ++cnt[e];
      if (now == 1) {
        for (int32_t q = estart[e]; q < estart[e + 1]; ++q) {
          if (esets[q] != j) score[esets[q]] -= w[e];
        }
        const int32_t at = unc_at[e];
        const int32_t last = unc[--n_unc];
        unc[at] = last;
        unc_at[last] = at;
        unc_at[e] = -1;
      } else if (now == 2) {
        score[other_cover(e, j)] += w[e];
      }
    }
    score[j] = -score[j];
    stamp[j] = static_cast<double>(step);
  };
  const auto remove = [&](int32_t j) {
    x[j] = 0;
    cur -= cost[j];
    const int32_t at = chosen_at[j];
    const int32_t last = chosen[--n_chosen];
    chosen[at] = last;
    chosen_at[last] = at;
    chosen_at[j] = -1;
    for (int32_t k = c.start[j]; k < c.start[j + 1]; ++k) {
      const int32_t e = c.elems[k];
      if (!row[e]) continue;
      const int32_t now = --cnt[e];
      if (now == 0) {
        for (int32_t q = estart[e]; q < estart[e + 1]; ++q) {
          if (esets[q] != j) score[esets[q]] += w[e];
        }
        unc_at[e] = n_unc;
        unc[n_unc++] = e;
      } else if (now == 1) {
        score[other_cover(e, j)] -= w[e];
      }
    }
    score[j] = -score[j];
    stamp[j] = static_cast<double>(step);
    removed_at[j] = static_cast<double>(step);
  };
  const auto better = [&](int32_t a, int32_t b) {
    const double ra = score[a] / cost[a];
    const double rb = score[b] / cost[b];
    if (ra != rb) return ra > rb;
    if (stamp[a] != stamp[b]) return stamp[a] < stamp[b];
    return a < b;
  };
  const auto remove_best = [&](int32_t tabu) {
    int32_t bj = -1;
    for (int32_t t = 0; t < n_chosen; ++t) {
      const int32_t j = chosen[t];
      if (j != tabu && (bj == -1 || better(j, bj))) bj = j;
    }
    if (bj == -1) return false;
    remove(bj);
    return true;
  };
  const auto keep = [&] {
    if (cur + fixed_cost < out.best_cost - tol) {
      out.best_cost = cur + fixed_cost;
      for (int32_t j = 0; j < n; ++j) out.best[j] = fixed[j] == 1 || x[j] ? 1 : 0;
    }
  };
  for (; step < steps; ++step) {
    if ((step & 63) == 0 && (*stop = limits.CheckLimits()) != Stop::kNone) break;
    if (out.best_cost <= lower + tol) break;
    if (n_unc == 0) {
      keep();
      remove_best(-1);
      continue;
    }
    const int32_t e = unc[rng.NextInt(static_cast<uint32_t>(n_unc))];
    int32_t bj = -1, any_j = -1;
    for (int32_t q = estart[e]; q < estart[e + 1]; ++q) {
      const int32_t j = esets[q];
      if (!movable(j) || x[j]) continue;
      if (any_j == -1 || better(j, any_j)) any_j = j;
      if (static_cast<double>(step) - removed_at[j] > kTabu && (bj == -1 || better(j, bj))) bj = j;
    }
    if (bj == -1) bj = any_j;
    if (bj == -1) break;
    add(bj);
    while (cur + fixed_cost >= out.best_cost - tol && n_chosen > 1 && remove_best(bj)) {
    }
    for (int32_t t = 0; t < n_unc; ++t) {
      const int32_t r = unc[t];
      w[r] += 1;
      for (int32_t q = estart[r]; q < estart[r + 1]; ++q) score[esets[q]] += 1;
    }
  }
  if (n_unc == 0) keep();
  out.steps = step;
  return out;
}

}  // namespace svc::core

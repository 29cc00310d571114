// design: the evolutionary search (evolution.h).
#include "design/evolution.h"

#include <algorithm>
#include <vector>

#include "design/tabu.h"

namespace svc::core {

namespace {

// Answers kept by the evolutionary search (evolution.ts POPULATION).
constexpr int32_t kPopulation = 10;

}  // namespace

void DesignEvolve(DesignModel& sv, DesignSites hard, std::vector<int32_t>& x, int64_t iters, double work_cap, double target, double tol, Prng& rng) {
  const int32_t h = static_cast<int32_t>(hard.size());
  // Tabu iterations per individual: 4 per site, then 4 and 10 per site in turn (evolution.ts).
  int64_t L = 4 * static_cast<int64_t>(h);
  std::vector<std::vector<int32_t>> pop;
  std::vector<double> fit;
  int64_t used_iters = 0;
  double used_work = 0;
  const auto load = [&](const std::vector<int32_t>& vals) {
    for (int32_t t = 0; t < h; ++t) x[hard[t]] = vals[t];
  };
  const auto run = [&]() {
    const int64_t before = sv.work_.iterations;
    double spent = 0;
    const double e = DesignTabuSearch(sv, hard, x, std::min(L, iters - used_iters), work_cap - used_work, target, tol, rng, &spent);
    used_iters += sv.work_.iterations - before;
    used_work += spent;
    return e;
  };
  const auto save = [&]() {
    std::vector<int32_t> v(h);
    for (int32_t t = 0; t < h; ++t) v[t] = x[hard[t]];
    return v;
  };
  int32_t best_k = 0;
  for (int32_t k = 0; k < kPopulation; ++k) {
    if (k > 0) {
      for (int32_t t = 0; t < h; ++t) x[hard[t]] = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(sv.K_)));
    }
    const double e = run();
    pop.push_back(save());
    fit.push_back(e);
    if (e < fit[best_k]) best_k = k;
    if (e <= target + tol || sv.stop != Stop::kNone || used_iters >= iters || used_work > work_cap) {
      load(pop[best_k]);
      return;
    }
  }
  std::vector<int32_t> child(h);
  std::vector<uint8_t> taken(h);
  std::vector<int32_t> size(sv.K_);
  while (used_iters < iters && used_work <= work_cap && sv.stop == Stop::kNone) {
    const int32_t a = static_cast<int32_t>(rng.NextInt(kPopulation));
    int32_t c = static_cast<int32_t>(rng.NextInt(kPopulation - 1));
    if (c >= a) ++c;
    std::fill(taken.begin(), taken.end(), 0);
    for (int32_t l = 0; l < sv.K_; ++l) {
      const std::vector<int32_t>& par = l % 2 == 0 ? pop[a] : pop[c];
      std::fill(size.begin(), size.end(), 0);
      for (int32_t t = 0; t < h; ++t) {
        if (!taken[t]) size[par[t]]++;
      }
      int32_t v = 0;
      for (int32_t w = 1; w < sv.K_; ++w) {
        if (size[w] > size[v]) v = w;
      }
      if (size[v] == 0) break;
      for (int32_t t = 0; t < h; ++t) {
        if (!taken[t] && par[t] == v) {
          child[t] = l;
          taken[t] = 1;
        }
      }
    }
    for (int32_t t = 0; t < h; ++t) {
      if (!taken[t]) child[t] = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(sv.K_)));
    }
    load(child);
    sv.work_.restarts++;
    L = (sv.work_.restarts % 2 == 0 ? 4 : 10) * static_cast<int64_t>(h);
    const double e = run();
    const int32_t worse = fit[a] >= fit[c] ? a : c;
    pop[worse] = save();
    fit[worse] = e;
    if (e < fit[best_k] || worse == best_k) {
      best_k = 0;
      for (int32_t k = 1; k < kPopulation; ++k) {
        if (fit[k] < fit[best_k]) best_k = k;
      }
    }
    if (e <= target + tol) break;
  }
  load(pop[best_k]);
}

}  // namespace svc::core

// A port of engine-ts kernels/tabu.ts (whose file comment is the specification): the same
// generator calls in the same order and every floating-point operation in the same order, so
// with the same seed and budget both engines make the same moves (IEEE doubles on both sides,
// -ffp-contract=off here).
#include "kernels/tabu.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <type_traits>

#include "kernels/anneal.h"
#include "kernels/bucket_selector.h"
#include "kernels/elite_pool.h"
#include "kernels/flip_state.h"
#include "kernels/move_scan.h"
#include "kernels/tree_selector.h"

namespace svc::core {

namespace {

constexpr int64_t kPollMask = 1023;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
// tabu_until of a variable outside the relinking set: never admissible.
constexpr double kExcluded = 2147483647.0;
constexpr double kT0Factor = 1;
constexpr double kT1Factor = 0.25;

// 1e-12 (1 + sum|h| + sum_rows|W|): far below any real improvement, far above rounding noise.
}  // namespace

bool IsSymmetric(const QuboModel& m) {
  for (int32_t i = 0; i < m.n; ++i) {
    double s = 0;
    for (int64_t k = m.q.row_start[i]; k < m.q.row_start[i + 1]; ++k) s += m.q.w[k];
    if (2 * m.h[i] + s != 0) return false;
  }
  return true;
}

std::vector<uint8_t> GreedyStart(const QuboModel& m, Prng& rng) {
  const int32_t n = m.n;
  const Csr& q = m.q;
  // field[i] = h_i + sum_j W_ij x~_j with x~_j = 1/2 for unfixed j (0.5 W is exact in binary).
  std::vector<double> field(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) {
    double f = m.h[i];
    for (int64_t k = q.row_start[i]; k < q.row_start[i + 1]; ++k) f += 0.5 * q.w[k];
    field[i] = f;
  }
  std::vector<int32_t> order(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) order[i] = i;
  ShuffleInPlace(order.data(), n, rng);
  std::vector<uint8_t> x(static_cast<size_t>(n), 0);
  for (int32_t t = 0; t < n; ++t) {
    const int32_t v = order[t];
    const bool one = field[v] < 0;
    x[v] = one ? 1 : 0;
    const double half = one ? 0.5 : -0.5;
    for (int64_t k = q.row_start[v]; k < q.row_start[v + 1]; ++k) field[q.col[k]] += half * q.w[k];
  }
  return x;
}

std::vector<uint8_t> GreedySweep(const QuboModel& m) {
  FlipState st(m);
  st.Load(std::vector<uint8_t>(static_cast<size_t>(m.n), 0));
  for (int32_t i = 0; i < m.n; ++i) {
    if (st.delta[i] < 0) st.Flip(i);
  }
  return st.x;
}

std::vector<uint8_t> AtLeastGreedy(const QuboModel& m, std::vector<uint8_t> x) {
  std::vector<uint8_t> g = GreedySweep(m);
  if (x.size() != g.size() || ModelEnergy(m, g) < ModelEnergy(m, x)) return g;
  return x;
}

namespace {

// Step 2 as the SIMD scan (move_scan.h): the "selector" of small or dense models.
struct ScanOnly {};

template <class Sel>
TabuOutcome Search(const QuboModel& m, const TabuParams& params, Prng& rng, const Limits& limits,
                   std::span<const uint8_t> warm, Sel* sel) {
  constexpr bool kScan = std::is_same_v<Sel, ScanOnly>;
  const int32_t n = m.n;
  const Csr& q = m.q;
  const bool has_warm = warm.size() == static_cast<size_t>(n);
  FlipState st(m);
  const double eps = EnergyTolerance(m);
  const double scale = AnnealScale(m);
  const double beta0 = 1 / (kT0Factor * scale);
  const double beta1 = 1 / (kT1Factor * scale);
  Annealer annealer(IsIntegral(m));
  const bool symmetric = IsSymmetric(m);
  ElitePool pool(n, std::max<int32_t>(1, params.elite_pool), symmetric);
  const int64_t stall = std::max<int64_t>(1, params.stall);
  // Doubles (exact below 2^53) so the scan compares them with delta in the same SIMD lanes.
  std::vector<double> tabu_until(static_cast<size_t>(n), 0);
  std::vector<uint8_t> mask(static_cast<size_t>(n));
  std::vector<int32_t> path(static_cast<size_t>(n));

  if (has_warm) {
    st.Load(warm);
  } else {
    st.Load(std::vector<uint8_t>(static_cast<size_t>(n), 0));
  }
  BestTracker best(st.x, st.energy);
  BestTracker phase_best(st.x, st.energy);
  TabuOutcome out;
  int64_t moves = 0;
  int64_t rounds = 0;
  int64_t stagnant = 0;
  out.stop = limits.CheckLimits();

  const int64_t* row_start = q.row_start.data();
  const int32_t* col = q.col.data();
  // One flip with the selector kept current (tabu phase and relinking).
  auto flip_tracked = [&](int32_t v) {
    st.Flip(v);
    if constexpr (!kScan) {
      const double* d = st.delta.data();
      for (int64_t e = row_start[v]; e < row_start[v + 1]; ++e) sel->Update(col[e], d[col[e]]);
    }
    best.Moved(v, st.x);
    if (st.energy < best.energy() - eps) best.Improve(st.energy);
  };

  while (out.stop == Stop::kNone && rounds < params.max_phases && moves < params.max_moves) {
    ++rounds;
    // 1. The start point.
    if (rounds == 1 && has_warm) {
      // Start from the warm start as loaded.
    } else if (pool.size() < pool.capacity() || pool.capacity() < 2) {
      best.Materialize(st.x);
      st.Load(GreedyStart(m, rng));
      out.stop = annealer.Run(st, params.anneal_sweeps, beta0, beta1, rng, best, eps, limits);
      if (out.stop != Stop::kNone) break;
    } else {
      best.Materialize(st.x);
      const int32_t a = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(pool.size())));
      int32_t b = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(pool.size() - 1)));
      if (b >= a) ++b;
      const std::vector<uint8_t>& xa = pool.member(a);
      const std::vector<uint8_t>& xb = pool.member(b);
      st.Load(xa);
      int32_t ham = 0;
      for (int32_t i = 0; i < n; ++i) ham += xa[i] != xb[i];
      const uint8_t flip_guide = symmetric && 2 * static_cast<int64_t>(ham) > n ? 1 : 0;
      int32_t size = 0;
      for (int32_t i = 0; i < n; ++i) {
        const bool differs = (xa[i] ^ xb[i] ^ flip_guide) != 0;
        mask[i] = differs ? 1 : 0;
        size += differs ? 1 : 0;
        tabu_until[i] = differs ? 0 : kExcluded;
      }
      if (size >= 2) {
        if constexpr (!kScan) sel->Restrict(st.delta.data(), mask.data());
        const int32_t lo = std::max(1, size / 3);
        const int32_t hi = std::max(lo, (2 * size) / 3);
        int32_t best_step = lo;
        double best_path_e = kInf;
        int32_t steps = 0;
        while (steps < size - 1 && moves < params.max_moves) {
          if ((moves & kPollMask) == 0 && moves > 0) {
            out.stop = limits.CheckLimits();
            if (out.stop != Stop::kNone) break;
            limits.Report(best.energy(), kNaN, static_cast<double>(moves));
          }
          const int32_t r = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
          int32_t v;
          if constexpr (kScan) {
            v = SelectByScan(st.delta.data(), tabu_until.data(), n, r, static_cast<double>(moves),
                             -kInf);
          } else {
            v = sel->Select(r, -kInf);
          }
          if (v < 0) v = r;
          flip_tracked(v);
          if constexpr (kScan) {
            tabu_until[v] = kExcluded;
          } else {
            sel->Exclude(v);
          }
          path[steps++] = v;
          ++moves;
          if (steps >= lo && steps <= hi && st.energy < best_path_e) {
            best_path_e = st.energy;
            best_step = steps;
          }
        }
        if (out.stop != Stop::kNone) break;
        for (int32_t t = steps; t > best_step; --t) {
          st.Flip(path[t - 1]);
          best.Moved(path[t - 1], st.x);
        }
      }
    }

    // 2. The tabu phase.
    std::fill(tabu_until.begin(), tabu_until.end(), 0);
    if constexpr (!kScan) sel->Reset(st.delta.data());
    phase_best.Reset(st.x, st.energy);
    int64_t since_improve = 0;
    while (since_improve < stall && moves < params.max_moves) {
      if ((moves & kPollMask) == 0 && moves > 0) {
        out.stop = limits.CheckLimits();
        if (out.stop != Stop::kNone) break;
        limits.Report(best.energy(), kNaN, static_cast<double>(moves));
      }
      const int32_t r = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n)));
      const double aspire = best.energy() - eps - st.energy;
      int32_t v;
      if constexpr (kScan) {
        v = SelectByScan(st.delta.data(), tabu_until.data(), n, r, static_cast<double>(moves),
                         aspire);
      } else {
        sel->Expire(moves, st.delta.data());
        v = sel->Select(r, aspire);
      }
      if (v < 0) v = r;
      flip_tracked(v);
      ++moves;
      const int64_t until =
          moves + params.tenure_base + rng.NextInt(static_cast<uint32_t>(params.tenure_span));
      tabu_until[v] = static_cast<double>(until);
      if constexpr (!kScan) sel->MakeTabu(v, until, st.delta[v]);
      phase_best.Moved(v, st.x);
      if (st.energy < phase_best.energy() - eps) {
        phase_best.Improve(st.energy);
        since_improve = 0;
      } else {
        ++since_improve;
      }
    }
    if (out.stop != Stop::kNone) break;

    // 3. The pool.
    const bool entered = pool.Offer(phase_best.Materialize(st.x), phase_best.energy(), eps);
    if (pool.size() == pool.capacity() && pool.capacity() >= 2) {
      stagnant = entered ? 0 : stagnant + 1;
      if (stagnant >= params.shrink_rounds) {
        pool.KeepBest();
        stagnant = 0;
      }
    }
  }
  out.x = best.Materialize(st.x);
  out.energy = best.energy();
  out.moves = moves;
  out.flips = annealer.flips();
  out.phases = rounds;
  return out;
}

}  // namespace

TabuOutcome TabuSearch(const QuboModel& m, const TabuParams& params, Prng& rng,
                       const Limits& limits, std::span<const uint8_t> warm) {
  if (!params.use_trees) {
    ScanOnly scan;
    return Search(m, params, rng, limits, warm, &scan);
  }
  // Buckets (integral models, small delta range) or trees: the scan's choice either way.
  const int64_t ring = static_cast<int64_t>(params.tenure_base) + params.tenure_span + 1;
  const int64_t keys = BucketKeys(m);
  if (keys > 0) {
    BucketSelector sel(m.n, ring, keys);
    return Search(m, params, rng, limits, warm, &sel);
  }
  TreeSelector sel(m.n, ring);
  return Search(m, params, rng, limits, warm, &sel);
}

}  // namespace svc::core

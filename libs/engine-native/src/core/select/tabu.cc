// select: the swap tabu search (tabu.h).
#include "select/tabu.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Up to L entries of `list` (non-tabu unless ignore_tabu) with the smallest g (`smallest`) or
// the largest, ties to the lower index, sorted into `into`; returns the count.
int32_t PickCandidates(const std::vector<int32_t>& list, const std::vector<double>& g,
                       const std::vector<int64_t>& tabu_until, int64_t moves, int32_t L,
                       std::vector<int32_t>& into, bool smallest, bool ignore_tabu) {
  int32_t cnt = 0;
  const auto key_of = [&](int32_t i) { return smallest ? g[i] : -g[i]; };
  for (int32_t i : list) {
    if (!ignore_tabu && tabu_until[i] > moves) continue;
    const double key = key_of(i);
    int32_t q = cnt < L ? cnt : L - 1;
    if (cnt == L) {
      const int32_t last = into[L - 1];
      const double lk = key_of(last);
      if (key > lk || (key == lk && i > last)) continue;
    } else {
      ++cnt;
    }
    while (q > 0) {
      const int32_t prev = into[q - 1];
      const double pk = key_of(prev);
      if (pk < key || (pk == key && prev < i)) break;
      into[q] = prev;
      --q;
    }
    into[q] = i;
  }
  return cnt;
}

}  // namespace

double SelectGreedy(const SelectView& s, int32_t m, std::vector<double>& g, std::vector<uint8_t>& in_s) {
  const double* R = s.redundancy.data();
  g.assign(s.affinity.data(), s.affinity.data() + m);
  double V = 0;
  for (int32_t t = 0; t < s.k; ++t) {
    int32_t v = -1;
    double bv = -kInf;
    for (int32_t i = 0; i < m; ++i) {
      if (!in_s[i] && g[i] > bv) {
        bv = g[i];
        v = i;
      }
    }
    if (v < 0) {
      for (int32_t i = 0; i < m; ++i) {
        if (!in_s[i]) {
          v = i;
          break;
        }
      }
    }
    if (v < 0) break;  // unreachable: k < m leaves an outsider
    V += g[v];
    in_s[v] = 1;
    const double* row = R + static_cast<size_t>(v) * m;
    for (int32_t j = 0; j < m; ++j) g[j] -= row[j];
  }
  return V;
}

SelectTabuResult SelectTabu(const SelectView& s, int32_t m, const SelectBudget& b, Prng& rng,
                            const Limits& limits, double eps) {
  const int32_t k = s.k;
  const double* a = s.affinity.data();
  const double* R = s.redundancy.data();
  const int32_t out_n = m - k;
  std::vector<double> g(m);
  std::vector<uint8_t> in_s(m, 0);
  std::vector<int32_t> mem(k), out(out_n), pos(m);
  double V = SelectGreedy(s, m, g, in_s);
  const auto rebuild_lists = [&]() {
    int32_t si = 0, oi = 0;
    for (int32_t i = 0; i < m; ++i) {
      if (in_s[i]) {
        pos[i] = si;
        mem[si++] = i;
      } else {
        pos[i] = oi;
        out[oi++] = i;
      }
    }
  };
  rebuild_lists();
  const auto swap = [&](int32_t u, int32_t v, double delta) {
    V += delta;
    const double* ru = R + static_cast<size_t>(u) * m;
    const double* rv = R + static_cast<size_t>(v) * m;
    for (int32_t j = 0; j < m; ++j) g[j] += ru[j] - rv[j];
    in_s[u] = 0;
    in_s[v] = 1;
    const int32_t pu = pos[u];
    const int32_t pv = pos[v];
    mem[pu] = v;
    pos[v] = pu;
    out[pv] = u;
    pos[u] = pv;
  };

  SelectTabuResult res;
  res.chosen = in_s;
  double best_v = V;
  std::vector<int64_t> tabu_until(m, 0);
  const int32_t L = b.candidates;
  const bool full = static_cast<int64_t>(k) * out_n <= b.full_scan_pairs;
  std::vector<int32_t> cand_out(L), cand_in(L);
  int64_t moves = 0;
  int64_t phases = 0;
  int32_t strength = b.perturb_min;
  if ((res.stop = limits.CheckLimits()) != Stop::kNone) return res;

  while (moves < b.tabu_moves) {
    ++phases;
    double phase_best = V;
    int64_t since = 0;
    bool improved_global = false;
    while (since < b.stall && moves < b.tabu_moves) {
      if ((moves & 63) == 0 && moves > 0 && (res.stop = limits.CheckLimits()) != Stop::kNone) break;
      int32_t bu = -1, bv = -1;
      double bd = -kInf;
      if (full) {
        int32_t fu = -1, fv = -1;
        double fd = -kInf;
        const double aspire = best_v + eps - V;
        for (int32_t si = 0; si < k; ++si) {
          const int32_t u = mem[si];
          const double gu = g[u];
          const double* ru = R + static_cast<size_t>(u) * m;
          const bool u_free = tabu_until[u] <= moves;
          for (int32_t oi = 0; oi < out_n; ++oi) {
            const int32_t v = out[oi];
            const double d = g[v] - gu + ru[v];
            if (d > fd) {
              fd = d;
              fu = u;
              fv = v;
            }
            if (d > bd && ((u_free && tabu_until[v] <= moves) || d > aspire)) {
              bd = d;
              bu = u;
              bv = v;
            }
          }
        }
        if (bu < 0) {
          bu = fu;
          bv = fv;
          bd = fd;
        }
      } else {
        int32_t no = PickCandidates(mem, g, tabu_until, moves, L, cand_out, true, false);
        if (no == 0) no = PickCandidates(mem, g, tabu_until, moves, L, cand_out, true, true);
        int32_t ni = PickCandidates(out, g, tabu_until, moves, L, cand_in, false, false);
        if (ni == 0) ni = PickCandidates(out, g, tabu_until, moves, L, cand_in, false, true);
        for (int32_t si = 0; si < no; ++si) {
          const int32_t u = cand_out[si];
          const double gu = g[u];
          const double* ru = R + static_cast<size_t>(u) * m;
          for (int32_t oi = 0; oi < ni; ++oi) {
            const int32_t v = cand_in[oi];
            const double d = g[v] - gu + ru[v];
            if (d > bd) {
              bd = d;
              bu = u;
              bv = v;
            }
          }
        }
      }
      swap(bu, bv, bd);
      ++moves;
      tabu_until[bu] = moves + b.tenure_in_base + rng.NextInt(static_cast<uint32_t>(b.tenure_in_span));
      tabu_until[bv] = moves + b.tenure_out_base + rng.NextInt(static_cast<uint32_t>(b.tenure_out_span));
      if (V > phase_best + eps) {
        phase_best = V;
        since = 0;
        if (V > best_v + eps) {
          best_v = V;
          res.chosen = in_s;
          improved_global = true;
        }
      } else {
        ++since;
      }
    }
    if (res.stop != Stop::kNone || moves >= b.tabu_moves) break;
    strength = improved_global ? b.perturb_min : std::min(strength + b.perturb_step, b.perturb_max);
    in_s = res.chosen;
    std::copy(a, a + m, g.begin());
    for (int32_t i = 0; i < m; ++i) {
      if (!in_s[i]) continue;
      const double* row = R + static_cast<size_t>(i) * m;
      for (int32_t j = 0; j < m; ++j) g[j] -= row[j];
    }
    V = 0;
    for (int32_t i = 0; i < m; ++i) {
      if (in_s[i]) V += a[i] + g[i];
    }
    V *= 0.5;
    rebuild_lists();
    for (int32_t t = 0; t < strength; ++t) {
      const int32_t u = mem[rng.NextInt(static_cast<uint32_t>(k))];
      const int32_t v = out[rng.NextInt(static_cast<uint32_t>(out_n))];
      swap(u, v, g[v] - g[u] + R[static_cast<size_t>(u) * m + v]);
    }
    std::fill(tabu_until.begin(), tabu_until.end(), 0);
  }
  res.moves = moves;
  res.phases = phases;
  return res;
}

}  // namespace svc::core

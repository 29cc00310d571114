// quantum-scale search: integer annealing, greedy + pair/triple descent, re-anneals until the
// planted floor (engine-ts families/planted/solve.ts is the specification; same moves, same
// generator calls).
#include <cmath>
#include <string>

#include "planted/solve.h"
#include "qubo/solve.h"

namespace svc::core {

namespace {

constexpr int32_t kMaxA = 16;
constexpr int32_t kPollMask = 0xFFFF;
constexpr int32_t kClusterG = -5;
constexpr int32_t kMaxClusterPasses = 8;

class SpinState {
 public:
  SpinState(const PlantedGraph& g, int32_t n, const Limits& limits)
      : g_(g), n_(n), limits_(limits), s_(static_cast<size_t>(n)), h_(static_cast<size_t>(n)) {}

  std::vector<int8_t>& spins() { return s_; }
  int64_t energy() const { return energy_; }
  int64_t sweeps() const { return sweeps_; }
  Stop stop() const { return stop_; }

  // Latched limit check (engine-ts Limits.check).
  bool Check() {
    if (stop_ == Stop::kNone) stop_ = limits_.CheckLimits();
    return stop_ != Stop::kNone;
  }

  void Refresh() {
    int64_t twice = 0;
    for (int32_t i = 0; i < n_; ++i) {
      int32_t f = 0;
      for (int32_t q = g_.offsets[i]; q < g_.offsets[i + 1]; ++q) {
        f += g_.couplings[q] * s_[g_.neighbours[q]];
      }
      h_[i] = static_cast<int8_t>(f);
      twice += s_[i] * f;
    }
    energy_ = twice / 2;
  }

  void Flip(int32_t i) {
    const int32_t si = s_[i];
    energy_ -= 2 * si * h_[i];
    s_[i] = static_cast<int8_t>(-si);
    const int32_t two_s = 2 * si;
    for (int32_t q = g_.offsets[i], end = g_.offsets[i + 1]; q < end; ++q) {
      h_[g_.neighbours[q]] = static_cast<int8_t>(h_[g_.neighbours[q]] - g_.couplings[q] * two_s);
    }
  }

  // One greedy sweep (flip every i with g_i > 0, i ascending) with no limit check.
  void SweepOnce() {
    for (int32_t i = 0; i < n_; ++i) {
      if (s_[i] * h_[i] > 0) Flip(i);
    }
  }

  bool Sweep(const uint32_t* thr, Prng& rng) {
    const int32_t* off = g_.offsets.data();
    const int32_t* nb = g_.neighbours.data();
    const int8_t* cp = g_.couplings.data();
    int8_t* s = s_.data();
    int8_t* h = h_.data();
    int64_t e = energy_;
    for (int32_t i = 0; i < n_; ++i) {
      if ((i & kPollMask) == 0 && i > 0 && Check()) {
        energy_ = e;
        return false;
      }
      const int32_t si = s[i];
      const int32_t gi = si * h[i];
      if (gi < 0) {
        const uint32_t t = thr[-gi];
        if (t == 0 || rng.NextU32() >= t) continue;
      }
      e -= 2 * gi;
      s[i] = static_cast<int8_t>(-si);
      const int32_t two_s = 2 * si;
      for (int32_t q = off[i], end = off[i + 1]; q < end; ++q) {
        h[nb[q]] = static_cast<int8_t>(h[nb[q]] - cp[q] * two_s);
      }
    }
    energy_ = e;
    ++sweeps_;
    return true;
  }

  bool Greedy() {
    for (;;) {
      bool moved = false;
      for (int32_t i = 0; i < n_; ++i) {
        if ((i & kPollMask) == 0 && i > 0 && Check()) return false;
        if (s_[i] * h_[i] > 0) {
          Flip(i);
          moved = true;
        }
      }
      if (!moved) return true;
    }
  }

  // 1 pass; 1 = moved, 0 = no move, -1 = stopped by a limit.
  int ClusterPass() {
    bool moved = false;
    for (int32_t i = 0; i < n_; ++i) {
      if ((i & kPollMask) == 0 && i > 0 && Check()) return -1;
      // An anchor has an unsatisfied incident edge: g_i = -deg(i) means every edge is satisfied.
      const int32_t all = g_.offsets[i] - g_.offsets[i + 1];
      const int32_t g0 = s_[i] * h_[i];
      if (g0 < kClusterG || g0 == all) continue;
      for (int32_t q = g_.offsets[i]; q < g_.offsets[i + 1]; ++q) {
        const int32_t j = g_.neighbours[q];
        const int32_t gi = s_[i] * h_[i];
        if (gi < kClusterG || gi == all) break;
        const int32_t gj = s_[j] * h_[j];
        if (gj < kClusterG) continue;
        const int32_t cij = g_.couplings[q] * s_[i] * s_[j];
        if (-2 * gi - 2 * gj + 4 * cij < 0) {
          Flip(i);
          Flip(j);
          moved = true;
          continue;
        }
        if (Triple(j, i, cij) || Triple(i, j, cij)) moved = true;
      }
    }
    return moved ? 1 : 0;
  }

  bool Descend() {
    for (int32_t pass = 0; pass < kMaxClusterPasses; ++pass) {
      if (!Greedy()) return false;
      const int moved = ClusterPass();
      if (moved < 0) return false;
      if (moved == 0) return true;
    }
    return Greedy();
  }

  bool Anneal(int64_t sweeps, double b0, double b1, Prng& rng, uint32_t* thr) {
    for (int64_t k = 0; k < sweeps; ++k) {
      if (Check()) return false;
      const double beta = sweeps == 1 ? b1
                                      : b0 + ((b1 - b0) * static_cast<double>(k)) /
                                                 static_cast<double>(sweeps - 1);
      AcceptThresholds(beta, thr);
      if (!Sweep(thr, rng)) return false;
    }
    return true;
  }

 private:
  int32_t Bond(int32_t b, int32_t k) const {
    for (int32_t q = g_.offsets[b]; q < g_.offsets[b + 1]; ++q) {
      if (g_.neighbours[q] == k) return g_.couplings[q] * s_[b] * s_[k];
    }
    return 0;
  }

  bool Triple(int32_t a, int32_t b, int32_t cab) {
    const int32_t gab = s_[a] * h_[a] + s_[b] * h_[b];
    for (int32_t r = g_.offsets[a]; r < g_.offsets[a + 1]; ++r) {
      const int32_t k = g_.neighbours[r];
      if (k == b) continue;
      const int32_t gk = s_[k] * h_[k];
      if (gk < kClusterG) continue;
      const int32_t d =
          -2 * (gab + gk) + 4 * (cab + g_.couplings[r] * s_[a] * s_[k] + Bond(b, k));
      if (d < 0) {
        Flip(a);
        Flip(b);
        Flip(k);
        return true;
      }
    }
    return false;
  }

  const PlantedGraph& g_;
  const int32_t n_;
  const Limits& limits_;
  std::vector<int8_t> s_;
  std::vector<int8_t> h_;
  int64_t energy_ = 0;
  int64_t sweeps_ = 0;
  Stop stop_ = Stop::kNone;
};

}  // namespace

double PlantedExpNeg(double x) {
  if (x > 40) return 0;
  const double y = x / 64;
  double r = 1;
  for (int k = 18; k >= 1; --k) r = 1 - (y / k) * r;
  for (int q = 0; q < 6; ++q) r = r * r;
  return r;
}

void AcceptThresholds(double beta, uint32_t* thr) {
  thr[0] = 4294967295u;
  for (int32_t a = 1; a <= kMaxA; ++a) {
    const double t = std::floor(PlantedExpNeg(2 * a * beta) * 4294967296.0);
    thr[a] = t > 4294967295.0 ? 4294967295u : static_cast<uint32_t>(t);
  }
}

PlantedSearchResult PlantedSearch(const PlantedLayout& layout, const PlantedGraph& g,
                                  const PlantedSpec& b, Prng& rng, const Limits& limits) {
  const int32_t n = layout.n;
  const int64_t floor = layout.planted_energy;
  SpinState st(g, n, limits);
  std::vector<int8_t>& s = st.spins();
  for (int32_t w = 0; w < n; w += 32) {
    const uint32_t word = rng.NextU32();
    for (int32_t k = 0; k < 32 && w + k < n; ++k) s[w + k] = ((word >> k) & 1u) != 0 ? 1 : -1;
  }
  st.Refresh();
  const std::vector<int8_t> start = s;
  uint32_t thr[kMaxA + 1];
  std::vector<int8_t> best = s;
  int64_t best_e = st.energy();
  int64_t rounds = 0;
  bool stopped = false;
  const auto keep = [&] {
    if (st.energy() < best_e) {
      best_e = st.energy();
      best = s;
    }
  };
  if (st.Check() || !st.Anneal(b.anneal_sweeps, b.beta_start, b.beta_end, rng, thr) ||
      !st.Descend()) {
    stopped = true;
  }
  keep();
  while (!stopped && best_e > floor) {
    // A large excess means frozen domains, which only a full anneal undoes.
    const bool full = (best_e - floor) * 256 > n;
    const int64_t sweeps = full ? b.anneal_sweeps : b.reheat_sweeps;
    if (sweeps < 1 || st.sweeps() + sweeps > b.max_sweeps) break;
    ++rounds;
    if (!full && st.energy() != best_e) {
      s = best;
      st.Refresh();
    }
    const double b0 = full ? b.beta_start : b.beta_reheat;
    if (!st.Anneal(sweeps, b0, b.beta_end, rng, thr) || !st.Descend()) stopped = true;
    keep();
  }
  if (stopped) {
    // The constructive floor of a cut search: one greedy sweep from the start (solve.ts).
    SpinState c(g, n, limits);
    c.spins() = start;
    c.Refresh();
    c.SweepOnce();
    if (c.energy() < best_e) {
      best_e = c.energy();
      best = c.spins();
    }
  }
  PlantedSearchResult r;
  r.x.resize(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) r.x[i] = best[i] > 0 ? 1 : 0;
  r.energy = best_e;
  r.sweeps = st.sweeps();
  r.rounds = rounds;
  r.stop = st.stop();
  return r;
}

CallStatus ValidatePlanted(std::string_view command, const PlantedProblem& p,
                           const SolveOptions& options, std::string* error) {
  const auto fail = [&](const char* message) {
    if (error != nullptr) *error = message;
    return CallStatus::kError;
  };
  const PlantedSpec& b = p.planted;
  if (p.n < 1 || p.n > kPlantedMaxN) return fail("quantum-scale n must be in 1..10000000");
  if (b.degree < kPlantedMinDegree || b.degree > kPlantedMaxDegree) {
    return fail("quantum-scale degree must be in 3..16");
  }
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete) {
    return fail("quantum-scale takes no linear terms or pairs (the engine builds the instance)");
  }
  if (!options.warm_start.empty()) return fail("quantum-scale takes no warm start");
  if (b.anneal_sweeps < 0 || b.reheat_sweeps < 0 || b.max_sweeps < 0 ||
      !(b.beta_start >= 0 && b.beta_end >= 0 && b.beta_reheat >= 0) ||
      !(std::isfinite(b.beta_start) && std::isfinite(b.beta_end) && std::isfinite(b.beta_reheat))) {
    return fail("quantum-scale budget out of range");
  }
  return CallStatus::kOk;
}

CallStatus SolveQuantumScale(const PlantedProblem& problem, const SolveOptions& options,
                             const Limits& limits, SolveResult* out, std::string* error) {
  PlantedLayout layout;
  if (!MakePlantedLayout(problem.n, problem.planted.degree, problem.planted.instance_seed, &layout,
                         error)) {
    return CallStatus::kError;
  }
  const PlantedGraph g = BuildPlantedGraph(layout);
  Prng rng(options.seed);
  PlantedSearchResult r = PlantedSearch(layout, g, problem.planted, rng, limits);
  const bool reached = r.energy == layout.planted_energy;
  out->answer = std::move(r.x);
  out->objective = static_cast<double>(r.energy);
  out->proof = reached ? Proof::kPlanted : Proof::kNone;
  out->has_bound = !reached;
  out->bound = reached ? 0 : static_cast<double>(layout.planted_energy);
  out->status = FinalStatus(out->proof, r.stop);
  out->work.iterations = r.sweeps * layout.n;
  out->work.restarts = r.rounds;
  out->kind = ResultKind::kKnownOptimum;
  out->SetExtra("plantedEnergy", static_cast<double>(layout.planted_energy));
  out->SetExtra("edges", static_cast<double>(layout.edges));
  return CallStatus::kOk;
}

}  // namespace svc::core

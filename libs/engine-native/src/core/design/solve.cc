// design: a port of engine-ts families/design/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification). This file is the dispatch: components, which
// method runs on which (tree_dp.h, tabu.h, evolution.h, branch_bound.h over model.h), and the bound.
#include "design/solve.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/checks.h"
#include "common/prng.h"
#include "design/branch_bound.h"
#include "design/evolution.h"
#include "design/model.h"
#include "design/tabu.h"
#include "design/tree_dp.h"

namespace svc::core {

namespace {

// Tabu iterations per site before the branch and bound of small components (solve.ts).
constexpr int64_t kPreProofItersPerSite = 200;
// Hard sites from which the evolutionary search runs (solve.ts EVOLVE_MIN_SITES).
constexpr int32_t kEvolveMinSites = 100;
// Tabu iterations per site of the single run before the evolution (solve.ts).
constexpr int64_t kPreEvolveItersPerSite = 2000;
// The caps of the contract (commands.md): L*K and K with a table.
constexpr int64_t kMaxCells = 100'000'000;
constexpr int32_t kMaxTableK = 4096;

double WeightSum(const DesignView& d) {
  double s = 0;
  for (double e : d.bias_energy) s += std::fabs(e);
  double c = 0;
  for (double v : d.cells) c = std::max(c, std::fabs(v));
  double m = 0;
  for (double v : d.bond_mult) m += v;
  return s + m * c;
}

}  // namespace

double DesignEnergy(const DesignView& d, int32_t L, std::span<const int32_t> x) {
  const int32_t K = d.k;
  const auto cost = [&](int32_t a, int32_t b) {
    if (d.coupling == Coupling::kTable) return d.cells[static_cast<size_t>(a) * K + b];
    if (d.coupling == Coupling::kCirculant) return d.cells[(a - b + K) % K];
    return 0.0;
  };
  double e = 0;
  for (int32_t s = 0; s < L; ++s) {
    for (int32_t k = d.bias_start[s]; k < d.bias_start[s + 1]; ++k) {
      if (d.bias_value[k] == x[s]) e += d.bias_energy[k];
    }
  }
  for (size_t k = 0; k < d.bond_i.size(); ++k) e += d.bond_mult[k] * cost(x[d.bond_i[k]], x[d.bond_j[k]]);
  return e;
}

CallStatus ValidateDesign(std::string_view /*command*/, const DesignProblem& p, const SolveOptions& options,
                          std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const DesignView& d = p.design;
  const int32_t L = p.n;
  const int32_t K = d.k;
  if (L < 1 || K < 1) return fail("design needs L >= 1 sites and K >= 1 values");
  if (static_cast<int64_t>(L) * K > kMaxCells) return fail("design takes at most 100000000 sites x values");
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("design takes only its own fields");
  }
  if (d.bias_start.size() != static_cast<size_t>(L) + 1 || d.bias_start[0] != 0) return fail("bias_start must have L+1 entries from 0");
  if (d.bias_value.size() != d.bias_energy.size() || static_cast<size_t>(d.bias_start[L]) != d.bias_value.size()) {
    return fail("bias arrays disagree in length");
  }
  // Offsets first (non-decreasing up to the entry count), then the entries they delimit.
  for (int32_t s = 0; s < L; ++s) {
    if (d.bias_start[s + 1] < d.bias_start[s]) return fail("bias_start must not decrease");
  }
  for (int32_t s = 0; s < L; ++s) {
    for (int32_t k = d.bias_start[s]; k < d.bias_start[s + 1]; ++k) {
      if (d.bias_value[k] < 0 || d.bias_value[k] >= K) return fail("bias value out of range");
      if (k > d.bias_start[s] && d.bias_value[k] <= d.bias_value[k - 1]) return fail("bias values must increase within a site");
      if (!std::isfinite(d.bias_energy[k])) return fail("bias energies must be finite");
    }
  }
  const size_t m = d.bond_i.size();
  if (d.bond_j.size() != m || d.bond_mult.size() != m) return fail("bond arrays disagree in length");
  for (size_t k = 0; k < m; ++k) {
    if (d.bond_i[k] < 0 || d.bond_i[k] >= d.bond_j[k] || d.bond_j[k] >= L) return fail("bonds must be 0 <= i < j < L");
    if (!(d.bond_mult[k] >= 1) || !std::isfinite(d.bond_mult[k])) return fail("bond multiplicities must be finite and >= 1");
  }
  if (d.coupling == Coupling::kTable) {
    if (K > kMaxTableK) return fail("a table takes at most 4096 values");
    if (d.cells.size() != static_cast<size_t>(K) * K) return fail("a table has K*K cells");
    for (int32_t a = 0; a < K; ++a) {
      for (int32_t b = 0; b < K; ++b) {
        const double c = d.cells[static_cast<size_t>(a) * K + b];
        if (!std::isfinite(c)) return fail("table cells must be finite");
        if (c != d.cells[static_cast<size_t>(b) * K + a]) return fail("the table must be symmetric");
      }
    }
  } else if (d.coupling == Coupling::kCirculant) {
    if (d.cells.size() != static_cast<size_t>(K)) return fail("a circulant has K cells");
    for (int32_t t = 0; t < K; ++t) {
      if (!std::isfinite(d.cells[t]) || d.cells[t] != d.cells[(K - t) % K]) return fail("circulant cells must be finite and symmetric");
    }
  } else if (d.coupling == Coupling::kNone) {
    if (!d.cells.empty() || m != 0) return fail("no coupling takes no cells and no bonds");
  } else {
    return fail("unknown coupling");
  }
  // Every energy is at most Σ|bias| + Σ mult·max|cost| in magnitude: keep it finite (the contract caps sums at 1e150).
  if (!(WeightSum(d) <= 1e300)) return fail("design energies could overflow: the magnitudes sum past 1e300");
  DesignBudget b;
  std::string why;
  if (!DecodeBudget(d.budget, kDesignBudget, &b, &why)) return fail("design " + why);
  return CallStatus::kOk;
}

CallStatus SolveDesign(const DesignProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                       std::string* error) {
  DesignBudget b;
  if (!DecodeBudget(p.design.budget, kDesignBudget, &b, error)) {
    Fail(error, "design budget out of range");
    return CallStatus::kError;
  }
  const DesignView& d = p.design;
  const int32_t L = p.n;
  const int32_t K = d.k;
  Work work;
  DesignModel sv(d, L, limits, &work);
  std::vector<int32_t> x(L, 0);
  const auto done = [&](Proof proof, bool has_bound, double bound) {
    out->objective = DesignEnergy(d, L, x);
    if (proof == Proof::kNone && sv.stop == Stop::kNone && has_bound && bound >= out->objective - 1e-9 * (1 + std::fabs(out->objective))) {
      proof = Proof::kBranchAndBound;
    }
    out->kind = ResultKind::kLabels;
    out->order = std::move(x);
    out->answer.clear();
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_bound && std::isfinite(bound);
    out->bound = out->has_bound ? std::min(bound, out->objective) : 0;
    out->status = StatusFor(sv.stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = work;
    return CallStatus::kOk;
  };
  if (K == 1) return done(Proof::kExhaustive, false, 0);
  sv.BuildAdjacency();
  sv.RowMinima();
  sv.SparseRows();
  std::vector<double> row(K);
  const double tol = 1e-9 * (1 + WeightSum(d));
  sv.Components();
  const size_t n_comp = sv.comp_start_.size() - 1;
  std::vector<size_t> hard_comps;
  double exact_energy = 0;
  bool used_dp = false;
  double dp_work = 0;
  for (size_t c = 0; c < n_comp; ++c) {
    const DesignSites sites = sv.SitesOf(c);
    const int32_t size = static_cast<int32_t>(sites.size());
    if (size == 1) {
      const int32_t s = sites[0];
      sv.BiasRow(s, row.data());
      int32_t v = 0;
      for (int32_t w = 1; w < K; ++w) {
        if (row[w] < row[v]) v = w;
      }
      x[s] = v;
      exact_energy += row[v];
      continue;
    }
    const double cells = static_cast<double>(size) * K * K;
    if (sv.comp_bonds_[c] == size - 1 && dp_work + cells <= b.dp_work && sv.stop == Stop::kNone) {
      double e = 0;
      if (DesignTreeDp(sv, sites, x, &e)) {
        dp_work += cells;
        exact_energy += e;
        used_dp = true;
        continue;
      }
    }
    hard_comps.push_back(c);
  }
  if (hard_comps.empty()) return done(used_dp ? Proof::kDynamicProgram : Proof::kExhaustive, false, 0);
  std::vector<int32_t> hard;
  for (size_t c : hard_comps) {
    const DesignSites s = sv.SitesOf(c);
    hard.insert(hard.end(), s.begin(), s.end());
  }
  const int32_t h = static_cast<int32_t>(hard.size());
  const double hard_floor = sv.FloorOf(hard);
  sv.Greedy(hard, x);
  Prng rng(options.seed);
  // Branch and bound keeps a partial row per site and value: only within the γ table's cap (solve.ts).
  bool small = static_cast<int64_t>(h) * K <= kDesignGammaCap;
  for (size_t c : hard_comps) {
    if (static_cast<int32_t>(sv.SitesOf(c).size()) > b.bnb_max_sites) small = false;
  }
  if (!small) {
    if (h >= kEvolveMinSites && static_cast<int64_t>(h) * K <= kDesignGammaCap && sv.Interchangeable(hard)) {
      const int64_t before = work.iterations;
      double spent = 0;
      const double e = DesignTabuSearch(sv, hard, x, std::min<int64_t>(b.tabu_iters, kPreEvolveItersPerSite * h), b.tabu_work, hard_floor, tol, rng, &spent);
      if (e > hard_floor + tol && sv.stop == Stop::kNone) {
        DesignEvolve(sv, hard, x, b.tabu_iters - (work.iterations - before), b.tabu_work - spent, hard_floor, tol, rng);
      }
    } else {
      DesignTabuSearch(sv, hard, x, b.tabu_iters, b.tabu_work, hard_floor, tol, rng);
    }
    return done(Proof::kNone, true, exact_energy + hard_floor);
  }
  const int64_t first = std::min<int64_t>(b.tabu_iters, kPreProofItersPerSite * h);
  const double first_work = (b.tabu_work * static_cast<double>(first)) / static_cast<double>(b.tabu_iters);
  DesignTabuSearch(sv, hard, x, first, first_work, hard_floor, tol, rng);
  if (sv.stop != Stop::kNone) return done(Proof::kNone, true, exact_energy + hard_floor);
  int32_t open = 0;
  int64_t nodes_left = b.bnb_nodes;
  double bound = exact_energy;
  for (size_t c : hard_comps) {
    const DesignSites sites = sv.SitesOf(c);
    const int64_t before = work.nodes;
    const bool closed = sv.stop == Stop::kNone && nodes_left > 0 && DesignBranchAndBound(sv, sites, x, nodes_left, tol);
    nodes_left -= work.nodes - before;
    if (closed) {
      bound += sv.PartEnergy(sites, x);
    } else {
      ++open;
      bound += sv.FloorOf(sites);
    }
  }
  if (open == 0) return done(Proof::kBranchAndBound, false, 0);
  if (sv.stop == Stop::kNone && b.tabu_iters > first) {
    DesignTabuSearch(sv, hard, x, b.tabu_iters - first, b.tabu_work - first_work, hard_floor, tol, rng);
  }
  return done(Proof::kNone, true, bound);
}

}  // namespace svc::core

#include "qubo/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/bnb.h"
#include "kernels/cut_bound.h"
#include "qubo/exact.h"
#include "common/prng.h"
#include "kernels/roof_dual.h"
#include "kernels/tabu.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Forced branch and bound stops here: its variable ordering is O(n^2) (qubo-solve.ts).
constexpr int32_t kBnbForcedMaxN = 4096;

// Up to this n the enumeration (2^n cheap steps) goes first; above it, branch and bound.
constexpr int32_t kEnumerateFirstMax = 20;

// Float noise allowed when an incumbent is compared with a bound: 1e-12 (1 + sum|h| + sum|W|).
// A search cut by a limit answers at least the constructive answer (qubo-solve.ts, docs/contract.md
// "Latency budget"); without a limit nothing changes.
void FloorCutSearch(const QuboModel& m, SearchOutcome& out) {
  if (out.stop != Stop::kNone) out.x = AtLeastGreedy(m, std::move(out.x));
}

}  // namespace

SearchOutcome RunSearch(const QuboModel& m, int32_t exact_free, bool symmetric, const QuboBudget& budget,
                        const SolveOptions& options, const Limits& limits) {
  SearchOutcome out;
  out.model_bound = -kInf;
  const SearchBudget& b = budget.search;
  const ExactBudget& exact = budget.exact;
  if (m.n <= b.exact_max_n && !exact.force_bnb && !exact.heuristic) {
    int64_t bnb_nodes = 0;
    std::vector<uint8_t> found;
    if (m.n > kEnumerateFirstMax && exact.has_budget) {
      BnbOptions bo;
      bo.symmetric = symmetric;
      bo.work_limit = exact.bnb_work;
      BnbOutcome r = BranchAndBound(m, bo, limits);
      bnb_nodes = r.nodes;
      found = std::move(r.x);
      if (r.complete) out.proof = Proof::kBranchAndBound;
      if (r.stop == BnbStop::kLimits) out.stop = r.limit;
    }
    if (out.proof == Proof::kNone && out.stop == Stop::kNone) {
      ExactOutcome r = ExactGray(m, exact_free, limits);
      found = std::move(r.x);
      out.proof = r.complete ? Proof::kExhaustive : Proof::kNone;
      out.stop = r.complete ? Stop::kNone : r.stop;
      out.work = Work{r.steps, r.steps + 1, 0};
    }
    out.x = found.empty() ? std::vector<uint8_t>(static_cast<size_t>(m.n), 0) : std::move(found);
    out.work.nodes += bnb_nodes;
    FloorCutSearch(m, out);
    return out;
  }
  TabuParams params;
  params.max_moves = b.tabu_iterations;
  params.max_phases = b.restarts;
  params.stall = b.stall;
  params.tenure_base = b.tenure_base;
  params.tenure_span = b.tenure_span;
  params.anneal_sweeps = b.anneal_sweeps;
  params.shrink_rounds = b.shrink_rounds;
  params.elite_pool = b.elite_pool;
  params.use_trees = b.use_trees;
  Prng rng(options.seed);
  TabuOutcome r = TabuSearch(m, params, rng, limits, options.warm_start);
  out.x = std::move(r.x);
  out.stop = r.stop;
  out.work = Work{r.moves, 0, std::max<int64_t>(0, r.phases - 1)};
  if (!options.warm_start.empty()) {
    std::vector<uint8_t> warm(options.warm_start.begin(), options.warm_start.end());
    if (ModelEnergy(m, warm) < ModelEnergy(m, out.x)) out.x = std::move(warm);
  }
  if (ProgressSink* sink = limits.progress()) sink->Flush(r.energy, kInf, static_cast<double>(r.moves));
  if (out.stop == Stop::kNone && exact.has_budget) {
    ProofOutcome proved = Prove(m, symmetric, std::move(out.x), exact, limits);
    out.x = std::move(proved.x);
    out.proof = proved.optimal ? Proof::kBranchAndBound : Proof::kNone;
    out.model_bound = proved.bound;
    out.triangles = std::move(proved.triangles);
    out.work.nodes = proved.nodes;
    out.stop = proved.stop;
    if (ProgressSink* sink = limits.progress()) {
      sink->Flush(ModelEnergy(m, out.x), proved.optimal ? ModelEnergy(m, out.x) : proved.bound,
                  static_cast<double>(r.moves + proved.nodes));
    }
  }
  FloorCutSearch(m, out);
  return out;
}

ProofOutcome Prove(const QuboModel& m, bool symmetric, std::vector<uint8_t> incumbent,
                   const ExactBudget& exact, const Limits& limits) {
  ProofOutcome out;
  std::vector<uint8_t> x = std::move(incumbent);
  const double eps = EnergyTolerance(m);
  double bound = -kInf;
  std::vector<int8_t> fixed;
  if (symmetric) {
    CutBoundOutcome cycle = CutCycleBound(m.q, 0.5, exact.bound_work, &limits);
    bound = -cycle.bound;
    out.triangles = std::move(cycle.triangles);
  } else if (RoofDualArcs(m) <= kRoofDualMaxArcs) {
    RoofDualOutcome rd = RoofDual(m, exact.bound_work, &limits);
    bound = rd.bound;
    if (rd.complete) fixed = std::move(rd.fixed);
  }
  if (!fixed.empty()) {
    // Persistency: setting the fixed variables never raises the energy of any assignment.
    std::vector<uint8_t> y = x;
    for (int32_t i = 0; i < m.n; ++i) {
      if (fixed[i] >= 0) y[i] = static_cast<uint8_t>(fixed[i]);
    }
    if (ModelEnergy(m, y) <= ModelEnergy(m, x)) x = std::move(y);
  }
  const double ex = ModelEnergy(m, x);
  out.bound = bound;
  if (ex <= bound + eps) {
    out.optimal = true;
    out.x = std::move(x);
    return out;
  }

  std::vector<int32_t> free_vars;
  double constant = 0;
  QuboModel reduced;
  const bool reduce = !fixed.empty();
  if (reduce) reduced = ReduceModel(m, fixed, &free_vars, &constant);
  const QuboModel& bm = reduce ? reduced : m;
  if (exact.heuristic || bm.n > (exact.force_bnb ? kBnbForcedMaxN : exact.bnb_max_n)) {
    out.x = std::move(x);
    return out;
  }
  std::vector<uint8_t> inc;
  if (reduce) {
    inc.assign(free_vars.size(), 0);
    for (size_t k = 0; k < free_vars.size(); ++k) inc[k] = x[free_vars[k]];
  }
  BnbOptions bo;
  bo.symmetric = symmetric;
  bo.work_limit = exact.bnb_work;
  bo.incumbent = reduce ? std::span<const uint8_t>(inc) : std::span<const uint8_t>(x);
  BnbOutcome r = BranchAndBound(bm, bo, limits);
  std::vector<uint8_t> y = std::move(r.x);
  if (!y.empty() && reduce) {
    std::vector<uint8_t> full(static_cast<size_t>(m.n), 0);
    for (int32_t i = 0; i < m.n; ++i) full[i] = fixed[i] >= 0 ? static_cast<uint8_t>(fixed[i]) : 0;
    for (size_t k = 0; k < free_vars.size(); ++k) full[free_vars[k]] = y[k];
    y = std::move(full);
  }
  if (!y.empty() && (r.complete || ModelEnergy(m, y) < ex)) x = std::move(y);
  out.x = std::move(x);
  out.optimal = r.complete;
  out.bound = std::max(bound, r.bound + constant);
  if (r.bound + constant > bound) out.triangles.clear();
  out.nodes = r.nodes;
  out.stop = r.stop == BnbStop::kLimits ? r.limit : Stop::kNone;
  return out;
}

QuboModel ReduceModel(const QuboModel& m, const std::vector<int8_t>& fixed,
                      std::vector<int32_t>* free_vars, double* constant) {
  const int32_t n = m.n;
  const Csr& q = m.q;
  std::vector<int32_t> index(static_cast<size_t>(n), -1);
  int32_t nf = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (fixed[i] < 0) index[i] = nf++;
  }
  free_vars->assign(static_cast<size_t>(nf), 0);
  for (int32_t i = 0; i < n; ++i) {
    if (index[i] >= 0) (*free_vars)[index[i]] = i;
  }
  double c = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (fixed[i] != 1) continue;
    c += m.h[i];
    for (int64_t k = q.row_start[i]; k < q.row_start[i + 1]; ++k) {
      if (q.col[k] > i && fixed[q.col[k]] == 1) c += q.w[k];
    }
  }
  *constant = c;
  QuboModel red;
  red.n = nf;
  red.h.assign(static_cast<size_t>(nf), 0.0);
  red.q.n = nf;
  red.q.row_start.assign(static_cast<size_t>(nf) + 1, 0);
  for (int32_t k = 0; k < nf; ++k) {
    const int32_t i = (*free_vars)[k];
    double f = m.h[i];
    int64_t deg = 0;
    for (int64_t e = q.row_start[i]; e < q.row_start[i + 1]; ++e) {
      const int32_t j = q.col[e];
      if (fixed[j] == 1) {
        f += q.w[e];
      } else if (fixed[j] < 0) {
        ++deg;
      }
    }
    red.h[k] = f;
    red.q.row_start[k + 1] = red.q.row_start[k] + deg;
  }
  red.q.col.assign(static_cast<size_t>(red.q.row_start[nf]), 0);
  red.q.w.assign(static_cast<size_t>(red.q.row_start[nf]), 0.0);
  for (int32_t k = 0; k < nf; ++k) {
    const int32_t i = (*free_vars)[k];
    int64_t at = red.q.row_start[k];
    for (int64_t e = q.row_start[i]; e < q.row_start[i + 1]; ++e) {
      const int32_t j = q.col[e];
      if (fixed[j] < 0) {
        red.q.col[at] = index[j];
        red.q.w[at++] = q.w[e];
      }
    }
  }
  return red;
}

ResultStatus FinalStatus(Proof proof, Stop stop) {
  if (proof != Proof::kNone) return ResultStatus::kOptimal;
  return StatusFor(stop, ResultStatus::kWorkLimit);
}

}  // namespace svc::core

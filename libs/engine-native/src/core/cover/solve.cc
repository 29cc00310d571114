// cover: a port of engine-ts families/cover/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification); built with CLP, the LP path (lp_tree.h,
// docs/cover.md) bounds and branches instead of the Lagrangian tree. This file is the dispatch: the
// reductions, which method runs when, and the answer; the methods are search.h (the Lagrangian
// machinery and the state they share), local_search.h, lagrangian_tree.h and lp_tree.h.
#include "cover/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "common/checks.h"
#include "common/lp.h"
#include "common/prng.h"
#include "cover/lagrangian_tree.h"
#include "cover/local_search.h"
#include "cover/lp_tree.h"
#include "cover/search.h"
#include "cover/tree_record.h"

namespace svc::core {

namespace {

// Refinement passes before branch and bound (solve.ts EARLY_PASSES).
constexpr int64_t kEarlyPasses = 2;
// With CLP (the LP path): the root subgradient runs rootIters / this many iterations.
constexpr int64_t kLpSubgradientShare = 10;
// With CLP: the LP root comes before the early local search when the LP has at most this many
// entries (all of OR-Library's sets 4-6 and A-E; NRE-NRH have 250,000-2,000,000).
constexpr int64_t kEarlyLpEntries = 150'000;
// With CLP and the LP root early: local search steps before it (the rest of lsEarlySteps after).
constexpr int64_t kLsBeforeLp = 2'000;
// The caps of the contract (limits.ts): elements, sets, entries.
constexpr int32_t kMaxUniverse = 1'000'000;
constexpr int32_t kMaxSets = 1'000'000;
constexpr size_t kMaxEntries = 5'000'000;

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
  CoverSearch c(p.cover, n, limits, b.work);
  const auto done = [&](Proof proof, bool has_bound, double bound, const CoverTreeRecord* rec = nullptr) {
    out->answer = c.best_;
    out->order.clear();
    // The multipliers behind the root bound (all 0 when the reductions alone solved it): the
    // service's `lagrangian` certificate; then, when a branch tree closed, its record (the extra
    // "tree": the stream's length, 0 when it passed its cap).
    out->values = c.root_y_.empty() ? std::vector<double>(c.U_, 0.0) : c.root_y_;
    if (rec != nullptr) {
      const std::vector<double> stream = rec->Stream();
      out->values.insert(out->values.end(), stream.begin(), stream.end());
      out->SetExtra("tree", static_cast<double>(stream.size()));
    }
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
  // With CLP (the LP path, CoverLpTree) the LP bounds and its tree closes; the subgradient (a tenth of
  // its iterations, from the LP duals) and the refinement passes (all after the tree, when it stays
  // open) are then only incumbent heuristics. The LP root comes before the local search when the LP
  // has at most kEarlyLpEntries entries (what it closes needs no search), after it otherwise.
  const bool use_lp = lp::Available();
  std::optional<CoverLpTree> tree;
  double floor_lb = first_lb;
  const auto lp_root = [&]() {
    if (c.Stopped()) return false;
    tree.emplace(c, b.bnb_nodes);
    bool closed = false;
    floor_lb = std::max(floor_lb, tree->Root(&closed));
    return closed;
  };
  int64_t ls_left = b.ls_early_steps;
  if (use_lp && first_lb < c.best_cost_ - c.tol_ && CoverLpTree::Entries(c) <= kEarlyLpEntries) {
    // A slice of the local search first, so that a deadline the LP root overruns keeps its cover.
    const int64_t slice = std::min(ls_left, kLsBeforeLp);
    search(slice, floor_lb);
    ls_left -= slice;
    if (floor_lb < c.best_cost_ - c.tol_ && lp_root()) return done(Proof::kBranchAndBound, false, 0, &tree->rec_);
  }
  search(ls_left, floor_lb);
  if (use_lp && !tree.has_value() && c.stop == Stop::kNone && floor_lb < c.best_cost_ - c.tol_ && lp_root()) {
    return done(Proof::kBranchAndBound, false, 0, &tree->rec_);
  }
  // The subgradient starts from the LP duals (CoverLpTree's heuristic leaves them in u) when the LP root ran.
  if (!tree.has_value()) c.InitMultipliers();
  double root_lb =
      floor_lb >= c.best_cost_ - c.tol_ ? floor_lb : std::max(floor_lb, c.RoundUp(c.Subgradient(use_lp ? b.root_iters / kLpSubgradientShare : b.root_iters, 0.5)));
  const std::vector<double> root_u = c.u_;
  c.OfferRootY(root_u);
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
  refine(0, use_lp ? 0 : std::min(b.passes, kEarlyPasses));
  if (c.Stopped() || root_lb >= c.best_cost_ - c.tol_) return done(Proof::kNone, true, root_lb);
  c.u_ = root_u;
  if (use_lp) {
    // The tree (its root solved again with the incumbent found since) replaces the Lagrangian one.
    if (tree.has_value() && tree->Run()) return done(Proof::kBranchAndBound, false, 0, &tree->rec_);
    if (c.stop != Stop::kNone) return done(Proof::kNone, true, root_lb);
  } else {
    CoverTreeRecord rec(c.U_, static_cast<int64_t>(p.cover.elems.size()));
    int32_t node = -1;
    if (CoverLagrangianTree(c, b.bnb_nodes, b.node_iters, &rec, &node)) {
      rec.Attach(-1, 0, node);
      return done(Proof::kBranchAndBound, false, 0, &rec);
    }
  }
  refine(use_lp ? 0 : std::min(b.passes, kEarlyPasses), b.passes);
  search(b.ls_steps, root_lb);
  return done(Proof::kNone, true, root_lb);
}

}  // namespace svc::core

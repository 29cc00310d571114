// maxcut: maximise a weighted cut. K_n and balanced signed graphs (bipartite with positive
// weights) by construction, exact when small, tabu otherwise;
// never worse than the warm start. A heuristic answer's bound is the least of Σ max(0, w), the
// cycle bound and, at medium and high for 64 <= n <= SdpBoundMaxN, the proven SDP bound
// (qubo/sdp_bound.h): with a deadline before the search (the cycle bound too), without one after it.
#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/cut_bound.h"
#include "qubo/balanced_cut.h"
#include "qubo/bounds.h"
#include "qubo/commands.h"
#include "qubo/complete_maxcut.h"
#include "qubo/evaluate.h"
#include "qubo/sdp_bound.h"
#include "qubo/solve.h"

namespace svc::core {

CallStatus SolveMaxcut(const QuboFamilyProblem& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error) {
  if (problem.complete) {
    SolveCompleteMaxcut(problem.n, out);
    return CallStatus::kOk;
  }
  const MaxcutView p{problem.n, problem.pairs, false};
  const ExactBudget& exact = problem.budget.exact;
  // Every positive edge cut and no negative one is the proven bound: certified by construction
  // (exactMethod 'auto' only: 'heuristic' and 'branch_and_bound' ask for one method by name).
  if (!exact.heuristic && !exact.force_bnb && SolveBalancedMaxcut(p, out)) return CallStatus::kOk;
  const QuboModel model = ModelFromMaxcut(p);
  // Proven bounds at medium and high (SdpBoundMaxN > 0) for n >= kSdpMinN. With a deadline they
  // run before the search and share at most a third of the time left (the search keeps the rest):
  // first the cycle bound, which otherwise runs only after a search that a deadline may never let
  // finish; then the SDP bound (n <= SdpBoundMaxN), skipped when its dense factorisation (n³/3
  // flops, counted at 4 GFlop/s) would not fit what is left of the share. Without a deadline the
  // SDP bound runs after the search, when it ended with no proof and no limit fired: the search's
  // incumbents and work come first (a cancelled job bills the share done, its progress has a cut).
  double early = std::numeric_limits<double>::infinity();
  // The proven SDP bound's dual point while it is the least bound: it crosses as `values` (y)
  // and the extra `sdpMu` (engine-ts BinaryResult.sdpDual).
  SdpBoundOutcome sdp_dual;
  // The least cycle bound's triangles while it is the bound: they cross as `order` (u, v, w each;
  // engine-ts BinaryResult.triangles).
  double cycle_bound = std::numeric_limits<double>::infinity();
  std::vector<int32_t> cycle_triangles;
  const int32_t sdp_max_n = SdpBoundMaxN(exact);
  const bool sdp_size = p.n >= kSdpMinN && sdp_max_n > 0;
  const double share = limits.RemainingMs() / 3;
  const bool timed = std::isfinite(share);
  if (sdp_size && timed) {
    const Limits phase = limits.Within(share);
    CutBoundOutcome cycle = CutCycleBound(model.q, 0.5, exact.bound_work, &phase);
    early = cycle.bound;
    cycle_bound = cycle.bound;
    cycle_triangles = std::move(cycle.triangles);
    const double flops = static_cast<double>(p.n) * p.n * p.n / 3;
    if (p.n <= sdp_max_n && flops <= phase.RemainingMs() * 4e6) {
      SdpBoundOutcome sdp = MaxcutSdpBound(p, options.seed, phase);
      if (sdp.proven) {
        early = std::min(early, sdp.bound);
        sdp_dual = std::move(sdp);
      }
    }
    if (std::isfinite(early) && limits.progress() != nullptr) {
      const ObjectiveScope progress(limits, -1, 0);  // a listener sees the bound as soon as it is proven
      limits.progress()->Flush(std::numeric_limits<double>::infinity(), -early, 0);
    }
  }
  // A cut and its mirror image have the same value: node n - 1 stays on side 0.
  SearchOutcome s = [&] {
    const ObjectiveScope progress(limits, -1, 0);  // the model's energy is minus the cut
    return RunSearch(model, p.n - 1, true, problem.budget, options, limits);
  }();
  if (!s.triangles.empty() && -s.model_bound <= cycle_bound) {
    cycle_bound = -s.model_bound;
    cycle_triangles = std::move(s.triangles);
  }
  out->answer = std::move(s.x);
  out->objective = CutValue(p, out->answer);
  if (!options.warm_start.empty()) {
    const double w = CutValue(p, options.warm_start);
    if (w > out->objective) {
      out->answer.assign(options.warm_start.begin(), options.warm_start.end());
      out->objective = w;
    }
  }
  if (sdp_size && !timed && p.n <= sdp_max_n && s.proof == Proof::kNone && s.stop == Stop::kNone &&
      limits.CheckLimits() == Stop::kNone) {
    SdpBoundOutcome sdp = MaxcutSdpBound(p, options.seed, limits);
    if (sdp.proven) {
      early = std::min(early, sdp.bound);
      sdp_dual = std::move(sdp);
      if (limits.progress() != nullptr) {
        const ObjectiveScope progress(limits, -1, 0);
        limits.progress()->Flush(-out->objective, -early, static_cast<double>(s.work.iterations));
      }
    }
  }
  out->proof = s.proof;
  out->has_bound = s.proof == Proof::kNone;
  out->bound = out->has_bound ? std::min(CutUpperBound(p), -s.model_bound) : 0;
  if (out->has_bound) out->bound = std::min(out->bound, early);
  if (out->has_bound && sdp_dual.proven && sdp_dual.bound == out->bound) {
    out->values = std::move(sdp_dual.y);
    out->SetExtra("sdpMu", sdp_dual.mu);
  }
  if (out->has_bound && !cycle_triangles.empty() && cycle_bound == out->bound) {
    out->order = std::move(cycle_triangles);
  }
  out->status = FinalStatus(s.proof, s.stop);
  out->work = s.work;
  return CallStatus::kOk;
}

}  // namespace svc::core

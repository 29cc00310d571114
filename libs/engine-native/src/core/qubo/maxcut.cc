// maxcut: maximise a weighted cut. K_n and balanced signed graphs (bipartite with positive
// weights) by construction, exact when small, tabu otherwise;
// never worse than the warm start. A heuristic answer's bound is the least of Σ max(0, w), the
// cycle bound and, at medium and high for 64 <= n <= SdpBoundMaxN, the proven SDP bound
// (qubo/sdp_bound.h), computed before the search.
#include <algorithm>
#include <cmath>
#include <limits>

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
  // Every positive edge cut and no negative one is the proven bound: certified by construction
  // (exactMethod 'auto' only: 'heuristic' and 'branch_and_bound' ask for one method by name).
  if (!options.exact.heuristic && !options.exact.force_bnb && SolveBalancedMaxcut(p, out)) return CallStatus::kOk;
  // The SDP bound first (medium and high, kSdpMinN <= n <= SdpBoundMaxN). With a deadline it gets
  // at most a third of the time left, and is skipped when its dense factorisation (n³/3 flops,
  // counted at 4 GFlop/s) would not fit that share: the search keeps the rest.
  SdpBoundOutcome sdp;
  if (p.n >= kSdpMinN && p.n <= SdpBoundMaxN(options.exact)) {
    const double share = limits.RemainingMs() / 3;
    const double flops = static_cast<double>(p.n) * p.n * p.n / 3;
    if (!std::isfinite(share)) {
      sdp = MaxcutSdpBound(p, options.seed, limits);
    } else if (flops <= share * 4e6) {
      sdp = MaxcutSdpBound(p, options.seed, limits.Within(share));
    }
    if (sdp.proven && limits.progress() != nullptr) {
      const ObjectiveScope progress(limits, -1, 0);  // a listener sees the bound as soon as it is proven
      limits.progress()->Flush(std::numeric_limits<double>::infinity(), -sdp.bound, 0);
    }
  }
  const QuboModel model = ModelFromMaxcut(p);
  // A cut and its mirror image have the same value: node n - 1 stays on side 0.
  SearchOutcome s = [&] {
    const ObjectiveScope progress(limits, -1, 0);  // the model's energy is minus the cut
    return RunSearch(model, p.n - 1, true, options, limits);
  }();
  out->answer = std::move(s.x);
  out->objective = CutValue(p, out->answer);
  if (!options.warm_start.empty()) {
    const double w = CutValue(p, options.warm_start);
    if (w > out->objective) {
      out->answer.assign(options.warm_start.begin(), options.warm_start.end());
      out->objective = w;
    }
  }
  out->proof = s.proof;
  out->has_bound = s.proof == Proof::kNone;
  out->bound = out->has_bound ? std::min(CutUpperBound(p), -s.model_bound) : 0;
  if (out->has_bound && sdp.proven) out->bound = std::min(out->bound, sdp.bound);
  out->status = FinalStatus(s.proof, s.stop);
  out->work = s.work;
  return CallStatus::kOk;
}

}  // namespace svc::core

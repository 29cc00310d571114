// optimize: minimise a QUBO. Exact when small, tabu plus a proof attempt (qubo/solve.h) otherwise;
// never worse than the warm start.
#include "qubo/commands.h"

#include <algorithm>

#include "qubo/bounds.h"
#include "qubo/evaluate.h"
#include "qubo/solve.h"

namespace svc::core {

CallStatus SolveOptimize(const QuboFamilyProblem& problem, const SolveOptions& options,
                         const Limits& limits, SolveResult* out, std::string* error) {
  const QuboView p{problem.n, problem.linear, problem.pairs};
  const QuboModel model = ModelFromQubo(p);
  SearchOutcome s = [&] {
    const ObjectiveScope progress(limits, 1, 0);  // the model's energy is the objective
    return RunSearch(model, p.n, false, problem.budget, options, limits);
  }();
  out->answer = std::move(s.x);
  out->objective = QuboEnergy(p, out->answer);
  if (!options.warm_start.empty()) {
    const double w = QuboEnergy(p, options.warm_start);
    if (w < out->objective) {
      out->answer.assign(options.warm_start.begin(), options.warm_start.end());
      out->objective = w;
    }
  }
  out->proof = s.proof;
  out->has_bound = s.proof == Proof::kNone;
  out->bound = out->has_bound ? std::max(QuboLowerBound(p), s.model_bound) : 0;
  out->status = FinalStatus(s.proof, s.stop);
  out->work = s.work;
  return CallStatus::kOk;
}

}  // namespace svc::core

// maxcut: maximise a weighted cut. K_n by construction, exact when small, tabu otherwise;
// never worse than the warm start.
#include <algorithm>

#include "qubo/bounds.h"
#include "qubo/commands.h"
#include "qubo/complete_maxcut.h"
#include "qubo/evaluate.h"
#include "qubo/solve.h"

namespace svc::core {

CallStatus SolveMaxcut(const QuboFamilyProblem& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error) {
  if (problem.complete) {
    SolveCompleteMaxcut(problem.n, out);
    return CallStatus::kOk;
  }
  const MaxcutView p{problem.n, problem.pairs, false};
  const QuboModel model = ModelFromMaxcut(p);
  // A cut and its mirror image have the same value: node n - 1 stays on side 0.
  SearchOutcome s = RunSearch(model, p.n - 1, true, options, limits);
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
  out->status = FinalStatus(s.proof, s.stop);
  out->work = s.work;
  return CallStatus::kOk;
}

}  // namespace svc::core

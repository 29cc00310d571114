#include "search.h"

#include <algorithm>

#include "exact_gray.h"
#include "prng.h"
#include "tabu.h"

namespace svc::core {

SearchOutcome RunSearch(const QuboModel& m, int32_t exact_free, const SolveOptions& options,
                        const Limits& limits) {
  SearchOutcome out;
  const SearchBudget& b = options.budget;
  if (m.n <= b.exact_max_n) {
    ExactOutcome r = ExactGray(m, exact_free, limits);
    out.x = std::move(r.x);
    out.proof = r.complete ? Proof::kExhaustive : Proof::kNone;
    out.stop = r.complete ? Stop::kNone : r.stop;
    out.work = Work{r.steps, r.steps + 1, 0};
    return out;
  }
  TabuParams params;
  params.max_moves = b.tabu_iterations;
  params.max_phases = b.restarts;
  params.stall = b.stall;
  params.tenure_base = b.tenure_base;
  params.tenure_span = b.tenure_span;
  params.perturb_min = b.perturb_min;
  params.perturb_max = b.perturb_max;
  params.perturb_step = b.perturb_step;
  params.use_trees = b.use_trees;
  Prng rng(options.seed);
  TabuOutcome r = TabuSearch(m, params, rng, limits, options.warm_start);
  out.x = std::move(r.x);
  out.stop = r.stop;
  out.work = Work{r.moves, 0, std::max<int64_t>(0, r.phases - 1)};
  return out;
}

ResultStatus FinalStatus(Proof proof, Stop stop) {
  if (proof != Proof::kNone) return ResultStatus::kOptimal;
  return StatusFor(stop, ResultStatus::kWorkLimit);
}

}  // namespace svc::core

// sample: k-best enumeration when small, else the optimize path plus the elite walk.
// A port of engine-ts families/qubo/sample.ts (its file comment is the specification).
#include <algorithm>
#include <vector>

#include "qubo/bounds.h"
#include "qubo/commands.h"
#include "qubo/evaluate.h"
#include "qubo/k_best.h"
#include "qubo/sample_walk.h"
#include "qubo/solve.h"

namespace svc::core {

CallStatus SolveSample(const QuboFamilyProblem& problem, const SolveOptions& options,
                       const Limits& limits, SolveResult* out, std::string* error) {
  const int32_t n = problem.n;
  const SampleSpec& spec = problem.sample;
  const QuboView plain{n, problem.linear, problem.pairs};
  const QuboModel model = ModelFromQubo(plain);
  struct Raw {
    std::vector<uint8_t> x;
    int64_t count;
  };
  std::vector<Raw> states;
  if (n <= spec.exact_max_n) {
    KBestOutcome r = KBestGray(model, n, spec.count, limits);
    states.reserve(r.codes.size() + 1);
    for (uint32_t g : r.codes) {
      std::vector<uint8_t> x(static_cast<size_t>(n), 0);
      for (int32_t i = 0; i < n; ++i) x[i] = static_cast<uint8_t>((g >> i) & 1);
      states.push_back(Raw{std::move(x), 1});
    }
    if (!r.complete && !options.warm_start.empty()) {
      const bool known = std::any_of(states.begin(), states.end(), [&](const Raw& s) {
        return CompareStates(s.x, options.warm_start) == 0;
      });
      if (!known) states.push_back(Raw{std::vector<uint8_t>(options.warm_start.begin(), options.warm_start.end()), 1});
    }
    out->proof = r.complete ? Proof::kExhaustive : Proof::kNone;
    out->status = FinalStatus(out->proof, r.stop);
    out->work = Work{r.steps, r.steps + 1, 0};
  } else {
    QuboFamilyProblem base_view;
    base_view.n = n;
    base_view.linear = problem.linear;
    base_view.pairs = problem.pairs;
    base_view.budget = problem.budget;
    SolveResult base;
    const CallStatus st = SolveOptimize(base_view, options, limits, &base, error);
    if (st != CallStatus::kOk) return st;
    Prng rng(options.seed ^ kSampleSeedSalt);
    WalkOutcome w = SampleWalk(model, base.answer, spec.count, spec.rounds, spec.max_flips, rng, limits);
    states.reserve(w.states.size());
    for (WalkState& s : w.states) states.push_back(Raw{std::move(s.x), s.count});
    out->proof = Proof::kNone;
    if (base.proof != Proof::kNone) {
      out->has_bound = true;
      out->bound = base.objective;
    } else {
      out->has_bound = base.has_bound;
      out->bound = base.bound;
    }
    const bool base_stopped =
        base.status == ResultStatus::kDeadline || base.status == ResultStatus::kCancelled;
    out->status = base_stopped ? base.status : StatusFor(w.stop, ResultStatus::kWorkLimit);
    out->work = Work{base.work.iterations + w.flips, base.work.nodes, base.work.restarts + w.rounds};
  }
  // Re-evaluate, sort by (energy, state), keep those within the window of the first.
  std::vector<SampleState> samples;
  samples.reserve(states.size());
  for (Raw& s : states) {
    const double e = QuboEnergy(plain, s.x);
    samples.push_back(SampleState{std::move(s.x), e, s.count});
  }
  std::sort(samples.begin(), samples.end(), [](const SampleState& a, const SampleState& b) {
    if (a.objective != b.objective) return a.objective < b.objective;
    return CompareStates(a.x, b.x) < 0;
  });
  if (spec.has_window) {
    const double limit = samples[0].objective + spec.window;
    while (samples.back().objective > limit) samples.pop_back();
  }
  out->answer = samples[0].x;
  out->objective = samples[0].objective;
  out->kind = ResultKind::kSamples;
  out->samples = std::move(samples);
  return CallStatus::kOk;
}

}  // namespace svc::core

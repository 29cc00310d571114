// quantum-scale's arguments: optional `planted` {degree, instanceSeed, annealSweeps,
// reheatSweeps, maxSweeps, betaStart, betaEnd, betaReheat} (engine-ts quantumScaleBudget plus the
// instance); the engine generates the instance itself.
#include "common/registry.h"
#include "common_args.h"
#include "planted/problem.h"

namespace svc::binding {

namespace {

class PlantedArgs : public FamilyArgs {
 public:
  explicit PlantedArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    const Napi::Value pv = problem.Get("planted");
    if (pv.IsUndefined() || pv.IsNull()) return true;
    if (!pv.IsObject()) return ThrowType(problem.Env(), "planted must be an object");
    const Napi::Object po = pv.As<Napi::Object>();
    core::PlantedSpec& ps = spec_;
    return ReadInt(po, "degree", 1, kMax32, &ps.degree) &&
           ReadInt(po, "instanceSeed", 0, 4294967295.0, &ps.instance_seed) &&
           ReadInt(po, "annealSweeps", 0, kMaxSafe, &ps.anneal_sweeps) &&
           ReadInt(po, "reheatSweeps", 0, kMaxSafe, &ps.reheat_sweeps) &&
           ReadInt(po, "maxSweeps", 0, kMaxSafe, &ps.max_sweeps) &&
           ReadNumber(po, "betaStart", &ps.beta_start) &&
           ReadNumber(po, "betaEnd", &ps.beta_end) && ReadNumber(po, "betaReheat", &ps.beta_reheat);
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::PlantedProblem p{base_.View()};
    p.planted = spec_;
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  core::PlantedSpec spec_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadPlantedArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<PlantedArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

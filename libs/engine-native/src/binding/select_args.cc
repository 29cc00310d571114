// select's arguments: optional `select` {k, affinity: Float64Array, redundancy: Float64Array |
// null, budget: Float64Array}. A redundancy over a SharedArrayBuffer is read in place (it cannot
// be detached; the reference keeps it alive), any other is copied.
#include "common/registry.h"
#include "common_args.h"
#include "select/problem.h"

namespace svc::binding {

namespace {

class SelectArgs : public FamilyArgs {
 public:
  explicit SelectArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value sv = problem.Get("select");
    if (sv.IsUndefined() || sv.IsNull()) return true;
    if (!sv.IsObject()) return ThrowType(env, "select must be an object");
    const Napi::Object so = sv.As<Napi::Object>();
    if (!ReadInt(so, "k", 1, kMax32, &k_)) return false;
    const Napi::Value a = so.Get("affinity");
    const Napi::Value r = so.Get("redundancy");
    const Napi::Value b = so.Get("budget");
    if (!IsTyped(a, napi_float64_array) || !IsTyped(b, napi_float64_array)) {
      return ThrowType(env, "select.affinity and select.budget must be Float64Arrays");
    }
    affinity_ = CopyTyped<double>(a);
    budget_ = CopyTyped<double>(b);
    if (r.IsNull() || r.IsUndefined()) return true;
    return redundancy_.Read(r, "select.redundancy (or null)");
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::SelectProblem p{base_.View()};
    p.select = core::SelectView{k_, affinity_, redundancy_.view(), budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  int32_t k_ = 0;
  std::vector<double> affinity_, budget_;
  SharedDoubles redundancy_;  // empty view: no pair penalised
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadSelectArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<SelectArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

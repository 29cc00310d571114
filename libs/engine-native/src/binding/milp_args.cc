// milp's arguments: the base's `linear` (c) and pairs (w), and `milp` {binary: Uint8Array, lo, hi,
// diag, budget: Float64Array} (copied; ±Infinity bounds pass through).
#include "common/registry.h"
#include "common_args.h"
#include "milp/problem.h"

namespace svc::binding {

namespace {

class MilpArgs : public FamilyArgs {
 public:
  explicit MilpArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value mv = problem.Get("milp");
    if (!mv.IsObject()) return ThrowType(env, "milp must be an object {binary, lo, hi, diag, budget}");
    const Napi::Object m = mv.As<Napi::Object>();
    const Napi::Value bin = m.Get("binary");
    if (!IsTyped(bin, napi_uint8_array)) return ThrowType(env, "milp.binary must be a Uint8Array");
    binary_ = CopyTyped<uint8_t>(bin);
    for (const auto& [key, out] : {std::pair{"lo", &lo_}, std::pair{"hi", &hi_}, std::pair{"diag", &diag_}, std::pair{"budget", &budget_}}) {
      const Napi::Value v = m.Get(key);
      if (!IsTyped(v, napi_float64_array)) return ThrowType(env, std::string("milp.") + key + " must be a Float64Array");
      *out = CopyTyped<double>(v);
    }
    return true;
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::MilpProblem p{base_.View()};
    p.milp = core::MilpView{binary_, lo_, hi_, diag_, budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  std::vector<uint8_t> binary_;
  std::vector<double> lo_, hi_, diag_, budget_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadMilpArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<MilpArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

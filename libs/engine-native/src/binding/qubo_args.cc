// The qubo family's arguments (optimize, maxcut, feel, want, sample): the objective plus want's
// optional pinIndex (Int32Array) + pinValue (Uint8Array) and sample's optional `sample`
// {count, energyWindow (number or null), exactMaxN, rounds, maxFlips}.
#include "common/registry.h"
#include "common_args.h"
#include "qubo/problem.h"

namespace svc::binding {

namespace {

class QuboArgs : public FamilyArgs {
 public:
  explicit QuboArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value pin_index = problem.Get("pinIndex");
    const Napi::Value pin_value = problem.Get("pinValue");
    if (!pin_index.IsUndefined() || !pin_value.IsUndefined()) {
      if (!IsTyped(pin_index, napi_int32_array) || !IsTyped(pin_value, napi_uint8_array)) {
        return ThrowType(env, "pinIndex must be an Int32Array and pinValue a Uint8Array");
      }
      pin_index_ = CopyTyped<int32_t>(pin_index);
      pin_value_ = CopyTyped<uint8_t>(pin_value);
    }
    const Napi::Value sv = problem.Get("sample");
    if (sv.IsUndefined() || sv.IsNull()) return true;
    if (!sv.IsObject()) return ThrowType(env, "sample must be an object");
    const Napi::Object so = sv.As<Napi::Object>();
    const Napi::Value window = so.Get("energyWindow");
    if (!window.IsNull() && !window.IsUndefined()) {
      if (!ReadNumber(so, "energyWindow", &sample_.window)) return false;
      sample_.has_window = true;
    }
    return ReadInt(so, "count", 1, kMax32, &sample_.count) &&
           ReadInt(so, "exactMaxN", 0, 30, &sample_.exact_max_n) &&
           ReadInt(so, "rounds", 0, kMaxSafe, &sample_.rounds) &&
           ReadInt(so, "maxFlips", 1, kMax32, &sample_.max_flips);
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::QuboFamilyProblem p{base_.View()};
    p.pins = core::PinsView{pin_index_, pin_value_};
    p.sample = sample_;
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  std::vector<int32_t> pin_index_;  // want
  std::vector<uint8_t> pin_value_;
  core::SampleSpec sample_;  // sample
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadQuboArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<QuboArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

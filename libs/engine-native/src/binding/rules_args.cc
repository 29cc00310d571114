// rules' arguments: the objective plus optional `rules` {type: Uint8Array, k, start, nodes:
// Int32Array, budget: Float64Array}.
#include "common/registry.h"
#include "common_args.h"
#include "rules/problem.h"

namespace svc::binding {

namespace {

class RulesArgs : public FamilyArgs {
 public:
  explicit RulesArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value rv = problem.Get("rules");
    if (rv.IsUndefined() || rv.IsNull()) return true;
    if (!rv.IsObject()) return ThrowType(env, "rules must be an object");
    const Napi::Object ro = rv.As<Napi::Object>();
    const Napi::Value type = ro.Get("type");
    const Napi::Value k = ro.Get("k");
    const Napi::Value start = ro.Get("start");
    const Napi::Value nodes = ro.Get("nodes");
    const Napi::Value budget = ro.Get("budget");
    if (!IsTyped(type, napi_uint8_array) || !IsTyped(k, napi_int32_array) ||
        !IsTyped(start, napi_int32_array) || !IsTyped(nodes, napi_int32_array) ||
        !IsTyped(budget, napi_float64_array)) {
      return ThrowType(env, "rules needs type: Uint8Array, k/start/nodes: Int32Array, budget: Float64Array");
    }
    type_ = CopyTyped<uint8_t>(type);
    k_ = CopyTyped<int32_t>(k);
    start_ = CopyTyped<int32_t>(start);
    nodes_ = CopyTyped<int32_t>(nodes);
    budget_ = CopyTyped<double>(budget);
    return true;
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::RulesProblem p{base_.View()};
    p.rules = core::RulesView{type_, k_, start_, nodes_, budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  std::vector<uint8_t> type_;
  std::vector<int32_t> k_, start_, nodes_;
  std::vector<double> budget_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadRulesArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<RulesArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

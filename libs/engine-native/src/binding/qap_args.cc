// qap's arguments: `qap` {flow, dist: Float64Array (n*n each, over a SharedArrayBuffer read in
// place, any other copied), budget: Float64Array}.
#include "common/registry.h"
#include "common_args.h"
#include "qap/problem.h"

namespace svc::binding {

namespace {

class QapArgs : public FamilyArgs {
 public:
  explicit QapArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value qv = problem.Get("qap");
    if (!qv.IsObject()) return ThrowType(env, "qap must be an object {flow, dist, budget}");
    const Napi::Object qo = qv.As<Napi::Object>();
    const Napi::Value b = qo.Get("budget");
    if (!IsTyped(b, napi_float64_array)) return ThrowType(env, "qap.budget must be a Float64Array");
    budget_ = CopyTyped<double>(b);
    return flow_.Read(qo.Get("flow"), "qap.flow") && dist_.Read(qo.Get("dist"), "qap.dist");
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::QapProblem p{base_.View()};
    p.qap = core::QapView{flow_.view(), dist_.view(), budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  std::vector<double> budget_;
  SharedDoubles flow_, dist_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadQapArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<QapArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

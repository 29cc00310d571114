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
    return Matrix(qo.Get("flow"), "qap.flow", &flow_copy_, &flow_ref_, &flow_) &&
           Matrix(qo.Get("dist"), "qap.dist", &dist_copy_, &dist_ref_, &dist_);
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::QapProblem p{base_.View()};
    p.qap = core::QapView{flow_, dist_, budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  static bool Matrix(const Napi::Value& v, const char* what, std::vector<double>* copy,
                     Napi::Reference<Napi::Float64Array>* ref, std::span<const double>* out) {
    if (!IsTyped(v, napi_float64_array)) return ThrowType(v.Env(), std::string(what) + " must be a Float64Array");
    Napi::Float64Array a = v.As<Napi::Float64Array>();
    if (a.ArrayBuffer().IsArrayBuffer()) {
      *copy = CopyTyped<double>(v);
      *out = *copy;
    } else {
      *ref = Napi::Persistent(a);
      *out = std::span<const double>(a.Data(), a.ElementLength());
    }
    return true;
  }

  BaseArgs base_;
  std::vector<double> budget_, flow_copy_, dist_copy_;
  std::span<const double> flow_, dist_;
  Napi::Reference<Napi::Float64Array> flow_ref_, dist_ref_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadQapArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<QapArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

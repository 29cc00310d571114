// tsp's arguments: `tsp` {matrix: Float64Array | null (n*n, over a SharedArrayBuffer read in
// place, any other copied), points: Float64Array | null (2n, copied), metric: 0..4, budget}.
#include "common/registry.h"
#include "common_args.h"
#include "tsp/problem.h"

namespace svc::binding {

namespace {

class TspArgs : public FamilyArgs {
 public:
  explicit TspArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value tv = problem.Get("tsp");
    if (!tv.IsObject()) return ThrowType(env, "tsp must be an object {matrix, points, metric, budget}");
    const Napi::Object to = tv.As<Napi::Object>();
    int32_t metric = 0;
    if (!ReadInt(to, "metric", 0, 4, &metric)) return false;
    metric_ = static_cast<core::TspMetric>(metric);
    const Napi::Value m = to.Get("matrix");
    const Napi::Value p = to.Get("points");
    const Napi::Value b = to.Get("budget");
    if (!IsTyped(b, napi_float64_array)) return ThrowType(env, "tsp.budget must be a Float64Array");
    budget_ = CopyTyped<double>(b);
    if (!m.IsNull() && !m.IsUndefined() && !matrix_.Read(m, "tsp.matrix (or null)")) return false;
    if (IsTyped(p, napi_float64_array)) {
      points_ = CopyTyped<double>(p);
    } else if (!p.IsNull() && !p.IsUndefined()) {
      return ThrowType(env, "tsp.points must be a Float64Array or null");
    }
    return true;
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::TspProblem p{base_.View()};
    p.tsp = core::TspView{matrix_.view(), points_, metric_, budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  core::TspMetric metric_ = core::TspMetric::kMatrix;
  std::vector<double> budget_, points_;
  SharedDoubles matrix_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadTspArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<TspArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

// rank's arguments: `rank` {wins: Float64Array (n*n, over a SharedArrayBuffer read in place,
// any other copied), budget: Float64Array}.
#include "common/registry.h"
#include "common_args.h"
#include "rank/problem.h"

namespace svc::binding {

namespace {

class RankArgs : public FamilyArgs {
 public:
  explicit RankArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value rv = problem.Get("rank");
    if (!rv.IsObject()) return ThrowType(env, "rank must be an object {wins, budget}");
    const Napi::Object ro = rv.As<Napi::Object>();
    const Napi::Value w = ro.Get("wins");
    const Napi::Value b = ro.Get("budget");
    if (!IsTyped(w, napi_float64_array) || !IsTyped(b, napi_float64_array)) {
      return ThrowType(env, "rank.wins and rank.budget must be Float64Arrays");
    }
    budget_ = CopyTyped<double>(b);
    return wins_.Read(w, "rank.wins");
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::RankProblem p{base_.View()};
    p.rank = core::RankView{wins_.view(), budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  std::vector<double> budget_;
  SharedDoubles wins_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadRankArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<RankArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

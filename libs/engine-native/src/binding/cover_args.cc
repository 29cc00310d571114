// cover's arguments: `cover` {universe: number, start, elems: Int32Array, cost, budget:
// Float64Array} (copied).
#include "common/registry.h"
#include "common_args.h"
#include "cover/problem.h"

namespace svc::binding {

namespace {

class CoverArgs : public FamilyArgs {
 public:
  explicit CoverArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value cv = problem.Get("cover");
    if (!cv.IsObject()) return ThrowType(env, "cover must be an object {universe, start, elems, cost, budget}");
    const Napi::Object c = cv.As<Napi::Object>();
    if (!ReadInt(c, "universe", 1, 2147483647, &universe_)) return false;
    const Napi::Value s = c.Get("start"), e = c.Get("elems"), w = c.Get("cost"), b = c.Get("budget");
    if (!IsTyped(s, napi_int32_array) || !IsTyped(e, napi_int32_array)) return ThrowType(env, "cover.start and cover.elems must be Int32Arrays");
    if (!IsTyped(w, napi_float64_array) || !IsTyped(b, napi_float64_array)) return ThrowType(env, "cover.cost and cover.budget must be Float64Arrays");
    start_ = CopyTyped<int32_t>(s);
    elems_ = CopyTyped<int32_t>(e);
    cost_ = CopyTyped<double>(w);
    budget_ = CopyTyped<double>(b);
    return true;
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::CoverProblem p{base_.View()};
    p.cover = core::CoverView{universe_, start_, elems_, cost_, budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  int32_t universe_ = 1;
  std::vector<int32_t> start_, elems_;
  std::vector<double> cost_, budget_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadCoverArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<CoverArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

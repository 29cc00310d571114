// design's arguments: `design` {K: number, coupling: 0 none | 1 table | 2 circulant, biasStart,
// biasValue, bondI, bondJ: Int32Array, biasEnergy, bondMult, cells, budget: Float64Array} (copied).
#include "common/registry.h"
#include "common_args.h"
#include "design/problem.h"

namespace svc::binding {

namespace {

class DesignArgs : public FamilyArgs {
 public:
  explicit DesignArgs(BaseArgs base) : base_(std::move(base)) {}

  bool Read(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value dv = problem.Get("design");
    if (!dv.IsObject()) return ThrowType(env, "design must be an object {K, coupling, biasStart, biasValue, biasEnergy, bondI, bondJ, bondMult, cells, budget}");
    const Napi::Object d = dv.As<Napi::Object>();
    if (!ReadInt(d, "K", 1, 2147483647, &k_) || !ReadInt(d, "coupling", 0, 2, &coupling_)) return false;
    const auto ints = [&](const char* key, std::vector<int32_t>* out) {
      const Napi::Value v = d.Get(key);
      if (!IsTyped(v, napi_int32_array)) return ThrowType(env, std::string("design.") + key + " must be an Int32Array");
      *out = CopyTyped<int32_t>(v);
      return true;
    };
    const auto doubles = [&](const char* key, std::vector<double>* out) {
      const Napi::Value v = d.Get(key);
      if (!IsTyped(v, napi_float64_array)) return ThrowType(env, std::string("design.") + key + " must be a Float64Array");
      *out = CopyTyped<double>(v);
      return true;
    };
    return ints("biasStart", &bias_start_) && ints("biasValue", &bias_value_) && doubles("biasEnergy", &bias_energy_) &&
           ints("bondI", &bond_i_) && ints("bondJ", &bond_j_) && doubles("bondMult", &bond_mult_) &&
           doubles("cells", &cells_) && doubles("budget", &budget_);
  }

  core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                         const core::Limits& limits, core::SolveResult* out,
                         std::string* error) const override {
    core::DesignProblem p{base_.View()};
    p.design = core::DesignView{k_, bias_start_, bias_value_, bias_energy_, bond_i_, bond_j_, bond_mult_,
                                static_cast<core::Coupling>(coupling_), cells_, budget_};
    return core::Solve(command, p, options, limits, out, error);
  }

 private:
  BaseArgs base_;
  int32_t k_ = 1;
  int32_t coupling_ = 0;
  std::vector<int32_t> bias_start_, bias_value_, bond_i_, bond_j_;
  std::vector<double> bias_energy_, bond_mult_, cells_, budget_;
};

}  // namespace

std::unique_ptr<FamilyArgs> ReadDesignArgs(const Napi::Object& problem, BaseArgs base) {
  auto args = std::make_unique<DesignArgs>(std::move(base));
  if (!args->Read(problem)) return nullptr;
  return args;
}

}  // namespace svc::binding

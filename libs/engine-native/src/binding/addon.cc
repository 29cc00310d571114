// The N-API glue: the only file that includes napi.h. One AsyncWorker per solve copies its
// inputs on the JS thread, runs core code on a libuv worker thread, and settles a promise.
// Argument checks here are shape checks that keep a bad call from crashing the process; the
// TS facade (src/index.ts) validates and defaults everything before calling in.
#include <napi.h>

#include <cmath>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common/registry.h"
#include "common/solve_limits.h"

namespace {

using svc::core::CallStatus;
using svc::core::Clock;
using svc::core::Proof;
using svc::core::ResultStatus;

// Throws a JS TypeError and returns false (no C++ exceptions: NODE_ADDON_API_DISABLE_CPP_EXCEPTIONS).
bool ThrowType(Napi::Env env, const std::string& message) {
  Napi::TypeError::New(env, "svc_native.solve: " + message).ThrowAsJavaScriptException();
  return false;
}

bool IsTyped(const Napi::Value& v, napi_typedarray_type type) {
  return v.IsTypedArray() && v.As<Napi::TypedArray>().TypedArrayType() == type;
}

template <typename T>
std::vector<T> CopyTyped(const Napi::Value& v) {
  const Napi::TypedArrayOf<T> a = v.As<Napi::TypedArrayOf<T>>();
  const T* data = a.Data();
  return std::vector<T>(data, data + a.ElementLength());
}

// A finite number property; false (with a pending JS exception) otherwise.
bool ReadNumber(const Napi::Object& o, const char* key, double* out) {
  const Napi::Value v = o.Get(key);
  if (o.Env().IsExceptionPending()) return false;
  if (!v.IsNumber()) return ThrowType(o.Env(), std::string(key) + " must be a number");
  *out = v.As<Napi::Number>().DoubleValue();
  if (!std::isfinite(*out)) return ThrowType(o.Env(), std::string(key) + " must be finite");
  return true;
}

// An integer property in [lo, hi].
template <typename T>
bool ReadInt(const Napi::Object& o, const char* key, double lo, double hi, T* out) {
  double d;
  if (!ReadNumber(o, key, &d)) return false;
  if (d < lo || d > hi || d != std::floor(d)) {
    return ThrowType(o.Env(), std::string(key) + " is out of range");
  }
  *out = static_cast<T>(d);
  return true;
}

bool ReadBool(const Napi::Object& o, const char* key, bool* out) {
  const Napi::Value v = o.Get(key);
  if (o.Env().IsExceptionPending()) return false;
  if (!v.IsBoolean()) return ThrowType(o.Env(), std::string(key) + " must be a boolean");
  *out = v.As<Napi::Boolean>().Value();
  return true;
}

const char* ProofText(Proof p) {
  switch (p) {
    case Proof::kExhaustive: return "exhaustive";
    case Proof::kBranchAndBound: return "branch_and_bound";
    case Proof::kDynamicProgram: return "dynamic_program";
    case Proof::kPlanted: return "planted";
    case Proof::kNone: break;
  }
  return nullptr;
}

class SolveWorker : public Napi::AsyncWorker {
 public:
  // The deadline counts from here (the engine call), not from when a pool thread picks it up.
  explicit SolveWorker(Napi::Env env)
      : Napi::AsyncWorker(env, "svc_native.solve"),
        deferred_(Napi::Promise::Deferred::New(env)),
        start_(Clock::now()) {}

  // Copies every input; false with a pending JS exception when a shape is wrong.
  bool Init(const Napi::CallbackInfo& info) {
    Napi::Env env = info.Env();
    if (info.Length() < 4 || !info[0].IsString() || !info[1].IsObject() || !info[2].IsObject() ||
        !IsTyped(info[3], napi_int32_array)) {
      return ThrowType(env, "expected (command, problem, options, cancelFlag: Int32Array)");
    }
    command_ = info[0].As<Napi::String>().Utf8Value();
    const Napi::Object problem = info[1].As<Napi::Object>();
    const Napi::Object options = info[2].As<Napi::Object>();

    if (!ReadInt(problem, "n", 1, 2147483647.0, &n_) ||
        !ReadBool(problem, "complete", &complete_)) {
      return false;
    }
    const Napi::Value linear = problem.Get("linear");
    if (IsTyped(linear, napi_float64_array)) {
      linear_ = CopyTyped<double>(linear);
    } else if (!linear.IsNull() && !linear.IsUndefined()) {
      return ThrowType(env, "linear must be a Float64Array or null");
    }
    const Napi::Value pi = problem.Get("i");
    const Napi::Value pj = problem.Get("j");
    const Napi::Value pw = problem.Get("w");
    if (!IsTyped(pi, napi_int32_array) || !IsTyped(pj, napi_int32_array) ||
        !IsTyped(pw, napi_float64_array)) {
      return ThrowType(env, "i, j must be Int32Array and w a Float64Array");
    }
    pi_ = CopyTyped<int32_t>(pi);
    pj_ = CopyTyped<int32_t>(pj);
    pw_ = CopyTyped<double>(pw);
    if (!ReadQuboFamily(problem)) return false;
    if (!ReadSelectRules(problem)) return false;
    if (!ReadPlanted(problem)) return false;

    double deadline_ms = 0;
    if (!ReadInt(options, "seed", 0, 4294967295.0, &options_.seed) ||
        !ReadNumber(options, "deadlineMs", &deadline_ms)) {
      return false;
    }
    const Napi::Value warm = options.Get("warmStart");
    if (IsTyped(warm, napi_uint8_array)) {
      warm_ = CopyTyped<uint8_t>(warm);
    } else if (!warm.IsNull() && !warm.IsUndefined()) {
      return ThrowType(env, "warmStart must be a Uint8Array or null");
    }
    const Napi::Value bv = options.Get("budget");
    if (!bv.IsObject()) return ThrowType(env, "budget must be an object");
    const Napi::Object b = bv.As<Napi::Object>();
    svc::core::SearchBudget& sb = options_.budget;
    constexpr double kMax = 9007199254740991.0;  // 2^53 - 1
    constexpr double kMax32 = 2147483647.0;
    if (!ReadInt(b, "exactMaxN", 0, kMax32, &sb.exact_max_n) ||
        !ReadInt(b, "restarts", 0, kMax, &sb.restarts) ||
        !ReadInt(b, "tabuIterations", 0, kMax, &sb.tabu_iterations) ||
        !ReadInt(b, "stall", 0, kMax, &sb.stall) ||
        !ReadInt(b, "tenureBase", 0, kMax32, &sb.tenure_base) ||
        !ReadInt(b, "tenureSpan", 1, kMax32, &sb.tenure_span) ||
        !ReadInt(b, "perturbMin", 0, kMax32, &sb.perturb_min) ||
        !ReadInt(b, "perturbStep", 0, kMax32, &sb.perturb_step) ||
        !ReadInt(b, "perturbMax", 0, kMax32, &sb.perturb_max) ||
        !ReadBool(b, "useTrees", &sb.use_trees)) {
      return false;
    }
    // Optional `exact` (engine-ts exactBudgetFor) and `exactMethod` ('auto' | 'branch_and_bound'
    // | 'heuristic').
    const Napi::Value ev = options.Get("exact");
    if (ev.IsObject()) {
      const Napi::Object eo = ev.As<Napi::Object>();
      svc::core::ExactBudget& eb = options_.exact;
      if (!ReadInt(eo, "bnbMaxN", 0, kMax32, &eb.bnb_max_n) ||
          !ReadInt(eo, "bnbWork", 0, kMax, &eb.bnb_work) ||
          !ReadInt(eo, "boundWork", 0, kMax, &eb.bound_work)) {
        return false;
      }
      eb.has_budget = true;
    } else if (!ev.IsNull() && !ev.IsUndefined()) {
      return ThrowType(env, "exact must be an object or null");
    }
    const Napi::Value method = options.Get("exactMethod");
    if (method.IsString()) {
      const std::string m = method.As<Napi::String>().Utf8Value();
      if (m != "auto" && m != "branch_and_bound" && m != "heuristic") {
        return ThrowType(env, "exactMethod must be 'auto', 'branch_and_bound' or 'heuristic'");
      }
      options_.exact.force_bnb = m == "branch_and_bound";
      options_.exact.heuristic = m == "heuristic";
    } else if (!method.IsNull() && !method.IsUndefined()) {
      return ThrowType(env, "exactMethod must be a string");
    }

    // The flag's memory is the (Shared)ArrayBuffer behind this Int32Array; the reference keeps
    // it alive until this worker is destroyed on the JS thread, after the promise settles.
    Napi::Int32Array flag = info[3].As<Napi::Int32Array>();
    if (flag.ElementLength() < 1) return ThrowType(env, "cancelFlag must have length >= 1");
    flag_ref_ = Napi::Persistent(flag);
    limits_ = svc::core::Limits(flag.Data(), start_, deadline_ms);
    return true;
  }

  Napi::Promise Promise() const { return deferred_.Promise(); }

  // want: optional pinIndex (Int32Array) + pinValue (Uint8Array); sample: optional `sample`
  // {count, energyWindow (number or null), exactMaxN, rounds, maxFlips}.
  bool ReadQuboFamily(const Napi::Object& problem) {
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
    return ReadInt(so, "count", 1, 2147483647.0, &sample_.count) &&
           ReadInt(so, "exactMaxN", 0, 30, &sample_.exact_max_n) &&
           ReadInt(so, "rounds", 0, 9007199254740991.0, &sample_.rounds) &&
           ReadInt(so, "maxFlips", 1, 2147483647.0, &sample_.max_flips);
  }

  // select: optional `select` {k, affinity: Float64Array, redundancy: Float64Array | null,
  // budget: Float64Array}; a redundancy over a SharedArrayBuffer is read in place (it cannot be
  // detached; the reference keeps it alive), any other is copied. rules: optional `rules`
  // {type: Uint8Array, k, start, nodes: Int32Array, budget: Float64Array}.
  // quantum-scale: optional `planted` {degree, instanceSeed, annealSweeps, reheatSweeps,
  // maxSweeps, betaStart, betaEnd, betaReheat} (engine-ts quantumScaleBudget plus the instance).
  bool ReadPlanted(const Napi::Object& problem) {
    const Napi::Value pv = problem.Get("planted");
    if (pv.IsUndefined() || pv.IsNull()) return true;
    if (!pv.IsObject()) return ThrowType(problem.Env(), "planted must be an object");
    const Napi::Object po = pv.As<Napi::Object>();
    svc::core::PlantedSpec& ps = planted_;
    constexpr double kMax = 9007199254740991.0;  // 2^53 - 1
    return ReadInt(po, "degree", 1, 2147483647.0, &ps.degree) &&
           ReadInt(po, "instanceSeed", 0, 4294967295.0, &ps.instance_seed) &&
           ReadInt(po, "annealSweeps", 0, kMax, &ps.anneal_sweeps) &&
           ReadInt(po, "reheatSweeps", 0, kMax, &ps.reheat_sweeps) &&
           ReadInt(po, "maxSweeps", 0, kMax, &ps.max_sweeps) &&
           ReadNumber(po, "betaStart", &ps.beta_start) &&
           ReadNumber(po, "betaEnd", &ps.beta_end) && ReadNumber(po, "betaReheat", &ps.beta_reheat);
  }

  bool ReadSelectRules(const Napi::Object& problem) {
    Napi::Env env = problem.Env();
    const Napi::Value sv = problem.Get("select");
    if (!sv.IsUndefined() && !sv.IsNull()) {
      if (!sv.IsObject()) return ThrowType(env, "select must be an object");
      const Napi::Object so = sv.As<Napi::Object>();
      if (!ReadInt(so, "k", 1, 2147483647.0, &select_k_)) return false;
      const Napi::Value a = so.Get("affinity");
      const Napi::Value r = so.Get("redundancy");
      const Napi::Value b = so.Get("budget");
      if (!IsTyped(a, napi_float64_array) || !IsTyped(b, napi_float64_array)) {
        return ThrowType(env, "select.affinity and select.budget must be Float64Arrays");
      }
      affinity_ = CopyTyped<double>(a);
      select_budget_ = CopyTyped<double>(b);
      if (IsTyped(r, napi_float64_array)) {
        Napi::Float64Array ra = r.As<Napi::Float64Array>();
        if (ra.ArrayBuffer().IsArrayBuffer()) {
          redundancy_copy_ = CopyTyped<double>(r);
          redundancy_ = redundancy_copy_;
        } else {
          redundancy_ref_ = Napi::Persistent(ra);
          redundancy_ = std::span<const double>(ra.Data(), ra.ElementLength());
        }
      } else if (!r.IsNull() && !r.IsUndefined()) {
        return ThrowType(env, "select.redundancy must be a Float64Array or null");
      }
    }
    const Napi::Value rv = problem.Get("rules");
    if (!rv.IsUndefined() && !rv.IsNull()) {
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
      rule_type_ = CopyTyped<uint8_t>(type);
      rule_k_ = CopyTyped<int32_t>(k);
      rule_start_ = CopyTyped<int32_t>(start);
      rule_nodes_ = CopyTyped<int32_t>(nodes);
      rules_budget_ = CopyTyped<double>(budget);
    }
    return true;
  }

  Napi::Array SamplesToJs(Napi::Env env) const {
    Napi::Array out = Napi::Array::New(env, result_.samples.size());
    for (uint32_t k = 0; k < result_.samples.size(); ++k) {
      const svc::core::SampleState& s = result_.samples[k];
      Napi::Object o = Napi::Object::New(env);
      Napi::Uint8Array x = Napi::Uint8Array::New(env, s.x.size());
      if (!s.x.empty()) std::memcpy(x.Data(), s.x.data(), s.x.size());
      o.Set("x", x);
      o.Set("objective", Napi::Number::New(env, s.objective));
      o.Set("count", Napi::Number::New(env, static_cast<double>(s.count)));
      out.Set(k, o);
    }
    return out;
  }

 protected:
  // Worker thread: core code only, no N-API calls.
  void Execute() override {
    svc::core::ProblemView view{
        n_, linear_, svc::core::PairsView{pi_, pj_, pw_}, complete_};
    view.pins = svc::core::PinsView{pin_index_, pin_value_};
    view.sample = sample_;
    view.select = svc::core::SelectView{select_k_, affinity_, redundancy_, select_budget_};
    view.rules = svc::core::RulesView{rule_type_, rule_k_, rule_start_, rule_nodes_, rules_budget_};
    view.planted = planted_;
    options_.warm_start = warm_;
    std::string error;
    const CallStatus status =
        svc::core::Solve(command_, view, options_, limits_, &result_, &error);
    engine_ms_ = limits_.ElapsedMs();
    if (status != CallStatus::kOk) SetError(error.empty() ? "native solve failed" : error);
  }

  void OnOK() override {
    Napi::Env env = Env();
    Napi::HandleScope scope(env);
    Napi::Object r = Napi::Object::New(env);
    Napi::Uint8Array answer = Napi::Uint8Array::New(env, result_.answer.size());
    if (!result_.answer.empty()) {
      std::memcpy(answer.Data(), result_.answer.data(), result_.answer.size());
    }
    r.Set("answer", answer);
    r.Set("objective", Napi::Number::New(env, result_.objective));
    const char* proof = ProofText(result_.proof);
    r.Set("proof", proof != nullptr ? Napi::Value(Napi::String::New(env, proof)) : env.Null());
    if (result_.has_bound) r.Set("bound", Napi::Number::New(env, result_.bound));
    const bool stopped = result_.status == ResultStatus::kDeadline ||
                         result_.status == ResultStatus::kCancelled;
    r.Set("stoppedAtDeadline", Napi::Boolean::New(env, stopped));
    r.Set("status", Napi::String::New(env, std::string(svc::core::ResultStatusName(result_.status))));
    Napi::Object work = Napi::Object::New(env);
    work.Set("iterations", Napi::Number::New(env, static_cast<double>(result_.work.iterations)));
    work.Set("nodes", Napi::Number::New(env, static_cast<double>(result_.work.nodes)));
    work.Set("restarts", Napi::Number::New(env, static_cast<double>(result_.work.restarts)));
    r.Set("work", work);
    r.Set("engineMs", Napi::Number::New(env, engine_ms_));
    if (result_.violations >= 0) {
      r.Set("violations", Napi::Number::New(env, static_cast<double>(result_.violations)));
    }
    if (!result_.samples.empty()) r.Set("samples", SamplesToJs(env));
    if (result_.has_planted) {
      r.Set("plantedEnergy", Napi::Number::New(env, result_.planted_energy));
      r.Set("edges", Napi::Number::New(env, static_cast<double>(result_.edges)));
    }
    deferred_.Resolve(r);
  }

  void OnError(const Napi::Error& e) override { deferred_.Reject(e.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  Clock::time_point start_;
  std::string command_;
  int32_t n_ = 0;
  bool complete_ = false;
  std::vector<double> linear_;
  std::vector<int32_t> pi_, pj_;
  std::vector<double> pw_;
  std::vector<uint8_t> warm_;
  std::vector<int32_t> pin_index_;  // want
  std::vector<uint8_t> pin_value_;
  svc::core::SampleSpec sample_;  // sample
  int32_t select_k_ = 0;  // select
  std::vector<double> affinity_, select_budget_, redundancy_copy_;
  std::span<const double> redundancy_;
  Napi::Reference<Napi::Float64Array> redundancy_ref_;
  std::vector<uint8_t> rule_type_;  // rules
  std::vector<int32_t> rule_k_, rule_start_, rule_nodes_;
  std::vector<double> rules_budget_;
  svc::core::PlantedSpec planted_;  // quantum-scale
  svc::core::SolveOptions options_;
  Napi::Reference<Napi::Int32Array> flag_ref_;
  svc::core::Limits limits_;
  svc::core::SolveResult result_;
  double engine_ms_ = 0;
};

// solve(command, problem, options, cancelFlag) -> Promise<result>
Napi::Value Solve(const Napi::CallbackInfo& info) {
  auto* worker = new SolveWorker(info.Env());
  if (!worker->Init(info)) {
    delete worker;  // never queued, so no one else owns it
    return info.Env().Undefined();
  }
  Napi::Promise promise = worker->Promise();
  worker->Queue();  // the worker deletes itself after OnOK / OnError
  return promise;
}

// The commands this build solves (the registry's order).
Napi::Value Commands(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const auto solvers = svc::core::Solvers();
  Napi::Array out = Napi::Array::New(env, solvers.size());
  for (uint32_t k = 0; k < solvers.size(); ++k) {
    out.Set(k, Napi::String::New(env, std::string(solvers[k].command)));
  }
  return out;
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("solve", Napi::Function::New(env, Solve, "solve"));
  exports.Set("commands", Napi::Function::New(env, Commands, "commands"));
  exports.Set("version",
              Napi::String::New(env, std::string(svc::core::kEngineVersion)));
  return exports;
}

}  // namespace

// Context-aware (symbol-based NAPI_MODULE_INIT underneath): loads in worker_threads too.
NODE_API_MODULE(svc_native, Init)

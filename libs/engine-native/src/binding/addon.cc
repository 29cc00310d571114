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

#include "registry.h"
#include "solve_limits.h"

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

    // The flag's memory is the (Shared)ArrayBuffer behind this Int32Array; the reference keeps
    // it alive until this worker is destroyed on the JS thread, after the promise settles.
    Napi::Int32Array flag = info[3].As<Napi::Int32Array>();
    if (flag.ElementLength() < 1) return ThrowType(env, "cancelFlag must have length >= 1");
    flag_ref_ = Napi::Persistent(flag);
    limits_ = svc::core::Limits(flag.Data(), start_, deadline_ms);
    return true;
  }

  Napi::Promise Promise() const { return deferred_.Promise(); }

 protected:
  // Worker thread: core code only, no N-API calls.
  void Execute() override {
    const svc::core::ProblemView view{
        n_, linear_, svc::core::PairsView{pi_, pj_, pw_}, complete_};
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

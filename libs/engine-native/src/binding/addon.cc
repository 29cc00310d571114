// The N-API glue: module init and the async worker, which reads every family's problem and budget
// through one generic reader (wire_reader.cc) by the family's records (core/common/wire.h) and
// solves through the registry; only src/binding includes napi.h. One AsyncWorker per solve copies
// its inputs on the JS thread, runs core code on a libuv worker thread, and settles a promise.
// Argument checks here are shape checks that keep a bad call from crashing the process; the
// TS facade (src/index.ts) validates and defaults everything before calling in.
#include <napi.h>

#if defined(__linux__)
#include <malloc.h>
#endif

#include <cmath>
#include <cstring>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/registry.h"
#include "common/solve_limits.h"
#include "wire_reader.h"

namespace {

using svc::binding::ThrowType;
using svc::core::CallStatus;
using svc::core::Clock;
using svc::core::Proof;
using svc::core::ResultStatus;

// The proof's name (core ProofName, literals: NUL-terminated), or null for a heuristic answer.
const char* ProofText(Proof p) {
  const std::string_view name = svc::core::ProofName(p);
  return p == Proof::kNone || name == "unknown" ? nullptr : name.data();
}

// Answers from this size up are handed to JS without a copy: the ArrayBuffer owns the vector.
constexpr size_t kExternalMinBytes = size_t{1} << 20;

// A typed array made while the thread's environment is torn down (a worker terminated mid-solve:
// its completion still runs, in FreeEnvironment) has no memory: its Data() is null. Nothing is
// copied then, and nothing reaches JavaScript anyway.
void CopyInto(void* to, const void* from, size_t bytes) {
  if (to != nullptr && bytes > 0) std::memcpy(to, from, bytes);
}

Napi::Uint8Array BytesToJs(Napi::Env env, std::vector<uint8_t>&& bytes) {
  if (bytes.size() >= kExternalMinBytes) {
    auto* owned = new std::vector<uint8_t>(std::move(bytes));
    napi_value buffer = nullptr;
    const napi_status status = napi_create_external_arraybuffer(
        env, owned->data(), owned->size(),
        [](napi_env, void*, void* hint) { delete static_cast<std::vector<uint8_t>*>(hint); }, owned, &buffer);
    if (status == napi_ok) return Napi::Uint8Array::New(env, owned->size(), Napi::ArrayBuffer(env, buffer), 0);
    // External buffers not allowed in this runtime: copy below.
    bytes = std::move(*owned);
    delete owned;
  }
  Napi::Uint8Array out = Napi::Uint8Array::New(env, bytes.size());
  CopyInto(out.Data(), bytes.data(), bytes.size());
  return out;
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
        !svc::binding::IsTyped(info[3], napi_int32_array)) {
      return ThrowType(env, "expected (command, problem, options, cancelFlag: Int32Array)");
    }
    command_ = info[0].As<Napi::String>().Utf8Value();
    const Napi::Object problem = info[1].As<Napi::Object>();
    const Napi::Object options = info[2].As<Napi::Object>();

    // The family's records say what to read (core/common/wire.h); an unknown command reads
    // nothing and Execute() rejects it.
    entry_ = svc::core::FindSolver(command_);
    if (entry_ != nullptr &&
        !wire_reader_.Read(problem, options.Get("family"), entry_->wire(), entry_->budget(), entry_->family, &wire_)) {
      return false;
    }

    double deadline_ms = 0;
    if (!svc::binding::ReadOptions(options, &options_, &warm_, &deadline_ms)) return false;

    // The flag's memory is the (Shared)ArrayBuffer behind this Int32Array; the reference keeps
    // it alive until this worker is destroyed on the JS thread, after the promise settles.
    Napi::Int32Array flag = info[3].As<Napi::Int32Array>();
    if (flag.ElementLength() < 1) return ThrowType(env, "cancelFlag must have length >= 1");
    flag_ref_ = Napi::Persistent(flag);
    limits_ = svc::core::Limits(flag.Data(), start_, deadline_ms);

    // Optional 5th argument: onProgress(point), called on the JS thread through a thread-safe
    // function; the core calls the sink on this worker's thread, throttled (ProgressSink).
    if (info.Length() >= 5 && !info[4].IsUndefined() && !info[4].IsNull()) {
      if (!info[4].IsFunction()) return ThrowType(env, "onProgress must be a function");
      progress_fn_ = Napi::ThreadSafeFunction::New(env, info[4].As<Napi::Function>(), "svc_native.progress", 0, 1);
      has_progress_ = true;
      sink_.emplace(&SolveWorker::OnCoreProgress, this, start_);
      limits_.set_progress(&*sink_);
    }
    return true;
  }

  Napi::Promise Promise() const { return deferred_.Promise(); }

  Napi::Array SamplesToJs(Napi::Env env) const {
    Napi::Array out = Napi::Array::New(env, result_.samples.size());
    for (uint32_t k = 0; k < result_.samples.size(); ++k) {
      const svc::core::SampleState& s = result_.samples[k];
      Napi::Object o = Napi::Object::New(env);
      Napi::Uint8Array x = Napi::Uint8Array::New(env, s.x.size());
      CopyInto(x.Data(), s.x.data(), s.x.size());
      o.Set("x", x);
      o.Set("objective", Napi::Number::New(env, s.objective));
      o.Set("count", Napi::Number::New(env, static_cast<double>(s.count)));
      out.Set(k, o);
    }
    return out;
  }

 protected:
  // Worker thread: hands a copy of the point to the JS thread (never blocks the solve; a full
  // queue or a closing environment drops the point).
  static void OnCoreProgress(void* context, const svc::core::ProgressPoint& point) {
    auto* self = static_cast<SolveWorker*>(context);
    auto* copy = new svc::core::ProgressPoint(point);
    const napi_status status = self->progress_fn_.NonBlockingCall(copy, [](Napi::Env env, Napi::Function fn, svc::core::ProgressPoint* p) {
      std::unique_ptr<svc::core::ProgressPoint> owned(p);
      if (env == nullptr || fn.IsEmpty()) return;
      Napi::Object o = Napi::Object::New(env);
      o.Set("best", std::isnan(p->best) ? env.Null() : Napi::Value(Napi::Number::New(env, p->best)));
      o.Set("bound", std::isnan(p->bound) ? env.Null() : Napi::Value(Napi::Number::New(env, p->bound)));
      o.Set("work", Napi::Number::New(env, p->work));
      o.Set("elapsedMs", Napi::Number::New(env, p->elapsed_ms));
      fn.Call({o});
      // An exception thrown by the listener is left pending for Node to report; it cannot reach the solve.
    });
    if (status != napi_ok) delete copy;
  }

  // Worker thread: core code only, no N-API calls (the thread-safe function's calls aside).
  void Execute() override {
    ExecuteSolve();
    if (has_progress_) progress_fn_.Release();  // queued points are still delivered
  }

  void ExecuteSolve() {
    options_.warm_start = warm_;
    std::string error;
    CallStatus status = CallStatus::kError;
    if (entry_ != nullptr) {
      status = entry_->solve_wire(command_, wire_, options_, limits_, &result_, &error);
    } else {
      error = svc::core::UnsupportedMessage(command_);
    }
    engine_ms_ = limits_.ElapsedMs();
    if (status != CallStatus::kOk) SetError(error.empty() ? "native solve failed" : error);
  }

  void OnOK() override {
    Napi::Env env = Env();
    Napi::HandleScope scope(env);
    Napi::Object r = Napi::Object::New(env);
    r.Set("answer", BytesToJs(env, std::move(result_.answer)));
    r.Set("kind", Napi::String::New(env, std::string(svc::core::ResultKindName(result_.kind))));
    Napi::Int32Array order = Napi::Int32Array::New(env, result_.order.size());
    CopyInto(order.Data(), result_.order.data(), result_.order.size() * sizeof(int32_t));
    r.Set("order", order);
    Napi::Float64Array values = Napi::Float64Array::New(env, result_.values.size());
    CopyInto(values.Data(), result_.values.data(), result_.values.size() * sizeof(double));
    r.Set("values", values);
    Napi::Object extras = Napi::Object::New(env);
    for (const auto& [name, value] : result_.extras) extras.Set(std::string(name), Napi::Number::New(env, value));
    r.Set("extras", extras);
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
    r.Set("samples", SamplesToJs(env));
    deferred_.Resolve(r);
  }

  void OnError(const Napi::Error& e) override { deferred_.Reject(e.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  Clock::time_point start_;
  std::string command_;
  const svc::core::SolverEntry* entry_ = nullptr;
  svc::binding::WireReader wire_reader_;  // owns what wire_ points into
  svc::core::WireArgs wire_;
  std::vector<uint8_t> warm_;
  svc::core::SolveOptions options_;
  Napi::Reference<Napi::Int32Array> flag_ref_;
  svc::core::Limits limits_;
  svc::core::SolveResult result_;
  double engine_ms_ = 0;
  bool has_progress_ = false;
  Napi::ThreadSafeFunction progress_fn_;
  std::optional<svc::core::ProgressSink> sink_;
};

// solve(command, problem, options, cancelFlag, onProgress?) -> Promise<result>
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

// The optional libraries this build found (CMakeLists.txt): [{name, version, family}].
Napi::Value Libraries(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const auto libs = svc::core::NativeLibraries();
  Napi::Array out = Napi::Array::New(env, libs.size());
  for (uint32_t k = 0; k < libs.size(); ++k) {
    Napi::Object o = Napi::Object::New(env);
    o.Set("name", Napi::String::New(env, std::string(libs[k].name)));
    o.Set("version", Napi::String::New(env, std::string(libs[k].version)));
    o.Set("family", Napi::String::New(env, std::string(libs[k].family)));
    out.Set(k, o);
  }
  return out;
}

// Gives the C heap's free pages back to the system: glibc keeps the arenas a worker thread used
// (V8's heap of a thread that parsed a large body) after the thread ended. True when any was given back.
Napi::Value TrimHeap(const Napi::CallbackInfo& info) {
#if defined(__GLIBC__)
  return Napi::Boolean::New(info.Env(), malloc_trim(0) != 0);
#else
  return Napi::Boolean::New(info.Env(), false);
#endif
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("solve", Napi::Function::New(env, Solve, "solve"));
  exports.Set("commands", Napi::Function::New(env, Commands, "commands"));
  exports.Set("libraries", Napi::Function::New(env, Libraries, "libraries"));
  exports.Set("trimHeap", Napi::Function::New(env, TrimHeap, "trimHeap"));
  exports.Set("version",
              Napi::String::New(env, std::string(svc::core::kEngineVersion)));
  return exports;
}

}  // namespace

// Context-aware (symbol-based NAPI_MODULE_INIT underneath): loads in worker_threads too.
NODE_API_MODULE(svc_native, Init)

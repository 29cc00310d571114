// What the binding shares between addon.cc and the per-family argument readers
// (<family>_args.cc): typed property readers, the wire fields every command carries, and the
// copied arguments of one family. Shape checks only: the TS facade validates everything first.
#ifndef SVC_BINDING_COMMON_ARGS_H_
#define SVC_BINDING_COMMON_ARGS_H_

#include <napi.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"

namespace svc::binding {

// Throws a JS TypeError and returns false (no C++ exceptions: NODE_ADDON_API_DISABLE_CPP_EXCEPTIONS).
inline bool ThrowType(Napi::Env env, const std::string& message) {
  Napi::TypeError::New(env, "svc_native.solve: " + message).ThrowAsJavaScriptException();
  return false;
}

inline bool IsTyped(const Napi::Value& v, napi_typedarray_type type) {
  return v.IsTypedArray() && v.As<Napi::TypedArray>().TypedArrayType() == type;
}

template <typename T>
std::vector<T> CopyTyped(const Napi::Value& v) {
  const Napi::TypedArrayOf<T> a = v.As<Napi::TypedArrayOf<T>>();
  const T* data = a.Data();
  return std::vector<T>(data, data + a.ElementLength());
}

// A finite number property; false (with a pending JS exception) otherwise.
inline bool ReadNumber(const Napi::Object& o, const char* key, double* out) {
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
  double d = 0;
  if (!ReadNumber(o, key, &d)) return false;
  if (d < lo || d > hi || d != std::floor(d)) {
    return ThrowType(o.Env(), std::string(key) + " is out of range");
  }
  *out = static_cast<T>(d);
  return true;
}

inline bool ReadBool(const Napi::Object& o, const char* key, bool* out) {
  const Napi::Value v = o.Get(key);
  if (o.Env().IsExceptionPending()) return false;
  if (!v.IsBoolean()) return ThrowType(o.Env(), std::string(key) + " must be a boolean");
  *out = v.As<Napi::Boolean>().Value();
  return true;
}

// A Float64Array argument: read in place when it is over a SharedArrayBuffer (cannot be detached;
// the reference keeps it alive), copied otherwise. Lives as long as the family's arguments.
class SharedDoubles {
 public:
  // false with a pending JS TypeError ("<what> must be a Float64Array") when `v` is not one.
  bool Read(const Napi::Value& v, const std::string& what) {
    if (!IsTyped(v, napi_float64_array)) return ThrowType(v.Env(), what + " must be a Float64Array");
    Napi::Float64Array a = v.As<Napi::Float64Array>();
    if (a.ArrayBuffer().IsArrayBuffer()) {
      copy_ = CopyTyped<double>(v);
      view_ = copy_;
    } else {
      ref_ = Napi::Persistent(a);
      view_ = std::span<const double>(a.Data(), a.ElementLength());
    }
    return true;
  }
  std::span<const double> view() const { return view_; }

 private:
  std::vector<double> copy_;
  Napi::Reference<Napi::Float64Array> ref_;
  std::span<const double> view_;
};

inline constexpr double kMaxSafe = 9007199254740991.0;  // 2^53 - 1
inline constexpr double kMax32 = 2147483647.0;

// The fields every command's problem carries (n, complete, linear, i, j, w), copied.
struct BaseArgs {
  int32_t n = 0;
  bool complete = false;
  std::vector<double> linear;
  std::vector<int32_t> pi, pj;
  std::vector<double> pw;

  // Points into this object's arrays.
  core::ProblemBase View() const {
    return core::ProblemBase{n, linear, core::PairsView{pi, pj, pw}, complete};
  }
};

// false with a pending JS exception when a shape is wrong.
bool ReadBaseArgs(const Napi::Object& problem, BaseArgs* out);

// seed, deadlineMs, warmStart (copied into *warm; options->warm_start is left to the caller),
// budget (engine-ts budgetFor), exact and exactMethod. false with a pending JS exception.
bool ReadOptions(const Napi::Object& options, core::SolveOptions* out, std::vector<uint8_t>* warm,
                 double* deadline_ms);

// Everything a solve needs from the problem object, copied on the JS thread. Solve() runs on a
// worker thread and touches core code only; the destructor runs on the JS thread.
class FamilyArgs {
 public:
  virtual ~FamilyArgs() = default;
  virtual core::CallStatus Solve(std::string_view command, const core::SolveOptions& options,
                                 const core::Limits& limits, core::SolveResult* out,
                                 std::string* error) const = 0;
};

// A family's reader: its part of the problem object plus `base`; nullptr with a pending JS
// exception when a shape is wrong. One per family, in <family>_args.cc.
using ReadArgsFn = std::unique_ptr<FamilyArgs> (*)(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadQuboArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadSelectArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadRulesArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadPlantedArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadRankArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadTspArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadQapArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadDesignArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadCoverArgs(const Napi::Object& problem, BaseArgs base);
std::unique_ptr<FamilyArgs> ReadMilpArgs(const Napi::Object& problem, BaseArgs base);

}  // namespace svc::binding

#endif  // SVC_BINDING_COMMON_ARGS_H_

// The binding's readers: typed property readers, the solve options, and the one generic reader of
// every family's problem and budget by its records (core/common/wire.h). Shape checks only: the
// TS facade and the core's validate check values.
#ifndef SVC_BINDING_WIRE_READER_H_
#define SVC_BINDING_WIRE_READER_H_

#include <napi.h>

#include <cmath>
#include <deque>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/large_array.h"
#include "common/request.h"
#include "common/solve_limits.h"
#include "common/status.h"
#include "common/wire.h"

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

// A problem's typed array copied for the solve (the solve runs on another thread while JS may
// detach or write the original): into a large array (core/common/large_array.h), so a large
// input's fresh pages fault 2 MiB at a time, not 4 KiB. False with a pending JS RangeError when
// out of memory.
template <typename T>
bool CopyTypedLarge(const Napi::Value& v, core::LargeCopy<T>* out) {
  const Napi::TypedArrayOf<T> a = v.As<Napi::TypedArrayOf<T>>();
  *out = core::CopyToLargeArray<T>(std::span<const T>(a.Data(), a.ElementLength()));
  if (out->data == nullptr) {
    Napi::RangeError::New(v.Env(), "svc_native.solve: out of memory copying an input array").ThrowAsJavaScriptException();
    return false;
  }
  return true;
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

// A Float64Array argument: read in place when it is over a SharedArrayBuffer (cannot be detached;
// the reference keeps it alive), copied otherwise. Lives as long as the family's arguments.
class SharedDoubles {
 public:
  // false with a pending JS TypeError ("<what> must be a Float64Array") when `v` is not one.
  bool Read(const Napi::Value& v, const std::string& what) {
    if (!IsTyped(v, napi_float64_array)) return ThrowType(v.Env(), what + " must be a Float64Array");
    Napi::Float64Array a = v.As<Napi::Float64Array>();
    if (a.ArrayBuffer().IsArrayBuffer()) {
      if (!CopyTypedLarge<double>(v, &copy_)) return false;
      view_ = copy_.view();
    } else {
      ref_ = Napi::Persistent(a);
      view_ = std::span<const double>(a.Data(), a.ElementLength());
    }
    return true;
  }
  std::span<const double> view() const { return view_; }

 private:
  core::LargeCopy<double> copy_;
  Napi::Reference<Napi::Float64Array> ref_;
  std::span<const double> view_;
};

inline constexpr double kMaxSafe = 9007199254740991.0;  // 2^53 - 1
inline constexpr double kMax32 = 2147483647.0;

// seed, deadlineMs, warmStart (copied into *warm; options->warm_start is left to the caller); a
// family's work budget comes with its problem (options.family, by its records). false with a
// pending JS exception.
bool ReadOptions(const Napi::Object& options, core::SolveOptions* out, std::vector<uint8_t>* warm,
                 double* deadline_ms);

// The generic reader: a family's problem and budget by its records (core/common/wire.h). Keeps the
// copies (and references to SharedArrayBuffer-backed Float64Arrays and Uint8Arrays, read in place)
// alive for the solve.
class WireReader {
 public:
  // Reads n, every field of `specs` from `problem` ("a.b" is b of a) and every budget field of
  // `budget_specs` from `budget` (an object, or undefined when there are none) into *out.
  // false with a pending JS TypeError naming the field when a shape is wrong.
  bool Read(const Napi::Object& problem, const Napi::Value& budget, std::span<const core::WireSpec> specs,
            std::span<const core::BudgetSpec> budget_specs, std::string_view family, core::WireArgs* out);

 private:
  std::deque<core::LargeCopy<double>> f64_;
  std::deque<core::LargeCopy<int32_t>> i32_;
  std::deque<core::LargeCopy<uint8_t>> u8_;
  std::deque<Napi::Reference<Napi::Float64Array>> shared_;
  std::deque<Napi::Reference<Napi::Uint8Array>> shared_u8_;
};

}  // namespace svc::binding

#endif  // SVC_BINDING_WIRE_READER_H_

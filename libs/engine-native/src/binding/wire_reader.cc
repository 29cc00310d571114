// The generic reader of a family's problem and budget, and the solve options.
#include "wire_reader.h"

namespace svc::binding {

namespace {

// The property at a dotted path ("pairs.i"); undefined when a step is missing.
Napi::Value GetPath(const Napi::Object& root, std::string_view path) {
  Napi::Value v = root;
  while (true) {
    const size_t dot = path.find('.');
    const std::string key(path.substr(0, dot));
    if (!v.IsObject()) return root.Env().Undefined();
    v = v.As<Napi::Object>().Get(key);
    if (dot == std::string_view::npos) return v;
    path.remove_prefix(dot + 1);
  }
}

const char* TypeName(core::WireType t) {
  switch (t) {
    case core::WireType::kF64: return "a Float64Array";
    case core::WireType::kI32: return "an Int32Array";
    case core::WireType::kU8: return "a Uint8Array";
    case core::WireType::kNumber: return "a finite number";
    case core::WireType::kEnum: return "one of its names";
  }
  return "?";
}

}  // namespace

bool WireReader::Read(const Napi::Object& problem, const Napi::Value& budget,
                      std::span<const core::WireSpec> specs, std::span<const core::BudgetSpec> budget_specs,
                      std::string_view family, core::WireArgs* out) {
  Napi::Env env = problem.Env();
  if (!ReadInt(problem, "n", 1, kMax32, &out->n)) return false;
  const auto wrong = [&](const core::WireSpec& s) {
    return ThrowType(env, std::string(family) + " problem field " + std::string(s.name) + " must be " + TypeName(s.type));
  };
  for (const core::WireSpec& s : specs) {
    if (s.name == core::kBudgetField) continue;
    const bool in_budget = s.name.starts_with("budget.");
    const Napi::Value v = in_budget ? (budget.IsObject() ? GetPath(budget.As<Napi::Object>(), s.name.substr(7)) : env.Undefined())
                                    : GetPath(problem, s.name);
    if (env.IsExceptionPending()) return false;
    if (v.IsUndefined() || v.IsNull()) {
      if (s.optional) continue;
      return ThrowType(env, std::string(family) + " problem needs " + std::string(s.name) + " (" + TypeName(s.type) + ")");
    }
    core::WireValue value;
    switch (s.type) {
      case core::WireType::kF64: {
        if (!IsTyped(v, napi_float64_array)) return wrong(s);
        Napi::Float64Array a = v.As<Napi::Float64Array>();
        if (a.ArrayBuffer().IsArrayBuffer()) {
          if (!CopyTypedLarge<double>(v, &f64_.emplace_back())) return false;
          value.f64 = f64_.back().view();
        } else {
          // Over a SharedArrayBuffer: cannot be detached; read in place, kept alive by the reference.
          shared_.emplace_back(Napi::Persistent(a));
          value.f64 = std::span<const double>(a.Data(), a.ElementLength());
        }
        break;
      }
      case core::WireType::kI32:
        if (!IsTyped(v, napi_int32_array)) return wrong(s);
        if (!CopyTypedLarge<int32_t>(v, &i32_.emplace_back())) return false;
        value.i32 = i32_.back().view();
        break;
      case core::WireType::kU8: {
        if (!IsTyped(v, napi_uint8_array)) return wrong(s);
        Napi::Uint8Array a = v.As<Napi::Uint8Array>();
        if (a.ArrayBuffer().IsArrayBuffer()) {
          if (!CopyTypedLarge<uint8_t>(v, &u8_.emplace_back())) return false;
          value.u8 = u8_.back().view();
        } else {
          // Over a SharedArrayBuffer (large byte fields, e.g. erasure shards): read in place, as kF64.
          shared_u8_.emplace_back(Napi::Persistent(a));
          value.u8 = std::span<const uint8_t>(a.Data(), a.ElementLength());
        }
        break;
      }
      case core::WireType::kNumber:
        if (v.IsBoolean()) {
          value.number = v.As<Napi::Boolean>().Value() ? 1 : 0;
        } else if (v.IsNumber() && std::isfinite(v.As<Napi::Number>().DoubleValue())) {
          value.number = v.As<Napi::Number>().DoubleValue();
        } else {
          return wrong(s);
        }
        break;
      case core::WireType::kEnum: {
        if (!v.IsString()) return wrong(s);
        const std::string name = v.As<Napi::String>().Utf8Value();
        size_t k = 0;
        while (k < s.names.size() && s.names[k] != name) ++k;
        if (k == s.names.size()) return ThrowType(env, std::string(family) + " problem field " + std::string(s.name) + " has an unknown value \"" + name + "\"");
        value.number = static_cast<double>(k);
        break;
      }
    }
    out->Set(s.name, value);
  }
  out->budget.clear();
  if (budget_specs.empty()) return true;
  if (!budget.IsObject()) return ThrowType(env, std::string(family) + " needs options.family, its budget object");
  const Napi::Object b = budget.As<Napi::Object>();
  for (const core::BudgetSpec& s : budget_specs) {
    const Napi::Value v = b.Get(std::string(s.name));
    if (env.IsExceptionPending()) return false;
    double x = 0;
    if (v.IsBoolean()) {
      x = v.As<Napi::Boolean>().Value() ? 1 : 0;
    } else if (v.IsNumber()) {
      x = v.As<Napi::Number>().DoubleValue();
    } else if (v.IsUndefined() && !std::isnan(s.def)) {
      x = s.def;
    } else {
      return ThrowType(env, std::string(family) + " budget needs " + std::string(s.name) + " (a number)");
    }
    out->budget.push_back(x);
  }
  return true;
}

bool ReadOptions(const Napi::Object& options, core::SolveOptions* out, std::vector<uint8_t>* warm,
                 double* deadline_ms) {
  Napi::Env env = options.Env();
  if (!ReadInt(options, "seed", 0, 4294967295.0, &out->seed) ||
      !ReadNumber(options, "deadlineMs", deadline_ms)) {
    return false;
  }
  const Napi::Value wv = options.Get("warmStart");
  if (IsTyped(wv, napi_uint8_array)) {
    *warm = CopyTyped<uint8_t>(wv);
  } else if (!wv.IsNull() && !wv.IsUndefined()) {
    return ThrowType(env, "warmStart must be a Uint8Array or null");
  }
  return true;
}

}  // namespace svc::binding

// The problem fields every command carries and the solve options.
#include "common_args.h"

namespace svc::binding {

bool ReadBaseArgs(const Napi::Object& problem, BaseArgs* out) {
  Napi::Env env = problem.Env();
  if (!ReadInt(problem, "n", 1, kMax32, &out->n) || !ReadBool(problem, "complete", &out->complete)) {
    return false;
  }
  const Napi::Value linear = problem.Get("linear");
  if (IsTyped(linear, napi_float64_array)) {
    out->linear = CopyTyped<double>(linear);
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
  out->pi = CopyTyped<int32_t>(pi);
  out->pj = CopyTyped<int32_t>(pj);
  out->pw = CopyTyped<double>(pw);
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
  const Napi::Value bv = options.Get("budget");
  if (!bv.IsObject()) return ThrowType(env, "budget must be an object");
  const Napi::Object b = bv.As<Napi::Object>();
  core::SearchBudget& sb = out->budget;
  if (!ReadInt(b, "exactMaxN", 0, kMax32, &sb.exact_max_n) ||
      !ReadInt(b, "restarts", 0, kMaxSafe, &sb.restarts) ||
      !ReadInt(b, "tabuIterations", 0, kMaxSafe, &sb.tabu_iterations) ||
      !ReadInt(b, "stall", 0, kMaxSafe, &sb.stall) ||
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
    core::ExactBudget& eb = out->exact;
    if (!ReadInt(eo, "bnbMaxN", 0, kMax32, &eb.bnb_max_n) ||
        !ReadInt(eo, "bnbWork", 0, kMaxSafe, &eb.bnb_work) ||
        !ReadInt(eo, "boundWork", 0, kMaxSafe, &eb.bound_work)) {
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
    out->exact.force_bnb = m == "branch_and_bound";
    out->exact.heuristic = m == "heuristic";
  } else if (!method.IsNull() && !method.IsUndefined()) {
    return ThrowType(env, "exactMethod must be a string");
  }
  return true;
}

}  // namespace svc::binding

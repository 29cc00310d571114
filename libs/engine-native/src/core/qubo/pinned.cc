// want: substitute the pins, solve the reduced QUBO with the optimize path, expand.
// A port of engine-ts families/qubo/pinned.ts (its file comment is the specification).
#include <cmath>
#include <string>
#include <vector>

#include "qubo/commands.h"
#include "qubo/evaluate.h"
#include "qubo/pinned.h"

namespace svc::core {

PinnedReduction ReducePinned(const QuboFamilyProblem& p) {
  PinnedReduction out;
  const int32_t n = p.n;
  // state[i]: -1 free, else the pinned value.
  std::vector<int8_t> state(static_cast<size_t>(n), -1);
  for (size_t k = 0; k < p.pins.size(); ++k) state[p.pins.index[k]] = static_cast<int8_t>(p.pins.value[k]);
  out.n_free = n - static_cast<int32_t>(p.pins.size());
  out.free.resize(static_cast<size_t>(out.n_free));
  out.linear.resize(static_cast<size_t>(out.n_free));
  std::vector<int32_t> new_index(static_cast<size_t>(n), -1);
  for (int32_t i = 0, k = 0; i < n; ++i) {
    if (state[i] == -1) {
      out.free[k] = i;
      new_index[i] = k;
      out.linear[k] = p.linear[i];
      ++k;
    } else if (state[i] == 1) {
      out.constant += p.linear[i];
    }
  }
  const size_t m = p.pairs.size();
  size_t kept = 0;
  for (size_t q = 0; q < m; ++q) kept += state[p.pairs.i[q]] == -1 && state[p.pairs.j[q]] == -1;
  out.pi.reserve(kept);
  out.pj.reserve(kept);
  out.pw.reserve(kept);
  for (size_t q = 0; q < m; ++q) {
    const int32_t i = p.pairs.i[q];
    const int32_t j = p.pairs.j[q];
    const double w = p.pairs.w[q];
    const int8_t a = state[i];
    const int8_t b = state[j];
    if (a == -1 && b == -1) {
      out.pi.push_back(new_index[i]);
      out.pj.push_back(new_index[j]);
      out.pw.push_back(w);
    } else if (a == -1) {
      if (b == 1) out.linear[new_index[i]] += w;
    } else if (b == -1) {
      if (a == 1) out.linear[new_index[j]] += w;
    } else if (a == 1 && b == 1) {
      out.constant += w;
    }
  }
  return out;
}

CallStatus SolveWant(const QuboFamilyProblem& problem, const SolveOptions& options,
                     const Limits& limits, SolveResult* out, std::string* error) {
  const int32_t n = problem.n;
  const QuboView full{n, problem.linear, problem.pairs};
  const PinnedReduction red = ReducePinned(problem);
  std::vector<uint8_t> answer(static_cast<size_t>(n), 0);
  for (size_t k = 0; k < problem.pins.size(); ++k) answer[problem.pins.index[k]] = problem.pins.value[k];
  std::vector<uint8_t> pinned_warm;
  if (!options.warm_start.empty()) {
    pinned_warm.assign(options.warm_start.begin(), options.warm_start.end());
    for (size_t k = 0; k < problem.pins.size(); ++k) pinned_warm[problem.pins.index[k]] = problem.pins.value[k];
  }
  if (red.n_free == 0) {
    out->objective = QuboEnergy(full, answer);
    out->answer = std::move(answer);
    out->proof = Proof::kExhaustive;
    out->status = ResultStatus::kOptimal;
    out->work = Work{0, 1, 0};
    return CallStatus::kOk;
  }
  std::vector<uint8_t> reduced_warm;
  if (!pinned_warm.empty()) {
    reduced_warm.resize(red.free.size());
    for (size_t k = 0; k < red.free.size(); ++k) reduced_warm[k] = pinned_warm[red.free[k]];
  }
  QuboFamilyProblem reduced;
  reduced.n = red.n_free;
  reduced.linear = red.linear;
  reduced.pairs = PairsView{red.pi, red.pj, red.pw};
  reduced.budget = problem.budget;
  SolveOptions reduced_options = options;
  reduced_options.warm_start = reduced_warm;
  SolveResult r;
  const CallStatus st = SolveOptimize(reduced, reduced_options, limits, &r, error);
  if (st != CallStatus::kOk) return st;
  for (size_t k = 0; k < red.free.size(); ++k) answer[red.free[k]] = r.answer[k];
  double objective = QuboEnergy(full, answer);
  if (!pinned_warm.empty()) {
    const double w = QuboEnergy(full, pinned_warm);
    if (w < objective) {
      answer = pinned_warm;
      objective = w;
    }
  }
  out->answer = std::move(answer);
  out->objective = objective;
  out->proof = r.proof;
  out->has_bound = r.proof == Proof::kNone && r.has_bound;
  out->bound = out->has_bound ? r.bound + red.constant : 0;
  out->status = r.status;
  out->work = r.work;
  return CallStatus::kOk;
}

}  // namespace svc::core

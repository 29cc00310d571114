#include "entropy/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/entanglement.h"
#include "kernels/pauli_spectrum.h"
#include "spectrum/solve.h"

namespace svc::core {

namespace {

struct Ground {
  double energy = std::nan("");
  double error = std::nan("");
  double gap = std::nan("");
  double gap_error = std::nan("");
  int64_t matvecs = 0;
  bool converged = true;
  bool degenerate = false;
};

struct Bounds {
  double entropy, renyi2, schmidt;
};

Bounds EntropyBounds(double t, int64_t d, double purity) {
  const double renyi2 = 4 * t < purity ? std::log2(purity / (purity - 4 * t)) : std::log2(static_cast<double>(d));
  return {FannesAudenaert(t, d), renyi2, std::min(1.0, std::sqrt(2 * t))};
}

void Pack(const EntropyProblem& p, const Entanglement* e, double state_t, const Ground& g, const std::vector<double>* vector,
          bool cut, SolveResult* out) {
  out->kind = ResultKind::kNumeric;
  out->values.clear();
  out->proof = Proof::kNone;
  out->SetExtra("source", p.entropy.has_state ? 0 : 1);
  out->SetExtra("groundEnergy", g.energy);
  out->SetExtra("groundError", g.error);
  out->SetExtra("gap", g.gap);
  out->SetExtra("gapError", g.gap_error);
  out->SetExtra("degenerate", g.degenerate ? 1 : 0);
  out->SetExtra("matvecs", static_cast<double>(g.matvecs));
  out->SetExtra("stateT", state_t);
  if (e == nullptr) {
    out->objective = std::nan("");
    out->SetExtra("schmidt", 0);
    out->SetExtra("dim", 0);
    out->SetExtra("rank", 0);
    out->SetExtra("vectors", 0);
    out->SetExtra("converged", 0);
    return;
  }
  const double dim = static_cast<double>(e->dim);
  // An unresolved ground state, or a search cut short: only the trivial bound (the entropy lies in [0, log2 d]).
  const Bounds b = g.degenerate || cut ? Bounds{std::log2(dim), std::log2(dim), 1.0} : EntropyBounds(state_t + e->rounding_t, e->dim, e->purity);
  out->values = {e->entropy, e->renyi2, b.entropy, b.renyi2, b.schmidt};
  out->values.insert(out->values.end(), e->schmidt.begin(), e->schmidt.end());
  if (vector != nullptr) out->values.insert(out->values.end(), vector->begin(), vector->end());
  out->objective = e->entropy;
  out->SetExtra("schmidt", static_cast<double>(e->schmidt.size()));
  out->SetExtra("dim", dim);
  out->SetExtra("rank", static_cast<double>(e->rank));
  out->SetExtra("vectors", vector != nullptr ? 1 : 0);
  out->SetExtra("converged", g.converged ? 1 : 0);
}

}  // namespace

CallStatus ValidateEntropy(std::string_view command, const EntropyProblem& problem, const SolveOptions& options,
                           std::string* error) {
  const EntropyView& v = problem.entropy;
  if (!problem.linear.empty() || problem.pairs.size() != 0) {
    *error = "entropy takes no linear terms or pairs";
    return CallStatus::kError;
  }
  if (problem.n < 1 || problem.n > kMaxEntropyQubits) {
    *error = "n must be in 1.." + std::to_string(kMaxEntropyQubits) + " qubits";
    return CallStatus::kError;
  }
  if (v.subsystem.size() != static_cast<size_t>(problem.n) ||
      std::any_of(v.subsystem.begin(), v.subsystem.end(), [](uint8_t b) { return b > 1; })) {
    *error = "subsystem must be n values 0/1";
    return CallStatus::kError;
  }
  EntropyBudget b;
  if (!DecodeBudget(v.budget, kEntropyBudget, &b, error)) return CallStatus::kError;
  if (v.vectors != 0 && v.vectors != 1) {
    *error = "vectors must be 0 or 1";
    return CallStatus::kError;
  }
  if (v.has_state) {
    if (!v.x.empty() || !v.z.empty() || !v.coeff.empty() || v.vectors != 0) {
      *error = "a state problem takes no terms";
      return CallStatus::kError;
    }
    if (v.state.size() != (size_t{2} << problem.n)) {
      *error = "state must hold 2^(n+1) numbers";
      return CallStatus::kError;
    }
    double norm = 0;
    for (double x : v.state) {
      if (!std::isfinite(x) || std::fabs(x) > 1e150) {
        *error = "state amplitudes must be finite";
        return CallStatus::kError;
      }
      norm += x * x;
    }
    if (!(norm > 0) || !std::isfinite(norm)) {
      *error = "state must not be zero";
      return CallStatus::kError;
    }
    return CallStatus::kOk;
  }
  if (!CheckPauliTerms(problem.n, v.x, v.z, v.coeff, error)) return CallStatus::kError;
  if (v.vectors == 1 && problem.n > kMaxVectorQubits) {
    *error = "the ground state is returned up to n = " + std::to_string(kMaxVectorQubits);
    return CallStatus::kError;
  }
  return CallStatus::kOk;
}

CallStatus SolveEntropy(const EntropyProblem& problem, const SolveOptions& options, const Limits& limits,
                        SolveResult* out, std::string* error) {
  const EntropyView& v = problem.entropy;
  EntropyBudget b;
  if (!DecodeBudget(v.budget, kEntropyBudget, &b, error)) return CallStatus::kError;
  std::vector<double> psi;
  double state_t = 0;
  bool cut = false;
  Ground g;
  if (v.has_state) {
    double norm = 0;
    for (double x : v.state) norm += x * x;
    const double inv = 1 / std::sqrt(norm);
    psi.resize(v.state.size());
    for (size_t i = 0; i < psi.size(); ++i) psi[i] = v.state[i] * inv;
  } else {
    PauliSpectrumOptions o;
    o.k = std::min<int64_t>(2, int64_t{1} << problem.n);
    o.tolerance = b.tolerance;
    o.max_matvecs = b.max_matvecs;
    o.dense_max_dim = b.dense_max_dim;
    o.basis_bytes = b.basis_bytes;
    o.seed = options.seed;
    o.vectors = true;
    o.residual = b.residual;
    PauliSpectrum s = ComputePauliSpectrum({problem.n, v.x, v.z, v.coeff}, o, limits);
    // The deadline rule (docs/contract.md): no state yet when the budget passed, so the search runs
    // on, within the same work budget and past the limits, to its first complete answer.
    if (s.values.empty()) s = ComputePauliSpectrum({problem.n, v.x, v.z, v.coeff}, o, Limits());
    g.matvecs = s.matvecs;
    if (s.values.empty()) {
      Pack(problem, nullptr, 0, g, nullptr, false, out);
      out->status = StatusFor(limits.CheckLimits(), ResultStatus::kWorkLimit);
      return CallStatus::kOk;
    }
    psi = std::move(s.vectors[0]);
    const bool two = s.values.size() > 1;
    const double delta = two ? s.values[1] - s.errors[1] - s.values[0] : std::numeric_limits<double>::infinity();
    state_t = delta > 0 ? std::min(1.0, s.residuals[0] / delta) : 1.0;
    // A search a limit cut short proves nothing about how far its vector is from the ground state.
    cut = s.stopped;
    g.energy = s.values[0];
    g.error = s.errors[0];
    g.gap = two ? s.values[1] - s.values[0] : std::numeric_limits<double>::infinity();
    g.gap_error = two ? s.errors[0] + s.errors[1] : std::nan("");
    g.converged = s.complete && !s.stopped && static_cast<int64_t>(s.values.size()) == o.k;
    g.degenerate = !(delta > 0);
  }
  const Entanglement e = ComputeEntanglement(problem.n, psi, v.subsystem, kEntropyMaxSchmidt);
  Pack(problem, &e, state_t, g, v.vectors == 1 && !v.has_state ? &psi : nullptr, cut, out);
  const Stop stop = limits.CheckLimits();
  out->status = stop != Stop::kNone ? StatusFor(stop, ResultStatus::kWorkLimit) : ResultStatus::kWorkLimit;
  return CallStatus::kOk;
}

}  // namespace svc::core

#include "spectrum/solve.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace svc::core {

namespace {

bool HasOddY(std::span<const int32_t> x, std::span<const int32_t> z) {
  for (size_t t = 0; t < x.size(); ++t) {
    if (std::popcount(static_cast<uint32_t>(x[t] & z[t])) & 1) return true;
  }
  return false;
}

}  // namespace

bool CheckPauliTerms(int32_t n, std::span<const int32_t> x, std::span<const int32_t> z, std::span<const double> coeff,
                     std::string* error) {
  if (n < 1 || n > kMaxQubits) {
    *error = "n must be in 1.." + std::to_string(kMaxQubits) + " qubits";
    return false;
  }
  if (x.size() != coeff.size() || z.size() != coeff.size()) {
    *error = "x, z and coeff must have one entry per term";
    return false;
  }
  const int64_t limit = int64_t{1} << n;
  double total = 0;
  for (size_t t = 0; t < coeff.size(); ++t) {
    if (x[t] < 0 || x[t] >= limit || z[t] < 0 || z[t] >= limit) {
      *error = "term " + std::to_string(t) + " acts outside the n qubits";
      return false;
    }
    if (!std::isfinite(coeff[t])) {
      *error = "coeff " + std::to_string(t) + " is not finite";
      return false;
    }
    total += std::fabs(coeff[t]);
  }
  // The contracts cap the sum of magnitudes at 1e150: squares of every sum stay finite.
  if (!(total <= 1e150)) {
    *error = "the coefficients' magnitudes sum past 1e150";
    return false;
  }
  return true;
}

int64_t MaxSpectrumK(int32_t n, bool complex, double basis_bytes) {
  const double vec = std::ldexp(8.0 * (complex ? 2 : 1), n);
  return std::min<int64_t>(64, static_cast<int64_t>(std::floor(basis_bytes / vec)) - 5);
}

void PackSpectrum(const PauliSpectrum& s, int64_t k, SolveResult* out) {
  const size_t count = s.values.size();
  out->kind = ResultKind::kNumeric;
  out->values.clear();
  out->values.insert(out->values.end(), s.values.begin(), s.values.end());
  out->values.insert(out->values.end(), s.errors.begin(), s.errors.end());
  out->values.insert(out->values.end(), s.residuals.begin(), s.residuals.end());
  for (const auto& v : s.vectors) out->values.insert(out->values.end(), v.begin(), v.end());
  out->objective = count > 0 ? s.values[0] : std::nan("");
  out->proof = Proof::kNone;
  out->SetExtra("count", static_cast<double>(count));
  out->SetExtra("vectors", static_cast<double>(s.vectors.size()));
  out->SetExtra("symmetry", s.symmetry);
  out->SetExtra("sectors", s.sectors);
  out->SetExtra("methods", s.methods);
  out->SetExtra("matvecs", static_cast<double>(s.matvecs));
  out->SetExtra("floor", s.floor);
  out->SetExtra("scale", s.scale);
  // `operation` only for a proven complete list whose every bound meets the effort's target.
  out->SetExtra("converged", s.converged && static_cast<int64_t>(count) == k ? 1 : 0);
  out->work.iterations = s.matvecs;
}

CallStatus ValidateSpectrum(std::string_view command, const SpectrumProblem& problem, const SolveOptions& options,
                            std::string* error) {
  const SpectrumView& v = problem.spectrum;
  if (!problem.linear.empty() || problem.pairs.size() != 0) {
    *error = "spectrum takes no linear terms or pairs";
    return CallStatus::kError;
  }
  if (!CheckPauliTerms(problem.n, v.x, v.z, v.coeff, error)) return CallStatus::kError;
  SpectrumBudget b;
  if (!DecodeBudget(v.budget, kSpectrumBudget, &b, error)) return CallStatus::kError;
  if (!(v.k >= 1 && v.k <= 4096 && v.k == std::floor(v.k))) {
    *error = "k must be a whole number in 1..4096";
    return CallStatus::kError;
  }
  const int64_t k = std::min<int64_t>(static_cast<int64_t>(v.k), int64_t{1} << problem.n);
  if (k > std::max<int64_t>(1, MaxSpectrumK(problem.n, HasOddY(v.x, v.z), b.basis_bytes)) && (int64_t{1} << problem.n) > b.dense_max_dim) {
    *error = "k = " + std::to_string(k) + " needs more Krylov vectors than the basis memory holds at n = " + std::to_string(problem.n);
    return CallStatus::kError;
  }
  if (v.vectors != 0 && v.vectors != 1) {
    *error = "vectors must be 0 or 1";
    return CallStatus::kError;
  }
  if (v.vectors == 1 && problem.n > kMaxVectorQubits) {
    *error = "eigenvectors are returned up to n = " + std::to_string(kMaxVectorQubits);
    return CallStatus::kError;
  }
  return CallStatus::kOk;
}

CallStatus SolveSpectrum(const SpectrumProblem& problem, const SolveOptions& options, const Limits& limits,
                         SolveResult* out, std::string* error) {
  const SpectrumView& v = problem.spectrum;
  SpectrumBudget b;
  if (!DecodeBudget(v.budget, kSpectrumBudget, &b, error)) return CallStatus::kError;
  const int64_t k = std::min<int64_t>(static_cast<int64_t>(v.k), int64_t{1} << problem.n);
  PauliSpectrumOptions o;
  o.k = k;
  o.tolerance = b.tolerance;
  o.max_matvecs = b.max_matvecs;
  o.dense_max_dim = b.dense_max_dim;
  o.basis_bytes = b.basis_bytes;
  o.seed = options.seed;
  o.vectors = v.vectors == 1;
  const PauliSpectrum s = ComputePauliSpectrum({problem.n, v.x, v.z, v.coeff}, o, limits);
  PackSpectrum(s, k, out);
  const Stop stop = limits.CheckLimits();
  out->status = s.stopped ? StatusFor(stop, ResultStatus::kWorkLimit) : ResultStatus::kWorkLimit;
  return CallStatus::kOk;
}

}  // namespace svc::core

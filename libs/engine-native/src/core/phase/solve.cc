#include "phase/solve.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "common/prng.h"
#include "kernels/pauli_spectrum.h"
#include "phase/models.h"

namespace svc::core {

namespace {

struct Moments {
  double m2 = 0, m4 = 0, corr = 0;
};

// Sum over the vector's basis states of |psi_b|^2 M(b)^2, M^4 and Z_0 Z_{L/2} (solve.ts moments).
template <typename StateOf>
Moments ComputeMoments(int32_t L, const std::vector<double>& psi, bool complex, int64_t count, StateOf state_of, bool staggered) {
  Moments m;
  const int s = complex ? 2 : 1;
  const int32_t half = L >> 1;
  for (int64_t i = 0; i < count; ++i) {
    const double w = psi[i * s] * psi[i * s] + (complex ? psi[i * s + 1] * psi[i * s + 1] : 0.0);
    if (w == 0) continue;
    const uint32_t b = state_of(i);
    double mag = 0;
    for (int32_t q = 0; q < L; ++q) mag += (((b >> q) & 1) ? -1.0 : 1.0) * ((staggered && (q & 1)) ? -1.0 : 1.0);
    m.m2 += w * mag * mag;
    m.m4 += w * mag * mag * mag * mag;
    m.corr += w * ((((b & 1) ^ ((b >> half) & 1)) != 0) ? -1.0 : 1.0);
  }
  return m;
}

}  // namespace

CallStatus ValidatePhase(std::string_view command, const PhaseProblem& problem, const SolveOptions& options,
                         std::string* error) {
  const PhaseView& v = problem.phase;
  if (!problem.linear.empty() || problem.pairs.size() != 0) {
    *error = "phase takes no linear terms or pairs";
    return CallStatus::kError;
  }
  if (problem.n < kMinPhaseSites || problem.n > kMaxPhaseSites) {
    *error = "n must be in " + std::to_string(kMinPhaseSites) + ".." + std::to_string(kMaxPhaseSites) + " sites";
    return CallStatus::kError;
  }
  if (v.model < 0 || v.model > 2 || v.boundary < 0 || v.boundary > 1) {
    *error = "unknown model or boundary";
    return CallStatus::kError;
  }
  if (!std::isfinite(v.J) || v.J == 0 || !std::isfinite(v.h) || !std::isfinite(v.delta)) {
    *error = "J must be a non-zero finite number, h and delta finite";
    return CallStatus::kError;
  }
  if (v.model != 0 && problem.n % 2 != 0) {
    *error = "xxz and heisenberg need an even number of sites";
    return CallStatus::kError;
  }
  if (v.model == 0 && v.J < 0 && v.boundary == 1 && problem.n % 2 != 0) {
    *error = "an antiferromagnetic ring needs an even number of sites";
    return CallStatus::kError;
  }
  PhaseBudget b;
  if (!DecodeBudget(v.budget, kPhaseBudget, &b, error)) return CallStatus::kError;
  return CallStatus::kOk;
}

CallStatus SolvePhase(const PhaseProblem& problem, const SolveOptions& options, const Limits& limits,
                      SolveResult* out, std::string* error) {
  const PhaseView& v = problem.phase;
  PhaseBudget b;
  if (!DecodeBudget(v.budget, kPhaseBudget, &b, error)) return CallStatus::kError;
  const std::vector<int32_t> sizes = SizesFor(v, problem.n);
  const int32_t stride = v.model == 0 ? kTfimStride : kXxzStride;
  out->kind = ResultKind::kNumeric;
  out->values.clear();
  out->proof = Proof::kNone;
  int64_t matvecs = 0;
  bool converged = true;
  int32_t done = 0;
  // Every size is solved even past a deadline (the kernels then stop at their first values): the
  // first complete answer always comes, stopped at the deadline and not converged. A cancel stops.
  for (int32_t L : sizes) {
    if (limits.CheckLimits() == Stop::kCancelled) break;
    const PauliTerms terms = PhaseTerms(v, L);
    if (v.model == 0) {
      PauliSpectrumOptions o;
      o.k = 2;
      o.tolerance = b.tolerance;
      o.max_matvecs = b.max_matvecs;
      o.dense_max_dim = b.dense_max_dim;
      o.basis_bytes = b.basis_bytes;
      o.seed = options.seed;
      o.vectors = true;
      o.residual = b.residual;
      const PauliSpectrum s = ComputePauliSpectrum(terms.view(), o, limits);
      matvecs += s.matvecs;
      if (s.values.size() < 2) {
        converged = false;
        break;
      }
      if (!s.converged) converged = false;
      const Moments m = ComputeMoments(L, s.vectors[0], true, int64_t{1} << L, [](int64_t i) { return static_cast<uint32_t>(i); }, v.J < 0);
      out->values.insert(out->values.end(), {static_cast<double>(L), s.values[0], s.errors[0], s.values[1], s.errors[1], m.m2, m.m4, m.corr});
    } else {
      const PauliOperator op = MakePauliOperator(terms.view());
      const double floor = RoundingFloor(op);
      KrylovWork work{0, b.max_matvecs};
      Prng rng(options.seed);
      VectorPool pool;
      SectorSettings settings;
      settings.tol = std::max(b.tolerance * op.scale, 2 * floor);
      settings.scale = op.scale;
      settings.floor = floor;
      settings.residual = std::max(b.residual * op.scale, 4 * floor);
      settings.rng = &rng;
      settings.limits = &limits;
      settings.work = &work;
      settings.check_rounds = true;
      settings.basis_bytes = b.basis_bytes;
      settings.dense_max_dim = b.dense_max_dim;
      settings.keep_vectors = true;
      settings.pool = &pool;
      const SectorBasis zero(L, SectorBasis::Kind::kOnes, L / 2);
      const SectorOperator sop0(op, zero, nullptr);
      if (sop0.interrupted()) {
        converged = false;
        break;
      }
      const SectorResult s0 = SectorLowest(sop0, 2, settings);
      const SectorBasis one(L, SectorBasis::Kind::kOnes, L / 2 + 1);
      const SectorOperator sop1(op, one, nullptr);
      SectorSettings settings1 = settings;
      settings1.check_rounds = false;
      settings1.keep_vectors = false;
      const SectorResult s1 = sop1.interrupted() ? SectorResult{} : SectorLowest(sop1, 1, settings1);
      matvecs += work.matvecs;
      if (s0.pairs.size() < 2 || s1.pairs.empty()) {
        converged = false;
        break;
      }
      if (s0.stopped || s1.stopped || !s0.complete || !s1.complete) converged = false;
      if (std::max({s0.errors[0], s0.errors[1], s1.errors[0]}) > settings.tol) converged = false;
      const double delta = v.model == 2 ? 1.0 : v.delta;
      const double e_ferro = v.J * delta * BondsOf(L, v.boundary == 1);
      const Moments m = ComputeMoments(L, s0.pairs[0].vector, op.complex, zero.dim(), [&zero](int64_t i) { return zero.State(i); }, true);
      out->values.insert(out->values.end(), {static_cast<double>(L), s0.pairs[0].value, s0.errors[0], s0.pairs[1].value, s0.errors[1],
                                             s1.pairs[0].value, s1.errors[0], e_ferro, m.m2, m.m4, m.corr});
    }
    ++done;
  }
  if (done < static_cast<int32_t>(sizes.size())) converged = false;
  out->objective = done > 0 ? out->values[(done - 1) * stride + 1] : std::nan("");
  out->SetExtra("model", v.model);
  out->SetExtra("sizes", done);
  out->SetExtra("stride", stride);
  out->SetExtra("matvecs", static_cast<double>(matvecs));
  out->SetExtra("converged", converged ? 1 : 0);
  out->SetExtra("scale", PhaseScale(v));
  out->work.iterations = matvecs;
  const Stop stop = limits.CheckLimits();
  out->status = stop != Stop::kNone ? StatusFor(stop, ResultStatus::kWorkLimit) : ResultStatus::kWorkLimit;
  return CallStatus::kOk;
}

}  // namespace svc::core

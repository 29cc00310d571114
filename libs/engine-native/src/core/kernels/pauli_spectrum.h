// The lowest k eigenvalues of a Pauli sum, each with an error bound (engine-ts
// kernels/pauli-spectrum.ts, whose file comment is the specification): symmetry sectors, diagonal
// sectors read off, small ones dense, the others by thick-restart Lanczos below a cutoff, merged.
#ifndef SVC_CORE_KERNELS_PAULI_SPECTRUM_H_
#define SVC_CORE_KERNELS_PAULI_SPECTRUM_H_

#include <cstdint>
#include <limits>
#include <vector>

#include "common/solve_limits.h"
#include "kernels/lanczos.h"
#include "kernels/pauli_sum.h"

namespace svc::core {

inline constexpr int64_t kMaxKrylovSlots = 40;

struct PauliSpectrumOptions {
  int64_t k = 1;
  double tolerance = 1e-12;  // relative to sum |c|
  int64_t max_matvecs = 0;
  int64_t dense_max_dim = 0;
  double basis_bytes = 0;
  uint32_t seed = 0;
  bool vectors = false;  // eigenvectors on the full space (interleaved complex)
  double residual = 0;   // target of each eigenvector's residual, relative to sum |c| (0: none)
};

// Symmetry code of the result: 0 none, 1 U(1), 2 Z-parity, 3 X-parity, 4 diagonal.
struct PauliSpectrum {
  std::vector<double> values, errors, residuals;
  std::vector<std::vector<double>> vectors;  // full space, 2^(n+1) each
  int32_t symmetry = 0;
  int32_t sectors = 0;
  int32_t methods = 0;  // bit 1 diagonal, 2 dense, 4 Lanczos
  int64_t matvecs = 0;
  bool stopped = false;
  // Proven the lowest values with multiplicity: every sector diagonal or dense, none cut short (else a
  // Lanczos sector: the bounds hold for the nearest eigenvalue only; pauli-spectrum.ts `complete`).
  bool complete = false;
  bool converged = false;  // complete, not stopped, k values, every bound within the target
  double floor = 0;
  double scale = 0;
};

// The rounding floor added to every bound: 2 eps sum|c| (terms + 2), the rounding of H x (each
// entry a sum over the terms) in the compensated Rayleigh quotient and residual.
double RoundingFloor(const PauliOperator& op);

int64_t KrylovSlots(int64_t dim, bool complex, int64_t want, double basis_bytes);

// The settings of one sector's solve (engine-ts pauli-spectrum.ts SectorSettings).
struct SectorSettings {
  double cutoff = std::numeric_limits<double>::infinity();
  double tol = 0;
  double scale = 1;
  double floor = 0;
  double residual = 0;  // absolute residual target of the vectors (0: none)
  Prng* rng = nullptr;
  const Limits* limits = nullptr;
  KrylovWork* work = nullptr;
  bool check_rounds = false;
  double basis_bytes = 0;
  int64_t dense_max_dim = 0;
  bool keep_vectors = false;
  VectorPool* pool = nullptr;
};

struct SectorResult {
  std::vector<EigenPair> pairs;  // ascending, unit vectors on the sector's basis when kept
  std::vector<double> errors;    // Kato-Temple when complete, else the residual; clusters widened; plus the floor
  int32_t method = 0;            // 1 diagonal, 2 dense, 4 Lanczos
  bool stopped = false;
  bool complete = true;          // diagonal or dense (Sturm counts); Lanczos: not proven
};

// The lowest `want` eigenpairs of H on one sector with their bounds (the per-sector step of
// ComputePauliSpectrum).
SectorResult SectorLowest(const SectorOperator& sop, int64_t want, const SectorSettings& settings);

PauliSpectrum ComputePauliSpectrum(const PauliTermsView& terms, const PauliSpectrumOptions& o, const Limits& limits);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_PAULI_SPECTRUM_H_

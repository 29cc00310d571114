// The lowest eigenpairs of a large Hermitian operator given only as w = H v: thick-restart
// Lanczos in Krylov-Schur form with partial reorthogonalisation (Simon's omega recurrence),
// locking and check rounds for missed copies of degenerate eigenvalues (engine-ts
// kernels/lanczos.ts, whose file comment is the specification).
#ifndef SVC_CORE_KERNELS_LANCZOS_H_
#define SVC_CORE_KERNELS_LANCZOS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "common/prng.h"
#include "common/solve_limits.h"
#include "kernels/parallel.h"

namespace svc::core {

// w = H v on vectors of dim doubles (2*dim interleaved when complex).
struct LinearOperator {
  int64_t dim = 0;
  bool complex = false;
  std::function<void(const double* v, double* w)> apply;
  // w = H v returning Re(v^H w) in the same pass (optional: else apply, then a dot).
  std::function<double(const double* v, double* w)> apply_dot;
};

struct KrylovWork {
  int64_t matvecs = 0;
  int64_t max_matvecs = 0;
};

struct KrylovParams {
  const LinearOperator* op = nullptr;
  int64_t want = 1;
  double cutoff = 0;  // +infinity: none
  double tol = 0;     // absolute target of each error bound
  double residual = 0;  // absolute target of each wanted vector's residual too (0: none)
  double scale = 1;   // bound on ||H||
  int64_t slots = 0;  // vectors this solve may hold
  Prng* rng = nullptr;
  const Limits* limits = nullptr;
  KrylovWork* work = nullptr;
  bool check_rounds = false;
  bool keep_vectors = true;  // copy the eigenvectors out (else EigenPair::vector stays empty)
  VectorPool* pool = nullptr;  // where the vectors live (reused across sectors); null: a pool of its own
};

struct EigenPair {
  double value = 0;
  double residual = 0;
  std::vector<double> vector;
};

struct Neighbour {
  double value = 0;
  double residual = 0;
};

struct KrylovResult {
  std::vector<EigenPair> pairs;   // ascending
  std::vector<Neighbour> above;   // values seen above them: Temple's upper neighbours
  bool stopped = false;
};

KrylovResult KrylovLowest(const KrylovParams& p);

struct Rayleigh {
  double value = 0;
  double residual = 0;
};
// theta = x^H H x / x^H x and ||H x - theta x|| / ||x|| with compensated sums (x, hx = H x real or
// interleaved complex: the real parts of the products are what both need).
Rayleigh CompensatedRayleigh(const double* x, const double* hx, int64_t len);

// min(r, r^2/delta) per value (lanczos.ts templeBounds).
std::vector<double> TempleBounds(const std::vector<double>& values, const std::vector<double>& residuals,
                                 bool lowest_is_bottom, const std::vector<Neighbour>& above);

// Bounds for the i-th eigenvalue inside clusters of overlapping residuals (lanczos.ts clusterBounds):
// a value of a cluster C of two or more gets max_j |theta_i - theta_j| + (sum_C r_j^2)^(1/2); a value
// alone keeps single[i]. values/residuals may run past single (neighbours above).
std::vector<double> ClusterBounds(const std::vector<double>& values, const std::vector<double>& residuals,
                                  const std::vector<double>& single);

// Bounds of a merged ascending list (lanczos.ts mergedBounds): chained while |theta_j - theta_i| <=
// b_i + b_j, a bound widens to max_j (|theta_i - theta_j| + b_j) over its chain.
std::vector<double> MergedBounds(const std::vector<double>& values, const std::vector<double>& bounds);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_LANCZOS_H_

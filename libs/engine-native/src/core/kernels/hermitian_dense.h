// The lowest eigenpairs of a dense Hermitian matrix (engine-ts kernels/hermitian-dense.ts, whose
// file comment is the specification): Householder tridiagonalisation, Sturm bisection, inverse
// iteration with clusters orthogonalised, back-transformation. Row-major, interleaved complex.
#ifndef SVC_CORE_KERNELS_HERMITIAN_DENSE_H_
#define SVC_CORE_KERNELS_HERMITIAN_DENSE_H_

#include <cstdint>
#include <vector>

namespace svc::core {

struct DenseEigen {
  std::vector<double> values;                // ascending
  std::vector<std::vector<double>> vectors;  // unit; length N (real) or 2N (complex)
};

// The lowest `count` eigenpairs of the N x N Hermitian A (destroyed).
DenseEigen DenseLowest(std::vector<double>& A, int64_t N, bool complex, int64_t count, bool with_vectors);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_HERMITIAN_DENSE_H_

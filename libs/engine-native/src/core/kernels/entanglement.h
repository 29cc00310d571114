// Entanglement of a pure state across a bipartition (engine-ts kernels/entanglement.ts, whose file
// comment is the specification): the reduced density matrix of the smaller side, its eigenvalues
// by the dense solver, von Neumann and Renyi-2 entropies in bits, the largest Schmidt coefficients,
// and the trace-distance bound of the rounding for the Fannes-Audenaert inequality.
#ifndef SVC_CORE_KERNELS_ENTANGLEMENT_H_
#define SVC_CORE_KERNELS_ENTANGLEMENT_H_

#include <cstdint>
#include <span>
#include <vector>

namespace svc::core {

struct Entanglement {
  double entropy = 0;
  double renyi2 = 0;
  double purity = 1;
  std::vector<double> schmidt;  // descending, at most max_schmidt
  int64_t dim = 1;              // 2^min(|A|, |B|)
  int64_t rank = 0;
  double rounding_t = 0;
};

// |S(rho) - S(sigma)| <= T log2(d - 1) + h2(T) (log2 d when T >= 1 - 1/d).
double FannesAudenaert(double t, int64_t d);

// psi: 2^(n+1) numbers (interleaved re, im; qubit q = bit q), normalised; in_a[q] 1 for A's qubits.
Entanglement ComputeEntanglement(int32_t n, std::span<const double> psi, std::span<const uint8_t> in_a, int64_t max_schmidt);

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_ENTANGLEMENT_H_

// Exact lattice arithmetic on GMP integers for reduce: the integral LLL of de Weger (Cohen,
// Algorithm 2.6.7: d_i = Gram determinants, λ_ij = d_{j+1}·μ_ij, all integers) with the transform U
// and its inverse V following every row operation, the unimodular echelon step that brings out the
// zero vectors of a dependent basis, and the exact check of an answer (the twin of engine-ts
// families/reduce/lll.ts and verify.ts).
#ifndef SVC_CORE_REDUCE_LATTICE_H_
#define SVC_CORE_REDUCE_LATTICE_H_

#include <gmpxx.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace svc::core {

using IntMatrix = std::vector<std::vector<mpz_class>>;

// A basis under unimodular row operations: U·B0 = b and V·b = B0 at every step.
struct Reduction {
  IntMatrix b;
  IntMatrix u;
  IntMatrix v;
  int32_t rank = 0;  // nonzero vectors (after zeros first)
  int64_t swaps = 0;
  int64_t reductions = 0;
  bool stopped = false;
};

IntMatrix Identity(int32_t m);

// delta as the exact fraction num/den (a double is a dyadic rational).
void DeltaFraction(double delta, mpz_class* num, mpz_class* den);

// row k −= q·row l (b, u; V's column l += q·column k).
void AddMul(Reduction* r, int32_t k, int32_t l, const mpz_class& q);
void SwapRows(Reduction* r, int32_t i, int32_t j);

// Moves zero rows to the front, the others keeping their order; returns how many.
int32_t ZerosFirst(Reduction* r);

// Exact LLL of r->b (zero vectors first, rank set): an echelon step first when the rows are
// dependent. `stop` is polled every 64 steps; true leaves r->stopped set.
void ExactLll(Reduction* r, double delta, const std::function<bool()>& stop);

// Is b LLL-reduced with delta (zeros first, the rest independent, |μ| ≤ 1/2, Lovász), exactly?
// On success rank and the squared norm of the shortest nonzero vector (0 with none).
bool CheckReduced(const IntMatrix& b, double delta, int32_t* rank, mpz_class* shortest_sq, std::string* detail);

// U·B = B', V·B' = B, and V·U = I when rank < rows.
bool CheckSameLattice(const IntMatrix& b, const IntMatrix& reduced, const IntMatrix& u, const IntMatrix& v, int32_t rank,
                      std::string* detail);

// "B';U;V": rows by '\n', entries by ' '.
std::string ReductionText(const Reduction& r);

}  // namespace svc::core

#endif  // SVC_CORE_REDUCE_LATTICE_H_

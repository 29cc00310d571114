// The fast proofs behind reduce's native answer, each sound on any input and declining (false)
// where it cannot decide, so that the caller falls back to the exact integral path (lattice.h):
// - CertifyReducedFloat: the LLL conditions of a basis proved by a floating-point Cholesky of its
//   exact Gram matrix in midpoint–radius arithmetic (every rounding bounded), instead of the
//   integral Gram–Schmidt whose numbers grow to ~2·d·log‖b‖ bits;
// - RecoverTransforms: U with U·B = B' and V with V·B' = B recovered after a reduction run without
//   transforms, by Dixon's p-adic lifting on m independent columns (the exact residual reaching
//   zero proves X·A = C on them) and exact products on the other columns.
#ifndef SVC_CORE_REDUCE_CERTIFY_H_
#define SVC_CORE_REDUCE_CERTIFY_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "reduce/lattice.h"

namespace svc::core {

// True only when b's rows are nonzero, independent, |μ_ij| ≤ 1/2 and δ·‖b*_{i−1}‖² ≤ ‖b*_i‖² +
// μ²_{i,i−1}·‖b*_{i−1}‖² (delta's exact binary value) are all proved; false says nothing (undecided:
// a borderline μ or Lovász pair, entries too large for doubles, a zero row).
bool CertifyReducedFloat(const IntMatrix& b, double delta);

// The m columns (m = rows) of b on which the transforms are solved: independent modulo the prime,
// smallest entries first, each entry below 2^40 in absolute value. False when b has no such set
// (rows dependent modulo the prime, or entries too large): the caller tracks transforms instead.
bool PivotColumns(const IntMatrix& b, std::vector<int32_t>* columns);

// Given B and B' = a reduction of B (same shape), finds integral U, V with U·B = B' and V·B' = B,
// proved exactly (see above), on the pivot columns of B. False (nothing proved) when a solve does
// not reach an integral solution within its step cap, an entry is too large, or `stop` said so.
bool RecoverTransforms(const IntMatrix& b, const IntMatrix& reduced, const std::vector<int32_t>& columns, IntMatrix* u,
                       IntMatrix* v, const std::function<bool()>& stop);

// X·A = C over the integers (A: s×s, |a| < 2^40; C: k×s, |c| < 2^40) by Dixon's lifting modulo
// `prime` (< 2^28) with symmetric digits; true only when the residual reached exactly zero within
// max_steps (then X·A = C holds exactly). Exposed for the tests.
bool SolveIntegral(const std::vector<std::vector<int64_t>>& a, const std::vector<std::vector<int64_t>>& c, uint32_t prime,
                   int max_steps, IntMatrix* x, const std::function<bool()>& stop);

}  // namespace svc::core

#endif  // SVC_CORE_REDUCE_CERTIFY_H_

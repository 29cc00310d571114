// PSLQ in fixed-point GMP integers (engine-ts families/relation/pslq.ts, operation for operation).
#ifndef SVC_CORE_RELATION_PSLQ_H_
#define SVC_CORE_RELATION_PSLQ_H_

#include <gmpxx.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "relation/solve.h"

namespace svc::core {

inline constexpr int kPslqGuardBits = 32;

// ⌈D·log2 10⌉ as engine-ts digitBits computes it.
int DigitBits(int d);

struct PslqOutcome {
  RelationStop stop = RelationStop::kExhausted;
  std::vector<mpz_class> relation;  // the accepted column (kFound)
  mpz_class max_diagonal;           // max_j |H_jj| when the run ended, 0 before the first bound
  int64_t iterations = 0;
};

int64_t PslqIterationCap(int n, int prec);

// x: the terms in fixed point (2^prec); accept decides a candidate column; poll is true to stop.
PslqOutcome Pslq(const std::vector<mpz_class>& x, int prec, const mpz_class& height_squared_times_n, int tol_bits,
                 const std::function<bool(const std::vector<mpz_class>&)>& accept, const std::function<bool()>& poll);

// N_D = ⌊10^⌊D/4⌋ / (2n)⌋: the largest relation norm D digits can decide (engine-ts decidableNorm).
mpz_class DecidableNorm(int d, int n);

// min(1/max|H_jj|, cap) as a double (engine-ts boundOf).
double BoundOf(const mpz_class& max_diagonal, int prec, const mpz_class& cap);

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_PSLQ_H_

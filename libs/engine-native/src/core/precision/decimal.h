// Decimal rounding and the answer's text (engine-ts families/precision/decimal.ts, step for step):
// a positive rational rounded half-even to D significant digits, spelled byte for byte as there.
#ifndef SVC_CORE_PRECISION_DECIMAL_H_
#define SVC_CORE_PRECISION_DECIMAL_H_

#include <cstdint>
#include <string>

#include "precision/gmp_values.h"

namespace svc::core::precision {

// q has exactly D digits; the value is q · 10^(E − D + 1); exact when no rounding happened.
struct Rounded {
  Int q;
  int64_t E = 0;
  bool exact = false;
};

// 10^k (k ≥ 0).
void Pow10(mpz_ptr out, int64_t k);

// num/den (both > 0) rounded half-even to D digits.
Rounded RoundRatio(mpz_srcptr num, mpz_srcptr den, int64_t D);

// m · 2^e (m > 0) rounded to D digits, its exponent shifted by dexp (the value times 10^dexp).
Rounded RoundDyadic(mpz_srcptr m, int64_t e, int64_t D, int64_t dexp);

// An MPFR value (> 0) as RoundDyadic.
Rounded RoundReal(mpfr_srcptr v, int64_t D, int64_t dexp);

bool SameRounding(const Rounded& a, const Rounded& b);

// The D-digit value just above a.
Rounded Successor(const Rounded& a, int64_t D);

// The spelling: trailing zeros dropped, plain when −7 < E < 21, else d.ddd…e±E; "0" for zero.
std::string FormatDecimal(bool negative, const Rounded* r);

}  // namespace svc::core::precision

#endif  // SVC_CORE_PRECISION_DECIMAL_H_

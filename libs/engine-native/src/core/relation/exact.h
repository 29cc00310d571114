// The exact check of a candidate relation (engine-ts families/relation/exact.ts, the same rule):
//   |Σ a_i·t_i| + Σ |a_i|·δ_i < 10^(E − ⌈D/2⌉)
// t_i the terms (the values, or the powers of the value), δ_i how far a true term may be from the
// written one, E the largest ⌊log10 |t_i|⌋, D the working digits.
#ifndef SVC_CORE_RELATION_EXACT_H_
#define SVC_CORE_RELATION_EXACT_H_

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace svc::core {

// An exact decimal m·10^e.
struct Dec {
  mpz_class m;
  int64_t e = 0;
};

mpz_class Pow10(int64_t k);
// ⌊log10 |d|⌋; nullopt for 0.
std::optional<int64_t> AdjustedExponent(const Dec& d);
Dec DecAdd(const Dec& a, const Dec& b);
Dec DecPow(const Dec& a, int k);

struct RelationTerms {
  std::vector<Dec> terms;
  std::vector<Dec> allowance;
};

// values: ulp[i] is the exponent of value i's last written digit, nullopt when exact.
RelationTerms ValueTerms(const std::vector<Dec>& values, const std::vector<std::optional<int64_t>>& ulp);
// x^0..x^k with allowances (|x| + u)^j − |x|^j.
RelationTerms PowerTerms(const Dec& x, std::optional<int64_t> ulp, int k);
// The rule above for coefficients a (a.size() <= terms).
bool CheckRelation(const std::vector<mpz_class>& a, const RelationTerms& t, int32_t work_digits);

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_EXACT_H_

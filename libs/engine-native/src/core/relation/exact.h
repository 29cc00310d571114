// The exact check of a candidate relation (engine-ts families/relation/exact.ts, the same rule, told
// there): with S = Σ a_i·t_i and R the radius of the interval evaluation over the true values the
// digits allow (values: Σ |a_i|·u_i; a polynomial: the Taylor enclosure Σ_{j≥1} |p^(j)(x)/j!|·u^j),
// |S| ≤ R (the digits sent do not refute it), a_0 ≠ 0 for a polynomial at a value proven non-zero,
// |S| + R < 10^(E_a − ⌈D/2⌉) (E_a the largest ⌊log10 |a_i|·(|t_i| + δ_i)⌋) and significance
// (|S| + R)·h^(n−1) < 10^(E − ⌈D/4⌉).
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
  // A polynomial's value x and the exponent of its last written digit (nullopt when exact).
  bool power = false;
  Dec x;
  std::optional<int64_t> ulp;
};

// values: ulp[i] is the exponent of value i's last written digit, nullopt when exact.
RelationTerms ValueTerms(const std::vector<Dec>& values, const std::vector<std::optional<int64_t>>& ulp);
// x^0..x^k with allowances (|x| + u)^j − |x|^j.
RelationTerms PowerTerms(const Dec& x, std::optional<int64_t> ulp, int k);
// The first `length` terms.
RelationTerms SliceTerms(const RelationTerms& t, size_t length);
// The interval of x (one unit in 10^ulp) excludes 0.
bool ProvenNonzero(const Dec& x, std::optional<int64_t> ulp);
// Σ_{j≥1} |c_j|·10^(ulp·j), c_j = Σ_{i≥j} a_i·C(i, j)·x^(i−j) (0 when exact).
Dec TaylorRadius(const std::vector<mpz_class>& a, const Dec& x, std::optional<int64_t> ulp);
// The rule above for coefficients a (a.size() <= terms).
bool CheckRelation(const std::vector<mpz_class>& a, const RelationTerms& t, int32_t work_digits);

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_EXACT_H_

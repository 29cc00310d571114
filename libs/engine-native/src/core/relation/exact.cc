// The exact check of a candidate relation (engine-ts families/relation/exact.ts).
#include "relation/exact.h"

#include <algorithm>

namespace svc::core {

mpz_class Pow10(int64_t k) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 10, static_cast<unsigned long>(k));
  return r;
}

std::optional<int64_t> AdjustedExponent(const Dec& d) {
  if (sgn(d.m) == 0) return std::nullopt;
  // mpz_sizeinbase(…, 10) may be one too large: count the digits exactly.
  mpz_class a = abs(d.m);
  int64_t digits = static_cast<int64_t>(mpz_sizeinbase(a.get_mpz_t(), 10));
  if (a < Pow10(digits - 1)) digits--;
  return digits - 1 + d.e;
}

Dec DecAdd(const Dec& a, const Dec& b) {
  if (sgn(a.m) == 0) return b;
  if (sgn(b.m) == 0) return a;
  const int64_t e = std::min(a.e, b.e);
  Dec r;
  r.m = a.m * Pow10(a.e - e) + b.m * Pow10(b.e - e);
  r.e = e;
  return r;
}

Dec DecPow(const Dec& a, int k) {
  Dec r;
  mpz_pow_ui(r.m.get_mpz_t(), a.m.get_mpz_t(), static_cast<unsigned long>(k));
  r.e = a.e * k;
  return r;
}

RelationTerms ValueTerms(const std::vector<Dec>& values, const std::vector<std::optional<int64_t>>& ulp) {
  RelationTerms t;
  t.terms = values;
  for (const auto& u : ulp) t.allowance.push_back(u ? Dec{mpz_class(1), *u} : Dec{mpz_class(0), 0});
  return t;
}

RelationTerms PowerTerms(const Dec& x, std::optional<int64_t> ulp, int k) {
  RelationTerms t;
  const Dec ax{abs(x.m), x.e};
  const Dec hi = ulp ? DecAdd(ax, Dec{mpz_class(1), *ulp}) : ax;
  for (int j = 0; j <= k; j++) {
    t.terms.push_back(DecPow(x, j));
    if (!ulp) {
      t.allowance.push_back(Dec{mpz_class(0), 0});
    } else {
      Dec low = DecPow(ax, j);
      low.m = -low.m;
      t.allowance.push_back(DecAdd(DecPow(hi, j), low));
    }
  }
  return t;
}

bool CheckRelation(const std::vector<mpz_class>& a, const RelationTerms& t, int32_t work_digits) {
  Dec sum{mpz_class(0), 0};
  Dec allow{mpz_class(0), 0};
  std::optional<int64_t> E;
  for (size_t i = 0; i < a.size(); i++) {
    const auto adj = AdjustedExponent(t.terms[i]);
    if (adj && (!E || *adj > *E)) E = adj;
    if (sgn(a[i]) == 0) continue;
    sum = DecAdd(sum, Dec{a[i] * t.terms[i].m, t.terms[i].e});
    allow = DecAdd(allow, Dec{abs(a[i]) * t.allowance[i].m, t.allowance[i].e});
  }
  if (!E) return false;
  const int64_t limit = *E - (work_digits + 1) / 2;
  Dec total = DecAdd(Dec{abs(sum.m), sum.e}, allow);
  // Significance: total · h^(n−1) < 10^(E − ⌈D/4⌉).
  mpz_class h = 1;
  for (const auto& c : a) {
    if (abs(c) > h) h = abs(c);
  }
  mpz_class hp;
  mpz_pow_ui(hp.get_mpz_t(), h.get_mpz_t(), static_cast<unsigned long>(a.size() - 1));
  Dec weighted{total.m * hp, total.e};
  if (sgn(DecAdd(weighted, Dec{mpz_class(-1), *E - (work_digits + 3) / 4}).m) >= 0) return false;
  Dec diff = DecAdd(total, Dec{mpz_class(-1), limit});
  return sgn(diff.m) < 0;
}

}  // namespace svc::core

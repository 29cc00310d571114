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
  t.power = true;
  t.x = x;
  t.ulp = ulp;
  return t;
}

RelationTerms SliceTerms(const RelationTerms& t, size_t length) {
  RelationTerms s = t;
  s.terms.resize(length);
  s.allowance.resize(length);
  return s;
}

namespace {

// The sign of a − b.
int DecCompare(const Dec& a, const Dec& b) { return sgn(DecAdd(a, Dec{-b.m, b.e}).m); }

}  // namespace

bool ProvenNonzero(const Dec& x, std::optional<int64_t> ulp) {
  if (sgn(x.m) == 0) return false;
  return !ulp || DecCompare(Dec{abs(x.m), x.e}, Dec{mpz_class(1), *ulp}) > 0;
}

Dec TaylorRadius(const std::vector<mpz_class>& a, const Dec& x, std::optional<int64_t> ulp) {
  Dec r{mpz_class(0), 0};
  if (!ulp) return r;
  const int k = static_cast<int>(a.size()) - 1;
  mpz_class xp;
  for (int j = 1; j <= k; j++) {
    Dec c{mpz_class(0), 0};
    mpz_class binom = 1;  // C(i, j), from i = j
    for (int i = j; i <= k; i++) {
      if (i > j) {
        binom *= i;
        mpz_divexact_ui(binom.get_mpz_t(), binom.get_mpz_t(), static_cast<unsigned long>(i - j));
      }
      if (sgn(a[i]) == 0) continue;
      mpz_pow_ui(xp.get_mpz_t(), x.m.get_mpz_t(), static_cast<unsigned long>(i - j));
      c = DecAdd(c, Dec{a[i] * binom * xp, x.e * (i - j)});
    }
    if (sgn(c.m) != 0) r = DecAdd(r, Dec{abs(c.m), c.e + *ulp * j});
  }
  return r;
}

bool CheckRelation(const std::vector<mpz_class>& a, const RelationTerms& t, int32_t work_digits) {
  Dec sum{mpz_class(0), 0};
  Dec allow{mpz_class(0), 0};
  std::optional<int64_t> E, Ea;
  bool nonzero = false;
  for (size_t i = 0; i < a.size(); i++) {
    const auto adj = AdjustedExponent(t.terms[i]);
    if (adj && (!E || *adj > *E)) E = adj;
    if (sgn(a[i]) == 0) continue;
    nonzero = true;
    const Dec term{a[i] * t.terms[i].m, t.terms[i].e};
    const Dec slack{abs(a[i]) * t.allowance[i].m, t.allowance[i].e};
    sum = DecAdd(sum, term);
    allow = DecAdd(allow, slack);
    const auto sc = AdjustedExponent(DecAdd(Dec{abs(term.m), term.e}, slack));
    if (sc && (!Ea || *sc > *Ea)) Ea = sc;
  }
  if (!nonzero) return false;
  const Dec residual{abs(sum.m), sum.e};
  const Dec radius = t.power ? TaylorRadius(a, t.x, t.ulp) : allow;
  // The digits sent refute it.
  if (DecCompare(residual, radius) > 0) return false;
  // x^m·q at a value proven non-zero.
  if (t.power && a.size() > 1 && sgn(a[0]) == 0 && ProvenNonzero(t.x, t.ulp)) return false;
  const Dec total = DecAdd(residual, radius);
  if (sgn(total.m) == 0) return true;
  if (!Ea || !E) return false;
  if (DecCompare(total, Dec{mpz_class(1), *Ea - (work_digits + 1) / 2}) >= 0) return false;
  // Significance: total · h^(n−1) < 10^(E − ⌈D/4⌉).
  mpz_class h = 1;
  for (const auto& c : a) {
    if (abs(c) > h) h = abs(c);
  }
  mpz_class hp;
  mpz_pow_ui(hp.get_mpz_t(), h.get_mpz_t(), static_cast<unsigned long>(a.size() - 1));
  return DecCompare(Dec{total.m * hp, total.e}, Dec{mpz_class(1), *E - (work_digits + 3) / 4}) < 0;
}

}  // namespace svc::core

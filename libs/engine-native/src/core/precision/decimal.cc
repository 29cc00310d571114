// engine-ts families/precision/decimal.ts, with GMP.
#include "precision/decimal.h"

#include <cmath>
#include <string>

namespace svc::core::precision {

void Pow10(mpz_ptr out, int64_t k) { mpz_ui_pow_ui(out, 10, static_cast<unsigned long>(k)); }

namespace {

// num · 10^(−E) compared with den.
int CmpPow10(mpz_srcptr num, mpz_srcptr den, int64_t E) {
  Int a, b, p;
  Pow10(p.get(), E >= 0 ? E : -E);
  if (E >= 0) {
    mpz_set(a.get(), num);
    mpz_mul(b.get(), den, p.get());
  } else {
    mpz_mul(a.get(), num, p.get());
    mpz_set(b.get(), den);
  }
  return mpz_cmp(a.get(), b.get());
}

int64_t FloorLog10(mpz_srcptr num, mpz_srcptr den) {
  const double bits = static_cast<double>(mpz_sizeinbase(num, 2)) - static_cast<double>(mpz_sizeinbase(den, 2));
  int64_t E = static_cast<int64_t>(std::floor(bits * std::log10(2.0))) - 1;
  while (CmpPow10(num, den, E + 1) >= 0) ++E;
  while (CmpPow10(num, den, E) < 0) --E;
  return E;
}

}  // namespace

Rounded RoundRatio(mpz_srcptr num, mpz_srcptr den, int64_t D) {
  Rounded r;
  r.E = FloorLog10(num, den);
  const int64_t t = D - 1 - r.E;
  Int N, Q, p, rem, twice;
  Pow10(p.get(), t >= 0 ? t : -t);
  if (t >= 0) {
    mpz_mul(N.get(), num, p.get());
    mpz_set(Q.get(), den);
  } else {
    mpz_set(N.get(), num);
    mpz_mul(Q.get(), den, p.get());
  }
  mpz_fdiv_qr(r.q.get(), rem.get(), N.get(), Q.get());
  mpz_mul_2exp(twice.get(), rem.get(), 1);
  const int c = mpz_cmp(twice.get(), Q.get());
  if (c > 0 || (c == 0 && mpz_odd_p(r.q.get()))) mpz_add_ui(r.q.get(), r.q.get(), 1);
  Pow10(p.get(), D);
  if (mpz_cmp(r.q.get(), p.get()) == 0) {
    Pow10(r.q.get(), D - 1);
    r.E += 1;
  }
  r.exact = mpz_sgn(rem.get()) == 0;
  return r;
}

Rounded RoundDyadic(mpz_srcptr m, int64_t e, int64_t D, int64_t dexp) {
  Int num, den;
  if (e >= 0) {
    mpz_mul_2exp(num.get(), m, static_cast<mp_bitcnt_t>(e));
    mpz_set_ui(den.get(), 1);
  } else {
    mpz_set(num.get(), m);
    mpz_set_ui(den.get(), 1);
    mpz_mul_2exp(den.get(), den.get(), static_cast<mp_bitcnt_t>(-e));
  }
  Rounded r = RoundRatio(num.get(), den.get(), D);
  r.E += dexp;
  return r;
}

Rounded RoundReal(mpfr_srcptr v, int64_t D, int64_t dexp) {
  Int m;
  const mpfr_exp_t e = mpfr_get_z_2exp(m.get(), v);
  return RoundDyadic(m.get(), e, D, dexp);
}

bool SameRounding(const Rounded& a, const Rounded& b) { return a.E == b.E && mpz_cmp(a.q.get(), b.q.get()) == 0; }

Rounded Successor(const Rounded& a, int64_t D) {
  Rounded r;
  mpz_add_ui(r.q.get(), a.q.get(), 1);
  r.E = a.E;
  Int p;
  Pow10(p.get(), D);
  if (mpz_cmp(r.q.get(), p.get()) == 0) {
    Pow10(r.q.get(), D - 1);
    r.E += 1;
  }
  return r;
}

std::string FormatDecimal(bool negative, const Rounded* r) {
  if (r == nullptr) return "0";
  std::string s(mpz_sizeinbase(r->q.get(), 10) + 2, '\0');
  mpz_get_str(s.data(), 10, r->q.get());
  s.resize(std::char_traits<char>::length(s.c_str()));
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  const int64_t E = r->E;
  const std::string sign = negative ? "-" : "";
  if (E > -7 && E < 21) {
    if (E < 0) return sign + "0." + std::string(static_cast<size_t>(-E - 1), '0') + s;
    const size_t whole = static_cast<size_t>(E + 1);
    if (s.size() <= whole) return sign + s + std::string(whole - s.size(), '0');
    return sign + s.substr(0, whole) + "." + s.substr(whole);
  }
  const std::string mant = s.size() == 1 ? s : s.substr(0, 1) + "." + s.substr(1);
  return sign + mant + (E < 0 ? "e-" : "e+") + std::to_string(E < 0 ? -E : E);
}

}  // namespace svc::core::precision

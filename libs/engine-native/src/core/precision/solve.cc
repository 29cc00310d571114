// precision with MPFR and GMP: engine-ts families/precision/solve.ts (that file's comment is the
// specification), with each bracket proven from MPFR's correct rounding instead of an error count.
#include "precision/solve.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "common/checks.h"
#include "precision/decimal.h"
#include "precision/gmp_values.h"

namespace svc::core {

namespace {

using precision::FormatDecimal;
using precision::Int;
using precision::Pow10;
using precision::Real;
using precision::RoundDyadic;
using precision::Rounded;
using precision::RoundRatio;
using precision::RoundReal;
using precision::SameRounding;
using precision::Successor;

// x = (−1)^negative · I · 10^ex exactly (I without trailing zeros; zero: I = 0).
struct Decimal {
  bool negative = false;
  Int I;
  int64_t ex = 0;
  int64_t len = 0;  // digits of I
  bool zero() const { return len == 0; }
  int64_t adjusted() const { return len - 1 + ex; }
};

Decimal DecimalOf(const PrecisionView& v) {
  Decimal d;
  d.len = static_cast<int64_t>(v.x_digits.size());
  d.ex = static_cast<int64_t>(v.x_exponent);
  d.negative = v.x_negative && d.len > 0;
  std::string s(v.x_digits.size(), '0');
  for (size_t i = 0; i < s.size(); ++i) s[i] = static_cast<char>('0' + v.x_digits[i]);
  if (!s.empty()) mpz_set_str(d.I.get(), s.c_str(), 10);
  return d;
}

// The leading (up to 17) digits as a double and log10|x| (engine-ts canonical.ts log10Abs, the same
// double operations in the same order).
double Log10Abs(const PrecisionView& v) {
  double lead = 0;
  const size_t n = std::min<size_t>(17, v.x_digits.size());
  for (size_t i = 0; i < n; ++i) lead = lead * 10 + v.x_digits[i];
  return std::log10(lead) + static_cast<double>(v.x_digits.size() - n) + v.x_exponent;
}

int64_t Gcd(int64_t a, int64_t b) { return b == 0 ? a : Gcd(b, a % b); }

// Bits of the first try: D digits and 32 guard bits (solve.ts firstBits).
int64_t FirstBits(int64_t D) { return static_cast<int64_t>(std::ceil(static_cast<double>(D) * std::log2(10.0))) + 32; }

// The exact value lies in [lo, hi] · 10^dexp (lo, hi > 0), with the sign `negative`.
struct Bracket {
  bool negative = false;
  int64_t dexp = 0;
  Real lo{2};
  Real hi{2};
  void SetPrec(mpfr_prec_t p) {
    mpfr_set_prec(lo.get(), p);
    mpfr_set_prec(hi.get(), p);
  }
};

// lo ≤ num/den ≤ hi for integers num (any sign), den > 0, at the precision of lo and hi.
void RatioBracket(mpz_srcptr num, mpz_srcptr den, mpfr_ptr lo, mpfr_ptr hi) {
  mpfr_set_z(lo, num, MPFR_RNDD);
  mpfr_div_z(lo, lo, den, MPFR_RNDD);
  mpfr_set_z(hi, num, MPFR_RNDU);
  mpfr_div_z(hi, hi, den, MPFR_RNDU);
}

// A constant between lo and hi at ≥ prec bits: Compute(v, rnd) sets v to it rounded by rnd. Computed
// once per thread (and per constant: each instantiation has its own cache) at the largest precision asked.
template <void (*Compute)(mpfr_ptr, mpfr_rnd_t)>
void CachedBracket(mpfr_prec_t prec, mpfr_ptr lo, mpfr_ptr hi) {
  thread_local Real cached_lo{2};
  thread_local Real cached_hi{2};
  thread_local mpfr_prec_t have = 0;
  if (have < prec) {
    have = std::max<mpfr_prec_t>(prec, 2 * have);
    mpfr_set_prec(cached_lo.get(), have);
    mpfr_set_prec(cached_hi.get(), have);
    Compute(cached_lo.get(), MPFR_RNDD);
    Compute(cached_hi.get(), MPFR_RNDU);
  }
  mpfr_set(lo, cached_lo.get(), MPFR_RNDD);
  mpfr_set(hi, cached_hi.get(), MPFR_RNDU);
}

void Ln10(mpfr_ptr v, mpfr_rnd_t rnd) { mpfr_log_ui(v, 10, rnd); }

void EulerE(mpfr_ptr v, mpfr_rnd_t rnd) {
  mpfr_set_ui(v, 1, MPFR_RNDN);
  mpfr_exp(v, v, rnd);
}

// ln 10 and e between lo and hi at ≥ prec bits.
void Ln10Bracket(mpfr_prec_t prec, mpfr_ptr lo, mpfr_ptr hi) { CachedBracket<&Ln10>(prec, lo, hi); }
void EBracket(mpfr_prec_t prec, mpfr_ptr lo, mpfr_ptr hi) { CachedBracket<&EulerE>(prec, lo, hi); }

// F · [lo, hi] as [plo, phi] (F any sign), rounded outward.
void ScaleBracket(int64_t F, mpfr_srcptr lo, mpfr_srcptr hi, mpfr_ptr plo, mpfr_ptr phi) {
  const long f = static_cast<long>(F);
  if (F >= 0) {
    mpfr_mul_si(plo, lo, f, MPFR_RNDD);
    mpfr_mul_si(phi, hi, f, MPFR_RNDU);
  } else {
    mpfr_mul_si(plo, hi, f, MPFR_RNDD);
    mpfr_mul_si(phi, lo, f, MPFR_RNDU);
  }
}

// A constant from a correctly rounded (RNDN) value: within half an ulp, so within one.
void FromNearest(mpfr_srcptr v, Bracket* b) {
  mpfr_set(b->lo.get(), v, MPFR_RNDD);
  mpfr_nextbelow(b->lo.get());
  mpfr_set(b->hi.get(), v, MPFR_RNDU);
  mpfr_nextabove(b->hi.get());
}

// exp(x) (x ≠ 0, |x| ≤ the limit) = 10^F · exp(r), r = x − F ln 10 in [lo, hi]: exp at the middle
// once (correctly rounded), widened by 2^(1−P) + 4 · (hi − lo) relative.
bool ExpBracket(const Decimal& x, int64_t W, Bracket* b) {
  const mpfr_prec_t P = static_cast<mpfr_prec_t>(W + 32);
  b->SetPrec(P);
  b->negative = false;
  if (x.adjusted() < -static_cast<int64_t>(std::ceil(static_cast<double>(W + 40) * std::log10(2.0))) - 2) {
    // 2|x| < 2^−(W+40) < 2^−P: exp(x), within 1 ± 2|x|, lies between 1's neighbours at P bits.
    b->dexp = 0;
    mpfr_set_ui(b->lo.get(), 1, MPFR_RNDN);
    mpfr_set_ui(b->hi.get(), 1, MPFR_RNDN);
    mpfr_nextbelow(b->lo.get());
    mpfr_nextabove(b->hi.get());
    return true;
  }
  Real xlo(P), xhi(P);
  {
    Int num, den;
    mpz_set(num.get(), x.I.get());
    if (x.negative) mpz_neg(num.get(), num.get());
    if (x.ex >= 0) {
      Int p;
      Pow10(p.get(), x.ex);
      mpz_mul(num.get(), num.get(), p.get());
      mpz_set_ui(den.get(), 1);
    } else {
      Pow10(den.get(), -x.ex);
    }
    RatioBracket(num.get(), den.get(), xlo.get(), xhi.get());
  }
  const double xd = mpfr_get_d(xlo.get(), MPFR_RNDN);
  const int64_t F = static_cast<int64_t>(std::floor(xd / std::log(10.0)));
  const mpfr_prec_t PF = P + 64 + static_cast<mpfr_prec_t>(std::log2(std::abs(static_cast<double>(F)) + 1));
  Real l10lo(PF), l10hi(PF), plo(PF), phi(PF), rlo(P), rhi(P), rmid(P), y(P), eta(64), t(P);
  Ln10Bracket(PF, l10lo.get(), l10hi.get());
  ScaleBracket(F, l10lo.get(), l10hi.get(), plo.get(), phi.get());
  mpfr_sub(rlo.get(), xlo.get(), phi.get(), MPFR_RNDD);
  mpfr_sub(rhi.get(), xhi.get(), plo.get(), MPFR_RNDU);
  mpfr_add(rmid.get(), rlo.get(), rhi.get(), MPFR_RNDN);
  mpfr_div_2ui(rmid.get(), rmid.get(), 1, MPFR_RNDN);
  mpfr_exp(y.get(), rmid.get(), MPFR_RNDN);
  // eta = 2^(1−P) + 4 (rhi − rlo), rounded up.
  mpfr_sub(eta.get(), rhi.get(), rlo.get(), MPFR_RNDU);
  mpfr_mul_2ui(eta.get(), eta.get(), 2, MPFR_RNDU);
  Real ulp(64);
  mpfr_set_ui_2exp(ulp.get(), 1, 1 - P, MPFR_RNDU);
  mpfr_add(eta.get(), eta.get(), ulp.get(), MPFR_RNDU);
  mpfr_mul(t.get(), y.get(), eta.get(), MPFR_RNDU);
  mpfr_sub(b->lo.get(), y.get(), t.get(), MPFR_RNDD);
  mpfr_add(b->hi.get(), y.get(), t.get(), MPFR_RNDU);
  b->dexp = F;
  return mpfr_sgn(b->lo.get()) > 0;
}

// ln x (x > 0, x ≠ 1) = ln u + E' ln 10, u = num/den in [10^−½, 10^½): log1p at the middle of
// u − 1's bracket once, widened by an ulp and 4 · its width (|d ln(1+t)/dt| ≤ 3.2 there).
// Returns false when the bracket still holds zero (its sign is not known yet).
bool LnBracket(const PrecisionView& v, const Decimal& x, int64_t W, Bracket* b) {
  const mpfr_prec_t P = static_cast<mpfr_prec_t>(W + 32);
  b->SetPrec(P);
  double lead = 0;
  const size_t n = std::min<size_t>(17, v.x_digits.size());
  for (size_t i = 0; i < n; ++i) lead = lead * 10 + v.x_digits[i];
  lead /= std::pow(10.0, static_cast<double>(n) - 1);
  const int64_t E = x.adjusted() + (lead >= std::sqrt(10.0) ? 1 : 0);
  Int num, den, diff, p;
  const int64_t t = x.ex - E;
  Pow10(p.get(), t >= 0 ? t : -t);
  if (t >= 0) {
    mpz_mul(num.get(), x.I.get(), p.get());
    mpz_set_ui(den.get(), 1);
  } else {
    mpz_set(num.get(), x.I.get());
    mpz_set(den.get(), p.get());
  }
  mpz_sub(diff.get(), num.get(), den.get());
  Real lo(P), hi(P);
  mpfr_set_zero(lo.get(), 1);
  mpfr_set_zero(hi.get(), 1);
  if (mpz_sgn(diff.get()) != 0) {
    Real tlo(P), thi(P), tmid(P), L(P), err(64), w(64);
    RatioBracket(diff.get(), den.get(), tlo.get(), thi.get());
    mpfr_add(tmid.get(), tlo.get(), thi.get(), MPFR_RNDN);
    mpfr_div_2ui(tmid.get(), tmid.get(), 1, MPFR_RNDN);
    mpfr_log1p(L.get(), tmid.get(), MPFR_RNDN);
    mpfr_sub(w.get(), thi.get(), tlo.get(), MPFR_RNDU);
    mpfr_mul_2ui(err.get(), w.get(), 2, MPFR_RNDU);
    Real ulp(64);
    mpfr_set_ui_2exp(ulp.get(), 1, mpfr_get_exp(L.get()) - P, MPFR_RNDU);
    mpfr_add(err.get(), err.get(), ulp.get(), MPFR_RNDU);
    mpfr_sub(lo.get(), L.get(), err.get(), MPFR_RNDD);
    mpfr_add(hi.get(), L.get(), err.get(), MPFR_RNDU);
  }
  if (E != 0) {
    const mpfr_prec_t PE = P + 64 + static_cast<mpfr_prec_t>(std::log2(std::abs(static_cast<double>(E)) + 1));
    Real l10lo(PE), l10hi(PE), plo(PE), phi(PE);
    Ln10Bracket(PE, l10lo.get(), l10hi.get());
    ScaleBracket(E, l10lo.get(), l10hi.get(), plo.get(), phi.get());
    mpfr_add(lo.get(), lo.get(), plo.get(), MPFR_RNDD);
    mpfr_add(hi.get(), hi.get(), phi.get(), MPFR_RNDU);
  }
  b->dexp = 0;
  if (mpfr_sgn(lo.get()) > 0) {
    b->negative = false;
    mpfr_set(b->lo.get(), lo.get(), MPFR_RNDD);
    mpfr_set(b->hi.get(), hi.get(), MPFR_RNDU);
    return true;
  }
  if (mpfr_sgn(hi.get()) < 0) {
    b->negative = true;
    mpfr_neg(b->lo.get(), hi.get(), MPFR_RNDD);
    mpfr_neg(b->hi.get(), lo.get(), MPFR_RNDU);
    return true;
  }
  return false;
}

// √x (x > 0) rounded to D digits exactly: the last two digits of ⌊√(x · 10^(2D+2−2G))⌋ decide
// (roots.ts sqrtRounded).
Rounded SqrtRounded(const Decimal& x, int64_t D) {
  const int64_t adj = x.adjusted();
  const int64_t G = adj >= 0 ? adj / 2 : -((-adj + 1) / 2);
  const int64_t t = x.ex - 2 * G + 2 * D + 2;
  Int X, p, rem, s, r2;
  bool whole = true;
  Pow10(p.get(), t >= 0 ? t : -t);
  if (t >= 0) {
    mpz_mul(X.get(), x.I.get(), p.get());
  } else {
    mpz_fdiv_qr(X.get(), rem.get(), x.I.get(), p.get());
    whole = mpz_sgn(rem.get()) == 0;
  }
  mpz_sqrtrem(s.get(), r2.get(), X.get());
  const bool on_grid = whole && mpz_sgn(r2.get()) == 0;
  Rounded r;
  Int tail;
  const unsigned long last_two = mpz_fdiv_q_ui(r.q.get(), s.get(), 100);
  if (last_two > 50 || (last_two == 50 && (!on_grid || mpz_odd_p(r.q.get())))) mpz_add_ui(r.q.get(), r.q.get(), 1);
  r.E = G;
  Pow10(p.get(), D);
  if (mpz_cmp(r.q.get(), p.get()) == 0) {
    Pow10(r.q.get(), D - 1);
    r.E += 1;
  }
  r.exact = on_grid && last_two == 0;
  return r;
}

// roots.ts exactPower: |x|^(p/q) rounded exactly when it has at most D + 1 digits, else nullopt.
std::optional<Rounded> ExactPower(const Decimal& x, int64_t p, int64_t q, int64_t D) {
  if (x.ex % q != 0) return std::nullopt;
  Int R;
  if (mpz_root(R.get(), x.I.get(), static_cast<unsigned long>(q)) == 0) return std::nullopt;
  const int64_t shift = p * x.ex / q;
  Int one(1);
  if (p > 0) {
    const int64_t len = static_cast<int64_t>(mpz_sizeinbase(R.get(), 10));  // may be one too many
    if (p * (len - 2) > D + 1) return std::nullopt;
    Int Rp;
    mpz_pow_ui(Rp.get(), R.get(), static_cast<unsigned long>(p));
    Int limit;
    Pow10(limit.get(), D + 1);
    if (mpz_cmp(Rp.get(), limit.get()) >= 0) return std::nullopt;
    Rounded r = RoundRatio(Rp.get(), one.get(), D);
    r.E += shift;
    return r;
  }
  const int64_t P = -p;
  Int r;
  mpz_set(r.get(), R.get());
  const int64_t twos = static_cast<int64_t>(mpz_scan1(r.get(), 0));
  mpz_fdiv_q_2exp(r.get(), r.get(), static_cast<mp_bitcnt_t>(twos));
  const int64_t fives = static_cast<int64_t>(mpz_remove(r.get(), r.get(), Int(5).get()));
  if (mpz_cmp_ui(r.get(), 1) != 0) return std::nullopt;
  const int64_t a = twos * P;
  const int64_t bb = fives * P;
  if (static_cast<int64_t>(std::floor(a > 0 ? a * std::log10(5.0) : bb * std::log10(2.0))) > D + 2) return std::nullopt;
  Int sig;
  if (a > 0) mpz_ui_pow_ui(sig.get(), 5, static_cast<unsigned long>(a));
  else mpz_ui_pow_ui(sig.get(), 2, static_cast<unsigned long>(bb));
  Int limit;
  Pow10(limit.get(), D + 1);
  if (mpz_cmp(sig.get(), limit.get()) >= 0) return std::nullopt;
  Rounded out = RoundRatio(sig.get(), one.get(), D);
  out.E += shift - a - bb;
  return out;
}

// A proven bracket of |x|^(p/q) (roots.ts rootBracket): the radicand u^|p| · 10^rm bracketed by
// directed rounding, its q-th root by MPFR's correctly rounded rootn in both directions.
bool RootBracket(const Decimal& x, int64_t p, int64_t q, int64_t W, Bracket* b) {
  const int64_t P = p < 0 ? -p : p;
  const mpfr_prec_t prec = static_cast<mpfr_prec_t>(W + 24 + std::ceil(std::log2(P + 1.0)) + std::ceil(std::log2(q + 1.0)) + 16);
  b->SetPrec(prec);
  b->negative = false;
  const int64_t E = x.adjusted();
  const int64_t G = static_cast<int64_t>(std::floor(static_cast<double>(E * P) / static_cast<double>(q)));
  // E·P is exact in double (|E·P| ≤ 1.1 · 10^9); fix G so that 0 ≤ rm < q.
  int64_t g = G;
  while (E * P - q * g < 0) --g;
  while (E * P - q * g >= q) ++g;
  const int64_t rm = E * P - q * g;
  Int d, ten;
  Pow10(d.get(), x.len - 1);
  Pow10(ten.get(), rm);
  Real alo(prec), ahi(prec);
  RatioBracket(x.I.get(), d.get(), alo.get(), ahi.get());
  mpfr_pow_ui(alo.get(), alo.get(), static_cast<unsigned long>(P), MPFR_RNDD);
  mpfr_pow_ui(ahi.get(), ahi.get(), static_cast<unsigned long>(P), MPFR_RNDU);
  mpfr_mul_z(alo.get(), alo.get(), ten.get(), MPFR_RNDD);
  mpfr_mul_z(ahi.get(), ahi.get(), ten.get(), MPFR_RNDU);
  if (q > 1) {
    mpfr_rootn_ui(alo.get(), alo.get(), static_cast<unsigned long>(q), MPFR_RNDD);
    mpfr_rootn_ui(ahi.get(), ahi.get(), static_cast<unsigned long>(q), MPFR_RNDU);
  }
  if (p > 0) {
    mpfr_set(b->lo.get(), alo.get(), MPFR_RNDD);
    mpfr_set(b->hi.get(), ahi.get(), MPFR_RNDU);
    b->dexp = g;
  } else {
    mpfr_ui_div(b->lo.get(), 1, ahi.get(), MPFR_RNDD);
    mpfr_ui_div(b->hi.get(), 1, alo.get(), MPFR_RNDU);
    b->dexp = -g;
  }
  return true;
}

// roots.ts exactSide: the side of m = num · 10^e10 that |x|^(p/q) lies on (−1, 0, 1), exactly.
int ExactSide(const Decimal& x, int64_t p, int64_t q, mpz_srcptr num, int64_t e10) {
  Int A, B, t;
  int64_t a = 0;
  int64_t b = 0;
  const int64_t P = p < 0 ? -p : p;
  if (p > 0) {
    mpz_pow_ui(A.get(), x.I.get(), static_cast<unsigned long>(P));
    a = x.ex * p;
    mpz_pow_ui(B.get(), num, static_cast<unsigned long>(q));
    b = e10 * q;
  } else {
    mpz_set_ui(A.get(), 1);
    mpz_pow_ui(B.get(), num, static_cast<unsigned long>(q));
    mpz_pow_ui(t.get(), x.I.get(), static_cast<unsigned long>(P));
    mpz_mul(B.get(), B.get(), t.get());
    b = e10 * q + x.ex * P;
  }
  Pow10(t.get(), a >= b ? a - b : b - a);
  if (a >= b) mpz_mul(A.get(), A.get(), t.get());
  else mpz_mul(B.get(), B.get(), t.get());
  const int c = mpz_cmp(A.get(), B.get());
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

struct Answer {
  bool negative = false;
  std::optional<Rounded> rounded;  // nullopt: zero
  int tries = 0;
};

constexpr int kRootTries = 3;
constexpr int kMaxTries = 10;

// Ziv's loop (solve.ts ziv): brackets at W0 · 2^t until both ends round alike; `settle` decides a
// root left on a boundary after its tries.
template <typename BracketAt, typename Settle>
bool Ziv(int64_t D, int tries, BracketAt bracket_at, Settle settle, Answer* out, std::string* error) {
  const int64_t W0 = FirstBits(D);
  std::optional<Rounded> last_lo, last_hi;
  bool last_negative = false;
  for (int t = 0; t < tries; ++t) {
    Bracket b;
    if (!bracket_at(W0 << t, &b)) continue;
    Rounded lo = RoundReal(b.lo.get(), D, b.dexp);
    Rounded hi = RoundReal(b.hi.get(), D, b.dexp);
    if (SameRounding(lo, hi)) {
      lo.exact = false;
      out->negative = b.negative;
      out->rounded = std::move(lo);
      out->tries = t + 1;
      return true;
    }
    last_lo = std::move(lo);
    last_hi = std::move(hi);
    last_negative = b.negative;
  }
  if (last_lo.has_value()) {
    std::optional<Rounded> settled = settle(*last_lo, *last_hi, error);
    if (!settled.has_value()) return false;
    out->negative = last_negative;
    out->rounded = std::move(settled);
    out->tries = tries + 1;
    return true;
  }
  return Fail(error, "precision: the rounding was not decided at " + std::to_string(W0 << (tries - 1)) + " bits");
}

constexpr auto kNoSettle = [](const Rounded&, const Rounded&, std::string* error) -> std::optional<Rounded> {
  Fail(error, "precision: the rounding of a transcendental value was not decided");
  return std::nullopt;
};

Rounded Unit(int64_t D) {
  Int one(1);
  return RoundRatio(one.get(), one.get(), D);
}

bool Power(const Decimal& x, int64_t p0, int64_t q0, int64_t D, Answer* out, std::string* error) {
  if (x.zero()) return true;
  if (p0 == 0) {
    out->rounded = Unit(D);
    return true;
  }
  const int64_t g = Gcd(p0 < 0 ? -p0 : p0, q0);
  const int64_t p = p0 / g;
  const int64_t q = q0 / g;
  const bool negative = x.negative && (p % 2 != 0);
  if (p == 1 && q == 2) {
    out->rounded = SqrtRounded(x, D);
    return true;
  }
  if (std::optional<Rounded> r = ExactPower(x, p, q, D)) {
    out->negative = negative;
    out->rounded = std::move(r);
    return true;
  }
  const auto settle = [&](const Rounded& lo, const Rounded& hi, std::string* err) -> std::optional<Rounded> {
    Rounded next = Successor(lo, D);
    if (!SameRounding(next, hi)) {
      Fail(err, "precision: a root bracket spans more than one rounding boundary");
      return std::nullopt;
    }
    // The midpoint (q + ½) · 10^(E−D+1) = 5 (2q + 1) · 10^(E−D).
    Int m;
    mpz_mul_2exp(m.get(), lo.q.get(), 1);
    mpz_add_ui(m.get(), m.get(), 1);
    mpz_mul_ui(m.get(), m.get(), 5);
    const int side = ExactSide(x, p, q, m.get(), lo.E - D);
    if (side != 0) return side < 0 ? lo : hi;
    return mpz_even_p(lo.q.get()) ? lo : hi;
  };
  if (!Ziv(D, kRootTries, [&](int64_t W, Bracket* b) { return RootBracket(x, p, q, W, b); }, settle, out, error)) return false;
  out->negative = negative;
  return true;
}

}  // namespace

CallStatus ValidatePrecision(std::string_view command, const PrecisionProblem& pr, const SolveOptions& options,
                             std::string* error) {
  const PrecisionView& v = pr.precision;
  const auto fail = [&](std::string m) {
    Fail(error, std::move(m));
    return CallStatus::kError;
  };
  const int32_t op = static_cast<int32_t>(v.op);
  if (op < 0 || op > 7) return fail("op is not a precision operation");
  if (!(v.digits >= 1 && v.digits <= kPrecisionMaxDigits) || v.digits != std::floor(v.digits)) {
    return fail("digits must be an integer in 1.." + std::to_string(kPrecisionMaxDigits));
  }
  if (pr.n != static_cast<int32_t>(v.digits)) return fail("n must equal digits");
  if (!pr.linear.empty() || pr.pairs.size() != 0) return fail("precision takes no objective terms");
  const bool takes_x = v.op == PrecisionOp::kSqrt || v.op == PrecisionOp::kNthroot || v.op == PrecisionOp::kExp ||
                       v.op == PrecisionOp::kLn || v.op == PrecisionOp::kPowq;
  const std::string name(kPrecisionOpNames[op]);
  if (!takes_x) return v.has_x ? fail(name + " takes no x") : CallStatus::kOk;
  if (!v.has_x) return fail(name + " needs x");
  const size_t len = v.x_digits.size();
  if (len > static_cast<size_t>(kPrecisionMaxXDigits)) return fail("x has more than 12000 significant digits");
  for (uint8_t d : v.x_digits) {
    if (d > 9) return fail("x has a digit outside 0..9");
  }
  const bool zero = len == 0;
  if (!zero && (v.x_digits[0] == 0 || v.x_digits[len - 1] == 0)) return fail("x digits must have no leading or trailing zero");
  if (!(std::isfinite(v.x_exponent) && v.x_exponent == std::floor(v.x_exponent))) return fail("x's exponent must be an integer");
  const double adjusted = static_cast<double>(len) - 1 + v.x_exponent;
  if (!zero && std::abs(adjusted) > static_cast<double>(kPrecisionMaxXExponent)) return fail("x's decimal exponent is outside ±1000000");
  const bool negative = v.x_negative && !zero;
  switch (v.op) {
    case PrecisionOp::kSqrt:
      return negative ? fail("sqrt needs x >= 0") : CallStatus::kOk;
    case PrecisionOp::kLn:
      return negative || zero ? fail("ln needs x > 0") : CallStatus::kOk;
    case PrecisionOp::kExp: {
      if (zero || adjusted < 6) return CallStatus::kOk;
      if (adjusted > 6) return fail("exp needs |x| <= 2000000");
      int64_t whole = 0;
      for (size_t i = 0; i <= 6; ++i) whole = whole * 10 + (i < len ? v.x_digits[i] : 0);
      if (whole > kPrecisionMaxExpArgument || (whole == kPrecisionMaxExpArgument && len > 7)) return fail("exp needs |x| <= 2000000");
      return CallStatus::kOk;
    }
    case PrecisionOp::kNthroot:
      if (!(v.k >= 2 && v.k <= kPrecisionMaxRoot) || v.k != std::floor(v.k)) return fail("k must be an integer in 2..1000");
      if (negative && static_cast<int64_t>(v.k) % 2 == 0) return fail("an even root needs x >= 0");
      return CallStatus::kOk;
    case PrecisionOp::kPowq: {
      if (!(std::abs(v.p) <= kPrecisionMaxRoot) || v.p != std::floor(v.p)) return fail("p must be an integer in -1000..1000");
      if (!(v.q >= 1 && v.q <= kPrecisionMaxRoot) || v.q != std::floor(v.q)) return fail("q must be an integer in 1..1000");
      const int64_t p = static_cast<int64_t>(v.p);
      const int64_t q = static_cast<int64_t>(v.q);
      const int64_t g = Gcd(p < 0 ? -p : p, q);
      if (negative && (q / g) % 2 == 0) return fail("x < 0 needs an odd q (p/q in lowest terms)");
      if (zero && p <= 0) return fail("x = 0 needs p > 0");
      if (!zero && std::abs(static_cast<double>(p) / static_cast<double>(q) * Log10Abs(v)) > kPrecisionMaxResultExponent) {
        return fail("the answer's decimal exponent would be outside ±1000000");
      }
      return CallStatus::kOk;
    }
    default:
      return CallStatus::kOk;
  }
}

bool PrecisionAnswer(const PrecisionView& v, std::string* answer, bool* exact, int* tries, std::string* error) {
  const int64_t D = static_cast<int64_t>(v.digits);
  Answer a;
  bool ok = true;
  const auto constant = [&](auto&& nearest) {
    return Ziv(D, kMaxTries, [&](int64_t W, Bracket* b) {
      const mpfr_prec_t P = static_cast<mpfr_prec_t>(W + 8);
      b->SetPrec(P);
      b->negative = false;
      b->dexp = 0;
      nearest(P, b);
      return true;
    }, kNoSettle, &a, error);
  };
  switch (v.op) {
    case PrecisionOp::kPi:
      ok = constant([](mpfr_prec_t P, Bracket* b) {
        Real pi(P);
        mpfr_const_pi(pi.get(), MPFR_RNDN);
        FromNearest(pi.get(), b);
      });
      break;
    case PrecisionOp::kLn2:
      ok = constant([](mpfr_prec_t P, Bracket* b) {
        Real l(P);
        mpfr_const_log2(l.get(), MPFR_RNDN);
        FromNearest(l.get(), b);
      });
      break;
    case PrecisionOp::kE:
      ok = constant([](mpfr_prec_t, Bracket* b) { EBracket(mpfr_get_prec(b->lo.get()), b->lo.get(), b->hi.get()); });
      break;
    case PrecisionOp::kSqrt: {
      const Decimal x = DecimalOf(v);
      if (!x.zero()) a.rounded = SqrtRounded(x, D);
      break;
    }
    case PrecisionOp::kExp: {
      const Decimal x = DecimalOf(v);
      if (x.zero()) a.rounded = Unit(D);
      else ok = Ziv(D, kMaxTries, [&](int64_t W, Bracket* b) { return ExpBracket(x, W, b); }, kNoSettle, &a, error);
      break;
    }
    case PrecisionOp::kLn: {
      const Decimal x = DecimalOf(v);
      if (!(x.len == 1 && mpz_cmp_ui(x.I.get(), 1) == 0 && x.ex == 0)) {
        ok = Ziv(D, kMaxTries, [&](int64_t W, Bracket* b) { return LnBracket(v, x, W, b); }, kNoSettle, &a, error);
      }
      break;
    }
    case PrecisionOp::kNthroot:
      ok = Power(DecimalOf(v), 1, static_cast<int64_t>(v.k), D, &a, error);
      break;
    case PrecisionOp::kPowq:
      ok = Power(DecimalOf(v), static_cast<int64_t>(v.p), static_cast<int64_t>(v.q), D, &a, error);
      break;
  }
  if (!ok) return false;
  *answer = FormatDecimal(a.negative && a.rounded.has_value(), a.rounded ? &*a.rounded : nullptr);
  *exact = !a.rounded.has_value() || a.rounded->exact;
  *tries = a.tries;
  return true;
}

CallStatus SolvePrecision(const PrecisionProblem& problem, const SolveOptions& options, const Limits& limits,
                          SolveResult* out, std::string* error) {
  std::string answer;
  bool exact = false;
  int tries = 0;
  // Solves run on several threads at once; an MPFR built without thread-local caches (Debian's has
  // them: mpfr_buildopt_tls_p) shares its constant caches, so its calls go one at a time.
  static std::mutex shared_mpfr;
  std::unique_lock<std::mutex> lock(shared_mpfr, std::defer_lock);
  if (!mpfr_buildopt_tls_p()) lock.lock();
  if (!PrecisionAnswer(problem.precision, &answer, &exact, &tries, error)) return CallStatus::kError;
  out->kind = ResultKind::kDecimal;
  out->answer.assign(answer.begin(), answer.end());
  out->objective = 0;
  out->proof = Proof::kNone;
  out->status = ResultStatus::kOptimal;
  out->work.iterations = tries;
  out->SetExtra("exact", exact ? 1 : 0);
  return CallStatus::kOk;
}

}  // namespace svc::core

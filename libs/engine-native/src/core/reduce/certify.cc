#include "reduce/certify.h"

#include <algorithm>
#include <cfenv>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numeric>

namespace svc::core {

static_assert(FLT_EVAL_METHOD == 0, "the radius bounds assume each double operation rounds once to double");

namespace {

// The rounding constants of a floating type T (round to nearest; eps = 2^−52 for double, 2^−63 for
// x87 long double): one operation errs by ≤ eps/2·|x| and ≤ eps·|fl(x)|; kTiny allows for underflow.
template <typename T>
struct Round {
  static constexpr T kU = std::numeric_limits<T>::epsilon();
  static constexpr T kTiny = static_cast<T>(0x1p-1000);
  static constexpr T kUp40 = 1 + 4096 * kU;     // covers the roundings of a bound formula of < 4096 operations
  static constexpr T kUp50 = 1 + 4 * kU;        // fl(x ∘ y)·kUp50 rounded ≥ x ∘ y for x, y ≥ 0 (one rounding)
  static constexpr T kDn50 = 1 - 4 * kU;        // fl(x ∘ y)·kDn50 rounded ≤ x ∘ y for x ∘ y ≥ 0 (one rounding)
  static constexpr T kUpSum = 1 + 4194304 * kU;  // a sum of < 2^21 nonnegative terms
};

}  // namespace

// GCC 12 at -O3 reports a false -Wfree-nonheap-object on the vectors' destructors of this function.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wfree-nonheap-object"
#endif
// The certificate in type T from the Gram matrix's midpoints gm and radii gr (lower triangles).
// With the basis itself (flat, m×n, |entries| < 2^31), H is computed from C = Ŷ·B exactly (Ŷ: Y
// rounded to a grid of 53-bit integers·2^−F) rather than from G: no cancellation left in H's sums.
template <typename T>
bool CertifyFromGram(int32_t m, const std::vector<T>& gm, const std::vector<T>& gr, double delta, const int64_t* flat,
                     int32_t n) {
  using R = Round<T>;
  constexpr T kU = R::kU, kTiny = R::kTiny, kUp40 = R::kUp40, kUp50 = R::kUp50, kDn50 = R::kDn50;
  auto at = [m](int32_t i, int32_t j) { return static_cast<size_t>(i) * m + j; };
  for (int32_t i = 0; i < m; ++i) {
    if (!(gm[at(i, i)] > 0)) return false;  // a zero row
  }
  // (1) Approximate Gram–Schmidt coefficients Z (unit lower triangular, μ̃) by a plain floating-point
  // Cholesky, and Y ≈ Z^{−1} by forward substitution (unit lower triangular too). Neither needs to
  // be accurate: they are exact dyadic matrices from here on, and every bound below is rigorous.
  std::vector<T> z(gm.size(), 0), y(gm.size(), 0.0), r(gm.size(), 0.0), dd(m);
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = 0; j <= i; ++j) {
      T s = gm[at(i, j)];
      for (int32_t k = 0; k < j; ++k) s -= z[at(j, k)] * r[at(i, k)];
      r[at(i, j)] = s;
      if (j < i) z[at(i, j)] = s / dd[j];
    }
    dd[i] = r[at(i, i)];
    if (!(dd[i] > 0) || !std::isfinite(dd[i])) return false;
    z[at(i, i)] = 1;
  }
  for (int32_t i = 0; i < m; ++i) {
    y[at(i, i)] = 1;
    for (int32_t j = 0; j < i; ++j) {
      T s = 0;
      for (int32_t k = j; k < i; ++k) s -= z[at(i, k)] * y[at(k, j)];
      y[at(i, j)] = s;
    }
  }
  int grid = 0;
  if (flat != nullptr) {
    // Ŷ = Y on the grid 2^−F with |Ŷ·2^F| < 2^53 (exact in T): any unit lower triangular Y serves.
    T ymax = 1;
    for (T v : y) ymax = std::max(ymax, std::fabs(v));
    if (!std::isfinite(ymax)) return false;
    int ex = 0;
    std::frexp(static_cast<double>(ymax), &ex);  // ymax < 2^ex
    grid = 52 - ex;
    if (grid < 0) return false;  // keeps Ŷ's unit diagonal exact (1·2^grid an integer)
    for (auto& v : y) v = std::ldexp(std::nearbyint(std::ldexp(v, grid)), -grid);
  }
  // A dot product of n terms in recursive summation errs by at most γ_n·Σ|x_k·y_k| (Higham, Thm 3.1;
  // γ_n < (n + 1)·2^−53 here) plus the underflow allowance; all bound formulas are sums of
  // nonnegative terms computed in < 4096 roundings, inflated by kUp40.
  const T gam = (m + 2) * kU;
  // (2) W = Y·Z − I (strictly lower in exact arithmetic): |W_ij| ≤ |fl| + γ·Σ|Y_ik||Z_kj|; ‖W‖∞.
  std::vector<T> wabs(gm.size(), 0.0);
  T wnorm = 0;
  for (int32_t i = 0; i < m; ++i) {
    T row = 0;
    for (int32_t j = 0; j < i; ++j) {
      T s = 0, sa = 0;
      for (int32_t k = j; k <= i; ++k) {
        const T t = y[at(i, k)] * z[at(k, j)];
        s += t;
        sa += std::fabs(t);
      }
      const T w = (std::fabs(s) + gam * sa + m * kTiny) * kUp40;
      wabs[at(i, j)] = w;
      row += w;
    }
    wnorm = std::max(wnorm, row * kUp40);
  }
  if (!(wnorm < 0.25)) return false;
  // ‖Y^{−1}‖∞ = ‖Z·(I + W)^{−1}‖∞ ≤ ‖Z‖∞ / (1 − ‖W‖∞).
  T znorm = 0;
  for (int32_t i = 0; i < m; ++i) {
    T row = 0;
    for (int32_t j = 0; j <= i; ++j) row += std::fabs(z[at(i, j)]);
    znorm = std::max(znorm, row * kUp40);
  }
  const T ynorm = znorm / ((1 - wnorm) * kDn50) * kUp50;
  // (3) H = Y·G·Yᵀ, the Gram matrix of C = Y·B, whose Gram–Schmidt vectors are B's (Y is unit lower
  // triangular): H = (I + F)·D·(I + F)ᵀ with D_i = ‖b*_i‖² and L_B = Y^{−1}·(I + F) the μ of B.
  // P = Y·G (full), then H's lower triangle, each with its rigorous radius; or from C = Ŷ·B.
  std::vector<T> hm(gm.size()), hr(gm.size());
  if (flat != nullptr) {
    // C·2^F = (Ŷ·2^F)·B exactly: |Ŷ·2^F| < 2^53, |B| < 2^31, ≤ 200 terms: < 2^92 in int128.
    std::vector<int64_t> yi(gm.size(), 0);
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t k = 0; k <= i; ++k) yi[at(i, k)] = static_cast<int64_t>(std::ldexp(y[at(i, k)], grid));
    }
    std::vector<T> c(static_cast<size_t>(m) * n);
    std::vector<__int128> acc(n);
    for (int32_t i = 0; i < m; ++i) {
      std::fill(acc.begin(), acc.end(), 0);
      for (int32_t k = 0; k <= i; ++k) {
        const int64_t f = yi[at(i, k)];
        if (f == 0) continue;
        const int64_t* row = flat + static_cast<size_t>(k) * n;
        for (int32_t t = 0; t < n; ++t) acc[t] += static_cast<__int128>(f) * row[t];
      }
      // c̃ = fl(C): |c − c̃| ≤ eps·|c̃| (scaling by 2^−F is exact).
      for (int32_t t = 0; t < n; ++t) c[static_cast<size_t>(i) * n + t] = std::ldexp(static_cast<T>(acc[t]), -grid);
    }
    // |H − H̃| ≤ Σ|c c' − c̃ c̃'| + γ_n·Σ|c̃ c̃'| ≤ (γ_n + 3·eps)·Σ|c̃ c̃'|.
    const T hcoef = ((n + 2) * kU + 3 * kU) * kUp40;
    for (int32_t i = 0; i < m; ++i) {
      const T* ci = &c[static_cast<size_t>(i) * n];
      for (int32_t j = 0; j <= i; ++j) {
        const T* cj = &c[static_cast<size_t>(j) * n];
        T s = 0, sa = 0;
        for (int32_t t = 0; t < n; ++t) {
          const T v = ci[t] * cj[t];
          s += v;
          sa += std::fabs(v);
        }
        hm[at(i, j)] = s;
        hr[at(i, j)] = ((hcoef * sa) * kUp40 + 2 * n * kTiny) * kUp40;
      }
    }
  } else {
    std::vector<T> pm(gm.size()), pa(gm.size());
    auto g = [&](int32_t i, int32_t j) { return i >= j ? gm[at(i, j)] : gm[at(j, i)]; };
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t j = 0; j < m; ++j) {
        T s = 0, sa = 0;
        for (int32_t k = 0; k <= i; ++k) {
          const T t = y[at(i, k)] * g(k, j);
          s += t;
          sa += std::fabs(t);
        }
        pm[at(i, j)] = s;
        pa[at(i, j)] = sa;  // Σ|Y_ik|·|G̃_kj|
      }
    }
    // |P − P̃| ≤ γ·Σ|Y||G̃| + Σ|Y|·gr ≤ (γ + 2·eps)·pa (gr ≤ eps·|G̃|: G̃'s own radius).
    const T pcoef = (gam + 2 * kU) * kUp40;
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t j = 0; j <= i; ++j) {
        T s = 0, sa = 0, sp = 0;
        for (int32_t l = 0; l <= j; ++l) {
          const T t = pm[at(i, l)] * y[at(j, l)];
          s += t;
          sa += std::fabs(t);
          sp += pa[at(i, l)] * std::fabs(y[at(j, l)]);
        }
        hm[at(i, j)] = s;
        hr[at(i, j)] = ((gam * sa + pcoef * sp) * kUp40 + 2 * m * kTiny) * kUp40;
      }
    }
  }
  // (4) Ĥ = S·H·S (S = diag(H)^{−1/2}) = I + E with |E_ij| ≤ e_ij; η ≥ ‖E‖_F ≥ ‖E‖₂. Then Ĥ's
  // eigenvalues lie in [1 − η, 1 + η], so D̂_i = D_i/H_ii (a ratio of leading minors) does too; its
  // Cholesky factor I + G has rows of norm 1, ‖G_i‖² = 2(1 − √D̂_i) ≤ 2η, and G + Gᵀ + GGᵀ = E gives
  // |G_ij| ≤ e_ij + 2η (i > j), |G_jj| ≤ η; so |F̂_ij| = |G_ij|/(1 + G_jj) ≤ (e_ij + 2η)/(1 − η), and
  // F_ij = F̂_ij·√(H_ii/H_jj).
  std::vector<T> hlo(m), hhi(m), sqlo(m), sqhi(m);
  for (int32_t i = 0; i < m; ++i) {
    hlo[i] = (hm[at(i, i)] - hr[at(i, i)]) * kDn50;
    hhi[i] = (hm[at(i, i)] + hr[at(i, i)]) * kUp50;
    if (!(hlo[i] > 0) || !std::isfinite(hhi[i])) return false;
    sqlo[i] = std::sqrt(hlo[i]) * kDn50;
    sqhi[i] = std::sqrt(hhi[i]) * kUp50;
  }
  std::vector<T> e(gm.size(), 0.0);
  T esq = 0;
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = 0; j < i; ++j) {
      const T v = ((std::fabs(hm[at(i, j)]) + hr[at(i, j)]) * kUp50 / ((sqlo[i] * sqlo[j]) * kDn50)) * kUp50;
      e[at(i, j)] = v;
      esq += 2 * v * v;
    }
  }
  // esq sums up to m² < 2^16 terms.
  const T eta = std::sqrt(esq * R::kUpSum) * kUp40;
  if (!(eta < 0.25)) return false;
  // (5) |μ − Z| = |Y^{−1}·(F − W)| ≤ ‖Y^{−1}‖∞ · max_k |F − W|_kj, column by column.
  std::vector<T> rho(m, 0.0);
  const T inv1eta = 1 / ((1 - eta) * kDn50) * kUp50;
  for (int32_t j = 0; j < m; ++j) {
    T c = 0;
    for (int32_t k = j + 1; k < m; ++k) {
      const T fhat = (e[at(k, j)] + 2 * eta) * inv1eta * kUp40;
      const T f = fhat * ((sqhi[k] / sqlo[j]) * kUp50) * kUp50;
      c = std::max(c, (f + wabs[at(k, j)]) * kUp50);
    }
    rho[j] = (ynorm * c) * kUp50;
  }
  // (6) The conditions: |μ_ij| ≤ 1/2 and ‖b*_i‖² + μ²_{i,i−1}‖b*_{i−1}‖² ≥ δ‖b*_{i−1}‖², with
  // D_i ∈ [(1 − η)·H_ii,lo, (1 + η)·H_ii,hi].
  for (int32_t i = 1; i < m; ++i) {
    for (int32_t j = 0; j < i; ++j) {
      if (!((std::fabs(z[at(i, j)]) + rho[j]) * kUp50 <= 0.5)) return false;
    }
    const T di_lo = ((1 - eta) * hlo[i]) * kDn50 * kDn50;
    const T dp_lo = ((1 - eta) * hlo[i - 1]) * kDn50 * kDn50;
    const T dp_hi = ((1 + eta) * kUp50 * hhi[i - 1]) * kUp50;
    T a = (std::fabs(z[at(i, i - 1)]) - rho[i - 1]) * kDn50;
    if (!(a > 0)) a = 0;
    const T lhs = (di_lo + ((a * a) * kDn50 * dp_lo) * kDn50) * kDn50;
    const T rhs = (static_cast<T>(delta) * dp_hi) * kUp50;
    if (!(lhs >= rhs)) return false;
  }
  return true;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

bool CertifyReducedFloat(const IntMatrix& b, double delta) {
  const int32_t m = static_cast<int32_t>(b.size());
  if (m == 0 || b[0].empty() || std::fegetround() != FE_TONEAREST) return false;
  const int32_t n = static_cast<int32_t>(b[0].size());
  if (n > 400) return false;
  size_t maxbits = 0;
  for (const auto& row : b) {
    for (const auto& x : row) maxbits = std::max(maxbits, mpz_sizeinbase(x.get_mpz_t(), 2));
  }
  // Gram entries (< 2^(2·440+9) < 2^900: no overflow) exactly, then each rounded to T with the radius
  // eps·|value| (one correctly rounded conversion errs by eps/2; mpz_get_d truncates to double: in
  // that path only double, radius 2^−51·|value|).
  if (maxbits > 440) return false;
  const size_t mm = static_cast<size_t>(m) * m;
  auto at = [m](int32_t i, int32_t j) { return static_cast<size_t>(i) * m + j; };
  if (maxbits <= 31) {
    std::vector<int64_t> flat(static_cast<size_t>(m) * n);
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t j = 0; j < n; ++j) flat[static_cast<size_t>(i) * n + j] = b[i][j].get_si();
    }
    std::vector<__int128> g(mm, 0);
    for (int32_t i = 0; i < m; ++i) {
      const int64_t* x = &flat[static_cast<size_t>(i) * n];
      for (int32_t j = 0; j <= i; ++j) {
        const int64_t* y = &flat[static_cast<size_t>(j) * n];
        __int128 s = 0;
        for (int32_t t = 0; t < n; ++t) s += static_cast<__int128>(x[t] * y[t]);  // |x·y| < 2^62
        g[at(i, j)] = s;
      }
    }
    // First in double; when its bounds are too coarse (Y = Z^{−1} has large entries), long double.
    {
      std::vector<double> gm(mm, 0), gr(mm, 0);
      for (size_t t = 0; t < mm; ++t) {
        gm[t] = static_cast<double>(g[t]);
        gr[t] = std::fabs(gm[t]) * Round<double>::kU;
      }
      if (CertifyFromGram<double>(m, gm, gr, delta, flat.data(), n)) return true;
    }
    if constexpr (std::numeric_limits<long double>::digits > 53) {
      std::vector<long double> gm(mm, 0), gr(mm, 0);
      for (size_t t = 0; t < mm; ++t) {
        gm[t] = static_cast<long double>(g[t]);
        gr[t] = std::fabs(gm[t]) * Round<long double>::kU;
      }
      return CertifyFromGram<long double>(m, gm, gr, delta, flat.data(), n);
    }
    return false;
  }
  std::vector<double> gm(mm, 0), gr(mm, 0);
  mpz_class s;
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = 0; j <= i; ++j) {
      s = 0;
      for (int32_t t = 0; t < n; ++t) mpz_addmul(s.get_mpz_t(), b[i][t].get_mpz_t(), b[j][t].get_mpz_t());
      gm[at(i, j)] = mpz_get_d(s.get_mpz_t());
      gr[at(i, j)] = std::fabs(gm[at(i, j)]) * 0x1p-51;
    }
  }
  // gr here is 2·eps·|G̃|: CertifyFromGram's P bound takes (γ + 2·eps): G̃'s radius up to 2·eps·|G̃|.
  return CertifyFromGram<double>(m, gm, gr, delta, nullptr, n);
}

namespace {

// Primes just below 2^28: residues < 2^28, products < 2^56, 256 of them summed in uint64.
constexpr uint32_t kPrime = 268435399u;  // 2^28 − 57

using I64Matrix = std::vector<std::vector<int64_t>>;

uint64_t PowMod(uint64_t a, uint64_t e, uint64_t p) {
  uint64_t r = 1;
  a %= p;
  while (e > 0) {
    if (e & 1) r = r * a % p;
    a = a * a % p;
    e >>= 1;
  }
  return r;
}

uint64_t Residue(int64_t x, uint64_t p) {
  const int64_t r = x % static_cast<int64_t>(p);
  return static_cast<uint64_t>(r < 0 ? r + static_cast<int64_t>(p) : r);
}

// The inverse of a modulo p by Gauss–Jordan; false when a is singular modulo p.
bool InverseMod(const I64Matrix& a, uint64_t p, std::vector<uint64_t>* inv) {
  const size_t s = a.size();
  std::vector<uint64_t> w(s * s);
  inv->assign(s * s, 0);
  for (size_t i = 0; i < s; ++i) {
    for (size_t j = 0; j < s; ++j) w[i * s + j] = Residue(a[i][j], p);
    (*inv)[i * s + i] = 1;
  }
  // Lazy reduction: rows stay below 2^28 + 63·2^56 < 2^62 between full reductions every 63 pivots;
  // the pivot row and each multiplier are reduced before use.
  auto reduce_all = [&] {
    for (auto& x : w) x %= p;
    for (auto& x : *inv) x %= p;
  };
  for (size_t c = 0; c < s; ++c) {
    if (c % 63 == 62) reduce_all();
    size_t piv = c;
    while (piv < s && w[piv * s + c] % p == 0) ++piv;
    if (piv == s) return false;
    if (piv != c) {
      std::swap_ranges(w.begin() + piv * s, w.begin() + (piv + 1) * s, w.begin() + c * s);
      std::swap_ranges(inv->begin() + piv * s, inv->begin() + (piv + 1) * s, inv->begin() + c * s);
    }
    uint64_t* wc = &w[c * s];
    uint64_t* ic = &(*inv)[c * s];
    const uint64_t f = PowMod(wc[c] % p, p - 2, p);
    for (size_t j = 0; j < s; ++j) {
      wc[j] = wc[j] % p * f % p;
      ic[j] = ic[j] % p * f % p;
    }
    for (size_t i = 0; i < s; ++i) {
      if (i == c) continue;
      const uint64_t g = w[i * s + c] % p;
      if (g == 0) continue;
      const uint64_t ng = p - g;
      uint64_t* wi = &w[i * s];
      uint64_t* ii = &(*inv)[i * s];
      for (size_t j = c; j < s; ++j) wi[j] += ng * wc[j];
      for (size_t j = 0; j < s; ++j) ii[j] += ng * ic[j];
    }
  }
  for (auto& x : *inv) x %= p;
  return true;
}

double Log2Abs(int64_t x) { return x == 0 ? 0 : std::log2(std::fabs(static_cast<double>(x))); }

}  // namespace

bool SolveIntegral(const I64Matrix& a, const I64Matrix& c, uint32_t prime, int max_steps, IntMatrix* x,
                   const std::function<bool()>& stop) {
  const size_t s = a.size();
  const size_t k = c.size();
  const uint64_t p = prime;
  constexpr int64_t kLimit = int64_t{1} << 40;
  if (s == 0 || s > 256 || p >= (uint64_t{1} << 28)) return false;
  for (const auto& row : a) {
    if (row.size() != s) return false;
    for (int64_t v : row) if (v <= -kLimit || v >= kLimit) return false;
  }
  for (const auto& row : c) {
    if (row.size() != s) return false;
    for (int64_t v : row) if (v <= -kLimit || v >= kLimit) return false;
  }
  std::vector<uint64_t> inv;
  if (!InverseMod(a, p, &inv)) return false;
  // Residuals stay below 2^40/p + s·(p/2)·2^40/p < 2^48: int64; a step's products X_t·A in int128.
  I64Matrix r = c;
  x->assign(k, std::vector<mpz_class>(s));
  mpz_class pk = 1, term;
  std::vector<uint64_t> rmod(s), acc(s);
  std::vector<int64_t> xt(s);
  std::vector<__int128> t(s);
  std::vector<int64_t> t64(s);
  int64_t amax = 0;
  for (const auto& row : a) for (int64_t v : row) amax = std::max(amax, v < 0 ? -v : v);
  // Residuals after the first step are below 2^40/p + s·(p/2)·amax/p + 1 ≤ 2^13 + s·amax; the first is C.
  int64_t cmax = 0;
  for (const auto& row : c) for (int64_t v : row) cmax = std::max(cmax, v < 0 ? -v : v);
  const long double worst = static_cast<long double>(std::max<int64_t>(cmax, 8192 + static_cast<int64_t>(s) * amax)) +
                            static_cast<long double>(s) * (p / 2) * static_cast<long double>(amax);
  const bool narrow = worst < 0x1p62L;
  for (int step = 0; step <= max_steps; ++step) {
    bool zero = true;
    for (const auto& row : r) {
      for (int64_t v : row) {
        if (v != 0) {
          zero = false;
          break;
        }
      }
      if (!zero) break;
    }
    if (zero) return true;  // C − X·A = p^step·R = 0 exactly
    if (step == max_steps || stop()) return false;
    for (size_t i = 0; i < k; ++i) {
      // X_t's row: (R_i mod p)·A^{−1} mod p in symmetric residues.
      for (size_t j = 0; j < s; ++j) rmod[j] = Residue(r[i][j], p);
      std::fill(acc.begin(), acc.end(), 0);
      for (size_t j = 0; j < s; ++j) {
        const uint64_t f = rmod[j];
        if (f == 0) continue;
        const uint64_t* row = &inv[j * s];
        for (size_t l = 0; l < s; ++l) acc[l] += f * row[l];  // < 256·2^56 = 2^64
      }
      for (size_t l = 0; l < s; ++l) {
        const uint64_t v = acc[l] % p;
        xt[l] = v > p / 2 ? static_cast<int64_t>(v) - static_cast<int64_t>(p) : static_cast<int64_t>(v);
      }
      // R_i ← (R_i − X_t,i·A)/p, exactly (the division must be exact); in int64 when
      // |R| + s·(p/2)·max|A| < 2^62, else int128.
      if (narrow) {
        for (size_t l = 0; l < s; ++l) t64[l] = r[i][l];
        for (size_t j = 0; j < s; ++j) {
          const int64_t f = xt[j];
          if (f == 0) continue;
          const int64_t* row = a[j].data();
          for (size_t l = 0; l < s; ++l) t64[l] -= f * row[l];
        }
        for (size_t l = 0; l < s; ++l) t[l] = t64[l];
      } else {
        for (size_t l = 0; l < s; ++l) t[l] = r[i][l];
        for (size_t j = 0; j < s; ++j) {
          const int64_t f = xt[j];
          if (f == 0) continue;
          const int64_t* row = a[j].data();
          for (size_t l = 0; l < s; ++l) t[l] -= static_cast<__int128>(f) * row[l];
        }
      }
      for (size_t l = 0; l < s; ++l) {
        if (t[l] % static_cast<__int128>(p) != 0) return false;  // cannot happen with A·A^{−1} ≡ I
        r[i][l] = static_cast<int64_t>(t[l] / static_cast<__int128>(p));
      }
      for (size_t l = 0; l < s; ++l) {
        if (xt[l] == 0) continue;
        term = pk;
        term *= static_cast<long>(xt[l]);
        (*x)[i][l] += term;
      }
    }
    pk *= static_cast<unsigned long>(p);
  }
  return false;
}

bool PivotColumns(const IntMatrix& b, std::vector<int32_t>* columns) {
  const int32_t m = static_cast<int32_t>(b.size());
  if (m == 0) return false;
  const int32_t n = static_cast<int32_t>(b[0].size());
  if (m > n || m > 256) return false;
  std::vector<size_t> bits(n, 0);
  for (const auto& row : b) {
    for (int32_t j = 0; j < n; ++j) bits[j] = std::max(bits[j], mpz_sizeinbase(row[j].get_mpz_t(), 2));
  }
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int32_t x, int32_t y) { return bits[x] < bits[y]; });
  // Column vectors mod p reduced against the chosen ones (each with its pivot row, leading 1).
  const uint64_t p = kPrime;
  std::vector<std::vector<uint64_t>> basis;
  std::vector<int32_t> pivot_row;
  columns->clear();
  std::vector<uint64_t> v(m);
  for (int32_t col : order) {
    if (bits[col] > 40 || static_cast<int32_t>(columns->size()) == m) break;
    for (int32_t i = 0; i < m; ++i) v[i] = Residue(b[i][col].get_si(), p);
    for (size_t t = 0; t < basis.size(); ++t) {
      const uint64_t f = v[pivot_row[t]];
      if (f == 0) continue;
      const uint64_t nf = p - f;
      for (int32_t i = 0; i < m; ++i) v[i] = (v[i] + nf * basis[t][i]) % p;
    }
    int32_t lead = -1;
    for (int32_t i = 0; i < m; ++i) {
      if (v[i] != 0) {
        lead = i;
        break;
      }
    }
    if (lead < 0) continue;
    const uint64_t f = PowMod(v[lead], p - 2, p);
    for (auto& y : v) y = y * f % p;
    basis.push_back(v);
    pivot_row.push_back(lead);
    columns->push_back(col);
  }
  if (static_cast<int32_t>(columns->size()) != m) return false;
  std::sort(columns->begin(), columns->end());
  return true;
}

bool RecoverTransforms(const IntMatrix& b, const IntMatrix& reduced, const std::vector<int32_t>& columns, IntMatrix* u,
                       IntMatrix* v, const std::function<bool()>& stop) {
  const size_t m = b.size();
  if (m == 0 || reduced.size() != m || columns.size() != m) return false;
  const size_t n = b[0].size();
  constexpr size_t kBits = 40;  // |x| < 2^40
  I64Matrix bs(m, std::vector<int64_t>(m)), rs(m, std::vector<int64_t>(m));
  for (size_t i = 0; i < m; ++i) {
    if (b[i].size() != n || reduced[i].size() != n) return false;
    for (size_t j = 0; j < m; ++j) {
      const mpz_class& x = b[i][columns[j]];
      const mpz_class& y = reduced[i][columns[j]];
      if (mpz_sizeinbase(x.get_mpz_t(), 2) > kBits || mpz_sizeinbase(y.get_mpz_t(), 2) > kBits) return false;
      bs[i][j] = x.get_si();
      rs[i][j] = y.get_si();
    }
  }
  // The step cap: an integral X = C·A^{−1} has |x| ≤ s·max|c|·∏‖A_i‖ (Hadamard on adj(A), |det A| ≥ 1).
  auto steps = [m](const I64Matrix& a, const I64Matrix& c) {
    double lg = std::log2(static_cast<double>(m)) + 2;
    double cmax = 0;
    for (const auto& row : c) for (int64_t x : row) cmax = std::max(cmax, Log2Abs(x));
    lg += cmax;
    for (const auto& row : a) {
      double sq = 0;
      for (int64_t x : row) sq += static_cast<double>(x) * static_cast<double>(x);
      lg += 0.5 * std::log2(std::max(sq, 1.0)) + 1e-9;
    }
    return static_cast<int>(std::ceil(lg / 27.0)) + 2;
  };
  if (!SolveIntegral(bs, rs, kPrime, steps(bs, rs), u, stop)) return false;
  if (!SolveIntegral(rs, bs, kPrime, steps(rs, bs), v, stop)) return false;
  // The other columns: U·B = B' and V·B' = B by exact products.
  std::vector<char> in_s(n, 0);
  for (int32_t j : columns) in_s[j] = 1;
  mpz_class acc;
  for (size_t j = 0; j < n; ++j) {
    if (in_s[j]) continue;
    for (size_t i = 0; i < m; ++i) {
      acc = 0;
      for (size_t t = 0; t < m; ++t) mpz_addmul(acc.get_mpz_t(), (*u)[i][t].get_mpz_t(), b[t][j].get_mpz_t());
      if (acc != reduced[i][j]) return false;
      acc = 0;
      for (size_t t = 0; t < m; ++t) mpz_addmul(acc.get_mpz_t(), (*v)[i][t].get_mpz_t(), reduced[t][j].get_mpz_t());
      if (acc != b[i][j]) return false;
    }
  }
  return true;
}

}  // namespace svc::core

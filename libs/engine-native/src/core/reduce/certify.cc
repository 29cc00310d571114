#include "reduce/certify.h"

#include <algorithm>
#include <cfenv>
#include <cfloat>
#include <cmath>
#include <numeric>

namespace svc::core {

static_assert(FLT_EVAL_METHOD == 0, "the radius bounds assume each double operation rounds once to double");

namespace {

// Relative rounding bound of one double operation (round to nearest: |fl(x) − x| ≤ 2^−53·|x|, and
// ≤ 2^−52·|fl(x)|), an absolute allowance for underflow, and the inflation factors below.
constexpr double kU = 0x1p-52;
constexpr double kTiny = 0x1p-1000;
constexpr double kUp40 = 1 + 0x1p-40;  // covers the roundings of a radius formula of < 4096 operations
constexpr double kUp50 = 1 + 0x1p-50;  // fl(x ∘ y)·kUp50 rounded up ≥ x ∘ y for x, y ≥ 0 (one rounding)
constexpr double kDn50 = 1 - 0x1p-50;  // fl(x ∘ y)·kDn50 rounded ≤ x ∘ y for x ∘ y ≥ 0 (one rounding)

}  // namespace

bool CertifyReducedFloat(const IntMatrix& b, double delta) {
  const int32_t m = static_cast<int32_t>(b.size());
  if (m == 0 || b[0].empty() || std::fegetround() != FE_TONEAREST) return false;
  const int32_t n = static_cast<int32_t>(b[0].size());
  if (n > 400) return false;
  size_t maxbits = 0;
  for (const auto& row : b) {
    for (const auto& x : row) maxbits = std::max(maxbits, mpz_sizeinbase(x.get_mpz_t(), 2));
  }
  // Gram entries (< 2^(2·440+9) < 2^900: no overflow below) exactly, then each rounded to double
  // with its radius 2^−51·|value| (int128 and mpz_get_d conversions both err by < 2^−52 relatively).
  if (maxbits > 440) return false;
  std::vector<double> gm(static_cast<size_t>(m) * m), gr(static_cast<size_t>(m) * m);
  auto at = [m](int32_t i, int32_t j) { return static_cast<size_t>(i) * m + j; };
  if (maxbits <= 31) {
    std::vector<int64_t> flat(static_cast<size_t>(m) * n);
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t j = 0; j < n; ++j) flat[static_cast<size_t>(i) * n + j] = b[i][j].get_si();
    }
    const bool narrow = 2 * maxbits + 10 < 63;  // n ≤ 400 < 2^9 products of < 2^(2·maxbits): int64
    for (int32_t i = 0; i < m; ++i) {
      const int64_t* x = &flat[static_cast<size_t>(i) * n];
      for (int32_t j = 0; j <= i; ++j) {
        const int64_t* y = &flat[static_cast<size_t>(j) * n];
        double v;
        if (narrow) {
          int64_t s = 0;
          for (int32_t t = 0; t < n; ++t) s += x[t] * y[t];
          v = static_cast<double>(s);
        } else {
          __int128 s = 0;
          for (int32_t t = 0; t < n; ++t) s += static_cast<__int128>(x[t]) * y[t];
          v = static_cast<double>(s);
        }
        gm[at(i, j)] = v;
        gr[at(i, j)] = std::fabs(v) * 0x1p-51;
      }
    }
  } else {
    mpz_class s;
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t j = 0; j <= i; ++j) {
        s = 0;
        for (int32_t t = 0; t < n; ++t) mpz_addmul(s.get_mpz_t(), b[i][t].get_mpz_t(), b[j][t].get_mpz_t());
        const double v = mpz_get_d(s.get_mpz_t());
        gm[at(i, j)] = v;
        gr[at(i, j)] = std::fabs(v) * 0x1p-51;
      }
    }
  }
  // Cholesky in the Gram–Schmidt form: r_ij = G_ij − Σ_{k<j} μ_jk·r_ik, μ_ij = r_ij / r_jj, r_ii = ‖b*_i‖²,
  // each value a midpoint with a radius that bounds its distance to the exact real value.
  std::vector<double> rm(gm.size()), rr(gm.size()), mum(gm.size()), mur(gm.size());
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = 0; j <= i; ++j) {
      double s = gm[at(i, j)];
      double rad = gr[at(i, j)];
      const double* mj = &mum[at(j, 0)];
      const double* mjr = &mur[at(j, 0)];
      const double* ri = &rm[at(i, 0)];
      const double* rir = &rr[at(i, 0)];
      for (int32_t k = 0; k < j; ++k) {
        // |μ·r − μm·rm| ≤ μr·(|rm| + rr) + |μm|·rr; the product's and the difference's roundings.
        const double p = mj[k] * ri[k];
        s -= p;
        rad += mjr[k] * (std::fabs(ri[k]) + rir[k]) + std::fabs(mj[k]) * rir[k] + kU * (std::fabs(p) + std::fabs(s)) + kTiny;
      }
      rad = rad * kUp40 + kTiny;
      rm[at(i, j)] = s;
      rr[at(i, j)] = rad;
      if (j < i) {
        const double d = rm[at(j, j)];
        const double dlo = (d - rr[at(j, j)]) * kDn50;  // ≤ r_jj (checked > 0 when r_jj was made)
        const double q = s / d;
        // |r/d − s/d_m| ≤ (rad + |s/d_m|·dr)/dlo for d in [dlo, d_m + dr]; |s/d_m − q| ≤ 2^−52·|q|.
        const double qr = ((rad + std::fabs(q) * kUp50 * rr[at(j, j)]) / dlo + kU * std::fabs(q) + kTiny) * kUp40 + kTiny;
        mum[at(i, j)] = q;
        mur[at(i, j)] = qr;
        if (!((std::fabs(q) + qr) * kUp50 <= 0.5)) return false;  // |μ_ij| ≤ 1/2 not proved
      }
    }
    const double lo = (rm[at(i, i)] - rr[at(i, i)]) * kDn50;  // ≤ ‖b*_i‖²
    if (!(lo > 0)) return false;                             // independence not proved
    if (i > 0) {
      // ‖b*_i‖² + μ²·‖b*_{i−1}‖² ≥ δ·‖b*_{i−1}‖²: a lower bound of the left against an upper bound of the right.
      double a = (std::fabs(mum[at(i, i - 1)]) - mur[at(i, i - 1)]) * kDn50;
      if (!(a > 0)) a = 0;
      const double prev_lo = (rm[at(i - 1, i - 1)] - rr[at(i - 1, i - 1)]) * kDn50;
      const double prev_hi = (rm[at(i - 1, i - 1)] + rr[at(i - 1, i - 1)]) * kUp50;
      const double a2 = (a * a) * kDn50;
      const double t = (a2 * prev_lo) * kDn50;
      const double lhs = (lo + t) * kDn50;
      const double rhs = (delta * prev_hi) * kUp50;
      if (!(lhs >= rhs)) return false;
    }
  }
  return true;
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
  for (size_t c = 0; c < s; ++c) {
    size_t piv = c;
    while (piv < s && w[piv * s + c] == 0) ++piv;
    if (piv == s) return false;
    if (piv != c) {
      std::swap_ranges(w.begin() + piv * s, w.begin() + (piv + 1) * s, w.begin() + c * s);
      std::swap_ranges(inv->begin() + piv * s, inv->begin() + (piv + 1) * s, inv->begin() + c * s);
    }
    const uint64_t f = PowMod(w[c * s + c], p - 2, p);
    uint64_t* wc = &w[c * s];
    uint64_t* ic = &(*inv)[c * s];
    for (size_t j = 0; j < s; ++j) {
      wc[j] = wc[j] * f % p;
      ic[j] = ic[j] * f % p;
    }
    for (size_t i = 0; i < s; ++i) {
      if (i == c) continue;
      const uint64_t g = w[i * s + c];
      if (g == 0) continue;
      const uint64_t ng = p - g;
      uint64_t* wi = &w[i * s];
      uint64_t* ii = &(*inv)[i * s];
      for (size_t j = c; j < s; ++j) wi[j] = (wi[j] + ng * wc[j]) % p;
      for (size_t j = 0; j < s; ++j) ii[j] = (ii[j] + ng * ic[j]) % p;
    }
  }
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
      // R_i ← (R_i − X_t,i·A)/p, exactly (the division must be exact).
      for (size_t l = 0; l < s; ++l) t[l] = r[i][l];
      for (size_t j = 0; j < s; ++j) {
        const int64_t f = xt[j];
        if (f == 0) continue;
        const int64_t* row = a[j].data();
        for (size_t l = 0; l < s; ++l) t[l] -= static_cast<__int128>(f) * row[l];
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

#include "reduce/lattice.h"

#include <cmath>
#include <utility>

namespace svc::core {

IntMatrix Identity(int32_t m) {
  IntMatrix out(m, std::vector<mpz_class>(m));
  for (int32_t i = 0; i < m; ++i) out[i][i] = 1;
  return out;
}

void DeltaFraction(double delta, mpz_class* num, mpz_class* den) {
  int exponent = 0;
  double mantissa = std::frexp(delta, &exponent);  // delta = mantissa · 2^exponent, 0.5 <= mantissa < 1
  const int64_t m53 = static_cast<int64_t>(std::ldexp(mantissa, 53));
  *num = m53;
  *den = 1;
  const int shift = 53 - exponent;  // delta = m53 / 2^shift
  if (shift >= 0) {
    mpz_mul_2exp(den->get_mpz_t(), den->get_mpz_t(), shift);
  } else {
    mpz_mul_2exp(num->get_mpz_t(), num->get_mpz_t(), -shift);
  }
  while (mpz_even_p(num->get_mpz_t()) && *den > 1) {
    *num /= 2;
    *den /= 2;
  }
}

void AddMul(Reduction* r, int32_t k, int32_t l, const mpz_class& q) {
  if (q == 0) return;
  ++r->reductions;
  auto& bk = r->b[k];
  const auto& bl = r->b[l];
  for (size_t i = 0; i < bk.size(); ++i) {
    if (bl[i] != 0) mpz_submul(bk[i].get_mpz_t(), q.get_mpz_t(), bl[i].get_mpz_t());
  }
  auto& uk = r->u[k];
  const auto& ul = r->u[l];
  for (size_t i = 0; i < uk.size(); ++i) {
    if (ul[i] != 0) mpz_submul(uk[i].get_mpz_t(), q.get_mpz_t(), ul[i].get_mpz_t());
  }
  for (auto& row : r->v) {
    if (row[k] != 0) mpz_addmul(row[l].get_mpz_t(), q.get_mpz_t(), row[k].get_mpz_t());
  }
}

void SwapRows(Reduction* r, int32_t i, int32_t j) {
  if (i == j) return;
  ++r->swaps;
  std::swap(r->b[i], r->b[j]);
  std::swap(r->u[i], r->u[j]);
  for (auto& row : r->v) mpz_swap(row[i].get_mpz_t(), row[j].get_mpz_t());
}

namespace {

bool IsZero(const std::vector<mpz_class>& row) {
  for (const auto& x : row) {
    if (x != 0) return false;
  }
  return true;
}

void Dot(const std::vector<mpz_class>& x, const std::vector<mpz_class>& y, mpz_class* out) {
  *out = 0;
  for (size_t i = 0; i < x.size(); ++i) mpz_addmul(out->get_mpz_t(), x[i].get_mpz_t(), y[i].get_mpz_t());
}

// Unimodular row echelon form (Euclid down each column), then the zero rows first.
int32_t Echelon(Reduction* r) {
  const int32_t m = static_cast<int32_t>(r->b.size());
  const int32_t cols = m == 0 ? 0 : static_cast<int32_t>(r->b[0].size());
  int32_t p = 0;
  mpz_class q;
  for (int32_t c = 0; c < cols && p < m; ++c) {
    for (;;) {
      int32_t best = -1;
      for (int32_t i = p; i < m; ++i) {
        if (r->b[i][c] != 0 && (best < 0 || mpz_cmpabs(r->b[i][c].get_mpz_t(), r->b[best][c].get_mpz_t()) < 0)) best = i;
      }
      if (best < 0) break;
      SwapRows(r, p, best);
      bool done = true;
      for (int32_t i = p + 1; i < m; ++i) {
        if (r->b[i][c] == 0) continue;
        mpz_tdiv_q(q.get_mpz_t(), r->b[i][c].get_mpz_t(), r->b[p][c].get_mpz_t());
        AddMul(r, i, p, q);
        if (r->b[i][c] != 0) done = false;
      }
      if (done) {
        ++p;
        break;
      }
    }
  }
  return ZerosFirst(r);
}

}  // namespace

int32_t ZerosFirst(Reduction* r) {
  const int32_t m = static_cast<int32_t>(r->b.size());
  int32_t z = 0;
  for (int32_t i = 0; i < m; ++i) {
    if (!IsZero(r->b[i])) continue;
    for (int32_t k = i; k > z; --k) SwapRows(r, k, k - 1);
    ++z;
  }
  return z;
}

void ExactLll(Reduction* r, double delta, const std::function<bool()>& stop) {
  mpz_class num, den;
  DeltaFraction(delta, &num, &den);
  const int32_t m = static_cast<int32_t>(r->b.size());
  int32_t z = ZerosFirst(r);
  bool echeloned = false;
  mpz_class t, u, lam, bb, q, lhs, rhs;
  for (;;) {
    const int32_t n = m - z;
    r->rank = n;
    if (n == 0) return;
    std::vector<mpz_class> d(n + 1);
    d[0] = 1;
    std::vector<std::vector<mpz_class>> lambda(n);
    for (int32_t i = 0; i < n; ++i) lambda[i].resize(i);
    auto row = [&](int32_t i) -> std::vector<mpz_class>& { return r->b[z + i]; };
    // The integral Gram–Schmidt data of row k; false when it depends on the rows before it.
    auto gs = [&](int32_t k) {
      for (int32_t j = 0; j <= k; ++j) {
        Dot(row(k), row(j), &u);
        for (int32_t i = 0; i < j; ++i) {
          mpz_mul(u.get_mpz_t(), u.get_mpz_t(), d[i + 1].get_mpz_t());
          mpz_submul(u.get_mpz_t(), lambda[k][i].get_mpz_t(), lambda[j][i].get_mpz_t());
          mpz_divexact(u.get_mpz_t(), u.get_mpz_t(), d[i].get_mpz_t());
        }
        if (j < k) {
          lambda[k][j] = u;
        } else {
          d[k + 1] = u;
        }
      }
      return d[k + 1] != 0;
    };
    auto red = [&](int32_t k, int32_t l) {
      // |λ| ≤ d/2 is size-reduced; else q = round(λ / d) = floor((2λ + d) / 2d).
      t = 2 * abs(lambda[k][l]);
      if (t <= d[l + 1]) return;
      t = 2 * lambda[k][l] + d[l + 1];
      u = 2 * d[l + 1];
      mpz_fdiv_q(q.get_mpz_t(), t.get_mpz_t(), u.get_mpz_t());
      AddMul(r, z + k, z + l, q);
      mpz_submul(lambda[k][l].get_mpz_t(), q.get_mpz_t(), d[l + 1].get_mpz_t());
      for (int32_t i = 0; i < l; ++i) mpz_submul(lambda[k][i].get_mpz_t(), q.get_mpz_t(), lambda[l][i].get_mpz_t());
    };
    auto swap_k = [&](int32_t k, int32_t kmax) {
      SwapRows(r, z + k, z + k - 1);
      for (int32_t j = 0; j < k - 1; ++j) mpz_swap(lambda[k][j].get_mpz_t(), lambda[k - 1][j].get_mpz_t());
      lam = lambda[k][k - 1];
      bb = d[k - 1] * d[k + 1] + lam * lam;
      mpz_divexact(bb.get_mpz_t(), bb.get_mpz_t(), d[k].get_mpz_t());
      for (int32_t i = k + 1; i <= kmax; ++i) {
        t = lambda[i][k];
        u = d[k + 1] * lambda[i][k - 1] - lam * t;
        mpz_divexact(lambda[i][k].get_mpz_t(), u.get_mpz_t(), d[k].get_mpz_t());
        u = bb * t + lam * lambda[i][k];
        mpz_divexact(lambda[i][k - 1].get_mpz_t(), u.get_mpz_t(), d[k + 1].get_mpz_t());
      }
      d[k] = bb;
    };
    bool dependent = !gs(0);
    int32_t k = 1;
    int32_t kmax = 0;
    int64_t steps = 0;
    while (!dependent && k < n) {
      if ((++steps & 63) == 0 && stop()) {
        r->stopped = true;
        return;
      }
      if (k > kmax) {
        kmax = k;
        if (!gs(k)) {
          dependent = true;
          break;
        }
      }
      red(k, k - 1);
      lam = lambda[k][k - 1];
      lhs = d[k + 1] * d[k - 1] + lam * lam;
      lhs *= den;
      rhs = d[k] * d[k];
      rhs *= num;
      if (lhs < rhs) {
        swap_k(k, kmax);
        k = k > 1 ? k - 1 : 1;
      } else {
        for (int32_t l = k - 2; l >= 0; --l) red(k, l);
        ++k;
      }
    }
    if (!dependent) return;
    if (echeloned) {
      r->stopped = true;  // cannot happen: the echelon's nonzero rows are independent
      return;
    }
    z = Echelon(r);
    echeloned = true;
  }
}

bool CheckReduced(const IntMatrix& b, double delta, int32_t* rank, mpz_class* shortest_sq, std::string* detail) {
  mpz_class num, den;
  DeltaFraction(delta, &num, &den);
  const int32_t m = static_cast<int32_t>(b.size());
  int32_t z = 0;
  while (z < m && IsZero(b[z])) ++z;
  for (int32_t i = z; i < m; ++i) {
    if (IsZero(b[i])) {
      *detail = "vector " + std::to_string(i) + " is zero but follows a nonzero vector";
      return false;
    }
  }
  const int32_t n = m - z;
  std::vector<mpz_class> d(n + 1);
  d[0] = 1;
  std::vector<std::vector<mpz_class>> lambda(n);
  mpz_class u, t, lhs, rhs, sq;
  *shortest_sq = 0;
  for (int32_t i = 0; i < n; ++i) {
    lambda[i].resize(i);
    for (int32_t j = 0; j <= i; ++j) {
      Dot(b[z + i], b[z + j], &u);
      for (int32_t k = 0; k < j; ++k) {
        mpz_mul(u.get_mpz_t(), u.get_mpz_t(), d[k + 1].get_mpz_t());
        mpz_submul(u.get_mpz_t(), lambda[i][k].get_mpz_t(), lambda[j][k].get_mpz_t());
        if (!mpz_divisible_p(u.get_mpz_t(), d[k].get_mpz_t())) {
          *detail = "inexact Gram-Schmidt step (an arithmetic fault)";
          return false;
        }
        mpz_divexact(u.get_mpz_t(), u.get_mpz_t(), d[k].get_mpz_t());
      }
      if (j < i) {
        lambda[i][j] = u;
      } else {
        d[i + 1] = u;
      }
    }
    if (d[i + 1] == 0) {
      *detail = "vector " + std::to_string(z + i) + " depends on the vectors before it";
      return false;
    }
    Dot(b[z + i], b[z + i], &sq);
    if (*shortest_sq == 0 || sq < *shortest_sq) *shortest_sq = sq;
    for (int32_t j = 0; j < i; ++j) {
      t = 2 * abs(lambda[i][j]);
      if (t > d[j + 1]) {
        *detail = "not size-reduced at (" + std::to_string(z + i) + ", " + std::to_string(z + j) + ")";
        return false;
      }
    }
    if (i > 0) {
      lhs = d[i + 1] * d[i - 1] + lambda[i][i - 1] * lambda[i][i - 1];
      lhs *= den;
      rhs = d[i] * d[i];
      rhs *= num;
      if (lhs < rhs) {
        *detail = "Lovasz condition fails at vector " + std::to_string(z + i);
        return false;
      }
    }
  }
  *rank = n;
  return true;
}

namespace {

// a·b == c (a: p×q, b: q×r, c: p×r).
bool ProductIs(const IntMatrix& a, const IntMatrix& b, const IntMatrix& c) {
  if (a.size() != c.size()) return false;
  const size_t q = b.size();
  const size_t cols = q == 0 ? 0 : b[0].size();
  std::vector<mpz_class> acc(cols);
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].size() != q || c[i].size() != cols) return false;
    for (auto& x : acc) x = 0;
    for (size_t k = 0; k < q; ++k) {
      if (a[i][k] == 0) continue;
      for (size_t j = 0; j < cols; ++j) mpz_addmul(acc[j].get_mpz_t(), a[i][k].get_mpz_t(), b[k][j].get_mpz_t());
    }
    for (size_t j = 0; j < cols; ++j) {
      if (acc[j] != c[i][j]) return false;
    }
  }
  return true;
}

}  // namespace

bool CheckSameLattice(const IntMatrix& b, const IntMatrix& reduced, const IntMatrix& u, const IntMatrix& v, int32_t rank,
                      std::string* detail) {
  if (!ProductIs(u, b, reduced)) {
    *detail = "U·B != B'";
    return false;
  }
  if (!ProductIs(v, reduced, b)) {
    *detail = "V·B' != B";
    return false;
  }
  if (rank < static_cast<int32_t>(b.size()) && !ProductIs(v, u, Identity(static_cast<int32_t>(b.size())))) {
    *detail = "V·U != I";
    return false;
  }
  return true;
}

std::string ReductionText(const Reduction& r) {
  std::string out;
  auto put = [&](const IntMatrix& m) {
    for (size_t i = 0; i < m.size(); ++i) {
      if (i > 0) out += '\n';
      for (size_t j = 0; j < m[i].size(); ++j) {
        if (j > 0) out += ' ';
        out += m[i][j].get_str();
      }
    }
  };
  put(r.b);
  out += ';';
  put(r.u);
  out += ';';
  put(r.v);
  return out;
}

}  // namespace svc::core

// PSLQ in fixed-point GMP integers: the twin of engine-ts families/relation/pslq.ts (see there for
// the method and the stops). Floor division (mpz_fdiv_q), floor shifts (mpz_fdiv_q_2exp) and
// floor square roots (mpz_sqrt) everywhere, as BigInt's helpers there.
#include "relation/pslq.h"

#include <cfloat>
#include <utility>

namespace svc::core {

int DigitBits(int d) {
  const int64_t p = static_cast<int64_t>(d) * 3321928095LL;
  return static_cast<int>((p + 999999999LL) / 1000000000LL);
}

int64_t PslqIterationCap(int n, int prec) {
  return 100LL * n * n + 20LL * n * prec;
}

namespace {

void FdivShift(mpz_class& r, const mpz_class& a, int prec) { mpz_fdiv_q_2exp(r.get_mpz_t(), a.get_mpz_t(), prec); }

// floor((a << prec) / b)
mpz_class ShiftDiv(const mpz_class& a, const mpz_class& b, int prec) {
  mpz_class num;
  mpz_mul_2exp(num.get_mpz_t(), a.get_mpz_t(), prec);
  mpz_class q;
  mpz_fdiv_q(q.get_mpz_t(), num.get_mpz_t(), b.get_mpz_t());
  return q;
}

}  // namespace

PslqOutcome Pslq(const std::vector<mpz_class>& x, int prec, const mpz_class& height_squared_times_n, int tol_bits,
                 const std::function<bool(const std::vector<mpz_class>&)>& accept, const std::function<bool()>& poll) {
  const int n = static_cast<int>(x.size());
  PslqOutcome out;
  out.max_diagonal = 0;
  mpz_class tol;
  mpz_setbit(tol.get_mpz_t(), prec - tol_bits);
  mpz_class half;
  mpz_setbit(half.get_mpz_t(), prec - 1);
  std::vector<std::vector<mpz_class>> B(n, std::vector<mpz_class>(n));
  for (int i = 0; i < n; i++) B[i][i] = 1;
  const auto column = [&](int i) {
    std::vector<mpz_class> c(n);
    for (int k = 0; k < n; k++) c[k] = B[k][i];
    return c;
  };
  const auto candidate = [&](int i, int64_t iter) {
    std::vector<mpz_class> col = column(i);
    out.iterations = iter;
    if (accept(col)) {
      out.stop = RelationStop::kFound;
      out.relation = std::move(col);
    } else {
      out.stop = RelationStop::kUnverified;
    }
    return out;
  };
  for (int i = 0; i < n; i++) {
    if (abs(x[i]) < tol) return candidate(i, 0);
  }
  std::vector<mpz_class> s(n), y(n);
  mpz_class acc = 0, t;
  for (int k = n - 1; k >= 0; k--) {
    t = x[k] * x[k];
    FdivShift(t, t, prec);
    acc += t;
    mpz_mul_2exp(t.get_mpz_t(), acc.get_mpz_t(), prec);
    mpz_sqrt(s[k].get_mpz_t(), t.get_mpz_t());
  }
  const mpz_class s0 = s[0];
  for (int k = 0; k < n; k++) y[k] = ShiftDiv(x[k], s0, prec);
  for (int k = 0; k < n; k++) s[k] = ShiftDiv(s[k], s0, prec);
  std::vector<std::vector<mpz_class>> H(n, std::vector<mpz_class>(n - 1));
  for (int i = 0; i < n; i++) {
    if (i <= n - 2) H[i][i] = sgn(s[i]) != 0 ? ShiftDiv(s[i + 1], s[i], prec) : mpz_class(0);
    for (int j = 0; j < i && j <= n - 2; j++) {
      const mpz_class d = s[j] * s[j + 1];
      H[i][j] = sgn(d) != 0 ? ShiftDiv(-y[i] * y[j], d, prec) : mpz_class(0);
    }
  }
  // γ^(i+1), γ = √(4/3).
  mpz_class gamma;
  {
    mpz_class four = 4;
    mpz_mul_2exp(four.get_mpz_t(), four.get_mpz_t(), prec);
    mpz_class q;
    mpz_tdiv_q_ui(q.get_mpz_t(), four.get_mpz_t(), 3);
    mpz_mul_2exp(q.get_mpz_t(), q.get_mpz_t(), prec);
    mpz_sqrt(gamma.get_mpz_t(), q.get_mpz_t());
  }
  std::vector<mpz_class> G{gamma};
  for (int i = 1; i < n - 1; i++) {
    mpz_class g = G[i - 1] * gamma;
    FdivShift(g, g, prec);
    G.push_back(g);
  }
  mpz_class tt, q;
  const auto reduce = [&](int i, int j) {
    const mpz_class& hjj = H[j][j];
    if (sgn(hjj) == 0) return false;
    mpz_mul_2exp(q.get_mpz_t(), H[i][j].get_mpz_t(), prec);
    mpz_fdiv_q(q.get_mpz_t(), q.get_mpz_t(), hjj.get_mpz_t());
    q += half;
    FdivShift(tt, q, prec);
    if (sgn(tt) == 0) return true;
    mpz_addmul(y[j].get_mpz_t(), tt.get_mpz_t(), y[i].get_mpz_t());
    for (int k = 0; k <= j; k++) mpz_submul(H[i][k].get_mpz_t(), tt.get_mpz_t(), H[j][k].get_mpz_t());
    for (int k = 0; k < n; k++) mpz_addmul(B[k][j].get_mpz_t(), tt.get_mpz_t(), B[k][i].get_mpz_t());
    return true;
  };
  for (int i = 1; i < n; i++) {
    for (int j = i - 1; j >= 0; j--) reduce(i, j);
  }
  const int64_t cap = PslqIterationCap(n, prec);
  mpz_class two_prec;
  mpz_setbit(two_prec.get_mpz_t(), 2 * prec);
  mpz_class sz, best, t0, t1, t2, t3, t4, u, md, a2;
  for (int64_t iter = 1;; iter++) {
    out.iterations = iter;
    int m = 0;
    best = -1;
    for (int i = 0; i < n - 1; i++) {
      sz = abs(H[i][i]);
      sz *= G[i];
      if (sz > best) {
        best = sz;
        m = i;
      }
    }
    std::swap(y[m], y[m + 1]);
    std::swap(H[m], H[m + 1]);
    for (int k = 0; k < n; k++) std::swap(B[k][m], B[k][m + 1]);
    if (m <= n - 3) {
      a2 = H[m][m] * H[m][m];
      mpz_addmul(a2.get_mpz_t(), H[m][m + 1].get_mpz_t(), H[m][m + 1].get_mpz_t());
      mpz_sqrt(t0.get_mpz_t(), a2.get_mpz_t());
      if (sgn(t0) == 0) {
        out.stop = RelationStop::kExhausted;
        return out;
      }
      t1 = ShiftDiv(H[m][m], t0, prec);
      t2 = ShiftDiv(H[m][m + 1], t0, prec);
      for (int i = m; i < n; i++) {
        t3 = H[i][m];
        t4 = H[i][m + 1];
        u = t1 * t3;
        mpz_addmul(u.get_mpz_t(), t2.get_mpz_t(), t4.get_mpz_t());
        FdivShift(H[i][m], u, prec);
        u = t1 * t4;
        mpz_submul(u.get_mpz_t(), t2.get_mpz_t(), t3.get_mpz_t());
        FdivShift(H[i][m + 1], u, prec);
      }
    }
    for (int i = m + 1; i < n; i++) {
      for (int j = std::min(i - 1, m + 1); j >= 0; j--) {
        if (!reduce(i, j)) {
          out.stop = RelationStop::kExhausted;
          return out;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (abs(y[i]) < tol) return candidate(i, iter);
    }
    md = 0;
    for (int j = 0; j < n - 1; j++) {
      if (abs(H[j][j]) > md) md = abs(H[j][j]);
    }
    if (sgn(md) == 0) {
      out.stop = RelationStop::kExhausted;
      return out;
    }
    out.max_diagonal = md;
    if (two_prec > height_squared_times_n * md * md) {
      out.stop = RelationStop::kBound;
      return out;
    }
    if (iter >= cap) {
      out.stop = RelationStop::kIterations;
      return out;
    }
    if ((iter & 7) == 0 && poll()) {
      out.stop = RelationStop::kLimit;
      return out;
    }
  }
}

mpz_class DecidableNorm(int d, int n) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 10, static_cast<unsigned long>(d / 4));
  mpz_fdiv_q_ui(r.get_mpz_t(), r.get_mpz_t(), static_cast<unsigned long>(2 * n));
  return r;
}

double BoundOf(const mpz_class& max_diagonal, int prec, const mpz_class& cap) {
  if (sgn(max_diagonal) == 0) return 0;
  mpz_class b;
  mpz_setbit(b.get_mpz_t(), 2 * prec);
  mpz_tdiv_q(b.get_mpz_t(), b.get_mpz_t(), max_diagonal.get_mpz_t());
  mpz_fdiv_q_2exp(b.get_mpz_t(), b.get_mpz_t(), prec);
  if (b > cap) b = cap;
  if (sgn(b) == 0) return 0;
  if (mpz_sizeinbase(b.get_mpz_t(), 2) > 1000) return DBL_MAX;
  return mpz_get_d(b.get_mpz_t());
}

}  // namespace svc::core

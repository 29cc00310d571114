// LLL on the embedding lattice of the terms: the twin of engine-ts families/relation/embedding.ts.
#include "relation/embedding.h"

#include <utility>

#include "reduce/lattice.h"

namespace svc::core {

namespace {

mpz_class Height(const std::vector<mpz_class>& a) {
  mpz_class h = 0;
  for (const auto& c : a) {
    if (abs(c) > h) h = abs(c);
  }
  return h;
}

}  // namespace

mpz_class GramSchmidtFloor(const std::vector<std::vector<mpz_class>>& b, const mpz_class& k) {
  const size_t n = b.size();
  std::vector<mpz_class> d{mpz_class(1)};
  std::vector<std::vector<mpz_class>> lambda(n, std::vector<mpz_class>(n));
  mpz_class min = -1, u, q, den;
  for (size_t r = 0; r < n; r++) {
    for (size_t j = 0; j <= r; j++) {
      u = 0;
      for (size_t c = 0; c < b[r].size(); c++) mpz_addmul(u.get_mpz_t(), b[r][c].get_mpz_t(), b[j][c].get_mpz_t());
      for (size_t i = 0; i < j; i++) {
        u *= d[i + 1];
        mpz_submul(u.get_mpz_t(), lambda[r][i].get_mpz_t(), lambda[j][i].get_mpz_t());
        mpz_tdiv_q(u.get_mpz_t(), u.get_mpz_t(), d[i].get_mpz_t());
      }
      if (j < r) {
        lambda[r][j] = u;
      } else {
        d.push_back(u);
      }
    }
    den = d[r] * k;
    mpz_tdiv_q(q.get_mpz_t(), d[r + 1].get_mpz_t(), den.get_mpz_t());
    if (sgn(min) < 0 || q < min) min = q;
  }
  return sgn(min) < 0 ? mpz_class(0) : min;
}

EmbeddingOutcome EmbeddingSearch(const std::vector<mpz_class>& x, int prec, int dbits, int tol_bits, const mpz_class& slack,
                                 const std::function<std::optional<std::vector<mpz_class>>(const std::vector<mpz_class>&)>& judge,
                                 const std::function<bool()>& stop) {
  const int n = static_cast<int>(x.size());
  Reduction r;
  r.b.assign(n, std::vector<mpz_class>(n + 1));
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= n; j++) r.b[i][j] = 0;
    r.b[i][i] = 1;
    mpz_fdiv_q_2exp(r.b[i][n].get_mpz_t(), x[i].get_mpz_t(), static_cast<mp_bitcnt_t>(prec - dbits));
  }
  r.u = Identity(n);
  r.v = Identity(n);
  ExactLll(&r, kEmbeddingDelta, stop);
  EmbeddingOutcome out;
  out.swaps = r.swaps;
  if (r.stopped) {
    out.stopped = true;
    return out;
  }
  mpz_class limit;
  mpz_setbit(limit.get_mpz_t(), static_cast<mp_bitcnt_t>(dbits - tol_bits));
  std::vector<std::vector<mpz_class>> near;
  for (const auto& row : r.b) {
    bool any = false;
    for (int k = 0; k < n; k++) any = any || sgn(row[k]) != 0;
    if (any && abs(row[n]) < limit) near.emplace_back(row.begin(), row.begin() + n);
  }
  std::vector<std::vector<mpz_class>> candidates = near;
  for (size_t i = 0; i < near.size(); i++) {
    for (size_t j = i + 1; j < near.size(); j++) {
      std::vector<mpz_class> s(n), d(n);
      for (int k = 0; k < n; k++) {
        s[k] = near[i][k] + near[j][k];
        d[k] = near[i][k] - near[j][k];
      }
      candidates.push_back(std::move(s));
      candidates.push_back(std::move(d));
    }
  }
  out.norm_squared_bound = GramSchmidtFloor(r.b, 1 + mpz_class(n) * slack * slack);
  for (const auto& c : candidates) {
    bool any = false;
    for (const auto& v : c) any = any || sgn(v) != 0;
    if (!any) continue;
    auto a = judge(c);
    if (a && (out.relation.empty() || Height(*a) < Height(out.relation))) out.relation = std::move(*a);
  }
  return out;
}

}  // namespace svc::core

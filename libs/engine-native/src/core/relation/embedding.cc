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

EmbeddingOutcome EmbeddingSearch(const std::vector<mpz_class>& x, int prec, int dbits, int tol_bits,
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

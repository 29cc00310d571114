#include "qubo/model.h"

namespace svc::core {

QuboModel ModelFromQubo(const QuboView& p) {
  QuboModel m;
  m.n = p.n;
  m.h.assign(p.linear.begin(), p.linear.end());
  m.q = BuildCsr(p.n, p.pairs.i, p.pairs.j, p.pairs.w);
  return m;
}

QuboModel ModelFromMaxcut(const MaxcutView& p) {
  QuboModel m;
  m.n = p.n;
  m.q = BuildCsr(p.n, p.edges.i, p.edges.j, p.edges.w);
  m.h.assign(static_cast<size_t>(p.n), 0.0);
  // h_v = -(row sum of w in row order), then W = 2 w (model.ts maxcutModel, same rounding).
  for (int32_t v = 0; v < p.n; ++v) {
    double s = 0;
    for (int64_t k = m.q.RowBegin(v); k < m.q.RowEnd(v); ++k) s += m.q.w[k];
    m.h[v] = -s;
  }
  for (double& w : m.q.w) w = 2 * w;
  return m;
}

}  // namespace svc::core

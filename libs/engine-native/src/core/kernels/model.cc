#include "kernels/model.h"

#include <cmath>

namespace svc::core {

double ModelEnergy(const QuboModel& m, const std::vector<uint8_t>& x) {
  double e = 0;
  for (int32_t i = 0; i < m.n; ++i) {
    if (!x[i]) continue;
    e += m.h[i];
    // Each pair once: only the entries with a larger column.
    for (int64_t k = m.q.RowBegin(i); k < m.q.RowEnd(i); ++k) {
      if (m.q.col[k] > i && x[m.q.col[k]]) e += m.q.w[k];
    }
  }
  return e;
}

void ModelFields(const QuboModel& m, const std::vector<uint8_t>& x, std::vector<double>* f) {
  f->assign(m.h.begin(), m.h.end());
  for (int32_t i = 0; i < m.n; ++i) {
    double s = 0;
    for (int64_t k = m.q.RowBegin(i); k < m.q.RowEnd(i); ++k) {
      if (x[m.q.col[k]]) s += m.q.w[k];
    }
    (*f)[i] += s;
  }
}

double EnergyTolerance(const QuboModel& m) {
  double s = 0;
  for (int32_t i = 0; i < m.n; ++i) s += std::fabs(m.h[i]);
  for (double w : m.q.w) s += std::fabs(w);
  return 1e-12 * (1 + s);
}

}  // namespace svc::core

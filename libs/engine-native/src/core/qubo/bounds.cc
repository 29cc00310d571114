#include "qubo/bounds.h"

namespace svc::core {

double QuboLowerBound(const QuboView& p) {
  double b = 0;
  for (int32_t i = 0; i < p.n; ++i) {
    if (p.linear[i] < 0) b += p.linear[i];
  }
  for (double w : p.pairs.w) {
    if (w < 0) b += w;
  }
  return b;
}

double CutUpperBound(const MaxcutView& p) {
  if (p.complete) {
    const double half = static_cast<double>(p.n / 2);
    return half * static_cast<double>(p.n - p.n / 2);
  }
  double b = 0;
  for (double w : p.edges.w) {
    if (w > 0) b += w;
  }
  return b;
}

}  // namespace svc::core

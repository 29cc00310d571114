#include "qubo/evaluate.h"

namespace svc::core {

double QuboEnergy(const QuboView& p, std::span<const uint8_t> x) {
  double e = 0;
  for (int32_t i = 0; i < p.n; ++i) {
    if (x[i]) e += p.linear[i];
  }
  for (size_t k = 0; k < p.pairs.size(); ++k) {
    if (x[p.pairs.i[k]] && x[p.pairs.j[k]]) e += p.pairs.w[k];
  }
  return e;
}

double CutValue(const MaxcutView& p, std::span<const uint8_t> x) {
  if (p.complete) {
    int64_t ones = 0;
    for (int32_t i = 0; i < p.n; ++i) ones += x[i] ? 1 : 0;
    return static_cast<double>(ones * (p.n - ones));
  }
  double cut = 0;
  for (size_t k = 0; k < p.edges.size(); ++k) {
    if (x[p.edges.i[k]] != x[p.edges.j[k]]) cut += p.edges.w[k];
  }
  return cut;
}

}  // namespace svc::core


#include "phase/models.h"

#include <cmath>

namespace svc::core {

PauliTerms PhaseTerms(const PhaseView& p, int32_t L) {
  PauliTerms t;
  t.n = L;
  const bool periodic = p.boundary == 1;
  auto add = [&](int32_t x, int32_t z, double c) {
    if (c == 0) return;
    t.x.push_back(x);
    t.z.push_back(z);
    t.coeff.push_back(c);
  };
  for (int32_t i = 0; i < BondsOf(L, periodic); ++i) {
    const int32_t pair = (1 << i) | (1 << ((i + 1) % L));
    if (p.model == 0) {
      add(0, pair, -p.J);
    } else {
      const double delta = p.model == 2 ? 1.0 : p.delta;
      add(pair, 0, p.J);
      add(pair, pair, p.J);
      add(0, pair, p.J * delta);
    }
  }
  if (p.model == 0) {
    for (int32_t i = 0; i < L; ++i) add(1 << i, 0, -p.h);
  }
  return t;
}

std::vector<int32_t> SizesFor(const PhaseView& p, int32_t n) {
  std::vector<int32_t> out;
  if (p.model != 0) {
    for (int32_t L : {n - 4, n - 2, n}) {
      if (L >= 4) out.push_back(L);
    }
    return out;
  }
  const bool frustrated = p.J < 0 && p.boundary == 1;
  if (n == 4) return frustrated ? std::vector<int32_t>{4} : std::vector<int32_t>{3, 4};
  for (int32_t L : {n - 4, n - 2, n}) {
    if (L >= 3 && !(frustrated && L % 2 == 1)) out.push_back(L);
  }
  return out;
}

double PhaseScale(const PhaseView& p) {
  if (p.model == 0) return std::fabs(p.J) + std::fabs(p.h);
  return std::fabs(p.J) * (2 + std::fabs(p.model == 2 ? 1.0 : p.delta));
}

}  // namespace svc::core

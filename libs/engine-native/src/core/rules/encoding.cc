// rules: the counting-rule form (encoding.h).
#include "rules/encoding.h"

#include <cmath>
#include <vector>

#include "rules/solve.h"

namespace svc::core {

RulesEncoding EncodeRules(const RulesProblem& p) {
  const RulesView& rv = p.rules;
  RulesEncoding e;
  e.n = p.n;
  e.rules = static_cast<int32_t>(rv.type.size());
  const int32_t R = e.rules;
  e.lo.assign(R, 0);
  e.hi.assign(R, 0);
  e.lit_start = rv.start;
  e.lit_var = rv.nodes;
  e.lit_neg.assign(rv.nodes.size(), 0);
  for (int32_t r = 0; r < R; ++r) {
    const int32_t size = rv.start[r + 1] - rv.start[r];
    const int32_t s = rv.start[r];
    switch (rv.type[r]) {
      case kChooseOne: e.lo[r] = 1; e.hi[r] = 1; break;
      case kChooseExactly: e.lo[r] = rv.k[r]; e.hi[r] = rv.k[r]; break;
      case kMutualExclusion: e.lo[r] = 0; e.hi[r] = 1; break;
      case kCapacityLimit: e.lo[r] = 0; e.hi[r] = rv.k[r]; break;
      case kForceTrue: e.lo[r] = size; e.hi[r] = size; break;
      case kForceFalse: e.lo[r] = 0; e.hi[r] = 0; break;
      case kRequires: e.lo[r] = 1; e.hi[r] = 2; e.lit_neg[s] = 1; break;
      case kIdentical: e.lo[r] = 1; e.hi[r] = 1; e.lit_neg[s + 1] = 1; break;
      default: e.lo[r] = 1; e.hi[r] = 1; break;  // kDifferent
    }
  }
  const int32_t n = e.n;
  e.occ_start.assign(n + 1, 0);
  for (int32_t v : rv.nodes) e.occ_start[v + 1]++;
  for (int32_t v = 0; v < n; ++v) e.occ_start[v + 1] += e.occ_start[v];
  std::vector<int32_t> fill(e.occ_start.begin(), e.occ_start.end() - 1);
  e.occ_rule.assign(rv.nodes.size(), 0);
  e.occ_neg.assign(rv.nodes.size(), 0);
  for (int32_t r = 0; r < R; ++r) {
    for (int32_t q = rv.start[r]; q < rv.start[r + 1]; ++q) {
      const int32_t at = fill[rv.nodes[q]]++;
      e.occ_rule[at] = r;
      e.occ_neg[at] = e.lit_neg[q];
    }
  }
  e.h = p.linear;
  // CSR of the canonical pairs (canonical.ts toCsr): each pair in both rows, in pair order.
  const size_t m = p.pairs.size();
  e.offsets.assign(n + 1, 0);
  for (size_t k = 0; k < m; ++k) {
    e.offsets[p.pairs.i[k] + 1]++;
    e.offsets[p.pairs.j[k] + 1]++;
  }
  for (int32_t v = 0; v < n; ++v) e.offsets[v + 1] += e.offsets[v];
  std::vector<int32_t> at(e.offsets.begin(), e.offsets.end() - 1);
  e.neighbours.assign(2 * m, 0);
  e.weights.assign(2 * m, 0);
  for (size_t k = 0; k < m; ++k) {
    const int32_t i = p.pairs.i[k], j = p.pairs.j[k];
    const double w = p.pairs.w[k];
    int32_t q = at[i]++;
    e.neighbours[q] = j;
    e.weights[q] = w;
    q = at[j]++;
    e.neighbours[q] = i;
    e.weights[q] = w;
  }
  return e;
}

double RulesEpsilon(const RulesEncoding& e) {
  double s = 0;
  for (int32_t i = 0; i < e.n; ++i) s += std::fabs(e.h[i]);
  for (double w : e.weights) s += std::fabs(w) / 2;
  return 1e-12 * (1 + s);
}

}  // namespace svc::core

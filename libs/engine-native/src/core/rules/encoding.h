// rules: the counting-rule form every method searches (each rule a literal count within [lo, hi])
// and the objective's adjacency. A port of engine-ts families/rules/encoding.ts.
#ifndef SVC_CORE_RULES_ENCODING_H_
#define SVC_CORE_RULES_ENCODING_H_

#include <cstdint>
#include <span>
#include <vector>

#include "rules/problem.h"

namespace svc::core {

// The counting-rule form (encoding.ts RulesEncoding).
struct RulesEncoding {
  int32_t n = 0;
  int32_t rules = 0;
  std::vector<int32_t> lo, hi;
  std::span<const int32_t> lit_start, lit_var;
  std::vector<uint8_t> lit_neg;
  std::vector<int32_t> occ_start, occ_rule;
  std::vector<uint8_t> occ_neg;
  std::span<const double> h;
  // Symmetric adjacency of the objective pairs, neighbours ascending per row.
  std::vector<int32_t> offsets, neighbours;
  std::vector<double> weights;
};

RulesEncoding EncodeRules(const RulesProblem& p);

// The tolerance of objective comparisons: 1e-12 of the objective's magnitude.
double RulesEpsilon(const RulesEncoding& e);

}  // namespace svc::core

#endif  // SVC_CORE_RULES_ENCODING_H_

// rules: the constructive answer, the floor of a search cut by a limit. A port of engine-ts
// families/rules/greedy.ts (that file's comment is the specification).
#ifndef SVC_CORE_RULES_GREEDY_H_
#define SVC_CORE_RULES_GREEDY_H_

#include <cstdint>
#include <vector>

#include "rules/encoding.h"

namespace svc::core {

// Most sweeps of the greedy repair.
inline constexpr int kRulesGreedySweeps = 16;

// The greedy repair's assignment: from x_i = 1 iff h_i < 0, sweeps flipping what lowers the rules'
// total deviation (or keeps it and lowers the objective by more than eps_e).
std::vector<uint8_t> RulesGreedy(const RulesEncoding& enc, double eps_e);

}  // namespace svc::core

#endif  // SVC_CORE_RULES_GREEDY_H_

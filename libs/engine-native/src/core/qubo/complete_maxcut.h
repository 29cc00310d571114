// Max-cut of K_n with unit weights in O(n): a balanced split is optimal, cut floor(n^2/4).
#ifndef SVC_CORE_QUBO_COMPLETE_MAXCUT_H_
#define SVC_CORE_QUBO_COMPLETE_MAXCUT_H_

#include "qubo/problem.h"

namespace svc::core {

// First floor(n/2) nodes on side 0, the rest on side 1 (as ts-engine.ts); proof exhaustive.
void SolveCompleteMaxcut(int32_t n, SolveResult* out);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_COMPLETE_MAXCUT_H_

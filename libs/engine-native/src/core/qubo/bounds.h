// Trivial proven bounds reported with heuristic answers (ts-engine.ts, same summation order).
#ifndef SVC_CORE_QUBO_BOUNDS_H_
#define SVC_CORE_QUBO_BOUNDS_H_

#include "qubo/problem.h"

namespace svc::core {

// sum min(0, h_i) + sum min(0, w_ij): a lower bound on the QUBO minimum.
double QuboLowerBound(const QuboView& p);

// sum max(0, w): an upper bound on the maximum cut; floor(n/2) ceil(n/2) for K_n.
double CutUpperBound(const MaxcutView& p);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_BOUNDS_H_

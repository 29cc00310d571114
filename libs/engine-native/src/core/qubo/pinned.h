// want: the pins substituted into the QUBO (a port of engine-ts families/qubo/pinned.ts).
#ifndef SVC_CORE_QUBO_PINNED_H_
#define SVC_CORE_QUBO_PINNED_H_

#include <cstdint>
#include <vector>

#include "qubo/problem.h"

namespace svc::core {

// The QUBO on the free variables after substituting the pins (pinned.ts reducePinned).
struct PinnedReduction {
  int32_t n_free = 0;
  std::vector<int32_t> free;  // free[k] = original index of reduced variable k (ascending)
  std::vector<double> linear;
  std::vector<int32_t> pi, pj;
  std::vector<double> pw;
  double constant = 0;  // Q_full(expand(y)) = Q_reduced(y) + constant
};
PinnedReduction ReducePinned(const QuboFamilyProblem& p);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_PINNED_H_

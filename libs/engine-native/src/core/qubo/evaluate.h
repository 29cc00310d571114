// Objectives from scratch in the canonical input order (the numbers reported to callers).
#ifndef SVC_CORE_QUBO_EVALUATE_H_
#define SVC_CORE_QUBO_EVALUATE_H_

#include <cstdint>
#include <span>

#include "qubo/problem.h"

namespace svc::core {

// sum h_i x_i (i ascending), then sum w_ij x_i x_j in pair order.
double QuboEnergy(const QuboView& p, std::span<const uint8_t> x);

// Sum of w over edges in pair order whose ends differ; complete: k (n - k) for k ones.
double CutValue(const MaxcutView& p, std::span<const uint8_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_EVALUATE_H_

#include "qubo/exact.h"

#include "kernels/gray_walk.h"

namespace svc::core {

namespace {
// Dense rows of W up to this n (always, via the solvers: n <= 31): see GrayWalk.
constexpr int32_t kDenseMaxN = 64;
}  // namespace

ExactOutcome ExactGray(const QuboModel& m, int32_t free_vars, const Limits& limits) {
  ExactOutcome out;
  double best_e = 0;
  uint64_t best_code = 0;
  const auto visit = [&](uint64_t t, double energy) {
    if (energy < best_e) {
      best_e = energy;
      best_code = t;
    }
  };
  const GrayWalkEnd end = GrayWalk(m, free_vars, m.n <= kDenseMaxN, limits, visit);
  out.x.assign(static_cast<size_t>(m.n), 0);
  const uint64_t g = GrayCode(best_code);
  for (int32_t i = 0; i < free_vars; ++i) out.x[i] = static_cast<uint8_t>((g >> i) & 1);
  out.energy = best_e;
  out.complete = end.complete;
  out.stop = end.stop;
  out.steps = end.steps;
  return out;
}

}  // namespace svc::core

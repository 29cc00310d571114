// select: every k-subset in lexicographic order, the first strictly best kept. A port of engine-ts
// families/select/enumerate.ts, step for step.
#ifndef SVC_CORE_SELECT_ENUMERATE_H_
#define SVC_CORE_SELECT_ENUMERATE_H_

#include <cstdint>
#include <limits>
#include <vector>

#include "common/solve_limits.h"
#include "select/problem.h"

namespace svc::core {

// Lexicographic enumeration of every k-subset; the first strictly best one is kept.
class SelectEnumerator {
 public:
  SelectEnumerator(const SelectView& s, int32_t m, const Limits& limits);

  void Run();

  std::vector<uint8_t> Chosen() const;
  bool complete() const { return stop_ == Stop::kNone; }
  Stop stop() const { return stop_; }
  int64_t leaves() const { return leaves_; }

 private:
  void Dfs(int32_t from, int32_t depth, double value);

  const double* a_;
  const double* r_;
  int32_t m_, k_;
  const Limits& limits_;
  std::vector<int32_t> c_, best_c_;
  double best_ = -std::numeric_limits<double>::infinity();
  int64_t leaves_ = 0;
  Stop stop_ = Stop::kNone;
};

}  // namespace svc::core

#endif  // SVC_CORE_SELECT_ENUMERATE_H_

// select: branch and bound seeded with the tabu search's answer: items in, out or undecided, each
// node bounded by V plus the t largest optimistic contributions. A port of engine-ts
// families/select/branch-bound.ts, step for step.
#ifndef SVC_CORE_SELECT_BRANCH_BOUND_H_
#define SVC_CORE_SELECT_BRANCH_BOUND_H_

#include <cstdint>
#include <limits>
#include <vector>

#include "common/solve_limits.h"
#include "select/problem.h"

namespace svc::core {

// Proves `incumbent` (of value incumbent_value) optimal or finds a better k-subset within work_cap;
// root_bound() is a proven upper bound when it does not finish.
class SelectBranchAndBound {
 public:
  SelectBranchAndBound(const SelectView& s, int32_t m, std::vector<uint8_t> incumbent,
                       double incumbent_value, int64_t work_cap, const Limits& limits, double eps);

  void Run();

  std::vector<uint8_t>& best() { return best_; }
  bool complete() const { return !aborted_; }
  Stop stop() const { return stop_; }
  int64_t nodes() const { return nodes_; }
  double root_bound() const { return root_bound_; }

 private:
  void Record(double v);

  void Node(double V, int32_t s, int32_t undecided);

  const double* R_;
  int32_t m_, k_;
  std::vector<double> P_;
  std::vector<uint8_t> status_;  // 0 undecided, 1 in, 2 out, 3 taken by a forced completion
  std::vector<double> g_, scratch_;
  std::vector<uint8_t> best_;
  double best_v_;
  int64_t work_cap_;
  const Limits& limits_;
  double eps_;
  int64_t work_ = 0;
  int64_t nodes_ = 0;
  bool aborted_ = false;
  Stop stop_ = Stop::kNone;
  double root_bound_ = std::numeric_limits<double>::infinity();
};

}  // namespace svc::core

#endif  // SVC_CORE_SELECT_BRANCH_BOUND_H_

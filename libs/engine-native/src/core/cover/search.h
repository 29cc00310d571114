// cover: the search state shared by the family's methods (the reductions' fixings, the incumbent,
// the work count) and the Lagrangian machinery on it: multipliers, the first dual bound, the greedy
// completion, subgradient ascent and greedy fixing. A port of engine-ts families/cover/search.ts,
// step for step.
#ifndef SVC_CORE_COVER_SEARCH_H_
#define SVC_CORE_COVER_SEARCH_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "common/solve_limits.h"
#include "cover/problem.h"

namespace svc::core {

// Sets are taken (state 1), excluded (-1) or free (0); u_ are the multipliers of the uncovered
// elements and rc_ the reduced costs of the free sets from the last Lagrangian().
class CoverSearch {
 public:
  CoverSearch(const CoverView& c, int32_t n, const Limits& limits, double work_cap);

  // Limits.check of model.ts: true once a limit fired.
  bool Check();
  bool Stopped() { return Check() || work_ > work_cap_; }

  void Take(int32_t j);
  void Untake(int32_t j);
  void Exclude(int32_t j);
  void Include(int32_t j);

  double RoundUp(double lb) const { return integral_ ? std::ceil(lb - 1e-9 * (1 + std::fabs(lb))) : lb; }

  double Lagrangian();

  void InitMultipliers();

  // search.ts dualBound: the first proven bound (a maximal dual solution from InitMultipliers' u),
  // rounded up when every cost is an integer; leaves u_ and rc_ as they were, not counted as work.
  double DualBound();

  // search.ts lagrangianOf: L(y) at the current fixings from scratch, not counted as work (rc_ untouched).
  double LagrangianOf(const std::vector<double>& y) const;

  // search.ts offerRootY (call only at the root's fixings): keeps y as root_y_, zero on the covered
  // elements, when its L(y) beats the kept one; returns L(y), not counted as work.
  double OfferRootY(const std::vector<double>& y);

  // search.ts heuristic: false when some element has no free set; *pick_out gets the completion.
  bool Heuristic(std::vector<uint8_t>* pick_out = nullptr);

  bool Feasible() const;

  double Subgradient(int64_t iters, double lambda);

  std::vector<int32_t> FixGreedy();

  int64_t Uncovered() const;

  Stop stop = Stop::kNone;

  const CoverView& c_;
  const int32_t n_;
  const int32_t U_;
  const Limits& limits_;
  const double work_cap_;
  std::vector<int32_t> estart_, esets_;
  std::vector<int8_t> state_;
  std::vector<int32_t> cov_, free_cnt_;
  // L(y) at the current fixings; writes the free sets' reduced costs to rc and counts the work
  // when given (Lagrangian), neither for LagrangianOf.
  double LagrangianAt(const std::vector<double>& y, double* rc, double* work) const;
  std::vector<double> u_, rc_;
  double fixed_cost_ = 0;
  std::vector<uint8_t> best_;
  double best_cost_ = std::numeric_limits<double>::infinity();
  double work_ = 0;
  int64_t iterations_ = 0;
  int64_t nodes_ = 0;
  double tol_ = 0;
  bool integral_ = true;
  // The multipliers of the best root bound offered (OfferRootY), one per element, and their L; empty
  // before the first offer. The result's values (the service's `lagrangian` certificate).
  std::vector<double> root_y_;
  double root_y_bound_ = -std::numeric_limits<double>::infinity();
};

}  // namespace svc::core

#endif  // SVC_CORE_COVER_SEARCH_H_

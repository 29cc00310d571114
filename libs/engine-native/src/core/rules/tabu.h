// rules: the penalty tabu search with breakout weights: violated rules weigh more each time the
// search stalls. A port of engine-ts families/rules/tabu.ts, step for step and with the same
// generator calls.
#ifndef SVC_CORE_RULES_TABU_H_
#define SVC_CORE_RULES_TABU_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "common/prng.h"
#include "common/solve_limits.h"
#include "kernels/tree_selector.h"
#include "rules/encoding.h"
#include "rules/solve.h"

namespace svc::core {

struct RulesTabuOutcome {
  std::vector<uint8_t> x;
  int64_t moves = 0;
  int64_t phases = 0;
  Stop stop = Stop::kNone;
};

// The penalty tabu search with breakout weights (tabu.ts rulesTabu).
class RulesPenaltyTabu {
 public:
  RulesPenaltyTabu(const RulesEncoding& e, const RulesBudget& b, Prng& rng, const Limits& limits, double eps_e);

  RulesTabuOutcome Run(int64_t max_moves, const std::vector<uint8_t>* start);

 private:
  int32_t Dev(int32_t t, int32_t r) const;
  int32_t CT(int32_t t, int32_t r) const { return Dev(t - 1, r) - Dev(t, r); }
  int32_t CF(int32_t t, int32_t r) const { return Dev(t + 1, r) - Dev(t, r); }

  void SetBad(int32_t r, bool bad);

  void Refresh(int32_t u);

  void Recompute();

  void Flip(int32_t v);

  // Breakout: all violated rules weigh P more when at most kBumpMax are violated, else
  // kBumpMax drawn as v_list_[NextInt(V)] (repeats allowed).
  void Bump();

  const RulesEncoding& e_;
  const RulesBudget& b_;
  Prng& rng_;
  const Limits& limits_;
  double eps_e_;
  int32_t n_, R_;
  double P_ = 0;
  double lowest_ = 0;
  std::vector<uint8_t> x_;
  std::vector<int32_t> T_;
  std::vector<double> wt_, pen_, f_, delta_;
  std::vector<int32_t> v_list_, v_pos_;
  int64_t V_ = 0;
  double E_ = 0;
  double S_ = 0;
  std::optional<TreeSelector> sel_;
};

}  // namespace svc::core

#endif  // SVC_CORE_RULES_TABU_H_

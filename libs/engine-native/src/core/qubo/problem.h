// The qubo family's view of a problem (optimize, maxcut, feel, want, sample).
#ifndef SVC_CORE_QUBO_PROBLEM_H_
#define SVC_CORE_QUBO_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"

namespace svc::core {

// optimize: minimise sum h_i x_i + sum w_ij x_i x_j over x in {0,1}^n.
struct QuboView {
  int32_t n = 0;
  std::span<const double> linear;  // length n
  PairsView pairs;
};

// maxcut: maximise the weight of edges whose ends differ; `complete` = K_n with unit weights.
struct MaxcutView {
  int32_t n = 0;
  PairsView edges;  // empty when complete
  bool complete = false;
};

// want: the pinned variables (index strictly ascending, value 0/1); empty for other commands.
struct PinsView {
  std::span<const int32_t> index;
  std::span<const uint8_t> value;

  size_t size() const { return index.size(); }
};

// sample: how many states, the optional energy window, and engine-ts sampleBudget() field for
// field (families/qubo/sample-budget.ts). count 0 = not a sampling request.
struct SampleSpec {
  int32_t count = 0;
  bool has_window = false;
  double window = 0;
  int32_t exact_max_n = 0;  // k-best enumeration when n <= exact_max_n
  int64_t rounds = 0;       // elite-walk rounds
  int32_t max_flips = 1;    // perturbation sizes cycle 1..max_flips
};

// What the registry hands the qubo family: the objective (base) plus want's pins and sample's
// spec (empty for the other commands).
struct QuboFamilyProblem : ProblemBase {
  static constexpr std::string_view kFamily = "qubo";
  PinsView pins = {};      // want only
  SampleSpec sample = {};  // sample only
};

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_PROBLEM_H_

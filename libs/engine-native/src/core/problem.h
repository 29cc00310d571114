// Views of a canonical problem and the result of a solve; the caller owns all memory.
#ifndef SVC_CORE_PROBLEM_H_
#define SVC_CORE_PROBLEM_H_

#include <cstdint>
#include <span>
#include <vector>

#include "status.h"

namespace svc::core {

// Canonical pair list: i[k] < j[k], sorted by (i, j), no duplicates (engine.ts PairList).
struct PairsView {
  std::span<const int32_t> i;
  std::span<const int32_t> j;
  std::span<const double> w;

  size_t size() const { return i.size(); }
};

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

// What the registry hands every solver: the union of the command inputs (unused parts empty).
struct ProblemView {
  int32_t n = 0;
  std::span<const double> linear;  // optimize: length n; maxcut: empty
  PairsView pairs;                 // optimize: couplings; maxcut: edges (empty when complete)
  bool complete = false;           // maxcut only
};

// The work budget of engine-ts `budgetFor` (effort.ts SearchBudget), field for field.
struct SearchBudget {
  int32_t exact_max_n = 0;       // enumerate when n <= exact_max_n (max-cut: n - 1 free bits)
  int64_t restarts = 0;          // cap on tabu phases
  int64_t tabu_iterations = 0;   // total tabu moves
  int64_t stall = 0;             // a phase ends after this many non-improving moves
  int32_t tenure_base = 0;
  int32_t tenure_span = 1;
  int32_t perturb_min = 0;
  int32_t perturb_step = 0;
  int32_t perturb_max = 0;
  bool use_trees = false;
};

struct SolveOptions {
  uint32_t seed = 0;                   // the request seed; each solver seeds its own Prng from it
  std::span<const uint8_t> warm_start; // empty, or n values 0/1
  SearchBudget budget;
};

struct Work {
  int64_t iterations = 0;
  int64_t nodes = 0;
  int64_t restarts = 0;
};

struct SolveResult {
  std::vector<uint8_t> answer;  // 0/1 per variable or side per node
  double objective = 0;         // optimize: energy (minimised); maxcut: cut (maximised)
  Proof proof = Proof::kNone;
  bool has_bound = false;
  double bound = 0;  // proven bound on the optimum (lower for min, upper for max)
  ResultStatus status = ResultStatus::kWorkLimit;
  Work work;
};

}  // namespace svc::core

#endif  // SVC_CORE_PROBLEM_H_

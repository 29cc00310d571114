// Views of a canonical problem and the result of a solve; the caller owns all memory.
#ifndef SVC_CORE_COMMON_REQUEST_H_
#define SVC_CORE_COMMON_REQUEST_H_

#include <cstdint>
#include <span>
#include <vector>

#include "common/status.h"

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

// want: the pinned variables (index strictly ascending, value 0/1); empty for other commands.
struct PinsView {
  std::span<const int32_t> index;
  std::span<const uint8_t> value;

  size_t size() const { return index.size(); }
};

// sample: how many states, the optional energy window, and engine-ts sampleBudget() field for
// field (sample-budget.ts). count 0 = not a sampling request.
struct SampleSpec {
  int32_t count = 0;
  bool has_window = false;
  double window = 0;
  int32_t exact_max_n = 0;  // k-best enumeration when n <= exact_max_n
  int64_t rounds = 0;       // elite-walk rounds
  int32_t max_flips = 1;    // perturbation sizes cycle 1..max_flips
};

// quantum-scale: the instance (its n is ProblemView::n) and engine-ts quantumScaleBudget, field
// for field. degree 0 = not a quantum-scale request.
struct PlantedSpec {
  int32_t degree = 0;
  uint32_t instance_seed = 0;
  int64_t anneal_sweeps = 0;
  int64_t reheat_sweeps = 0;
  int64_t max_sweeps = 0;
  double beta_start = 0;
  double beta_end = 0;
  double beta_reheat = 0;
};

// select: choose exactly k of n items. redundancy is n*n row-major, symmetric, zero diagonal,
// or empty (no pair penalised). budget: engine-ts selectBudgetFor fields in select.h order.
struct SelectView {
  int32_t k = 0;  // 0 = not a select request
  std::span<const double> affinity;
  std::span<const double> redundancy;
  std::span<const double> budget;
};

// rules: the rules in compressed rows (engine-ts RuleList; codes in rules.h); the objective is
// ProblemView::linear + pairs. budget: engine-ts rulesBudgetFor fields in rules.h order.
struct RulesView {
  std::span<const uint8_t> type;
  std::span<const int32_t> k;
  std::span<const int32_t> start;  // rules + 1 offsets into nodes
  std::span<const int32_t> nodes;
  std::span<const double> budget;
};

// What the registry hands every solver: the union of the command inputs (unused parts empty).
struct ProblemView {
  int32_t n = 0;
  std::span<const double> linear;  // optimize: length n; maxcut: empty
  PairsView pairs;                 // optimize: couplings; maxcut: edges (empty when complete)
  bool complete = false;           // maxcut only
  PinsView pins = {};              // want only
  SampleSpec sample = {};          // sample only
  PlantedSpec planted = {};        // quantum-scale only
  SelectView select = {};          // select only
  RulesView rules = {};            // rules only
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

// engine-ts `exactBudgetFor` (effort.ts ExactBudget), field for field, plus the request's
// exactMethod. has_budget false (the default) = no proven bound and no branch and bound.
struct ExactBudget {
  bool has_budget = false;
  int32_t bnb_max_n = 0;   // branch and bound when <= bnb_max_n variables are left unfixed
  int64_t bnb_work = 0;    // branch-and-bound work cap (bnb.h)
  int64_t bound_work = 0;  // work cap of the proven bound of a heuristic answer
  bool force_bnb = false;  // exactMethod 'branch_and_bound': no enumeration, n up to 4096
  bool heuristic = false;  // exactMethod 'heuristic': no enumeration, no branch and bound
};

struct SolveOptions {
  uint32_t seed = 0;                   // the request seed; each solver seeds its own Prng from it
  std::span<const uint8_t> warm_start; // empty, or n values 0/1
  SearchBudget budget;
  ExactBudget exact;                   // optimize / maxcut family only
};

struct Work {
  int64_t iterations = 0;
  int64_t nodes = 0;
  int64_t restarts = 0;
};

// One distinct state of a sample result; count = visits (>= 1).
struct SampleState {
  std::vector<uint8_t> x;
  double objective = 0;
  int64_t count = 0;
};

struct SolveResult {
  std::vector<uint8_t> answer;  // 0/1 per variable or side per node
  double objective = 0;         // optimize: energy (minimised); maxcut: cut (maximised)
  Proof proof = Proof::kNone;
  bool has_bound = false;
  double bound = 0;  // proven bound on the optimum (lower for min, upper for max)
  ResultStatus status = ResultStatus::kWorkLimit;
  Work work;
  std::vector<SampleState> samples;  // sample only: sorted, samples[0] is the answer
  int64_t violations = -1;           // rules only: violated rules of the answer
  bool has_planted = false;          // quantum-scale: the two fields below are set
  double planted_energy = 0;         // proven ground energy of the generated instance
  int64_t edges = 0;                 // coupled pairs of the generated instance
};

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_REQUEST_H_

// The qubo family's view of a problem (optimize, maxcut, feel, want, sample).
#ifndef SVC_CORE_QUBO_PROBLEM_H_
#define SVC_CORE_QUBO_PROBLEM_H_

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"
#include "qubo/budget.h"

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
// spec (empty for the other commands), and the family's work budget.
struct QuboFamilyProblem : ProblemBase {
  static constexpr std::string_view kFamily = "qubo";
  PinsView pins = {};      // want only
  SampleSpec sample = {};  // sample only
  QuboBudget budget = {};
};

inline constexpr std::string_view kExactMethods[] = {"auto", "branch_and_bound", "heuristic"};

// The family budget's search and exact budgets and the request's exactMethod (engine-ts
// families/qubo/command-budget.ts), for every command of the family.
inline constexpr auto kQuboBudgetWire = std::to_array<WireField<QuboFamilyProblem>>({
    {{"budget.search.exactMaxN", WireType::kNumber, true, WireLength::kAny, {}, 0, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.exact_max_n = static_cast<int32_t>(v.number); }},
    {{"budget.search.restarts", WireType::kNumber, true, WireLength::kAny, {}, 0, 9007199254740991.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.restarts = static_cast<int64_t>(v.number); }},
    {{"budget.search.tabuIterations", WireType::kNumber, true, WireLength::kAny, {}, 0, 9007199254740991.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.tabu_iterations = static_cast<int64_t>(v.number); }},
    {{"budget.search.stall", WireType::kNumber, true, WireLength::kAny, {}, 0, 9007199254740991.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.stall = static_cast<int64_t>(v.number); }},
    {{"budget.search.tenureBase", WireType::kNumber, true, WireLength::kAny, {}, 0, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.tenure_base = static_cast<int32_t>(v.number); }},
    {{"budget.search.tenureSpan", WireType::kNumber, true, WireLength::kAny, {}, 1, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.tenure_span = static_cast<int32_t>(v.number); }},
    {{"budget.search.annealSweeps", WireType::kNumber, true, WireLength::kAny, {}, 0, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.anneal_sweeps = static_cast<int32_t>(v.number); }},
    {{"budget.search.elitePool", WireType::kNumber, true, WireLength::kAny, {}, 0, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.elite_pool = static_cast<int32_t>(v.number); }},
    {{"budget.search.shrinkRounds", WireType::kNumber, true, WireLength::kAny, {}, 0, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.shrink_rounds = static_cast<int32_t>(v.number); }},
    {{"budget.search.useTrees", WireType::kNumber, true, WireLength::kAny, {}, 0, 1, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.search.use_trees = v.number != 0; }},
    // A present exact budget turns the proof stage on.
    {{"budget.exact.bnbMaxN", WireType::kNumber, true, WireLength::kAny, {}, 0, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.exact.has_budget = true; p.budget.exact.bnb_max_n = static_cast<int32_t>(v.number); }},
    {{"budget.exact.bnbWork", WireType::kNumber, true, WireLength::kAny, {}, 0, 9007199254740991.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.exact.bnb_work = static_cast<int64_t>(v.number); }},
    {{"budget.exact.boundWork", WireType::kNumber, true, WireLength::kAny, {}, 0, 9007199254740991.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.budget.exact.bound_work = static_cast<int64_t>(v.number); }},
    {{"budget.exactMethod", WireType::kEnum, true, WireLength::kAny, kExactMethods},
     [](QuboFamilyProblem& p, const WireValue& v) {
       p.budget.exact.force_bnb = v.number == 1;
       p.budget.exact.heuristic = v.number == 2;
     }},
});

// `head` then the budget records.
template <size_t K>
constexpr auto WithQuboBudget(const std::array<WireField<QuboFamilyProblem>, K>& head) {
  std::array<WireField<QuboFamilyProblem>, K + kQuboBudgetWire.size()> out{};
  for (size_t k = 0; k < K; ++k) out[k] = head[k];
  for (size_t k = 0; k < kQuboBudgetWire.size(); ++k) out[K + k] = kQuboBudgetWire[k];
  return out;
}

// The canonical QUBO problem of optimize, feel, want and sample (engine-ts families/qubo/problem.ts)
// by name; sample's spec and walk budget come with the family budget (engine-ts quboCommandBudget).
inline constexpr auto kQuboWire = WithQuboBudget(std::to_array<WireField<QuboFamilyProblem>>({
    {{"linear", WireType::kF64, false, WireLength::kN}, [](QuboFamilyProblem& p, const WireValue& v) { p.linear = v.f64; }},
    {{"pairs.i", WireType::kI32}, [](QuboFamilyProblem& p, const WireValue& v) { p.pairs.i = v.i32; }},
    {{"pairs.j", WireType::kI32}, [](QuboFamilyProblem& p, const WireValue& v) { p.pairs.j = v.i32; }},
    {{"pairs.w", WireType::kF64}, [](QuboFamilyProblem& p, const WireValue& v) { p.pairs.w = v.f64; }},
    {{"pins.index", WireType::kI32, true}, [](QuboFamilyProblem& p, const WireValue& v) { p.pins.index = v.i32; }},
    {{"pins.value", WireType::kU8, true}, [](QuboFamilyProblem& p, const WireValue& v) { p.pins.value = v.u8; }},
    {{"budget.count", WireType::kNumber, true, WireLength::kAny, {}, 1, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.sample.count = static_cast<int32_t>(v.number); }},
    {{"budget.energyWindow", WireType::kNumber, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.sample.has_window = true; p.sample.window = v.number; }},
    {{"budget.exactMaxN", WireType::kNumber, true, WireLength::kAny, {}, 0, 30, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.sample.exact_max_n = static_cast<int32_t>(v.number); }},
    {{"budget.rounds", WireType::kNumber, true, WireLength::kAny, {}, 0, 9007199254740991.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.sample.rounds = static_cast<int64_t>(v.number); }},
    {{"budget.maxFlips", WireType::kNumber, true, WireLength::kAny, {}, 1, 2147483647.0, true},
     [](QuboFamilyProblem& p, const WireValue& v) { p.sample.max_flips = static_cast<int32_t>(v.number); }},
}));

// The canonical max-cut problem (engine-ts families/qubo/problem.ts MaxcutProblem) by name.
inline constexpr auto kMaxcutWire = WithQuboBudget(std::to_array<WireField<QuboFamilyProblem>>({
    {{"edges.i", WireType::kI32, true}, [](QuboFamilyProblem& p, const WireValue& v) { p.pairs.i = v.i32; }},
    {{"edges.j", WireType::kI32, true}, [](QuboFamilyProblem& p, const WireValue& v) { p.pairs.j = v.i32; }},
    {{"edges.w", WireType::kF64, true}, [](QuboFamilyProblem& p, const WireValue& v) { p.pairs.w = v.f64; }},
    {{"complete", WireType::kNumber, false, WireLength::kAny, {}, 0, 1, true}, [](QuboFamilyProblem& p, const WireValue& v) { p.complete = v.number != 0; }},
}));

}  // namespace svc::core

#endif  // SVC_CORE_QUBO_PROBLEM_H_

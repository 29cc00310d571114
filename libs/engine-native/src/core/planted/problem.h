// The planted family's view of a problem (quantum-scale).
#ifndef SVC_CORE_PLANTED_PROBLEM_H_
#define SVC_CORE_PLANTED_PROBLEM_H_

#include <cstdint>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// quantum-scale: the instance (its n is ProblemBase::n) and engine-ts quantumScaleBudget, field
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

// What the registry hands quantum-scale: n (base; no linear terms or pairs) and the spec.
struct PlantedProblem : ProblemBase {
  static constexpr std::string_view kFamily = "planted";
  PlantedSpec planted = {};
};

// The canonical planted problem (engine-ts families/planted/problem.ts) by name, and its annealing
// schedule (engine-ts quantumScaleBudget) with the family budget.
inline constexpr auto kPlantedWire = std::to_array<WireField<PlantedProblem>>({
    {{"degree", WireType::kNumber, false, WireLength::kAny, {}, 1, 2147483647.0, true}, [](PlantedProblem& p, const WireValue& v) { p.planted.degree = static_cast<int32_t>(v.number); }},
    {{"instanceSeed", WireType::kNumber, false, WireLength::kAny, {}, 0, 4294967295.0, true}, [](PlantedProblem& p, const WireValue& v) { p.planted.instance_seed = static_cast<uint32_t>(v.number); }},
    {{"budget.annealSweeps", WireType::kNumber, false, WireLength::kAny, {}, 0, 9007199254740991.0, true}, [](PlantedProblem& p, const WireValue& v) { p.planted.anneal_sweeps = static_cast<int64_t>(v.number); }},
    {{"budget.reheatSweeps", WireType::kNumber, false, WireLength::kAny, {}, 0, 9007199254740991.0, true}, [](PlantedProblem& p, const WireValue& v) { p.planted.reheat_sweeps = static_cast<int64_t>(v.number); }},
    {{"budget.maxSweeps", WireType::kNumber, false, WireLength::kAny, {}, 0, 9007199254740991.0, true}, [](PlantedProblem& p, const WireValue& v) { p.planted.max_sweeps = static_cast<int64_t>(v.number); }},
    {{"budget.betaStart", WireType::kNumber}, [](PlantedProblem& p, const WireValue& v) { p.planted.beta_start = v.number; }},
    {{"budget.betaEnd", WireType::kNumber}, [](PlantedProblem& p, const WireValue& v) { p.planted.beta_end = v.number; }},
    {{"budget.betaReheat", WireType::kNumber}, [](PlantedProblem& p, const WireValue& v) { p.planted.beta_reheat = v.number; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_PLANTED_PROBLEM_H_

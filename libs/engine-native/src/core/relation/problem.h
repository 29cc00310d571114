// The relation family's view of a problem (built only when GMP is found, with the precision
// family's libraries: CMakeLists.txt).
#ifndef SVC_CORE_RELATION_PROBLEM_H_
#define SVC_CORE_RELATION_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// engine-ts RELATION_ENGINE_LIMITS (families/relation/problem.ts).
inline constexpr int32_t kRelationMinDigits = 10;
inline constexpr int32_t kRelationMaxDigits = 1000;
inline constexpr int32_t kRelationMaxValues = 32;
inline constexpr int32_t kRelationMaxDegree = 24;
inline constexpr double kRelationMaxHeight = 1e15;
inline constexpr int32_t kRelationMaxValueDigits = 2000;
inline constexpr int32_t kRelationMaxExponent = 10000;

// relation (engine-ts families/relation/problem.ts): value i is (−1)^negative[i] · int(its
// lengths[i] digits of `digits`) · 10^exponents[i], 10^exponents[i] one unit in its last written
// digit (0 when exact[i]); degree 0: a relation among the values, else the minimal polynomial of
// degree at most `degree` of the one value. n = number of values, or degree + 1.
struct RelationView {
  int32_t degree = 0;
  std::span<const uint8_t> negative;
  std::span<const uint8_t> digits;
  std::span<const int32_t> lengths;
  std::span<const int32_t> exponents;
  std::span<const uint8_t> exact;
  double max_height = 1;
  int32_t work_digits = kRelationMinDigits;
};

struct RelationProblem : ProblemBase {
  static constexpr std::string_view kFamily = "relation";
  RelationView relation = {};
};

// The canonical relation problem by name.
inline constexpr auto kRelationWire = std::to_array<WireField<RelationProblem>>({
    {{"degree", WireType::kNumber, false, WireLength::kAny, {}, 0, kRelationMaxDegree, true},
     [](RelationProblem& p, const WireValue& v) { p.relation.degree = static_cast<int32_t>(v.number); }},
    {{"negative", WireType::kU8}, [](RelationProblem& p, const WireValue& v) { p.relation.negative = v.u8; }},
    {{"digits", WireType::kU8}, [](RelationProblem& p, const WireValue& v) { p.relation.digits = v.u8; }},
    {{"lengths", WireType::kI32}, [](RelationProblem& p, const WireValue& v) { p.relation.lengths = v.i32; }},
    {{"exponents", WireType::kI32}, [](RelationProblem& p, const WireValue& v) { p.relation.exponents = v.i32; }},
    {{"exact", WireType::kU8}, [](RelationProblem& p, const WireValue& v) { p.relation.exact = v.u8; }},
    {{"maxHeight", WireType::kNumber, false, WireLength::kAny, {}, 1, kRelationMaxHeight, true},
     [](RelationProblem& p, const WireValue& v) { p.relation.max_height = v.number; }},
    {{"workDigits", WireType::kNumber, false, WireLength::kAny, {}, kRelationMinDigits, kRelationMaxDigits, true},
     [](RelationProblem& p, const WireValue& v) { p.relation.work_digits = static_cast<int32_t>(v.number); }},
});

}  // namespace svc::core

#endif  // SVC_CORE_RELATION_PROBLEM_H_

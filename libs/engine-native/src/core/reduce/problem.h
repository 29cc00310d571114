// The reduce family's view of a problem (built only when fplll is found: CMakeLists.txt).
#ifndef SVC_CORE_REDUCE_PROBLEM_H_
#define SVC_CORE_REDUCE_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// reduce (engine-ts families/reduce/problem.ts): the LLL reduction of the rows of an integer
// matrix rows × cols with parameter delta in (0.25, 1). `text` holds the entries row by row as
// ASCII decimal integers ("-" and digits, no leading zero) separated by one space.
struct ReduceView {
  int32_t rows = 0;
  int32_t cols = 0;
  double delta = 0.99;
  std::span<const uint8_t> text;
};

struct ReduceProblem : ProblemBase {
  static constexpr std::string_view kFamily = "reduce";
  ReduceView reduce = {};
};

// engine-ts REDUCE_ENGINE_LIMITS.
inline constexpr int32_t kReduceMaxVectors = 200;
inline constexpr int32_t kReduceMaxDimension = 400;
inline constexpr int32_t kReduceMaxDigits = 1000;

inline constexpr auto kReduceWire = std::to_array<WireField<ReduceProblem>>({
    {{"rows", WireType::kNumber, false, WireLength::kAny, {}, 1, kReduceMaxVectors, true}, [](ReduceProblem& p, const WireValue& v) { p.reduce.rows = static_cast<int32_t>(v.number); }},
    {{"cols", WireType::kNumber, false, WireLength::kAny, {}, 1, kReduceMaxDimension, true}, [](ReduceProblem& p, const WireValue& v) { p.reduce.cols = static_cast<int32_t>(v.number); }},
    {{"delta", WireType::kNumber, false, WireLength::kAny, {}, 0.25, 1, false}, [](ReduceProblem& p, const WireValue& v) { p.reduce.delta = v.number; }},
    {{"text", WireType::kU8, false}, [](ReduceProblem& p, const WireValue& v) { p.reduce.text = v.u8; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_REDUCE_PROBLEM_H_

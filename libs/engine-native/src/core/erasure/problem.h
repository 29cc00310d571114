// The erasure family's view of a problem (protect, recover): one operation, rebuild the shards
// that are absent from the ones present. protect presents the k data shards (the padded data) and
// rebuilds the m parity shards; recover presents the intact shards and rebuilds the lost ones.
#ifndef SVC_CORE_ERASURE_PROBLEM_H_
#define SVC_CORE_ERASURE_PROBLEM_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "common/request.h"
#include "common/wire.h"

namespace svc::core {

// n = k + m, the code's length. present[i] = 1 when shard i is given; shards holds the given ones
// in increasing index order, shard_size bytes each.
struct ErasureView {
  int32_t k = 0;
  int32_t m = 0;
  double shard_size = 0;
  std::span<const uint8_t> present;
  std::span<const uint8_t> shards;
};

struct ErasureProblem : ProblemBase {
  static constexpr std::string_view kFamily = "erasure";
  ErasureView erasure = {};
};

// The canonical erasure problem (engine-ts families/erasure/problem.ts) by name.
inline constexpr auto kErasureWire = std::to_array<WireField<ErasureProblem>>({
    {{"k", WireType::kNumber, false, WireLength::kAny, {}, 1, 254, true}, [](ErasureProblem& p, const WireValue& v) { p.erasure.k = static_cast<int32_t>(v.number); }},
    {{"m", WireType::kNumber, false, WireLength::kAny, {}, 0, 254, true}, [](ErasureProblem& p, const WireValue& v) { p.erasure.m = static_cast<int32_t>(v.number); }},
    {{"shardSize", WireType::kNumber, false, WireLength::kAny, {}, 1, 9007199254740991.0, true}, [](ErasureProblem& p, const WireValue& v) { p.erasure.shard_size = v.number; }},
    {{"present", WireType::kU8, false, WireLength::kN}, [](ErasureProblem& p, const WireValue& v) { p.erasure.present = v.u8; }},
    {{"shards", WireType::kU8, false, WireLength::kAny}, [](ErasureProblem& p, const WireValue& v) { p.erasure.shards = v.u8; }},
});

}  // namespace svc::core

#endif  // SVC_CORE_ERASURE_PROBLEM_H_

// rank's triangle packing: a port of engine-ts families/rank/packing.ts, step for step (that
// file's comment is the specification), so both engines give the same packing and bound. λ's are
// counted in units of 2^-20 (integers, exact in doubles): the service writes them as the
// `cycle_packing` certificate's exact decimals.
#ifndef SVC_CORE_RANK_PACKING_H_
#define SVC_CORE_RANK_PACKING_H_

#include <array>
#include <cstdint>
#include <vector>

namespace svc::core {

inline constexpr int kPackShift = 20;
inline constexpr double kPackUnit = static_cast<double>(int64_t{1} << kPackShift);
// The largest component packed (its 3-cycles are enumerated).
inline constexpr int32_t kPackMaxN = 200;

struct RankPacking {
  std::vector<std::array<double, 4>> triangles;  // {i, j, k, units}, local indices, i→j→k→i
  double units = 0;                              // Σ units (exact)
};

// The packing of the s*s vote matrix w; seeds {i, j, k, λ} (λ real) are taken first.
RankPacking PackTriangles(const std::vector<double>& w, int32_t s, const std::vector<std::array<double, 4>>& seeds);

}  // namespace svc::core

#endif  // SVC_CORE_RANK_PACKING_H_

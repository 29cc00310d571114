// quantum-scale: the planted Ising instance (a bit-for-bit port of engine-ts
// families/planted/generate.ts, whose header comment is the specification and the proof that the
// planted energy is the ground energy). Its solver is planted/solve.h.
#ifndef SVC_CORE_PLANTED_GENERATE_H_
#define SVC_CORE_PLANTED_GENERATE_H_

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/prng.h"
#include "common/request.h"
#include "planted/problem.h"
#include "common/solve_limits.h"
#include "common/status.h"

namespace svc::core {

inline constexpr int32_t kPlantedMaxN = 10'000'000;
inline constexpr int32_t kPlantedMinDegree = 3;
inline constexpr int32_t kPlantedMaxDegree = 16;

// The MurmurHash3 32-bit finaliser, and the seed of random stream (x, y) of an instance.
constexpr uint32_t Fmix32(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  h ^= h >> 16;
  return h;
}
constexpr uint32_t StreamSeed(uint32_t seed, uint32_t x, uint32_t y) {
  uint32_t h = Fmix32(seed ^ 0x51ED270Bu);
  h = Fmix32(h + x * 0x9E3779B1u);
  return Fmix32(h + y * 0x85EBCA77u);
}

// engine-ts PlantedLayout: everything known without drawing a line's random numbers.
struct PlantedLayout {
  int32_t n = 0;
  int32_t degree = 0;
  uint32_t instance_seed = 0;
  int32_t p = 0;         // prime, p * p >= n
  int32_t rows = 0;      // ceil(n / p)
  int32_t last_row = 0;  // points in the last row
  std::vector<int32_t> classes;  // parallel class per layer; cycle layers first
  int32_t cycle_layers = 0;
  int32_t loop_length = 0;
  int64_t edges = 0;
  int64_t planted_energy = 0;  // -edges + 2 * cycles
};

// False (with a message) when n, degree are out of range.
bool MakePlantedLayout(int32_t n, int32_t degree, uint32_t instance_seed, PlantedLayout* out,
                       std::string* error);

// sigma* as 32-bit words: spin u is +1 iff bit (u & 31) of word u >> 5 is set.
std::vector<uint32_t> PlantedGauge(const PlantedLayout& layout);

// Writes the points of `line` of parallel class `cls`, ascending; returns how many.
int32_t PlantedLinePoints(const PlantedLayout& layout, int32_t cls, int32_t line, int32_t* out);

// Calls sink(u, v, j) once per coupling in the specified order (j = +1 or -1, gauged).
template <typename Sink>
void ForEachPlantedCoupling(const PlantedLayout& layout, Sink&& sink) {
  const std::vector<uint32_t> gauge = PlantedGauge(layout);
  std::vector<int32_t> pts(static_cast<size_t>(std::max(layout.p, layout.rows)));
  const auto bit = [&](int32_t u) { return (gauge[u >> 5] >> (u & 31)) & 1u; };
  const auto gauged = [&](int32_t u, int32_t v, int32_t j0) {
    return (bit(u) ^ bit(v)) != 0 ? -j0 : j0;
  };
  const int32_t len0 = layout.loop_length;
  for (size_t t = 0; t < layout.classes.size(); ++t) {
    const int32_t cls = layout.classes[t];
    const int32_t lines = cls == layout.p ? layout.rows : layout.p;
    const bool cycle = static_cast<int32_t>(t) < layout.cycle_layers;
    for (int32_t line = 0; line < lines; ++line) {
      int32_t m = PlantedLinePoints(layout, cls, line, pts.data());
      Prng rng(StreamSeed(layout.instance_seed, static_cast<uint32_t>(2 + t),
                          static_cast<uint32_t>(line)));
      if (cycle) {
        if (m == 2) {
          sink(pts[0], pts[1], gauged(pts[0], pts[1], -1));
        } else if (m >= 3) {
          ShuffleInPlace(pts.data(), m, rng);
          const int32_t c = std::max(1, m / len0);
          int32_t s = 0;
          for (int32_t q = 0; q < c; ++q) {
            const int32_t len = q < c - 1 ? len0 : m - s;
            const int32_t r = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(len)));
            for (int32_t k = 0; k < len; ++k) {
              const int32_t u = pts[s + k];
              const int32_t v = pts[k + 1 < len ? s + k + 1 : s];
              sink(u, v, gauged(u, v, k == r ? 1 : -1));
            }
            s += len;
          }
        }
      } else {
        m -= m & 1;
        ShuffleInPlace(pts.data(), m, rng);
        for (int32_t k = 0; k < m; k += 2) sink(pts[k], pts[k + 1], gauged(pts[k], pts[k + 1], -1));
      }
    }
  }
}

// Symmetric CSR with int8 couplings; rows in emission order (engine-ts buildPlantedGraph).
struct PlantedGraph {
  std::vector<int32_t> offsets;     // n + 1
  std::vector<int32_t> neighbours;  // 2 * edges
  std::vector<int8_t> couplings;    // +-1, aligned with neighbours
};
PlantedGraph BuildPlantedGraph(const PlantedLayout& layout);

// Energy of a 0/1 assignment (1 = spin +1), streamed from the generator; exact.
int64_t PlantedEnergyOf(const PlantedLayout& layout, std::span<const uint8_t> x);

}  // namespace svc::core

#endif  // SVC_CORE_PLANTED_GENERATE_H_

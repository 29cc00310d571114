// The planted instance: layout, gauge, CSR, streamed energy (engine-ts families/planted/generate.ts).
#include "planted/generate.h"

#include <string>

namespace svc::core {

namespace {

bool IsPrime(int32_t x) {
  if (x < 2) return false;
  for (int32_t q = 2; q * q <= x; ++q) {
    if (x % q == 0) return false;
  }
  return true;
}

int32_t LineSize(const PlantedLayout& l, int32_t cls, int32_t line) {
  if (cls == l.p) return line == l.rows - 1 ? l.last_row : l.p;
  // One point per row; the last row holds it only when its b is below last_row.
  const int64_t b = (static_cast<int64_t>(cls) * (l.rows - 1) + line) % l.p;
  return l.rows - 1 + (b < l.last_row ? 1 : 0);
}

}  // namespace

bool MakePlantedLayout(int32_t n, int32_t degree, uint32_t instance_seed, PlantedLayout* out,
                       std::string* error) {
  if (n < 1 || n > kPlantedMaxN) {
    if (error != nullptr) *error = "n must be in 1.." + std::to_string(kPlantedMaxN);
    return false;
  }
  if (degree < kPlantedMinDegree || degree > kPlantedMaxDegree) {
    if (error != nullptr) *error = "degree must be in 3..16";
    return false;
  }
  PlantedLayout l;
  l.n = n;
  l.degree = degree;
  l.instance_seed = instance_seed;
  int32_t p = 2;
  while (static_cast<int64_t>(p) * p < n || !IsPrime(p)) ++p;
  l.p = p;
  l.rows = (n + p - 1) / p;
  l.last_row = n - (l.rows - 1) * p;
  const int32_t k = degree / 2;
  const int32_t layers = std::min(k + degree % 2, p + 1);
  Prng rng(StreamSeed(instance_seed, 0, 0));
  while (static_cast<int32_t>(l.classes.size()) < layers) {
    const int32_t c = static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(p + 1)));
    if (std::find(l.classes.begin(), l.classes.end(), c) == l.classes.end()) l.classes.push_back(c);
  }
  l.cycle_layers = std::min(k, layers);
  l.loop_length = std::max(32, 128 / k);
  int64_t cycles = 0;
  for (int32_t t = 0; t < layers; ++t) {
    const int32_t cls = l.classes[t];
    const int32_t lines = cls == p ? l.rows : p;
    for (int32_t line = 0; line < lines; ++line) {
      const int32_t m = LineSize(l, cls, line);
      if (t < l.cycle_layers) {
        if (m >= 3) {
          l.edges += m;
          cycles += std::max(1, m / l.loop_length);
        } else if (m == 2) {
          l.edges += 1;
        }
      } else {
        l.edges += m >> 1;
      }
    }
  }
  l.planted_energy = -l.edges + 2 * cycles;
  *out = std::move(l);
  return true;
}

std::vector<uint32_t> PlantedGauge(const PlantedLayout& layout) {
  std::vector<uint32_t> words((static_cast<size_t>(layout.n) + 31) >> 5);
  Prng rng(StreamSeed(layout.instance_seed, 1, 0));
  for (uint32_t& w : words) w = rng.NextU32();
  return words;
}

int32_t PlantedLinePoints(const PlantedLayout& l, int32_t cls, int32_t line, int32_t* out) {
  int32_t m = 0;
  if (cls == l.p) {
    const int64_t base = static_cast<int64_t>(line) * l.p;
    const int64_t end = std::min<int64_t>(l.n, base + l.p);
    for (int64_t u = base; u < end; ++u) out[m++] = static_cast<int32_t>(u);
  } else {
    int32_t b = line;  // (cls * a + line) mod p, stepped by cls
    for (int32_t a = 0; a < l.rows; ++a) {
      const int64_t u = static_cast<int64_t>(a) * l.p + b;
      if (u < l.n) out[m++] = static_cast<int32_t>(u);
      b += cls;
      if (b >= l.p) b -= l.p;
    }
  }
  return m;
}

PlantedGraph BuildPlantedGraph(const PlantedLayout& l) {
  PlantedGraph g;
  const int32_t n = l.n;
  g.offsets.assign(static_cast<size_t>(n) + 1, 0);
  std::vector<int32_t> pts(static_cast<size_t>(std::max(l.p, l.rows)));
  for (size_t t = 0; t < l.classes.size(); ++t) {
    const int32_t cls = l.classes[t];
    const int32_t lines = cls == l.p ? l.rows : l.p;
    for (int32_t line = 0; line < lines; ++line) {
      const int32_t m = PlantedLinePoints(l, cls, line, pts.data());
      if (static_cast<int32_t>(t) < l.cycle_layers) {
        const int32_t add = m >= 3 ? 2 : m == 2 ? 1 : 0;
        for (int32_t k = 0; k < m; ++k) g.offsets[pts[k] + 1] += add;
      } else {
        for (int32_t k = 0; k < m - (m & 1); ++k) g.offsets[pts[k] + 1] += 1;
      }
    }
  }
  for (int32_t u = 0; u < n; ++u) g.offsets[u + 1] += g.offsets[u];
  std::vector<int32_t> fill(g.offsets.begin(), g.offsets.end() - 1);
  g.neighbours.resize(static_cast<size_t>(2 * l.edges));
  g.couplings.resize(static_cast<size_t>(2 * l.edges));
  ForEachPlantedCoupling(l, [&](int32_t u, int32_t v, int32_t j) {
    int32_t q = fill[u]++;
    g.neighbours[q] = v;
    g.couplings[q] = static_cast<int8_t>(j);
    q = fill[v]++;
    g.neighbours[q] = u;
    g.couplings[q] = static_cast<int8_t>(j);
  });
  return g;
}

int64_t PlantedEnergyOf(const PlantedLayout& layout, std::span<const uint8_t> x) {
  int64_t e = 0;
  ForEachPlantedCoupling(layout, [&](int32_t u, int32_t v, int32_t j) {
    e += x[u] == x[v] ? j : -j;
  });
  return e;
}

}  // namespace svc::core

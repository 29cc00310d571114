#include "kernels/cut_bound.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace svc::core {

namespace {

double ParityLoss3(double a, double b, double c) {
  if (a == 0 || b == 0 || c == 0) return 0;
  const int pos = (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0) + (c > 0 ? 1 : 0);
  return pos == 1 || pos == 3 ? std::min({std::fabs(a), std::fabs(b), std::fabs(c)}) : 0;
}

double ParityLoss4(double a, double b, double c, double d) {
  if (a == 0 || b == 0 || c == 0 || d == 0) return 0;
  const int pos = (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0) + (c > 0 ? 1 : 0) + (d > 0 ? 1 : 0);
  return pos == 1 || pos == 3
             ? std::min({std::fabs(a), std::fabs(b), std::fabs(c), std::fabs(d)})
             : 0;
}

}  // namespace

CutBoundOutcome CutCycleBound(const Csr& csr, double scale, int64_t work_limit,
                              const Limits* limits) {
  const int32_t n = csr.n;
  const std::vector<int64_t>& off = csr.row_start;
  const std::vector<int32_t>& nb = csr.col;
  const std::vector<double>& wt = csr.w;
  // Edge id per CSR entry: the index of the entry in the row of the smaller endpoint.
  std::vector<int32_t> edge(nb.size(), 0);
  for (int32_t u = 0; u < n; ++u) {
    for (int64_t q = off[u]; q < off[u + 1]; ++q) {
      if (nb[q] > u) edge[q] = static_cast<int32_t>(q);
    }
  }
  std::vector<int64_t> fill(off.begin(), off.end() - 1);
  for (int32_t u = 0; u < n; ++u) {
    for (int64_t q = off[u]; q < off[u + 1]; ++q) {
      const int32_t v = nb[q];
      if (v > u) edge[fill[v]++] = static_cast<int32_t>(q);
    }
  }
  double positive = 0;
  for (int32_t u = 0; u < n; ++u) {
    for (int64_t q = off[u]; q < off[u + 1]; ++q) {
      if (nb[q] > u && wt[q] > 0) positive += wt[q];
    }
  }
  std::vector<uint8_t> used(nb.size(), 0);
  std::vector<int32_t> stamp(static_cast<size_t>(n), -1);
  std::vector<int32_t> via(static_cast<size_t>(n), 0);
  double gain = 0;
  int64_t cycles = 0;
  int64_t work = 0;
  std::vector<int32_t> triangles;

  const auto go = [&]() {
    return work <= work_limit && (limits == nullptr || limits->CheckLimits() == Stop::kNone);
  };
  // Triangles.
  for (int32_t u = 0; u < n && go(); ++u) {
    for (int64_t q = off[u]; q < off[u + 1]; ++q) {
      stamp[nb[q]] = u;
      via[nb[q]] = edge[q];
    }
    work += off[u + 1] - off[u];
    for (int64_t q = off[u]; q < off[u + 1] && work <= work_limit; ++q) {
      const int32_t v = nb[q];
      const int64_t e1 = edge[q];
      if (v <= u || used[e1] != 0) continue;
      for (int64_t p = off[v]; p < off[v + 1]; ++p) {
        ++work;
        const int32_t w = nb[p];
        if (w <= v || stamp[w] != u) continue;
        const int64_t e2 = edge[p];
        const int64_t e3 = via[w];
        if (used[e2] != 0 || used[e3] != 0) continue;
        const double loss = ParityLoss3(wt[e1], wt[e2], wt[e3]);
        if (loss > 0) {
          used[e1] = used[e2] = used[e3] = 1;
          gain += loss;
          ++cycles;
          triangles.insert(triangles.end(), {u, v, w});
          break;
        }
      }
    }
  }
  // 4-cycles.
  std::fill(stamp.begin(), stamp.end(), -1);
  for (int32_t u = 0; u < n && go(); ++u) {
    for (int64_t q = off[u]; q < off[u + 1]; ++q) {
      const int32_t x = nb[q];
      if (x > u && used[edge[q]] == 0) {
        stamp[x] = u;
        via[x] = edge[q];
      }
    }
    work += off[u + 1] - off[u];
    for (int64_t q = off[u]; q < off[u + 1] && work <= work_limit; ++q) {
      const int32_t v = nb[q];
      const int64_t e1 = edge[q];
      if (v <= u || used[e1] != 0) continue;
      bool packed = false;
      for (int64_t p = off[v]; p < off[v + 1] && !packed; ++p) {
        ++work;
        const int32_t w = nb[p];
        const int64_t e2 = edge[p];
        if (w <= u || used[e2] != 0) continue;
        for (int64_t s = off[w]; s < off[w + 1]; ++s) {
          ++work;
          const int32_t x = nb[s];
          if (x <= u || x == v || stamp[x] != u) continue;
          const int64_t e3 = edge[s];
          const int64_t e4 = via[x];
          if (used[e3] != 0 || used[e4] != 0) continue;
          const double loss = ParityLoss4(wt[e1], wt[e2], wt[e3], wt[e4]);
          if (loss > 0) {
            used[e1] = used[e2] = used[e3] = used[e4] = 1;
            gain += loss;
            ++cycles;
            packed = true;
            break;
          }
        }
      }
    }
  }
  CutBoundOutcome out;
  out.bound = scale * (positive - gain);
  out.triangles = std::move(triangles);
  out.positive = scale * positive;
  out.cycles = cycles;
  out.work = work;
  return out;
}

}  // namespace svc::core

#include "qubo/balanced_cut.h"

#include "qubo/evaluate.h"

namespace svc::core {

bool BalancedCut(const MaxcutView& p, std::vector<uint8_t>* side) {
  const int32_t n = p.n;
  const size_t m = p.edges.size();
  // Adjacency in CSR form; each entry carries the parity its edge demands (1 = differ).
  std::vector<int64_t> start(static_cast<size_t>(n) + 1, 0);
  for (size_t k = 0; k < m; ++k) {
    if (p.edges.w[k] == 0) continue;
    ++start[static_cast<size_t>(p.edges.i[k]) + 1];
    ++start[static_cast<size_t>(p.edges.j[k]) + 1];
  }
  for (int32_t v = 0; v < n; ++v) start[v + 1] += start[v];
  std::vector<int32_t> to(static_cast<size_t>(start[n]));
  std::vector<uint8_t> parity(to.size());
  std::vector<int64_t> fill(start.begin(), start.end() - 1);
  for (size_t k = 0; k < m; ++k) {
    const double w = p.edges.w[k];
    if (w == 0) continue;
    const int32_t a = p.edges.i[k], b = p.edges.j[k];
    const uint8_t d = w > 0 ? 1 : 0;
    to[fill[a]] = b;
    parity[fill[a]++] = d;
    to[fill[b]] = a;
    parity[fill[b]++] = d;
  }
  constexpr uint8_t kUnseen = 2;
  side->assign(static_cast<size_t>(n), kUnseen);
  std::vector<int32_t> queue;
  queue.reserve(static_cast<size_t>(n));
  for (int32_t r = 0; r < n; ++r) {
    const int32_t root = r == 0 ? n - 1 : r - 1;
    if ((*side)[root] != kUnseen) continue;
    (*side)[root] = 0;
    queue.assign(1, root);
    for (size_t q = 0; q < queue.size(); ++q) {
      const int32_t u = queue[q];
      for (int64_t e = start[u]; e < start[u + 1]; ++e) {
        const int32_t v = to[e];
        const uint8_t want = (*side)[u] ^ parity[e];
        if ((*side)[v] == kUnseen) {
          (*side)[v] = want;
          queue.push_back(v);
        } else if ((*side)[v] != want) {
          return false;
        }
      }
    }
  }
  return true;
}

bool SolveBalancedMaxcut(const MaxcutView& p, SolveResult* out) {
  std::vector<uint8_t> side;
  if (!BalancedCut(p, &side)) return false;
  out->objective = CutValue(p, side);
  out->answer = std::move(side);
  out->proof = Proof::kBoundAttained;
  out->has_bound = false;
  out->status = ResultStatus::kOptimal;
  out->work = Work{};
  return true;
}

}  // namespace svc::core

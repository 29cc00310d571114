#include "kernels/roof_dual.h"

#include <limits>

namespace svc::core {

namespace {

constexpr int64_t kPollWork = 65536;

struct Network {
  std::vector<int32_t> to;
  std::vector<double> cap;
  std::vector<int32_t> next;
  std::vector<int32_t> head;
  std::vector<int32_t> tail;

  // Arc u -> v (capacity c) and its reverse (capacity 0), appended to the adjacency lists.
  void Push(int32_t u, int32_t v, double c) {
    Append(u, v, c);
    Append(v, u, 0);
  }

 private:
  void Append(int32_t from, int32_t dest, double c) {
    const int32_t e = static_cast<int32_t>(to.size());
    to.push_back(dest);
    cap.push_back(c);
    next.push_back(-1);
    if (tail[from] < 0) {
      head[from] = e;
    } else {
      next[tail[from]] = e;
    }
    tail[from] = e;
  }
};

int32_t Lit(int32_t i, bool positive) { return 2 + 2 * i + (positive ? 0 : 1); }

// A term c u v: arcs u -> not v and v -> not u, capacity c / 2 each.
void Term2(Network* g, int32_t u, int32_t v, double c) {
  g->Push(u, v ^ 1, c / 2);
  g->Push(v, u ^ 1, c / 2);
}

// Symmetrise the flow, then fix the literals reachable from T (roof-dual.ts fixFromResidual).
void FixFromResidual(int32_t n, Network* g, std::vector<int8_t>* fixed) {
  std::vector<double>& cap = g->cap;
  for (size_t e = 0; e < cap.size(); e += 4) {
    const size_t m = e + 2;
    const double total = cap[e] + cap[e + 1];
    const double fa = cap[e + 1];
    const double fb = cap[m + 1];
    const double f = (fa + fb) / 2;
    cap[e] = total - f;
    cap[e + 1] = f;
    cap[m] = total - f;
    cap[m + 1] = f;
  }
  const int32_t nodes = 2 * n + 2;
  std::vector<uint8_t> seen(static_cast<size_t>(nodes), 0);
  std::vector<int32_t> stack;
  stack.reserve(static_cast<size_t>(nodes));
  stack.push_back(0);
  seen[0] = 1;
  while (!stack.empty()) {
    const int32_t u = stack.back();
    stack.pop_back();
    for (int32_t e = g->head[u]; e >= 0; e = g->next[e]) {
      if (cap[e] > 0 && seen[g->to[e]] == 0) {
        seen[g->to[e]] = 1;
        stack.push_back(g->to[e]);
      }
    }
  }
  if (seen[1] != 0) return;
  for (int32_t i = 0; i < n; ++i) {
    if (seen[2 + 2 * i] != 0 && seen[3 + 2 * i] != 0) return;
  }
  for (int32_t i = 0; i < n; ++i) {
    if (seen[2 + 2 * i] != 0) {
      (*fixed)[i] = 1;
    } else if (seen[3 + 2 * i] != 0) {
      (*fixed)[i] = 0;
    }
  }
}

}  // namespace

int64_t RoofDualArcs(const QuboModel& m) {
  int64_t terms = 0;
  for (int32_t i = 0; i < m.n; ++i) {
    for (int64_t k = m.q.row_start[i]; k < m.q.row_start[i + 1]; ++k) {
      if (m.q.col[k] > i && m.q.w[k] != 0) ++terms;
    }
  }
  return 4 * (terms + m.n);
}

RoofDualOutcome RoofDual(const QuboModel& m, int64_t work_limit, const Limits* limits) {
  const int32_t n = m.n;
  const int32_t nodes = 2 * n + 2;
  Network g;
  const size_t arcs = static_cast<size_t>(RoofDualArcs(m));
  g.to.reserve(arcs);
  g.cap.reserve(arcs);
  g.next.reserve(arcs);
  g.head.assign(static_cast<size_t>(nodes), -1);
  g.tail.assign(static_cast<size_t>(nodes), -1);
  std::vector<double> a(m.h.begin(), m.h.end());
  for (int32_t i = 0; i < n; ++i) {
    for (int64_t k = m.q.row_start[i]; k < m.q.row_start[i + 1]; ++k) {
      const int32_t j = m.q.col[k];
      const double wq = m.q.w[k];
      if (j <= i || wq == 0) continue;
      if (wq > 0) {
        Term2(&g, Lit(i, true), Lit(j, true), wq);
      } else {
        a[i] += wq;
        Term2(&g, Lit(i, true), Lit(j, false), -wq);
      }
    }
  }
  double c0 = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (a[i] > 0) {
      g.Push(Lit(i, true), 1, a[i] / 2);
      g.Push(0, Lit(i, false), a[i] / 2);
    } else if (a[i] < 0) {
      c0 += a[i];
      g.Push(Lit(i, false), 1, -a[i] / 2);
      g.Push(0, Lit(i, true), -a[i] / 2);
    } else {
      g.Push(Lit(i, true), 1, 0);
      g.Push(0, Lit(i, false), 0);
    }
  }

  std::vector<int32_t> level(static_cast<size_t>(nodes));
  std::vector<int32_t> queue(static_cast<size_t>(nodes));
  std::vector<int32_t> it(static_cast<size_t>(nodes));
  std::vector<int32_t> path(static_cast<size_t>(nodes));
  std::vector<double>& cap = g.cap;
  double flow = 0;
  int64_t work = 0;
  bool complete = false;
  bool out_of_work = false;
  int64_t next_poll = kPollWork;
  // True when the flow must stop here (out of work, or a limit fired).
  const auto spent = [&]() {
    if (work > work_limit) return true;
    if (limits == nullptr || work < next_poll) return false;
    next_poll = work + kPollWork;
    return limits->CheckLimits() != Stop::kNone;
  };
  for (;;) {
    if (limits != nullptr && limits->CheckLimits() != Stop::kNone) break;
    std::fill(level.begin(), level.end(), -1);
    level[0] = 0;
    int32_t qh = 0;
    int32_t qt = 0;
    queue[qt++] = 0;
    while (qh < qt) {
      const int32_t u = queue[qh++];
      for (int32_t e = g.head[u]; e >= 0; e = g.next[e]) {
        ++work;
        if (cap[e] > 0 && level[g.to[e]] < 0) {
          level[g.to[e]] = level[u] + 1;
          queue[qt++] = g.to[e];
        }
      }
    }
    if (level[1] < 0) {
      complete = true;
      break;
    }
    if (spent()) break;
    for (int32_t v = 0; v < nodes; ++v) it[v] = g.head[v];
    // Iterative DFS from T: path[0..depth) are the arcs of the current path.
    int32_t depth = 0;
    int32_t u = 0;
    for (;;) {
      if (u == 1) {
        double b = std::numeric_limits<double>::infinity();
        for (int32_t d = 0; d < depth; ++d) {
          if (cap[path[d]] < b) b = cap[path[d]];
        }
        int32_t back = depth;
        for (int32_t d = 0; d < depth; ++d) {
          const int32_t e = path[d];
          cap[e] -= b;
          cap[e ^ 1] += b;
          if (back == depth && cap[e] <= 0) back = d;
        }
        flow += b;
        depth = back;
        u = depth == 0 ? 0 : g.to[path[depth - 1]];
        continue;
      }
      int32_t e = it[u];
      for (; e >= 0; e = g.next[e]) {
        ++work;
        if (cap[e] > 0 && level[g.to[e]] == level[u] + 1) break;
      }
      it[u] = e;
      if (e >= 0) {
        path[depth++] = e;
        u = g.to[e];
        continue;
      }
      // Dead end: retreat.
      level[u] = -1;
      if (depth == 0) break;
      --depth;
      u = depth == 0 ? 0 : g.to[path[depth - 1]];
      it[u] = g.next[it[u]];
      if (spent()) {
        out_of_work = true;
        break;
      }
    }
    if (out_of_work || spent()) break;
  }

  RoofDualOutcome out;
  out.fixed.assign(static_cast<size_t>(n), -1);
  if (complete) FixFromResidual(n, &g, &out.fixed);
  out.bound = c0 + flow;
  out.complete = complete;
  out.work = work;
  return out;
}

}  // namespace svc::core

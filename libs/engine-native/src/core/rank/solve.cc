// rank: a port of engine-ts families/rank/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification).
#include "rank/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "common/checks.h"
#include "common/prng.h"
#include "rank/ordering_lp.h"
#include "rank/packing.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Components up to this size go straight to the subset DP (4,096 sets).
constexpr int32_t kSmallDp = 12;
// The subset DP's largest component (2^s doubles); the budget never asks for more.
constexpr int32_t kDpCap = 26;

// Kahn's algorithm on the components' majority edges, the ready component with the smallest
// item first (each component is sorted, so its first item is its smallest).
std::vector<std::vector<int32_t>> TopologicalByFirstItem(std::span<const double> w, int32_t n,
                                                         std::vector<std::vector<int32_t>> comps) {
  const size_t nn = static_cast<size_t>(n);
  std::vector<int32_t> comp(n);
  for (size_t k = 0; k < comps.size(); ++k) {
    for (int32_t v : comps[k]) comp[v] = static_cast<int32_t>(k);
  }
  std::vector<int32_t> indeg(comps.size(), 0);
  for (int32_t a = 0; a < n; ++a) {
    for (int32_t b = 0; b < n; ++b) {
      if (comp[a] != comp[b] && w[a * nn + b] > w[b * nn + a]) ++indeg[comp[b]];
    }
  }
  std::vector<uint8_t> ready(n, 0);
  std::vector<int32_t> by_first(n, -1);
  for (size_t k = 0; k < comps.size(); ++k) {
    by_first[comps[k][0]] = static_cast<int32_t>(k);
    if (indeg[k] == 0) ready[comps[k][0]] = 1;
  }
  std::vector<std::vector<int32_t>> order;
  order.reserve(comps.size());
  int32_t scan = 0;
  while (order.size() < comps.size()) {
    while (!ready[scan]) ++scan;
    const int32_t k = by_first[scan];
    ready[scan] = 0;
    int32_t lowest = n;
    for (int32_t a : comps[k]) {
      for (int32_t b = 0; b < n; ++b) {
        if (comp[b] == k || !(w[a * nn + b] > w[b * nn + a])) continue;
        if (--indeg[comp[b]] == 0) {
          const int32_t first = comps[comp[b]][0];
          ready[first] = 1;
          lowest = std::min(lowest, first);
        }
      }
    }
    order.push_back(std::move(comps[k]));
    if (lowest < scan) scan = lowest;
  }
  return order;
}

// The component's own s*s vote matrix.
std::vector<double> SubMatrix(std::span<const double> wins, int32_t n, const std::vector<int32_t>& items) {
  const size_t s = items.size();
  std::vector<double> m(s * s, 0.0);
  for (size_t a = 0; a < s; ++a) {
    for (size_t b = 0; b < s; ++b) {
      if (a != b) m[a * s + b] = wins[static_cast<size_t>(items[a]) * n + items[b]];
    }
  }
  return m;
}

double CostOf(const std::vector<double>& w, int32_t s, const std::vector<int32_t>& order) {
  double d = 0;
  for (int32_t x = 0; x < s; ++x) {
    for (int32_t y = x + 1; y < s; ++y) d += w[static_cast<size_t>(order[y]) * s + order[x]];
  }
  return d;
}

double PairMin(const std::vector<double>& w, int32_t s) {
  double b = 0;
  for (int32_t i = 0; i < s; ++i) {
    for (int32_t j = i + 1; j < s; ++j) b += std::min(w[static_cast<size_t>(i) * s + j], w[static_cast<size_t>(j) * s + i]);
  }
  return b;
}

// Exact order by the subset DP; false when a limit stopped it.
bool SubsetDp(const std::vector<double>& w, int32_t s, const Limits& limits, Work& work,
              std::vector<int32_t>* order, Stop* stop) {
  const uint32_t size = uint32_t{1} << s;
  std::vector<double> dp(size, kInf);
  std::vector<int8_t> last(size, 0);
  std::vector<double> against(s, 0.0);
  for (int32_t v = 0; v < s; ++v) {
    for (int32_t u = 0; u < s; ++u) {
      if (u != v) against[v] += w[static_cast<size_t>(u) * s + v];
    }
  }
  dp[0] = 0;
  for (uint32_t S = 0; S < size; ++S) {
    if ((S & 4095u) == 0 && (*stop = limits.CheckLimits()) != Stop::kNone) return false;
    const double base = dp[S];
    for (int32_t v = 0; v < s; ++v) {
      const uint32_t bit = uint32_t{1} << v;
      if (S & bit) continue;
      // Votes of items placed after v (outside S ∪ {v}) over v.
      double in_s = 0;
      for (int32_t u = 0; u < s; ++u) {
        if (S & (uint32_t{1} << u)) in_s += w[static_cast<size_t>(u) * s + v];
      }
      const double c = base + against[v] - in_s;
      const uint32_t T = S | bit;
      if (c < dp[T]) {
        dp[T] = c;
        last[T] = static_cast<int8_t>(v);
      }
    }
  }
  work.nodes += size;
  order->assign(s, 0);
  uint32_t S = size - 1;
  for (int32_t k = s - 1; k >= 0; --k) {
    const int32_t v = last[S];
    (*order)[k] = v;
    S &= ~(uint32_t{1} << v);
  }
  return true;
}

// Copeland order (majority wins, half for ties), Borda margin then index to break ties.
std::vector<int32_t> Copeland(const std::vector<double>& w, int32_t s) {
  std::vector<double> score(s, 0.0), margin(s, 0.0);
  for (int32_t i = 0; i < s; ++i) {
    for (int32_t j = 0; j < s; ++j) {
      if (i == j) continue;
      const double a = w[static_cast<size_t>(i) * s + j];
      const double b = w[static_cast<size_t>(j) * s + i];
      score[i] += a > b ? 1.0 : a == b ? 0.5 : 0.0;
      margin[i] += a - b;
    }
  }
  std::vector<int32_t> order(s);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t x, int32_t y) {
    if (score[x] != score[y]) return score[x] > score[y];
    if (margin[x] != margin[y]) return margin[x] > margin[y];
    return x < y;
  });
  return order;
}

// Insertion moves (each item to its best place) until none improves; returns the moves made.
int64_t InsertionDescent(const std::vector<double>& w, int32_t s, std::vector<int32_t>& order,
                         const Limits& limits, Stop* stop) {
  int64_t moves = 0;
  for (bool improved = true; improved;) {
    improved = false;
    for (int32_t i = 0; i < s; ++i) {
      if ((moves & 1023) == 0 && (*stop = limits.CheckLimits()) != Stop::kNone) return moves;
      const int32_t v = order[i];
      double acc = 0, best = 0;
      int32_t best_j = i;
      for (int32_t j = i + 1; j < s; ++j) {
        const int32_t o = order[j];
        acc += w[static_cast<size_t>(v) * s + o] - w[static_cast<size_t>(o) * s + v];
        if (acc < best) {
          best = acc;
          best_j = j;
        }
      }
      acc = 0;
      for (int32_t j = i - 1; j >= 0; --j) {
        const int32_t o = order[j];
        acc += w[static_cast<size_t>(o) * s + v] - w[static_cast<size_t>(v) * s + o];
        if (acc < best) {
          best = acc;
          best_j = j;
        }
      }
      if (best_j == i) continue;
      if (best_j > i) {
        std::copy(order.begin() + i + 1, order.begin() + best_j + 1, order.begin() + i);
      } else {
        std::copy_backward(order.begin() + best_j, order.begin() + i, order.begin() + i + 1);
      }
      order[best_j] = v;
      ++moves;
      improved = true;
    }
  }
  return moves;
}

// Local search with restarts from perturbations of the best order.
std::vector<int32_t> LocalSearch(const std::vector<double>& w, int32_t s, std::vector<int32_t> start,
                                 const RankBudget& b, Prng& rng, const Limits& limits, Work& work,
                                 Stop* stop) {
  std::vector<int32_t> best = std::move(start);
  work.iterations += InsertionDescent(w, s, best, limits, stop);
  double best_cost = CostOf(w, s, best);
  for (int64_t r = 0; r < b.restarts && (*stop = limits.CheckLimits()) == Stop::kNone; ++r) {
    std::vector<int32_t> cur = best;
    const uint32_t swaps = 1 + rng.NextInt(static_cast<uint32_t>(std::max(1, s / 4)));
    for (uint32_t k = 0; k < swaps; ++k) {
      const uint32_t x = rng.NextInt(static_cast<uint32_t>(s));
      const uint32_t y = rng.NextInt(static_cast<uint32_t>(s));
      std::swap(cur[x], cur[y]);
    }
    work.iterations += InsertionDescent(w, s, cur, limits, stop);
    ++work.restarts;
    const double c = CostOf(w, s, cur);
    if (c < best_cost) {
      best = std::move(cur);
      best_cost = c;
    }
  }
  return best;
}

// Best prefix cost seen per set of placed items (open addressing, the set stored as its bit
// words, so a hit is exact). Full: it stops remembering, which only weakens pruning.
class SetMemo {
 public:
  SetMemo(int32_t s, int32_t capacity)
      : words_((s + 31) / 32), mask_(static_cast<uint32_t>(capacity) - 1),
        keys_(static_cast<size_t>(capacity) * words_, 0), costs_(capacity, 0.0), used_(capacity, 0) {}

  // True when `set` was reached before at cost <= `cost` (prune); otherwise remembers `cost`.
  bool Seen(const std::vector<uint32_t>& set, uint32_t hash, double cost) {
    uint32_t slot = hash & mask_;
    for (int probes = 0; probes < 64; ++probes, slot = (slot + 1) & mask_) {
      const size_t base = static_cast<size_t>(slot) * words_;
      if (!used_[slot]) {
        if (count_ * 4 >= (static_cast<int64_t>(mask_) + 1) * 3) return false;
        used_[slot] = 1;
        ++count_;
        for (int32_t k = 0; k < words_; ++k) keys_[base + k] = set[k];
        costs_[slot] = cost;
        return false;
      }
      bool same = true;
      for (int32_t k = 0; k < words_ && same; ++k) same = keys_[base + k] == set[k];
      if (!same) continue;
      if (costs_[slot] <= cost) return true;
      costs_[slot] = cost;
      return false;
    }
    return false;
  }

 private:
  int32_t words_;
  uint32_t mask_;
  std::vector<uint32_t> keys_;
  std::vector<double> costs_;
  std::vector<uint8_t> used_;
  int64_t count_ = 0;
};

// Branch and bound over prefixes from an incumbent (solve.ts branchAndBound): bound = prefix
// cost + pairwise minimum of the items left; a prefix is cut when its last item is strictly
// cheaper earlier, or when its set was reached before as cheaply.
class BranchAndBound {
 public:
  BranchAndBound(const std::vector<double>& w, int32_t s, const std::vector<int32_t>& incumbent,
                 int64_t node_cap, int32_t memo_capacity, const Limits& limits)
      : w_(w), s_(s), node_cap_(node_cap), limits_(limits), best_order_(incumbent),
        best_cost_(CostOf(w, s, incumbent)), placed_(s, 0), prefix_(s, 0), against_(s, 0.0),
        min_sum_(s, 0.0), mins_(static_cast<size_t>(s) * s, 0.0), cand_(static_cast<size_t>(s) * s, 0),
        keys_(static_cast<size_t>(s) * s, 0.0), set_((s + 31) / 32, 0u), zobrist_(s), memo_(s, memo_capacity) {
    for (int32_t v = 0; v < s; ++v) {
      for (int32_t u = 0; u < s; ++u) {
        if (u == v) continue;
        against_[v] += W(u, v);
        const double m = std::min(W(u, v), W(v, u));
        mins_[static_cast<size_t>(u) * s + v] = m;
        min_sum_[v] += m;
      }
      zobrist_[v] = (static_cast<uint32_t>(v + 1) * 0x9e3779b1u) ^ (static_cast<uint32_t>(v + 7) * 0x85ebca6bu);
    }
  }

  void Run() { Dfs(0, 0.0, PairMin(w_, s_), 0u); }
  bool complete() const { return !aborted_; }
  Stop stop() const { return stop_; }
  int64_t nodes() const { return nodes_; }
  std::vector<int32_t>& best() { return best_order_; }

 private:
  double W(int32_t a, int32_t b) const { return w_[static_cast<size_t>(a) * s_ + b]; }

  void Dfs(int32_t depth, double cost, double rest, uint32_t hash) {
    if (depth == s_) {
      if (cost < best_cost_) {
        best_cost_ = cost;
        best_order_ = prefix_;
      }
      return;
    }
    ++nodes_;
    if (nodes_ > node_cap_ || ((nodes_ & 4095) == 0 && (stop_ = limits_.CheckLimits()) != Stop::kNone)) {
      aborted_ = true;
      return;
    }
    const size_t base = static_cast<size_t>(depth) * s_;
    int32_t k = 0;
    for (int32_t v = 0; v < s_; ++v) {
      if (placed_[v]) continue;
      const double lb = cost + against_[v] + rest - min_sum_[v];
      if (lb >= best_cost_) continue;
      // Insertion dominance: v strictly cheaper somewhere earlier in the prefix.
      double acc = 0;
      bool dominated = false;
      for (int32_t t = depth - 1; t >= 0; --t) {
        const int32_t q = prefix_[t];
        acc += W(q, v) - W(v, q);
        if (acc < 0) {
          dominated = true;
          break;
        }
      }
      if (dominated) continue;
      // Insert by bound (cheapest first), index to break ties.
      int32_t j = k++;
      while (j > 0 && (keys_[base + j - 1] > lb || (keys_[base + j - 1] == lb && cand_[base + j - 1] > v))) {
        keys_[base + j] = keys_[base + j - 1];
        cand_[base + j] = cand_[base + j - 1];
        --j;
      }
      keys_[base + j] = lb;
      cand_[base + j] = v;
    }
    for (int32_t c = 0; c < k; ++c) {
      const int32_t v = cand_[base + c];
      const double add = against_[v];
      const double rest_v = rest - min_sum_[v];
      if (cost + add + rest_v >= best_cost_) continue;  // the incumbent may have improved
      set_[v >> 5] |= uint32_t{1} << (v & 31);
      const uint32_t h = hash ^ zobrist_[v];
      if (depth + 1 < s_ && memo_.Seen(set_, (h * 0x27d4eb2du) >> 7, cost + add)) {
        set_[v >> 5] &= ~(uint32_t{1} << (v & 31));
        continue;
      }
      placed_[v] = 1;
      prefix_[depth] = v;
      for (int32_t u = 0; u < s_; ++u) {
        if (placed_[u]) continue;
        against_[u] -= W(v, u);
        min_sum_[u] -= mins_[static_cast<size_t>(v) * s_ + u];
      }
      Dfs(depth + 1, cost + add, rest_v, h);
      for (int32_t u = 0; u < s_; ++u) {
        if (placed_[u]) continue;
        against_[u] += W(v, u);
        min_sum_[u] += mins_[static_cast<size_t>(v) * s_ + u];
      }
      placed_[v] = 0;
      set_[v >> 5] &= ~(uint32_t{1} << (v & 31));
      if (aborted_) return;
    }
  }

  const std::vector<double>& w_;
  int32_t s_;
  int64_t node_cap_;
  const Limits& limits_;
  std::vector<int32_t> best_order_;
  double best_cost_;
  std::vector<uint8_t> placed_;
  std::vector<int32_t> prefix_;
  std::vector<double> against_, min_sum_, mins_;
  std::vector<int32_t> cand_;
  std::vector<double> keys_;
  std::vector<uint32_t> set_;
  std::vector<uint32_t> zobrist_;
  SetMemo memo_;
  int64_t nodes_ = 0;
  bool aborted_ = false;
  Stop stop_ = Stop::kNone;
};

}  // namespace

// The records of kRankBudget, and memo a power of two.
static bool ReadRankBudget(std::span<const double> flat, RankBudget* b) {
  return DecodeBudget(flat, kRankBudget, b, nullptr) && (b->memo & (b->memo - 1)) == 0;
}

double RankDisagreements(std::span<const double> wins, int32_t n, std::span<const int32_t> order) {
  double d = 0;
  for (int32_t s = 0; s < n; ++s) {
    const int32_t a = order[s];
    for (int32_t t = s + 1; t < n; ++t) d += wins[static_cast<size_t>(order[t]) * n + a];
  }
  return d;
}

std::vector<std::vector<int32_t>> MajorityComponents(std::span<const double> w, int32_t n) {
  const size_t nn = static_cast<size_t>(n);
  std::vector<int32_t> index(n, -1), low(n, 0), next(n, 0), stack, call;
  std::vector<uint8_t> on_stack(n, 0);
  std::vector<std::vector<int32_t>> out;
  int32_t counter = 0;
  for (int32_t root = 0; root < n; ++root) {
    if (index[root] != -1) continue;
    call.assign(1, root);
    index[root] = low[root] = counter++;
    stack.push_back(root);
    on_stack[root] = 1;
    while (!call.empty()) {
      const int32_t v = call.back();
      bool descended = false;
      while (next[v] < n) {
        const int32_t u = next[v]++;
        if (u == v || !(w[v * nn + u] > w[u * nn + v])) continue;
        if (index[u] == -1) {
          index[u] = low[u] = counter++;
          stack.push_back(u);
          on_stack[u] = 1;
          call.push_back(u);
          descended = true;
          break;
        }
        if (on_stack[u]) low[v] = std::min(low[v], index[u]);
      }
      if (descended) continue;
      call.pop_back();
      if (!call.empty()) low[call.back()] = std::min(low[call.back()], low[v]);
      if (low[v] == index[v]) {
        std::vector<int32_t> comp;
        int32_t u;
        do {
          u = stack.back();
          stack.pop_back();
          on_stack[u] = 0;
          comp.push_back(u);
        } while (u != v);
        std::sort(comp.begin(), comp.end());
        out.push_back(std::move(comp));
      }
    }
  }
  return TopologicalByFirstItem(w, n, std::move(out));
}

CallStatus ValidateRank(std::string_view /*command*/, const RankProblem& p, const SolveOptions& options,
                        std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const int32_t n = p.n;
  if (n < 1) return fail("rank needs at least one item");
  // The vote matrix is n*n doubles: the contracts cap items at 5,000; the core at 2^15.
  if (n > (1 << 15)) return fail("rank takes at most 32768 items");
  if (p.rank.wins.size() != static_cast<size_t>(n) * n) return fail("wins must have n*n entries");
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      const double v = p.rank.wins[static_cast<size_t>(i) * n + j];
      if (!std::isfinite(v) || v < 0) return fail("wins must be finite and non-negative");
      if (i == j && v != 0) return fail("wins must have a zero diagonal");
    }
  }
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("rank takes only the vote matrix");
  }
  RankBudget b;
  if (!ReadRankBudget(p.rank.budget, &b)) return fail("rank budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveRank(const RankProblem& p, const SolveOptions& options, const Limits& limits,
                     SolveResult* out, std::string* error) {
  const int32_t n = p.n;
  const std::span<const double> wins = p.rank.wins;
  RankBudget b;
  if (!ReadRankBudget(p.rank.budget, &b)) {
    Fail(error, "rank budget out of range");
    return CallStatus::kError;
  }
  Prng rng(options.seed);
  Work work;
  Stop stop = Stop::kNone;
  const std::vector<std::vector<int32_t>> comps = MajorityComponents(wins, n);
  std::vector<int32_t> answer;
  answer.reserve(n);
  bool all_exact = true;
  bool used_bnb = false;
  double component_bounds = 0;
  double within = 0;
  std::vector<double> triangles;
  for (const std::vector<int32_t>& items : comps) {
    const int32_t s = static_cast<int32_t>(items.size());
    const std::vector<double> w = SubMatrix(wins, n, items);
    std::vector<int32_t> local;
    bool exact = false;
    double lp_bound = -kInf;
    std::vector<std::array<double, 4>> seeds;
    if (s <= 2) {
      local = s == 2 && w[2] > w[1] ? std::vector<int32_t>{1, 0} : s == 2 ? std::vector<int32_t>{0, 1} : std::vector<int32_t>{0};
      exact = true;
    } else if (stop != Stop::kNone) {
      local = Copeland(w, s);
    } else if (s <= kSmallDp) {
      exact = SubsetDp(w, s, limits, work, &local, &stop);
      if (!exact) local = Copeland(w, s);
    } else {
      local = LocalSearch(w, s, Copeland(w, s), b, rng, limits, work, &stop);
      if (s <= b.lp_max_n && b.lp_nodes > 0 && b.lp_pivots > 0 && stop == Stop::kNone && OrderingLpUsable(w, s)) {
        // The ordering LP's branch and bound (built with CLP, integral votes): its bound is
        // proven by exact weak duality, so it replaces the pairwise minimum of this component.
        Stop ignored = Stop::kNone;
        const auto improve = [&](std::vector<int32_t>& o) { work.iterations += InsertionDescent(w, s, o, limits, &ignored); };
        OrderingLpResult r = SolveOrderingLp(w, s, std::move(local), b.lp_nodes, b.lp_pivots, limits, improve);
        local = std::move(r.order);
        work.nodes += r.nodes;
        work.iterations += r.iterations;
        exact = r.exact;
        stop = r.stop;
        lp_bound = r.bound;
        seeds = std::move(r.root_triangles);
        if (exact) used_bnb = true;
      }
      // Without the LP, or when it did not close: the pairwise branch and bound (it may still
      // improve the order, and closes what the LP's budget left open on small components).
      if (!exact && s <= b.bnb_max_n && stop == Stop::kNone) {
        BranchAndBound bb(w, s, local, b.bnb_nodes, b.memo, limits);
        bb.Run();
        local = std::move(bb.best());
        work.nodes += bb.nodes();
        exact = bb.complete();
        stop = bb.stop();
        if (exact) used_bnb = true;
      }
      if (!exact && s <= b.dp_max_n && stop == Stop::kNone) {
        std::vector<int32_t> o;
        if (SubsetDp(w, s, limits, work, &o, &stop)) {
          local = std::move(o);
          exact = true;
        }
      }
    }
    const double pair_min = PairMin(w, s);
    // The component's triangle packing (packing.h), seeded by the LP's duals when it ran.
    // Skipped once a limit stopped the solve (a deadline is not spent packing).
    const RankPacking packed = stop == Stop::kNone ? PackTriangles(w, s, seeds) : RankPacking{};
    for (const auto& [i, j, k, u] : packed.triangles) {
      triangles.insert(triangles.end(), {static_cast<double>(items[static_cast<size_t>(i)]), static_cast<double>(items[static_cast<size_t>(j)]),
                                         static_cast<double>(items[static_cast<size_t>(k)]), u / kPackUnit});
    }
    within += pair_min;
    component_bounds += exact ? CostOf(w, s, local) : std::max(pair_min + std::ceil(packed.units / kPackUnit), lp_bound);
    if (!exact) all_exact = false;
    for (int32_t k = 0; k < s; ++k) answer.push_back(items[local[k]]);
  }
  double pairwise = 0;
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t j = i + 1; j < n; ++j) pairwise += std::min(wins[static_cast<size_t>(i) * n + j], wins[static_cast<size_t>(j) * n + i]);
  }
  out->objective = RankDisagreements(wins, n, answer);
  out->kind = ResultKind::kPermutation;
  out->order = std::move(answer);
  out->answer.clear();
  out->values = std::move(triangles);
  bool proven = all_exact && stop == Stop::kNone;
  out->proof = proven ? (used_bnb ? Proof::kBranchAndBound : Proof::kDynamicProgram) : Proof::kNone;
  // Cross pairs cost exactly their minima in this order; within components the bounds above.
  const double bound = std::max(pairwise, pairwise - within + component_bounds);
  if (!proven && stop == Stop::kNone && bound >= out->objective) {
    // An order that meets the bound is optimal (integer votes: exact).
    proven = true;
    out->proof = Proof::kBranchAndBound;
  }
  out->has_bound = !proven;
  out->bound = proven ? 0 : std::min(bound, out->objective);
  // As engine-ts: a stopped search says so, proven or not.
  out->status = StatusFor(stop, proven ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
  out->work = work;
  return CallStatus::kOk;
}

}  // namespace svc::core

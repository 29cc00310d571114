// select: a port of engine-ts families/select/solve.ts, step for step and with the same
// generator calls (that file's comment is the specification).
#include "select/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "common/checks.h"
#include "common/prng.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Counter {
  int64_t nodes = 0;
  int64_t iterations = 0;
  int64_t restarts = 0;
};

// The k largest affinities, ties to the lower index.
std::vector<uint8_t> TopK(std::span<const double> a, int32_t k) {
  const int32_t m = static_cast<int32_t>(a.size());
  std::vector<int32_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t x, int32_t y) {
    return a[x] != a[y] ? a[x] > a[y] : x < y;
  });
  std::vector<uint8_t> chosen(m, 0);
  for (int32_t t = 0; t < k; ++t) chosen[order[t]] = 1;
  return chosen;
}

double Epsilon(const SelectView& s, int32_t m) {
  double sum = 0;
  for (int32_t i = 0; i < m; ++i) sum += std::fabs(s.affinity[i]);
  if (!s.redundancy.empty()) {
    for (int32_t i = 0; i < m; ++i) {
      const double* row = s.redundancy.data() + static_cast<size_t>(i) * m;
      for (int32_t j = i + 1; j < m; ++j) sum += std::fabs(row[j]);
    }
  }
  return 1e-12 * (1 + sum);
}

// Lexicographic enumeration of every k-subset; the first strictly best one is kept.
class Enumerator {
 public:
  Enumerator(const SelectView& s, int32_t m, const Limits& limits)
      : a_(s.affinity.data()), r_(s.redundancy.data()), m_(m), k_(s.k), limits_(limits),
        c_(s.k), best_c_(s.k) {}

  void Run() {
    if (limits_.CheckLimits() != Stop::kNone) {
      stop_ = limits_.CheckLimits();
      for (int32_t t = 0; t < k_; ++t) best_c_[t] = t;
      return;
    }
    Dfs(0, 0, 0);
  }

  std::vector<uint8_t> Chosen() const {
    std::vector<uint8_t> chosen(m_, 0);
    for (int32_t t = 0; t < k_; ++t) chosen[best_c_[t]] = 1;
    return chosen;
  }
  bool complete() const { return stop_ == Stop::kNone; }
  Stop stop() const { return stop_; }
  int64_t leaves() const { return leaves_; }

 private:
  void Dfs(int32_t from, int32_t depth, double value) {
    if (depth == k_) {
      ++leaves_;
      if (value > best_) {
        best_ = value;
        best_c_ = c_;
      }
      if ((leaves_ & 4095) == 0) stop_ = limits_.CheckLimits();
      return;
    }
    const int32_t last = m_ - (k_ - depth);
    for (int32_t i = from; i <= last && stop_ == Stop::kNone; ++i) {
      double add = a_[i];
      for (int32_t t = 0; t < depth; ++t) add -= r_[static_cast<size_t>(c_[t]) * m_ + i];
      c_[depth] = i;
      Dfs(i + 1, depth + 1, value + add);
    }
  }

  const double* a_;
  const double* r_;
  int32_t m_, k_;
  const Limits& limits_;
  std::vector<int32_t> c_, best_c_;
  double best_ = -kInf;
  int64_t leaves_ = 0;
  Stop stop_ = Stop::kNone;
};

// Σ top-k of a_i − ½(k−1)·min_{j≠i} R_ij: a proven upper bound on the optimum, O(m²).
double SimpleUpperBound(const SelectView& s, int32_t m) {
  const int32_t k = s.k;
  std::vector<double> ub(m);
  for (int32_t i = 0; i < m; ++i) {
    double lo = kInf;
    const double* row = s.redundancy.data() + static_cast<size_t>(i) * m;
    for (int32_t j = 0; j < m; ++j) {
      if (j != i && row[j] < lo) lo = row[j];
    }
    ub[i] = s.affinity[i] - 0.5 * (k - 1) * (lo == kInf ? 0 : lo);
  }
  std::sort(ub.begin(), ub.end());
  double sum = 0;
  for (int32_t t = m - 1; t >= m - k; --t) sum += ub[t];
  return sum;
}

// Up to L entries of `list` (non-tabu unless ignore_tabu) with the smallest g (`smallest`) or
// the largest, ties to the lower index, sorted into `into`; returns the count.
int32_t PickCandidates(const std::vector<int32_t>& list, const std::vector<double>& g,
                       const std::vector<int64_t>& tabu_until, int64_t moves, int32_t L,
                       std::vector<int32_t>& into, bool smallest, bool ignore_tabu) {
  int32_t cnt = 0;
  const auto key_of = [&](int32_t i) { return smallest ? g[i] : -g[i]; };
  for (int32_t i : list) {
    if (!ignore_tabu && tabu_until[i] > moves) continue;
    const double key = key_of(i);
    int32_t q = cnt < L ? cnt : L - 1;
    if (cnt == L) {
      const int32_t last = into[L - 1];
      const double lk = key_of(last);
      if (key > lk || (key == lk && i > last)) continue;
    } else {
      ++cnt;
    }
    while (q > 0) {
      const int32_t prev = into[q - 1];
      const double pk = key_of(prev);
      if (pk < key || (pk == key && prev < i)) break;
      into[q] = prev;
      --q;
    }
    into[q] = i;
  }
  return cnt;
}

struct TabuResult {
  std::vector<uint8_t> chosen;
  int64_t moves = 0;
  int64_t phases = 0;
  Stop stop = Stop::kNone;
};

TabuResult SelectTabu(const SelectView& s, int32_t m, const SelectBudget& b, Prng& rng,
                      const Limits& limits, double eps) {
  const int32_t k = s.k;
  const double* a = s.affinity.data();
  const double* R = s.redundancy.data();
  const int32_t out_n = m - k;
  std::vector<double> g(a, a + m);
  std::vector<uint8_t> in_s(m, 0);
  std::vector<int32_t> mem(k), out(out_n), pos(m);
  double V = 0;

  for (int32_t t = 0; t < k; ++t) {
    int32_t v = -1;
    double bv = -kInf;
    for (int32_t i = 0; i < m; ++i) {
      if (!in_s[i] && g[i] > bv) {
        bv = g[i];
        v = i;
      }
    }
    if (v < 0) {
      for (int32_t i = 0; i < m; ++i) {
        if (!in_s[i]) {
          v = i;
          break;
        }
      }
    }
    if (v < 0) break;  // unreachable: k < m leaves an outsider
    V += g[v];
    in_s[v] = 1;
    const double* row = R + static_cast<size_t>(v) * m;
    for (int32_t j = 0; j < m; ++j) g[j] -= row[j];
  }
  const auto rebuild_lists = [&]() {
    int32_t si = 0, oi = 0;
    for (int32_t i = 0; i < m; ++i) {
      if (in_s[i]) {
        pos[i] = si;
        mem[si++] = i;
      } else {
        pos[i] = oi;
        out[oi++] = i;
      }
    }
  };
  rebuild_lists();
  const auto swap = [&](int32_t u, int32_t v, double delta) {
    V += delta;
    const double* ru = R + static_cast<size_t>(u) * m;
    const double* rv = R + static_cast<size_t>(v) * m;
    for (int32_t j = 0; j < m; ++j) g[j] += ru[j] - rv[j];
    in_s[u] = 0;
    in_s[v] = 1;
    const int32_t pu = pos[u];
    const int32_t pv = pos[v];
    mem[pu] = v;
    pos[v] = pu;
    out[pv] = u;
    pos[u] = pv;
  };

  TabuResult res;
  res.chosen = in_s;
  double best_v = V;
  std::vector<int64_t> tabu_until(m, 0);
  const int32_t L = b.candidates;
  const bool full = static_cast<int64_t>(k) * out_n <= b.full_scan_pairs;
  std::vector<int32_t> cand_out(L), cand_in(L);
  int64_t moves = 0;
  int64_t phases = 0;
  int32_t strength = b.perturb_min;
  if ((res.stop = limits.CheckLimits()) != Stop::kNone) return res;

  while (moves < b.tabu_moves) {
    ++phases;
    double phase_best = V;
    int64_t since = 0;
    bool improved_global = false;
    while (since < b.stall && moves < b.tabu_moves) {
      if ((moves & 63) == 0 && moves > 0 && (res.stop = limits.CheckLimits()) != Stop::kNone) break;
      int32_t bu = -1, bv = -1;
      double bd = -kInf;
      if (full) {
        int32_t fu = -1, fv = -1;
        double fd = -kInf;
        const double aspire = best_v + eps - V;
        for (int32_t si = 0; si < k; ++si) {
          const int32_t u = mem[si];
          const double gu = g[u];
          const double* ru = R + static_cast<size_t>(u) * m;
          const bool u_free = tabu_until[u] <= moves;
          for (int32_t oi = 0; oi < out_n; ++oi) {
            const int32_t v = out[oi];
            const double d = g[v] - gu + ru[v];
            if (d > fd) {
              fd = d;
              fu = u;
              fv = v;
            }
            if (d > bd && ((u_free && tabu_until[v] <= moves) || d > aspire)) {
              bd = d;
              bu = u;
              bv = v;
            }
          }
        }
        if (bu < 0) {
          bu = fu;
          bv = fv;
          bd = fd;
        }
      } else {
        int32_t no = PickCandidates(mem, g, tabu_until, moves, L, cand_out, true, false);
        if (no == 0) no = PickCandidates(mem, g, tabu_until, moves, L, cand_out, true, true);
        int32_t ni = PickCandidates(out, g, tabu_until, moves, L, cand_in, false, false);
        if (ni == 0) ni = PickCandidates(out, g, tabu_until, moves, L, cand_in, false, true);
        for (int32_t si = 0; si < no; ++si) {
          const int32_t u = cand_out[si];
          const double gu = g[u];
          const double* ru = R + static_cast<size_t>(u) * m;
          for (int32_t oi = 0; oi < ni; ++oi) {
            const int32_t v = cand_in[oi];
            const double d = g[v] - gu + ru[v];
            if (d > bd) {
              bd = d;
              bu = u;
              bv = v;
            }
          }
        }
      }
      swap(bu, bv, bd);
      ++moves;
      tabu_until[bu] = moves + b.tenure_in_base + rng.NextInt(static_cast<uint32_t>(b.tenure_in_span));
      tabu_until[bv] = moves + b.tenure_out_base + rng.NextInt(static_cast<uint32_t>(b.tenure_out_span));
      if (V > phase_best + eps) {
        phase_best = V;
        since = 0;
        if (V > best_v + eps) {
          best_v = V;
          res.chosen = in_s;
          improved_global = true;
        }
      } else {
        ++since;
      }
    }
    if (res.stop != Stop::kNone || moves >= b.tabu_moves) break;
    strength = improved_global ? b.perturb_min : std::min(strength + b.perturb_step, b.perturb_max);
    in_s = res.chosen;
    std::copy(a, a + m, g.begin());
    for (int32_t i = 0; i < m; ++i) {
      if (!in_s[i]) continue;
      const double* row = R + static_cast<size_t>(i) * m;
      for (int32_t j = 0; j < m; ++j) g[j] -= row[j];
    }
    V = 0;
    for (int32_t i = 0; i < m; ++i) {
      if (in_s[i]) V += a[i] + g[i];
    }
    V *= 0.5;
    rebuild_lists();
    for (int32_t t = 0; t < strength; ++t) {
      const int32_t u = mem[rng.NextInt(static_cast<uint32_t>(k))];
      const int32_t v = out[rng.NextInt(static_cast<uint32_t>(out_n))];
      swap(u, v, g[v] - g[u] + R[static_cast<size_t>(u) * m + v]);
    }
    std::fill(tabu_until.begin(), tabu_until.end(), 0);
  }
  res.moves = moves;
  res.phases = phases;
  return res;
}

class BranchAndBound {
 public:
  BranchAndBound(const SelectView& s, int32_t m, std::vector<uint8_t> incumbent,
                 double incumbent_value, int64_t work_cap, const Limits& limits, double eps)
      : R_(s.redundancy.data()), m_(m), k_(s.k), P_(static_cast<size_t>(m) * s.k),
        status_(m, 0), g_(s.affinity.begin(), s.affinity.end()), scratch_(m),
        best_(std::move(incumbent)), best_v_(incumbent_value), work_cap_(work_cap),
        limits_(limits), eps_(eps) {
    std::vector<double> row(m - 1);
    for (int32_t i = 0; i < m; ++i) {
      int32_t q = 0;
      const double* ri = R_ + static_cast<size_t>(i) * m;
      for (int32_t j = 0; j < m; ++j) {
        if (j != i) row[q++] = ri[j];
      }
      std::sort(row.begin(), row.end());
      double sum = 0;
      P_[static_cast<size_t>(i) * k_] = 0;
      for (int32_t r = 1; r < k_; ++r) {
        sum += row[r - 1];
        P_[static_cast<size_t>(i) * k_ + r] = sum;
      }
    }
  }

  void Run() {
    Node(0, 0, m_);
    if (root_bound_ == kInf) root_bound_ = best_v_;
  }

  std::vector<uint8_t>& best() { return best_; }
  bool complete() const { return !aborted_; }
  Stop stop() const { return stop_; }
  int64_t nodes() const { return nodes_; }
  double root_bound() const { return root_bound_; }

 private:
  void Record(double v) {
    best_v_ = v;
    for (int32_t i = 0; i < m_; ++i) best_[i] = status_[i] == 1 || status_[i] == 3 ? 1 : 0;
  }

  void Node(double V, int32_t s, int32_t undecided) {
    ++nodes_;
    work_ += undecided;
    if (work_ > work_cap_) {
      aborted_ = true;
      return;
    }
    if ((nodes_ & 1023) == 0 && (stop_ = limits_.CheckLimits()) != Stop::kNone) {
      aborted_ = true;
      return;
    }
    const int32_t t = k_ - s;
    if (t == 0) {
      if (V > best_v_ + eps_) Record(V);
      return;
    }
    if (undecided < t) return;
    if (undecided == t) {
      double v = V;
      for (int32_t i = 0; i < m_; ++i) {
        if (status_[i] != 0) continue;
        v += g_[i];
        const double* ri = R_ + static_cast<size_t>(i) * m_;
        for (int32_t j = i + 1; j < m_; ++j) {
          if (status_[j] == 0) v -= ri[j];
        }
      }
      if (v > best_v_ + eps_) {
        for (int32_t i = 0; i < m_; ++i) {
          if (status_[i] == 0) status_[i] = 3;
        }
        Record(v);
        for (int32_t i = 0; i < m_; ++i) {
          if (status_[i] == 3) status_[i] = 0;
        }
      }
      return;
    }
    int32_t u = 0;
    int32_t b = -1;
    double bu = -kInf;
    const int32_t off = t - 1;
    for (int32_t i = 0; i < m_; ++i) {
      if (status_[i] != 0) continue;
      const double x = g_[i] - 0.5 * P_[static_cast<size_t>(i) * k_ + off];
      scratch_[u++] = x;
      if (x > bu) {
        bu = x;
        b = i;
      }
    }
    std::sort(scratch_.begin(), scratch_.begin() + u);
    double bound = V;
    for (int32_t q = u - 1; q >= u - t; --q) bound += scratch_[q];
    if (nodes_ == 1) root_bound_ = bound;
    if (bound <= best_v_ + eps_) return;
    const double gb = g_[b];
    status_[b] = 1;
    const double* rb = R_ + static_cast<size_t>(b) * m_;
    for (int32_t j = 0; j < m_; ++j) {
      if (status_[j] == 0) g_[j] -= rb[j];
    }
    Node(V + gb, s + 1, undecided - 1);
    for (int32_t j = 0; j < m_; ++j) {
      if (status_[j] == 0) g_[j] += rb[j];
    }
    if (aborted_) {
      status_[b] = 0;
      return;
    }
    status_[b] = 2;
    Node(V, s, undecided - 1);
    status_[b] = 0;
  }

  const double* R_;
  int32_t m_, k_;
  std::vector<double> P_;
  std::vector<uint8_t> status_;  // 0 undecided, 1 in, 2 out, 3 taken by a forced completion
  std::vector<double> g_, scratch_;
  std::vector<uint8_t> best_;
  double best_v_;
  int64_t work_cap_;
  const Limits& limits_;
  double eps_;
  int64_t work_ = 0;
  int64_t nodes_ = 0;
  bool aborted_ = false;
  Stop stop_ = Stop::kNone;
  double root_bound_ = kInf;
};

}  // namespace

bool BinomialAtMost(int64_t m, int64_t k, int64_t cap) {
  const int64_t r = std::min(k, m - k);
  double c = 1;
  for (int64_t t = 1; t <= r; ++t) {
    c = c * static_cast<double>(m - r + t) / static_cast<double>(t);
    if (c > static_cast<double>(cap)) return false;
  }
  return true;
}

double SelectValue(const SelectView& s, int32_t m, std::span<const uint8_t> chosen) {
  std::vector<int32_t> idx;
  for (int32_t i = 0; i < m; ++i) {
    if (chosen[i]) idx.push_back(i);
  }
  double value = 0;
  for (int32_t i : idx) value += s.affinity[i];
  if (!s.redundancy.empty()) {
    for (size_t a = 0; a < idx.size(); ++a) {
      const double* row = s.redundancy.data() + static_cast<size_t>(idx[a]) * m;
      for (size_t b = a + 1; b < idx.size(); ++b) value -= row[idx[b]];
    }
  }
  return value;
}

CallStatus ValidateSelect(std::string_view command, const SelectProblem& p, const SolveOptions& options,
                          std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const SelectView& s = p.select;
  const int32_t m = p.n;
  if (m < 1) return fail("m must be at least 1");
  if (s.k < 1 || s.k > m) return fail("k must be in 1..m");
  if (s.affinity.size() != static_cast<size_t>(m)) return fail("affinity must have m entries");
  for (double v : s.affinity) {
    if (!std::isfinite(v)) return fail("affinity must be finite");
  }
  if (!s.redundancy.empty()) {
    if (s.redundancy.size() != static_cast<size_t>(m) * m) return fail("redundancy must have m*m entries");
    for (int32_t i = 0; i < m; ++i) {
      const double* row = s.redundancy.data() + static_cast<size_t>(i) * m;
      if (row[i] != 0) return fail("redundancy must have a zero diagonal");
      for (int32_t j = i + 1; j < m; ++j) {
        if (!std::isfinite(row[j]) || row[j] != s.redundancy[static_cast<size_t>(j) * m + i]) {
          return fail("redundancy must be finite and symmetric");
        }
      }
    }
  }
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("select takes only k, affinity and redundancy");
  }
  SelectBudget b;
  if (!DecodeBudget(s.budget, kSelectBudget, &b, nullptr)) return fail("select budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveSelect(const SelectProblem& p, const SolveOptions& options, const Limits& limits,
                       SolveResult* out, std::string* error) {
  const SelectView& s = p.select;
  const int32_t m = p.n;
  const int32_t k = s.k;
  SelectBudget b;
  if (!DecodeBudget(s.budget, kSelectBudget, &b, nullptr)) {
    Fail(error, "select budget out of range");
    return CallStatus::kError;
  }
  Stop stop = Stop::kNone;
  std::vector<uint8_t> chosen;
  Proof proof = Proof::kNone;
  bool has_bound = false;
  double bound = 0;
  Counter work;
  if (k == m) {
    chosen.assign(m, 1);
    proof = Proof::kExhaustive;
  } else if (s.redundancy.empty()) {
    chosen = TopK(s.affinity, k);
    proof = Proof::kExhaustive;
  } else if (BinomialAtMost(m, k, b.enumerate_max)) {
    Enumerator e(s, m, limits);
    e.Run();
    chosen = e.Chosen();
    work.nodes = e.leaves();
    stop = e.stop();
    if (e.complete()) proof = Proof::kExhaustive;
  } else {
    const double eps = Epsilon(s, m);
    Prng rng(options.seed);
    TabuResult t = SelectTabu(s, m, b, rng, limits, eps);
    chosen = std::move(t.chosen);
    stop = t.stop;
    work.iterations = t.moves;
    work.restarts = std::max<int64_t>(0, t.phases - 1);
    if (m <= b.bb_max_m && stop == Stop::kNone) {
      const double value = SelectValue(s, m, chosen);
      BranchAndBound bb(s, m, std::move(chosen), value, b.bb_work, limits, eps);
      bb.Run();
      chosen = std::move(bb.best());
      work.nodes = bb.nodes();
      stop = bb.stop();
      if (bb.complete()) {
        proof = Proof::kBranchAndBound;
      } else {
        has_bound = true;
        bound = bb.root_bound();
      }
    } else {
      has_bound = true;
      bound = SimpleUpperBound(s, m);
    }
  }
  out->answer = std::move(chosen);
  out->objective = SelectValue(s, m, out->answer);
  out->proof = proof;
  out->has_bound = proof == Proof::kNone && has_bound;
  out->bound = out->has_bound ? std::max(bound, out->objective) : 0;
  out->status = proof != Proof::kNone ? ResultStatus::kOptimal : StatusFor(stop, ResultStatus::kWorkLimit);
  out->work = Work{work.iterations, work.nodes, work.restarts};
  return CallStatus::kOk;
}

}  // namespace svc::core

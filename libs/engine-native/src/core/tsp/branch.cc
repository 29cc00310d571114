// tsp branch and bound below the root: a port of engine-ts families/tsp/branch.ts, step for step
// (that file's comment is the specification).
#include "tsp/branch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// branch.ts BOUND_PATIENCE and NODE_LAMBDA.
constexpr int32_t kBoundPatience = 5;
constexpr double kNodeLambda = 2;

double Margin(double m) { return 1e-11 * (1 + m); }

class Tree {
 public:
  Tree(int32_t n, const std::vector<double>& dist, double ub, int64_t node_iters, Work& work)
      : n_(n), d_(dist), ub_(ub), node_iters_(node_iters), work_(work),
        st_(static_cast<size_t>(n) * n, 0), inc_(2 * static_cast<size_t>(n), -1), inc_deg_(n, 0), avail_(n, n - 1),
        key_(n), forced_key_(n), parent_(n), in_tree_(n), order_(n), deg_(n), beta_(static_cast<size_t>(n) * n),
        pi_(n), best_pi_(n) {}

  size_t Mark() const { return trail_.size(); }

  void UndoTo(size_t mark) {
    while (trail_.size() > mark) {
      const int64_t code = trail_.back();
      trail_.pop_back();
      const int32_t u = static_cast<int32_t>(code / n_);
      const int32_t v = static_cast<int32_t>(code - static_cast<int64_t>(u) * n_);
      if (st_[code] == 1) {
        DropIncluded(u, v);
        DropIncluded(v, u);
      } else {
        ++avail_[u];
        ++avail_[v];
      }
      SetStatus(u, v, 0);
    }
  }

  bool Exclude(int32_t u, int32_t v) {
    const int8_t s = St(u, v);
    if (s == -1) return true;
    if (s == 1) return false;
    SetStatus(u, v, -1);
    --avail_[u];
    --avail_[v];
    trail_.push_back(static_cast<int64_t>(u) * n_ + v);
    if (logging_) logged_.push_back(u < v ? static_cast<int64_t>(u) * n_ + v : static_cast<int64_t>(v) * n_ + u);
    return avail_[u] >= 2 && avail_[v] >= 2;
  }

  bool Include(int32_t u, int32_t v) {
    const int8_t s = St(u, v);
    if (s == 1) return true;
    if (s == -1 || inc_deg_[u] == 2 || inc_deg_[v] == 2) return false;
    int32_t len_u = 0, len_v = 0;
    const int32_t a = FarEnd(u, &len_u);
    if (a == v && len_u + 1 != n_) return false;
    const int32_t b = FarEnd(v, &len_v);
    SetStatus(u, v, 1);
    inc_[2 * static_cast<size_t>(u) + inc_deg_[u]++] = v;
    inc_[2 * static_cast<size_t>(v) + inc_deg_[v]++] = u;
    trail_.push_back(static_cast<int64_t>(u) * n_ + v);
    if (inc_deg_[u] == 2 && !ExcludeOthers(u)) return false;
    if (inc_deg_[v] == 2 && !ExcludeOthers(v)) return false;
    if (a != v && len_u + len_v > 0 && len_u + len_v + 1 < n_ - 1 && !Exclude(a, b)) return false;
    return true;
  }

  // The constrained 1-tree under penalties pi: its value, or -inf when no 1-tree exists.
  double OneTree(const std::vector<double>& pi) {
    const int32_t n = n_;
    std::fill(deg_.begin(), deg_.end(), 0);
    std::fill(in_tree_.begin(), in_tree_.end(), 0);
    in_tree_[1] = 1;
    order_[0] = 1;
    parent_[1] = -1;
    for (int32_t j = 2; j < n; ++j) {
      const int8_t s = st_[static_cast<size_t>(n) + j];
      key_[j] = s == -1 ? kInf : d_[static_cast<size_t>(n) + j] + pi[1] + pi[j];
      forced_key_[j] = s == 1 ? 1 : 0;
      parent_[j] = 1;
    }
    double w = 0;
    mag_ = 0;
    for (int32_t t = 2; t < n; ++t) {
      int32_t next = -1;
      double bk = kInf;
      uint8_t bf = 0;
      for (int32_t j = 2; j < n; ++j) {
        if (in_tree_[j]) continue;
        const uint8_t f = forced_key_[j];
        if (f > bf || (f == bf && key_[j] < bk)) {
          bk = key_[j];
          bf = f;
          next = j;
        }
      }
      if (next < 0) return -kInf;
      in_tree_[next] = 1;
      order_[t - 1] = next;
      w += bk;
      mag_ += std::fabs(bk);
      ++deg_[next];
      ++deg_[parent_[next]];
      const size_t row = static_cast<size_t>(next) * n;
      for (int32_t j = 2; j < n; ++j) {
        if (in_tree_[j]) continue;
        const int8_t s = st_[row + j];
        if (s == -1) continue;
        const uint8_t f = s == 1 ? 1 : 0;
        const double c = d_[row + j] + pi[next] + pi[j];
        if (f > forced_key_[j] || (f == forced_key_[j] && c < key_[j])) {
          key_[j] = c;
          forced_key_[j] = f;
          parent_[j] = next;
        }
      }
    }
    zero_a_ = inc_[0];
    zero_b_ = inc_[1];
    if (zero_a_ == -1) zero_a_ = CheapestAtZero(pi, -1);
    if (zero_a_ == -1) return -kInf;
    if (zero_b_ == -1) zero_b_ = CheapestAtZero(pi, zero_a_);
    if (zero_b_ == -1) return -kInf;
    const double ca = d_[zero_a_] + pi[0] + pi[zero_a_];
    const double cb = d_[zero_b_] + pi[0] + pi[zero_b_];
    w += ca + cb;
    mag_ += std::fabs(ca) + std::fabs(cb);
    deg_[0] = 2;
    ++deg_[zero_a_];
    ++deg_[zero_b_];
    double sum_pi = 0;
    for (int32_t i = 0; i < n; ++i) {
      sum_pi += pi[i];
      mag_ += 2 * std::fabs(pi[i]);
    }
    return w - 2 * sum_pi;
  }

  // branch.ts bound: false = prune (pruned_by() the penalties that closed it); otherwise best_pi_,
  // its 1-tree and its value in *value.
  bool Bound(const std::vector<double>& pi0, double* value_out) {
    const int32_t n = n_;
    pi_ = pi0;
    pruned_by_ = &pi_;
    double best_value = -kInf;
    double best_mag = 0;
    double lambda = kNodeLambda;
    int32_t since = 0;
    // At least one 1-tree: a node is never closed without a bound (branch.ts).
    for (int64_t it = 0; it < std::max<int64_t>(1, node_iters_); ++it) {
      const double value = OneTree(pi_);
      if (value == -kInf) return false;
      ++work_.iterations;
      double norm = 0;
      for (int32_t i = 0; i < n; ++i) norm += static_cast<double>((deg_[i] - 2) * (deg_[i] - 2));
      if (norm == 0) {
        std::vector<int32_t> t = TreeTour();
        const double len = TourLength(t);
        if (len < ub_) {
          ub_ = len;
          best_ = std::move(t);
        }
        return false;
      }
      if (value > best_value) {
        best_value = value;
        best_mag = mag_;
        best_pi_ = pi_;
        since = 0;
      } else if (++since >= kBoundPatience) {
        lambda /= 2;
        since = 0;
      }
      if (std::ceil(best_value - Margin(best_mag)) >= ub_) {
        pruned_by_ = &best_pi_;
        return false;
      }
      const double step = (lambda * (ub_ - value)) / norm;
      if (!(step > 0)) break;
      for (int32_t i = 0; i < n; ++i) pi_[i] += step * (deg_[i] - 2);
    }
    if (best_value == -kInf) return false;
    *value_out = OneTree(best_pi_);
    return true;
  }

  // α-fixing; every edge it excludes is appended to *fixed first (the record's splits).
  bool AlphaFix(double v, std::vector<int64_t>* fixed) {
    const int32_t n = n_;
    const int32_t m = n - 1;
    for (int32_t t = 0; t < m; ++t) {
      const int32_t x = order_[t];
      beta_[static_cast<size_t>(x) * n + x] = -kInf;
      if (t == 0) continue;
      const int32_t p = parent_[x];
      const double wx = forced_key_[x] ? -kInf : key_[x];
      for (int32_t s = 0; s < t; ++s) {
        const int32_t y = order_[s];
        const double bp = beta_[static_cast<size_t>(p) * n + y];
        const double b = bp > wx ? bp : wx;
        beta_[static_cast<size_t>(x) * n + y] = b;
        beta_[static_cast<size_t>(y) * n + x] = b;
      }
    }
    for (int32_t i = 1; i < n; ++i) {
      const size_t row = static_cast<size_t>(i) * n;
      for (int32_t j = i + 1; j < n; ++j) {
        if (st_[row + j] != 0 || parent_[j] == i || parent_[i] == j) continue;
        const double b = beta_[row + j];
        if (b == -kInf) continue;
        const double c = d_[row + j] + best_pi_[i] + best_pi_[j];
        const double lb = v + c - b;
        if (std::ceil(lb - Margin(mag_ + std::fabs(c) + std::fabs(b))) >= ub_) {
          fixed->push_back(static_cast<int64_t>(i) * n + j);
          if (!Exclude(i, j)) return false;
        }
      }
    }
    const double ca = d_[zero_a_] + best_pi_[0] + best_pi_[zero_a_];
    const double cb = d_[zero_b_] + best_pi_[0] + best_pi_[zero_b_];
    const bool fa = st_[zero_a_] == 1;
    const bool fb = st_[zero_b_] == 1;
    if (fa && fb) return true;
    const double r = fa ? cb : fb ? ca : std::max(ca, cb);
    for (int32_t j = 1; j < n; ++j) {
      if (st_[j] != 0 || j == zero_a_ || j == zero_b_) continue;
      const double c = d_[j] + best_pi_[0] + best_pi_[j];
      if (std::ceil(v + c - r - Margin(mag_ + std::fabs(c) + std::fabs(r))) >= ub_) {
        fixed->push_back(j);
        if (!Exclude(0, j)) return false;
      }
    }
    return true;
  }

  // The free 1-tree edge to branch on (u*n + v), or -1.
  int64_t BranchEdge() const {
    const int32_t n = n_;
    int32_t v = -1;
    for (int32_t i = 0; i < n; ++i) {
      if (deg_[i] > 2 && (v == -1 || deg_[i] > deg_[v])) v = i;
    }
    if (v == -1) return -1;
    int32_t best_u = -1;
    double best_c = -kInf;
    for (int32_t u = 0; u < n; ++u) {
      if (u == v || St(v, u) != 0) continue;
      const bool tree_edge = u == 0   ? zero_a_ == v || zero_b_ == v
                             : v == 0 ? zero_a_ == u || zero_b_ == u
                                      : parent_[u] == v || parent_[v] == u;
      if (!tree_edge) continue;
      const double c = d_[static_cast<size_t>(v) * n + u] + best_pi_[v] + best_pi_[u];
      if (c > best_c) {
        best_c = c;
        best_u = u;
      }
    }
    return best_u == -1 ? -1 : static_cast<int64_t>(v) * n + best_u;
  }

  const std::vector<double>& best_pi() const { return best_pi_; }
  const std::vector<double>& pruned_by() const { return *pruned_by_; }
  // Exclusions made while logging (the propagation of a fixing) are listed in logged().
  void set_logging(bool on) { logging_ = on; }
  std::vector<int64_t>& logged() { return logged_; }
  std::vector<int32_t>& best() { return best_; }

 private:
  // Takes b off a's included edges (branch.ts dropIncluded).
  void DropIncluded(int32_t a, int32_t b) {
    --inc_deg_[a];
    const size_t at = 2 * static_cast<size_t>(a);
    if (inc_[at] == b) inc_[at] = inc_[at + 1];
    inc_[at + 1] = -1;
  }
  int8_t St(int32_t u, int32_t v) const { return st_[static_cast<size_t>(u) * n_ + v]; }
  void SetStatus(int32_t u, int32_t v, int8_t s) {
    st_[static_cast<size_t>(u) * n_ + v] = s;
    st_[static_cast<size_t>(v) * n_ + u] = s;
  }

  int32_t FarEnd(int32_t u, int32_t* len) const {
    int32_t prev = -1;
    int32_t cur = u;
    *len = 0;
    for (;;) {
      const int32_t x = inc_[2 * static_cast<size_t>(cur)];
      const int32_t y = inc_[2 * static_cast<size_t>(cur) + 1];
      const int32_t next = x != -1 && x != prev ? x : y != -1 && y != prev ? y : -1;
      if (next == -1) return cur;
      prev = cur;
      cur = next;
      ++*len;
    }
  }

  bool ExcludeOthers(int32_t u) {
    for (int32_t w = 0; w < n_; ++w) {
      if (w != u && St(u, w) == 0 && !Exclude(u, w)) return false;
    }
    return true;
  }

  int32_t CheapestAtZero(const std::vector<double>& pi, int32_t skip) const {
    double m = kInf;
    int32_t at = -1;
    for (int32_t q = 1; q < n_; ++q) {
      if (st_[q] != 0 || q == skip) continue;
      const double c = d_[q] + pi[0] + pi[q];
      if (c < m) {
        m = c;
        at = q;
      }
    }
    return at;
  }

  std::vector<int32_t> TreeTour() const {
    const int32_t n = n_;
    std::vector<int32_t> adj(2 * static_cast<size_t>(n), -1);
    const auto link = [&](int32_t a, int32_t b) {
      adj[2 * static_cast<size_t>(a) + (adj[2 * static_cast<size_t>(a)] == -1 ? 0 : 1)] = b;
      adj[2 * static_cast<size_t>(b) + (adj[2 * static_cast<size_t>(b)] == -1 ? 0 : 1)] = a;
    };
    for (int32_t j = 2; j < n; ++j) link(j, parent_[j]);
    link(0, zero_a_);
    link(0, zero_b_);
    std::vector<int32_t> t(n);
    int32_t prev = -1;
    int32_t cur = 0;
    for (int32_t k = 0; k < n; ++k) {
      t[k] = cur;
      const int32_t next = adj[2 * static_cast<size_t>(cur)] != prev ? adj[2 * static_cast<size_t>(cur)] : adj[2 * static_cast<size_t>(cur) + 1];
      prev = cur;
      cur = next;
    }
    return t;
  }

  double TourLength(const std::vector<int32_t>& t) const {
    double len = 0;
    for (int32_t k = 0; k < n_; ++k) len += d_[static_cast<size_t>(t[k]) * n_ + t[(k + 1) % n_]];
    return len;
  }

  const int32_t n_;
  const std::vector<double>& d_;
  double ub_;
  const int64_t node_iters_;
  Work& work_;
  std::vector<int8_t> st_;
  std::vector<int32_t> inc_, inc_deg_, avail_;
  std::vector<int64_t> trail_;
  std::vector<double> key_;
  std::vector<uint8_t> forced_key_;
  std::vector<int32_t> parent_;
  std::vector<uint8_t> in_tree_;
  std::vector<int32_t> order_, deg_;
  std::vector<double> beta_;
  std::vector<double> pi_, best_pi_;
  int32_t zero_a_ = -1, zero_b_ = -1;
  double mag_ = 0;
  std::vector<int32_t> best_;
  const std::vector<double>* pruned_by_ = &pi_;
  bool logging_ = false;
  std::vector<int64_t> logged_;
};

// A fixing to apply on top of the trail up to `mark`, or (`leaf`) a recorded leaf written once the
// subtree above it on the stack is written: the "in" side of a split its node made (π, or null
// for an infeasible one). branch.ts Frame.
struct Frame {
  size_t mark;
  std::shared_ptr<const std::vector<double>> pi;
  int64_t edge;
  bool include;
  bool leaf = false;
};

// branch.ts recPush / recLeaf: the pre-order record, dropped once it passes the checker's caps.
class Record {
 public:
  explicit Record(int32_t n) : n_(n) {}
  void Push(double x, int64_t work = 0) {
    if (!on_) return;
    rec_.push_back(x);
    values_ += 2;
    work_ += work;
    if (values_ > kTspTreeMaxValues || work_ > kTspTreeMaxWork) {
      on_ = false;
      rec_.clear();
      rec_.shrink_to_fit();
    }
  }
  void Leaf(const std::vector<double>* pi) {
    if (pi == nullptr) return Push(kTspTreeInfeasible);
    Push(kTspTreeLeaf, static_cast<int64_t>(n_) * n_);
    if (!on_) return;
    rec_.insert(rec_.end(), pi->begin(), pi->end());
    values_ += n_;
  }
  std::vector<double>& stream() { return rec_; }

 private:
  int32_t n_;
  std::vector<double> rec_;
  int64_t values_ = 1, work_ = 0;
  bool on_ = true;
};

}  // namespace

TspBranchResult TspBranchAndBound(int32_t n, const std::vector<double>& dist, double ub, const std::vector<double>& root_pi,
                                  int64_t node_iters, int64_t max_nodes, const Limits& limits, Work& work, Stop* stop) {
  Tree tree(n, dist, ub, node_iters, work);
  Record rec(n);
  std::vector<Frame> stack;
  stack.push_back(Frame{0, std::make_shared<const std::vector<double>>(root_pi), -1, false});
  std::vector<int64_t> alpha_fixed;
  int64_t nodes = 0;
  TspBranchResult out;
  while (!stack.empty()) {
    Frame f = std::move(stack.back());
    stack.pop_back();
    if (f.leaf) {
      rec.Leaf(f.pi.get());
      continue;
    }
    if (nodes >= max_nodes || (*stop = limits.CheckLimits()) != Stop::kNone) {
      out.tour = std::move(tree.best());
      return out;
    }
    tree.UndoTo(f.mark);
    ++nodes;
    ++work.nodes;
    if (f.edge >= 0) {
      const int32_t u = static_cast<int32_t>(f.edge / n);
      const int32_t v = static_cast<int32_t>(f.edge - static_cast<int64_t>(u) * n);
      tree.set_logging(f.include);
      const bool ok = f.include ? tree.Include(u, v) : tree.Exclude(u, v);
      tree.set_logging(false);
      // Each propagated exclusion: a split whose "in" side is infeasible.
      for (const int64_t e : tree.logged()) {
        rec.Push(static_cast<double>(e));
        stack.push_back(Frame{0, nullptr, -1, false, true});
      }
      tree.logged().clear();
      if (!ok) {
        rec.Leaf(nullptr);
        continue;
      }
    }
    double value = 0;
    if (!tree.Bound(*f.pi, &value)) {
      rec.Leaf(&tree.pruned_by());
      continue;
    }
    alpha_fixed.clear();
    const bool alpha_ok = tree.AlphaFix(value, &alpha_fixed);
    if (!alpha_fixed.empty()) {
      auto alpha_pi = std::make_shared<const std::vector<double>>(tree.best_pi());
      for (const int64_t e : alpha_fixed) {
        rec.Push(static_cast<double>(e));
        stack.push_back(Frame{0, alpha_pi, -1, false, true});
      }
    }
    if (!alpha_ok) {
      rec.Leaf(nullptr);
      continue;
    }
    const int64_t e = tree.BranchEdge();
    // Cannot happen (a city of degree > 2 has at most one included edge: two would have excluded the
    // rest); should it, the tree is left open rather than closed on a node it did not search.
    if (e < 0) {
      out.tour = std::move(tree.best());
      return out;
    }
    rec.Push(static_cast<double>(e));
    auto child_pi = std::make_shared<const std::vector<double>>(tree.best_pi());
    const size_t mark = tree.Mark();
    stack.push_back(Frame{mark, child_pi, e, true});
    stack.push_back(Frame{mark, child_pi, e, false});
  }
  out.tour = std::move(tree.best());
  out.closed = true;
  out.tree = std::move(rec.stream());
  return out;
}

}  // namespace svc::core

// rules: a port of engine-ts families/rules/solve.ts, step for step and with the same
// generator calls (that file's comment is the specification).
#include "rules/solve.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "kernels/flip_state.h"
#include "common/checks.h"
#include "common/prng.h"
#include "kernels/move_scan.h"
#include "kernels/tree_selector.h"

namespace svc::core {

namespace {

// Most rules a breakout step reweighs (rules-solve.ts BUMP_MAX).
constexpr int64_t kBumpMax = 32;

// The counting-rule form (rules-solve.ts RulesEncoding).
struct Encoding {
  int32_t n = 0;
  int32_t rules = 0;
  std::vector<int32_t> lo, hi;
  std::span<const int32_t> lit_start, lit_var;
  std::vector<uint8_t> lit_neg;
  std::vector<int32_t> occ_start, occ_rule;
  std::vector<uint8_t> occ_neg;
  std::span<const double> h;
  // Symmetric adjacency of the objective pairs, neighbours ascending per row.
  std::vector<int32_t> offsets, neighbours;
  std::vector<double> weights;
};

Encoding Encode(const RulesProblem& p) {
  const RulesView& rv = p.rules;
  Encoding e;
  e.n = p.n;
  e.rules = static_cast<int32_t>(rv.type.size());
  const int32_t R = e.rules;
  e.lo.assign(R, 0);
  e.hi.assign(R, 0);
  e.lit_start = rv.start;
  e.lit_var = rv.nodes;
  e.lit_neg.assign(rv.nodes.size(), 0);
  for (int32_t r = 0; r < R; ++r) {
    const int32_t size = rv.start[r + 1] - rv.start[r];
    const int32_t s = rv.start[r];
    switch (rv.type[r]) {
      case kChooseOne: e.lo[r] = 1; e.hi[r] = 1; break;
      case kChooseExactly: e.lo[r] = rv.k[r]; e.hi[r] = rv.k[r]; break;
      case kMutualExclusion: e.lo[r] = 0; e.hi[r] = 1; break;
      case kCapacityLimit: e.lo[r] = 0; e.hi[r] = rv.k[r]; break;
      case kForceTrue: e.lo[r] = size; e.hi[r] = size; break;
      case kForceFalse: e.lo[r] = 0; e.hi[r] = 0; break;
      case kRequires: e.lo[r] = 1; e.hi[r] = 2; e.lit_neg[s] = 1; break;
      case kIdentical: e.lo[r] = 1; e.hi[r] = 1; e.lit_neg[s + 1] = 1; break;
      default: e.lo[r] = 1; e.hi[r] = 1; break;  // kDifferent
    }
  }
  const int32_t n = e.n;
  e.occ_start.assign(n + 1, 0);
  for (int32_t v : rv.nodes) e.occ_start[v + 1]++;
  for (int32_t v = 0; v < n; ++v) e.occ_start[v + 1] += e.occ_start[v];
  std::vector<int32_t> fill(e.occ_start.begin(), e.occ_start.end() - 1);
  e.occ_rule.assign(rv.nodes.size(), 0);
  e.occ_neg.assign(rv.nodes.size(), 0);
  for (int32_t r = 0; r < R; ++r) {
    for (int32_t q = rv.start[r]; q < rv.start[r + 1]; ++q) {
      const int32_t at = fill[rv.nodes[q]]++;
      e.occ_rule[at] = r;
      e.occ_neg[at] = e.lit_neg[q];
    }
  }
  e.h = p.linear;
  // CSR of the canonical pairs (canonical.ts toCsr): each pair in both rows, in pair order.
  const size_t m = p.pairs.size();
  e.offsets.assign(n + 1, 0);
  for (size_t k = 0; k < m; ++k) {
    e.offsets[p.pairs.i[k] + 1]++;
    e.offsets[p.pairs.j[k] + 1]++;
  }
  for (int32_t v = 0; v < n; ++v) e.offsets[v + 1] += e.offsets[v];
  std::vector<int32_t> at(e.offsets.begin(), e.offsets.end() - 1);
  e.neighbours.assign(2 * m, 0);
  e.weights.assign(2 * m, 0);
  for (size_t k = 0; k < m; ++k) {
    const int32_t i = p.pairs.i[k], j = p.pairs.j[k];
    const double w = p.pairs.w[k];
    int32_t q = at[i]++;
    e.neighbours[q] = j;
    e.weights[q] = w;
    q = at[j]++;
    e.neighbours[q] = i;
    e.weights[q] = w;
  }
  return e;
}

double EpsilonFor(const Encoding& e) {
  double s = 0;
  for (int32_t i = 0; i < e.n; ++i) s += std::fabs(e.h[i]);
  for (double w : e.weights) s += std::fabs(w) / 2;
  return 1e-12 * (1 + s);
}

void Perturb(std::vector<uint8_t>& x, int32_t k, Prng& rng) {
  const int32_t n = static_cast<int32_t>(x.size());
  const int32_t kk = std::min(k, n);
  std::vector<int32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  for (int32_t t = 0; t < kk; ++t) {
    const int32_t j = t + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(n - t)));
    std::swap(idx[t], idx[j]);
    x[idx[t]] ^= 1;
  }
}

struct TabuOutcome {
  std::vector<uint8_t> x;
  int64_t moves = 0;
  int64_t phases = 0;
  Stop stop = Stop::kNone;
};

// The penalty tabu search with breakout weights (rules-solve.ts rulesTabu).
class PenaltyTabu {
 public:
  PenaltyTabu(const Encoding& e, const RulesBudget& b, Prng& rng, const Limits& limits, double eps_e)
      : e_(e), b_(b), rng_(rng), limits_(limits), eps_e_(eps_e), n_(e.n), R_(e.rules),
        x_(e.n, 0), T_(e.rules, 0), wt_(e.rules, 0), pen_(e.n, 0), f_(e.n, 0), delta_(e.n, 0),
        v_list_(e.rules, 0), v_pos_(e.rules, -1) {
    for (int32_t i = 0; i < n_; ++i) {
      double s = std::fabs(e.h[i]);
      if (e.h[i] < 0) lowest_ += e.h[i];
      for (int32_t q = e.offsets[i]; q < e.offsets[i + 1]; ++q) {
        s += std::fabs(e.weights[q]);
        if (e.neighbours[q] > i && e.weights[q] < 0) lowest_ += e.weights[q];
      }
      if (s > P_) P_ = s;
    }
    P_ += 1;
    if (b.use_trees) sel_.emplace(n_, static_cast<int64_t>(b.tenure_base) + b.tenure_span + 1);
  }

  TabuOutcome Run(int64_t max_moves, const std::vector<uint8_t>* start) {
    if (start != nullptr) {
      x_ = *start;
    } else {
      for (int32_t i = 0; i < n_; ++i) x_[i] = e_.h[i] < 0 ? 1 : 0;
    }
    std::fill(wt_.begin(), wt_.end(), P_);
    Recompute();
    std::vector<double> tabu_until(n_, 0);
    if (sel_) sel_->Reset(delta_.data());
    // best.energy() is the objective E of the best assignment.
    BestTracker best(x_, E_);
    int64_t best_v = V_;
    double best_s = S_;
    int64_t moves = 0;
    int64_t phases = 0;
    int32_t k = b_.perturb_min;
    TabuOutcome out;
    const auto done = [&]() { return best_v == 0 && best.energy() <= lowest_ + eps_e_; };
    out.stop = limits_.CheckLimits();
    if (out.stop != Stop::kNone || done()) {
      out.x = best.Materialize(x_);
      return out;
    }
    const auto select = [&](int32_t r, double aspire) {
      if (sel_) {
        sel_->Expire(moves, delta_.data());
        return sel_->Select(r, aspire);
      }
      return SelectByScan(delta_.data(), tabu_until.data(), n_, r, static_cast<double>(moves),
                          aspire);
    };
    while (moves < max_moves) {
      ++phases;
      int64_t phase_v = V_;
      double phase_e = E_;
      int64_t since = 0;
      bool improved_global = false;
      while (since < b_.stall && moves < max_moves) {
        if ((moves & 1023) == 0 && moves > 0 && (out.stop = limits_.CheckLimits()) != Stop::kNone) break;
        const int32_t r = static_cast<int32_t>(rng_.NextInt(static_cast<uint32_t>(n_)));
        int32_t v = select(r, best_s - S_);
        if (V_ > 0 && (v < 0 || delta_[v] >= 0)) {
          Bump();
          best_s = S_;
          v = select(r, best_s - S_);
        }
        if (v < 0) v = r;
        Flip(v);
        best.Moved(v, x_);
        ++moves;
        const int64_t until =
            moves + b_.tenure_base + rng_.NextInt(static_cast<uint32_t>(b_.tenure_span));
        tabu_until[v] = static_cast<double>(until);
        if (sel_) sel_->MakeTabu(v, until, delta_[v]);
        if (S_ < best_s) best_s = S_;
        if (V_ < best_v || (V_ == best_v && E_ < best.energy() - eps_e_)) {
          best_v = V_;
          best.Improve(E_);
          improved_global = true;
          if (done()) break;
        }
        if (V_ < phase_v || (V_ == phase_v && E_ < phase_e - eps_e_)) {
          phase_v = V_;
          phase_e = E_;
          since = 0;
        } else {
          ++since;
        }
      }
      if (out.stop != Stop::kNone || moves >= max_moves || done()) break;
      k = improved_global ? b_.perturb_min : std::min(k + b_.perturb_step, b_.perturb_max);
      x_ = best.Materialize(x_);
      Perturb(x_, k, rng_);
      std::fill(wt_.begin(), wt_.end(), P_);
      Recompute();
      best_s = S_;
      std::fill(tabu_until.begin(), tabu_until.end(), 0);
      if (sel_) sel_->Reset(delta_.data());
    }
    out.x = best.Materialize(x_);
    out.moves = moves;
    out.phases = phases;
    return out;
  }

 private:
  int32_t Dev(int32_t t, int32_t r) const {
    const int32_t lo = e_.lo[r], hi = e_.hi[r];
    return t < lo ? 1 + lo - t : t > hi ? 1 + t - hi : 0;
  }
  int32_t CT(int32_t t, int32_t r) const { return Dev(t - 1, r) - Dev(t, r); }
  int32_t CF(int32_t t, int32_t r) const { return Dev(t + 1, r) - Dev(t, r); }

  void SetBad(int32_t r, bool bad) {
    if (bad == (v_pos_[r] >= 0)) return;
    if (bad) {
      v_pos_[r] = static_cast<int32_t>(V_);
      v_list_[V_++] = r;
    } else {
      const int32_t at = v_pos_[r];
      const int32_t last = v_list_[--V_];
      v_list_[at] = last;
      v_pos_[last] = at;
      v_pos_[r] = -1;
    }
  }

  void Refresh(int32_t u) {
    const double d = pen_[u] + (x_[u] ? -f_[u] : f_[u]);
    delta_[u] = d;
    if (sel_) sel_->Update(u, d);
  }

  void Recompute() {
    for (int64_t q = 0; q < V_; ++q) v_pos_[v_list_[q]] = -1;
    V_ = 0;
    S_ = 0;
    for (int32_t r = 0; r < R_; ++r) {
      int32_t t = 0;
      for (int32_t q = e_.lit_start[r]; q < e_.lit_start[r + 1]; ++q) t += x_[e_.lit_var[q]] ^ e_.lit_neg[q];
      T_[r] = t;
      SetBad(r, t < e_.lo[r] || t > e_.hi[r]);
      S_ += wt_[r] * Dev(t, r);
    }
    E_ = 0;
    for (int32_t i = 0; i < n_; ++i) {
      double fi = e_.h[i];
      for (int32_t q = e_.offsets[i]; q < e_.offsets[i + 1]; ++q) {
        if (x_[e_.neighbours[q]]) fi += e_.weights[q];
      }
      f_[i] = fi;
      double pi = 0;
      for (int32_t q = e_.occ_start[i]; q < e_.occ_start[i + 1]; ++q) {
        const int32_t r = e_.occ_rule[q];
        pi += wt_[r] * ((x_[i] ^ e_.occ_neg[q]) ? CT(T_[r], r) : CF(T_[r], r));
      }
      pen_[i] = pi;
      delta_[i] = pi + (x_[i] ? -fi : fi);
    }
    for (int32_t i = 0; i < n_; ++i) {
      if (x_[i]) E_ += (e_.h[i] + f_[i]) / 2;
    }
    S_ += E_;
  }

  void Flip(int32_t v) {
    S_ += delta_[v];
    const uint8_t old_x = x_[v];
    x_[v] = old_x ^ 1;
    E_ += old_x ? -f_[v] : f_[v];
    for (int32_t q = e_.occ_start[v]; q < e_.occ_start[v + 1]; ++q) {
      const int32_t r = e_.occ_rule[q];
      const bool was_true = (old_x ^ e_.occ_neg[q]) != 0;
      const int32_t told = T_[r];
      const int32_t tnew = was_true ? told - 1 : told + 1;
      T_[r] = tnew;
      SetBad(r, tnew < e_.lo[r] || tnew > e_.hi[r]);
      const int32_t ct_o = CT(told, r), cf_o = CF(told, r);
      const int32_t ct_n = CT(tnew, r), cf_n = CF(tnew, r);
      const double w = wt_[r];
      pen_[v] += w * ((was_true ? cf_n : ct_n) - (was_true ? ct_o : cf_o));
      if (ct_o != ct_n || cf_o != cf_n) {
        for (int32_t s = e_.lit_start[r]; s < e_.lit_start[r + 1]; ++s) {
          const int32_t u = e_.lit_var[s];
          if (u == v) continue;
          pen_[u] += w * ((x_[u] ^ e_.lit_neg[s]) ? ct_n - ct_o : cf_n - cf_o);
          Refresh(u);
        }
      }
    }
    Refresh(v);
    const double sgn = old_x ? -1.0 : 1.0;
    for (int32_t q = e_.offsets[v]; q < e_.offsets[v + 1]; ++q) {
      const int32_t u = e_.neighbours[q];
      f_[u] += sgn * e_.weights[q];
      Refresh(u);
    }
  }

  // Breakout: all violated rules weigh P more when at most kBumpMax are violated, else
  // kBumpMax drawn as v_list_[NextInt(V)] (repeats allowed).
  void Bump() {
    const bool all = V_ <= kBumpMax;
    const int64_t count = all ? V_ : kBumpMax;
    for (int64_t q = 0; q < count; ++q) {
      const int32_t r = all ? v_list_[q] : v_list_[rng_.NextInt(static_cast<uint32_t>(V_))];
      wt_[r] += P_;
      const int32_t t = T_[r];
      S_ += P_ * Dev(t, r);
      const double ct = P_ * CT(t, r);
      const double cf = P_ * CF(t, r);
      for (int32_t s = e_.lit_start[r]; s < e_.lit_start[r + 1]; ++s) {
        const int32_t u = e_.lit_var[s];
        pen_[u] += (x_[u] ^ e_.lit_neg[s]) ? ct : cf;
        Refresh(u);
      }
    }
  }

  const Encoding& e_;
  const RulesBudget& b_;
  Prng& rng_;
  const Limits& limits_;
  double eps_e_;
  int32_t n_, R_;
  double P_ = 0;
  double lowest_ = 0;
  std::vector<uint8_t> x_;
  std::vector<int32_t> T_;
  std::vector<double> wt_, pen_, f_, delta_;
  std::vector<int32_t> v_list_, v_pos_;
  int64_t V_ = 0;
  double E_ = 0;
  double S_ = 0;
  std::optional<TreeSelector> sel_;
};

struct BnbOutcome {
  std::vector<uint8_t> x;
  bool complete = false;
  int64_t steps = 0;
  Stop stop = Stop::kNone;
};

// Iterative branch and bound with propagation (rules-solve.ts rulesBranchAndBound).
BnbOutcome BranchAndBound(const Encoding& e, const std::vector<uint8_t>& incumbent,
                          int64_t incumbent_v, double incumbent_e, int64_t step_cap,
                          const Limits& limits, double eps_e) {
  const int32_t n = e.n;
  const int32_t R = e.rules;
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  const auto act = [&](int32_t i) {
    return e.occ_start[i + 1] - e.occ_start[i] + e.offsets[i + 1] - e.offsets[i];
  };
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    const int32_t aa = act(a), ab = act(b);
    return aa != ab ? aa > ab : a < b;
  });

  std::vector<int8_t> val(n, -1);
  std::vector<int32_t> Tt(R, 0), Ff(R, 0);
  std::vector<double> eff(e.h.begin(), e.h.end());
  std::vector<double> nu(n, 0);
  for (int32_t i = 0; i < n; ++i) {
    double s = 0;
    for (int32_t q = e.offsets[i]; q < e.offsets[i + 1]; ++q) {
      if (e.neighbours[q] > i && e.weights[q] < 0) s += e.weights[q];
    }
    nu[i] = s;
  }
  double lb_sum = 0;
  for (int32_t i = 0; i < n; ++i) lb_sum += std::min(0.0, eff[i] + nu[i]);
  double fixed_e = 0;
  int64_t V = 0;
  const auto size = [&](int32_t r) { return e.lit_start[r + 1] - e.lit_start[r]; };
  const auto violated = [&](int32_t r) -> int64_t {
    return Tt[r] > e.hi[r] || Tt[r] + (size(r) - Tt[r] - Ff[r]) < e.lo[r] ? 1 : 0;
  };
  for (int32_t r = 0; r < R; ++r) V += violated(r);

  std::vector<int32_t> stack(n), obj_mark(n);
  std::vector<double> saved_lb(n), saved_fixed(n);
  int32_t depth = 0;
  const size_t trail_cap = 2 * e.weights.size() + 1;
  std::vector<int32_t> tr_u(trail_cap);
  std::vector<double> tr_eff(trail_cap), tr_nu(trail_cap);
  int32_t tr_len = 0;
  std::vector<int32_t> pend(e.lit_var.size() + R);
  int64_t pend_len = 0, pend_done = 0;
  for (int32_t r = 0; r < R; ++r) pend[pend_len++] = r;

  BnbOutcome out;
  out.x = incumbent;
  std::vector<uint8_t>& best = out.x;
  int64_t best_v = incumbent_v;
  double best_e = incumbent_e;
  int64_t steps = 0;
  bool aborted = false;

  const auto assign = [&](int32_t v, int32_t value) {
    ++steps;
    val[v] = static_cast<int8_t>(value);
    stack[depth] = v;
    saved_lb[depth] = lb_sum;
    saved_fixed[depth] = fixed_e;
    obj_mark[depth] = tr_len;
    ++depth;
    for (int32_t q = e.occ_start[v]; q < e.occ_start[v + 1]; ++q) {
      const int32_t r = e.occ_rule[q];
      const int64_t before = violated(r);
      if (value ^ e.occ_neg[q]) {
        Tt[r]++;
      } else {
        Ff[r]++;
      }
      V += violated(r) - before;
      pend[pend_len++] = r;
    }
    lb_sum -= std::min(0.0, eff[v] + nu[v]);
    if (value == 1) fixed_e += eff[v];
    for (int32_t q = e.offsets[v]; q < e.offsets[v + 1]; ++q) {
      const int32_t u = e.neighbours[q];
      if (val[u] >= 0) continue;
      const double w = e.weights[q];
      const double old = std::min(0.0, eff[u] + nu[u]);
      tr_u[tr_len] = u;
      tr_eff[tr_len] = eff[u];
      tr_nu[tr_len] = nu[u];
      ++tr_len;
      if (u < v && w < 0) nu[u] -= w;
      if (value == 1) eff[u] += w;
      lb_sum += std::min(0.0, eff[u] + nu[u]) - old;
    }
  };
  const auto unassign_to = [&](int32_t mark) {
    while (depth > mark) {
      --depth;
      const int32_t v = stack[depth];
      const int32_t value = val[v];
      while (tr_len > obj_mark[depth]) {
        --tr_len;
        const int32_t u = tr_u[tr_len];
        eff[u] = tr_eff[tr_len];
        nu[u] = tr_nu[tr_len];
      }
      lb_sum = saved_lb[depth];
      fixed_e = saved_fixed[depth];
      for (int32_t q = e.occ_start[v]; q < e.occ_start[v + 1]; ++q) {
        const int32_t r = e.occ_rule[q];
        const int64_t before = violated(r);
        if (value ^ e.occ_neg[q]) {
          Tt[r]--;
        } else {
          Ff[r]--;
        }
        V += violated(r) - before;
      }
      val[v] = -1;
    }
  };
  const auto propagate = [&]() {
    while (pend_done < pend_len) {
      const int32_t r = pend[pend_done++];
      const int32_t un = size(r) - Tt[r] - Ff[r];
      if (un == 0) continue;
      int32_t want = -1;
      if (Tt[r] == e.hi[r]) {
        want = 0;
      } else if (Tt[r] + un == e.lo[r]) {
        want = 1;
      }
      if (want < 0) continue;
      for (int32_t s = e.lit_start[r]; s < e.lit_start[r + 1]; ++s) {
        const int32_t u = e.lit_var[s];
        if (val[u] >= 0) continue;
        const int64_t before = V;
        assign(u, want ^ e.lit_neg[s]);
        if (V > before) return false;
      }
    }
    return true;
  };

  std::vector<int32_t> f_v(n), f_mark(n), f_cursor(n);
  std::vector<uint8_t> f_first(n), f_tried(n);
  std::vector<int64_t> f_entry_len(n), f_entry_done(n), f_pl(n), f_pd(n);
  int32_t top = 0;
  int32_t cursor = 0;
  int64_t next_poll = 1024;

  const auto descend = [&]() {
    for (;;) {
      if (steps > step_cap) {
        aborted = true;
      } else if (steps >= next_poll) {
        next_poll = steps + 1024;
        if ((out.stop = limits.CheckLimits()) != Stop::kNone) aborted = true;
      }
      if (aborted || V > best_v) return;
      const int64_t entry_len = pend_len;
      const int64_t entry_done = pend_done;
      if (V == best_v && (!propagate() || fixed_e + lb_sum >= best_e - eps_e)) {
        pend_len = entry_len;
        pend_done = entry_done;
        return;
      }
      int32_t c = cursor;
      while (c < n && val[order[c]] >= 0) ++c;
      if (c == n) {
        if (V < best_v || (V == best_v && fixed_e < best_e - eps_e)) {
          best_v = V;
          best_e = fixed_e;
          for (int32_t i = 0; i < n; ++i) best[i] = static_cast<uint8_t>(val[i]);
        }
        pend_len = entry_len;
        pend_done = entry_done;
        return;
      }
      const int32_t v = order[c];
      f_v[top] = v;
      f_first[top] = best[v];
      f_tried[top] = 1;
      f_mark[top] = depth;
      f_cursor[top] = cursor;
      f_entry_len[top] = entry_len;
      f_entry_done[top] = entry_done;
      f_pl[top] = pend_len;
      f_pd[top] = pend_done;
      ++top;
      cursor = c + 1;
      assign(v, best[v]);
    }
  };
  descend();
  while (top > 0) {
    const int32_t t = top - 1;
    unassign_to(f_mark[t]);
    pend_len = f_pl[t];
    pend_done = f_pd[t];
    if (f_tried[t] == 1 && !aborted) {
      f_tried[t] = 2;
      assign(f_v[t], f_first[t] ^ 1);
      descend();
      continue;
    }
    cursor = f_cursor[t];
    pend_len = f_entry_len[t];
    pend_done = f_entry_done[t];
    --top;
  }
  unassign_to(0);
  out.complete = !aborted;
  out.steps = steps;
  return out;
}

bool Better(const RulesScore& a, const RulesScore& b) {
  return a.violations < b.violations || (a.violations == b.violations && a.energy < b.energy);
}

}  // namespace

RulesScore ScoreRules(const RulesProblem& p, std::span<const uint8_t> x) {
  const RulesView& rv = p.rules;
  RulesScore s;
  const size_t R = rv.type.size();
  for (size_t r = 0; r < R; ++r) {
    const int32_t from = rv.start[r], to = rv.start[r + 1];
    bool holds;
    const uint8_t type = rv.type[r];
    if (type == kRequires) {
      holds = !(x[rv.nodes[from]] == 1 && x[rv.nodes[from + 1]] == 0);
    } else if (type == kIdentical) {
      holds = x[rv.nodes[from]] == x[rv.nodes[from + 1]];
    } else if (type == kDifferent) {
      holds = x[rv.nodes[from]] != x[rv.nodes[from + 1]];
    } else {
      int32_t ones = 0;
      for (int32_t q = from; q < to; ++q) ones += x[rv.nodes[q]] == 1 ? 1 : 0;
      const int32_t size = to - from;
      switch (type) {
        case kChooseOne: holds = ones == 1; break;
        case kChooseExactly: holds = ones == rv.k[r]; break;
        case kMutualExclusion: holds = ones <= 1; break;
        case kCapacityLimit: holds = ones <= rv.k[r]; break;
        case kForceTrue: holds = ones == size; break;
        default: holds = ones == 0; break;  // kForceFalse
      }
    }
    if (!holds) ++s.violations;
  }
  double energy = 0;
  for (int32_t i = 0; i < p.n; ++i) {
    if (x[i]) energy += p.linear[i];
  }
  for (size_t q = 0; q < p.pairs.size(); ++q) {
    if (x[p.pairs.i[q]] && x[p.pairs.j[q]]) energy += p.pairs.w[q];
  }
  s.energy = energy;
  return s;
}

CallStatus ValidateRules(std::string_view command, const RulesProblem& p, const SolveOptions& options,
                         std::string* error) {
  if (!CheckPairs(p.n, p.pairs, error)) return CallStatus::kError;
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const RulesView& rv = p.rules;
  const int32_t n = p.n;
  if (n < 1) return fail("n must be at least 1");
  const size_t R = rv.type.size();
  if (rv.k.size() != R || rv.start.size() != R + 1 || rv.start[0] != 0 ||
      static_cast<size_t>(rv.start[R]) != rv.nodes.size()) {
    return fail("malformed rule list");
  }
  // Offsets non-decreasing from 0 to nodes.size() before any node is read.
  for (size_t r = 0; r < R; ++r) {
    if (rv.start[r + 1] < rv.start[r]) return fail("malformed rule list");
  }
  std::vector<int32_t> seen_in(n, -1);
  for (size_t r = 0; r < R; ++r) {
    const int32_t from = rv.start[r], to = rv.start[r + 1];
    const int32_t size = to - from;
    const uint8_t type = rv.type[r];
    if (type > kDifferent) return fail("unknown rule type code");
    const bool pair = type == kRequires || type == kIdentical || type == kDifferent;
    if (pair ? size != 2 : size < 1) return fail("rule " + std::to_string(r) + " has a wrong node count");
    if (rv.k[r] < 0) return fail("rule k must be non-negative");
    for (int32_t q = from; q < to; ++q) {
      const int32_t v = rv.nodes[q];
      if (v < 0 || v >= n) return fail("rule node out of range");
      if (seen_in[v] == static_cast<int32_t>(r)) return fail("a rule names a node twice");
      seen_in[v] = static_cast<int32_t>(r);
    }
  }
  if (p.linear.size() != static_cast<size_t>(n)) return fail("linear must have n entries");
  for (double h : p.linear) {
    if (!std::isfinite(h)) return fail("linear must be finite");
  }
  for (double w : p.pairs.w) {
    if (!std::isfinite(w)) return fail("pair weights must be finite");
  }
  if (p.complete || !options.warm_start.empty()) return fail("rules takes no complete flag or warm start");
  RulesBudget b;
  if (!DecodeBudget(rv.budget, kRulesBudget, &b, nullptr)) return fail("rules budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveRules(const RulesProblem& p, const SolveOptions& options, const Limits& limits,
                      SolveResult* out, std::string* error) {
  RulesBudget b;
  if (!DecodeBudget(p.rules.budget, kRulesBudget, &b, nullptr)) {
    Fail(error, "rules budget out of range");
    return CallStatus::kError;
  }
  const Encoding enc = Encode(p);
  const double eps_e = EpsilonFor(enc);
  Prng rng(options.seed);
  PenaltyTabu tabu(enc, b, rng, limits, eps_e);
  const int64_t first_moves =
      b.search_first ? b.tabu_moves
                     : std::min<int64_t>(b.tabu_moves, std::max<int64_t>(1000, 10 * static_cast<int64_t>(p.n)));
  TabuOutcome a = tabu.Run(first_moves, nullptr);
  std::vector<uint8_t> x = std::move(a.x);
  Stop stop = a.stop;
  Work work{a.moves, 0, std::max<int64_t>(0, a.phases - 1)};
  bool complete = false;
  if (stop == Stop::kNone) {
    const RulesScore s = ScoreRules(p, x);
    BnbOutcome bb = BranchAndBound(enc, x, s.violations, s.energy, b.bb_steps, limits, eps_e);
    x = std::move(bb.x);
    complete = bb.complete;
    stop = bb.stop;
    work.nodes = bb.steps;
    const int64_t rest = b.tabu_moves - a.moves;
    if (!b.search_first && !complete && stop == Stop::kNone && rest > 0) {
      TabuOutcome c = tabu.Run(rest, &x);
      stop = c.stop;
      work.iterations += c.moves;
      work.restarts += c.phases;
      if (Better(ScoreRules(p, c.x), ScoreRules(p, x))) x = std::move(c.x);
    }
  }
  const RulesScore score = ScoreRules(p, x);
  out->answer = std::move(x);
  out->objective = score.energy;
  out->kind = ResultKind::kRules;
  out->SetExtra("violations", static_cast<double>(score.violations));
  out->proof = complete ? Proof::kBranchAndBound : Proof::kNone;
  out->has_bound = false;
  out->status = complete ? ResultStatus::kOptimal : StatusFor(stop, ResultStatus::kWorkLimit);
  out->work = work;
  return CallStatus::kOk;
}

}  // namespace svc::core

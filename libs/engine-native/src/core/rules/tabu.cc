// rules: the penalty tabu search (tabu.h).
#include "rules/tabu.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "kernels/flip_state.h"
#include "kernels/move_scan.h"

namespace svc::core {

namespace {

// Most rules a breakout step reweighs (tabu.ts BUMP_MAX).
constexpr int64_t kBumpMax = 32;

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

}  // namespace

RulesPenaltyTabu::RulesPenaltyTabu(const RulesEncoding& e, const RulesBudget& b, Prng& rng, const Limits& limits, double eps_e)
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

RulesTabuOutcome RulesPenaltyTabu::Run(int64_t max_moves, const std::vector<uint8_t>* start) {
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
  RulesTabuOutcome out;
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

int32_t RulesPenaltyTabu::Dev(int32_t t, int32_t r) const {
  const int32_t lo = e_.lo[r], hi = e_.hi[r];
  return t < lo ? 1 + lo - t : t > hi ? 1 + t - hi : 0;
}

void RulesPenaltyTabu::SetBad(int32_t r, bool bad) {
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

void RulesPenaltyTabu::Refresh(int32_t u) {
  const double d = pen_[u] + (x_[u] ? -f_[u] : f_[u]);
  delta_[u] = d;
  if (sel_) sel_->Update(u, d);
}

void RulesPenaltyTabu::Recompute() {
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

void RulesPenaltyTabu::Flip(int32_t v) {
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

void RulesPenaltyTabu::Bump() {
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

}  // namespace svc::core

// rules: branch and bound with propagation (branch_bound.h).
#include "rules/branch_bound.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace svc::core {

RulesBnbOutcome RulesBranchAndBound(const RulesEncoding& e, const std::vector<uint8_t>& incumbent,
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

  RulesBnbOutcome out;
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

}  // namespace svc::core

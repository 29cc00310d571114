// Peeling and the lazy elimination plan (structure.h; engine-ts families/xorsat/structure.ts).
#include "xorsat/structure.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace svc::core {

void XorSystem::BuildColumns() {
  if (!col_start.empty()) return;
  col_start.assign(static_cast<size_t>(n) + 1, 0);
  for (int32_t i : vars) ++col_start[static_cast<size_t>(i) + 1];
  for (int32_t i = 0; i < n; ++i) col_start[i + 1] += col_start[i];
  col_eqs.resize(vars.size());
  std::vector<int32_t> fill(col_start.begin(), col_start.end() - 1);
  const int32_t rows = m();
  for (int32_t e = 0; e < rows; ++e) {
    for (int32_t k = start[e]; k < start[e + 1]; ++k) col_eqs[fill[vars[k]]++] = e;
  }
}

double XorsatStructure::DenseBits() const {
  if (lazy) {
    return static_cast<double>(solved_eq.size() + dense_eqs.size()) * static_cast<double>(active_vars.size() + 1);
  }
  return static_cast<double>(core.m()) * static_cast<double>(core.n + 1);
}

namespace {

// Lazy elimination of the core (structure.h step 2), symbolic: which equation solves which
// variable, which are left dense, which variables are active.
void PlanLazy(XorsatStructure* s) {
  const XorSystem& c = s->core;
  const int32_t m = c.m();
  std::vector<int32_t> idle(static_cast<size_t>(m));
  for (int32_t e = 0; e < m; ++e) idle[e] = c.start[e + 1] - c.start[e];
  std::vector<uint8_t> state(static_cast<size_t>(c.n), 0);  // 0 idle, 1 active, 2 solved
  std::vector<uint8_t> done(static_cast<size_t>(m), 0);
  // Heaviest first (the core's degree), then the lower index.
  std::vector<int32_t> order(static_cast<size_t>(c.n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    return c.col_start[a + 1] - c.col_start[a] > c.col_start[b + 1] - c.col_start[b];
  });
  std::vector<int32_t> stack;
  for (int32_t e = 0; e < m; ++e) {
    if (idle[e] <= 1) stack.push_back(e);
  }
  const auto drop = [&](int32_t x) {
    for (int32_t q = c.col_start[x]; q < c.col_start[x + 1]; ++q) {
      const int32_t f = c.col_eqs[q];
      if (done[f] == 0 && --idle[f] <= 1) stack.push_back(f);
    }
  };
  int32_t left = m;
  size_t next = 0;
  while (left > 0) {
    while (!stack.empty()) {
      const int32_t e = stack.back();
      stack.pop_back();
      if (done[e] != 0) continue;
      done[e] = 1;
      --left;
      if (idle[e] == 0) {
        s->dense_eqs.push_back(e);
        continue;
      }
      int32_t x = -1;
      for (int32_t k = c.start[e]; k < c.start[e + 1]; ++k) {
        if (state[c.vars[k]] == 0) {
          x = c.vars[k];
          break;
        }
      }
      state[x] = 2;
      s->solved_eq.push_back(e);
      s->solved_var.push_back(x);
      drop(x);
    }
    if (left == 0) break;
    while (state[order[next]] != 0) ++next;
    const int32_t x = order[next];
    state[x] = 1;
    s->active_vars.push_back(x);
    drop(x);
  }
}

}  // namespace

XorsatStructure PlanXorsat(const XorsatView& v, int32_t n, double max_build_bits) {
  XorsatStructure s;
  const int32_t m = static_cast<int32_t>(v.rhs.size());
  // Degrees, and when some variable has degree 1 (else nothing peels: a dense system skips this
  // pass) the XOR of the equations of each variable: a variable of degree 1 names its one
  // equation with no column lists.
  std::vector<int32_t> deg(static_cast<size_t>(n), 0);
  const double bits = static_cast<double>(m) * (static_cast<double>(n) + 1);
  if (m > 0 && static_cast<double>(v.vars.size()) * 64 >= static_cast<double>(m) * n && bits <= max_build_bits) {
    // Dense as a whole: the bit matrix in the same pass (the equation lists are read once for both).
    s.augmented = BitMatrix(static_cast<size_t>(m), static_cast<size_t>(n) + 1);
    for (int32_t e = 0; e < m; ++e) {
      uint64_t* row = s.augmented.Row(static_cast<size_t>(e));
      XorColumnsInto(row, v.vars.data() + v.start[e], v.start[e + 1] - v.start[e], [&](int32_t x) { ++deg[x]; });
      if (v.rhs[e] != 0) s.augmented.Flip(static_cast<size_t>(e), static_cast<size_t>(n));
    }
  } else {
    for (int32_t k = 0; k < v.start[m]; ++k) ++deg[v.vars[k]];
  }
  // 1. Peeling, last freed first.
  std::vector<uint8_t> removed(static_cast<size_t>(m), 0);
  std::vector<int32_t> stack;
  for (int32_t i = 0; i < n; ++i) {
    if (deg[i] == 1) stack.push_back(i);
  }
  std::vector<int32_t> eqx;
  if (!stack.empty()) {
    eqx.assign(static_cast<size_t>(n), 0);
    for (int32_t e = 0; e < m; ++e) {
      for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) eqx[v.vars[k]] ^= e;
    }
  }
  while (!stack.empty()) {
    const int32_t x = stack.back();
    stack.pop_back();
    if (deg[x] != 1) continue;
    const int32_t e = eqx[x];
    removed[e] = 1;
    s.peel_eq.push_back(e);
    s.peel_var.push_back(x);
    for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) {
      const int32_t u = v.vars[k];
      eqx[u] ^= e;
      if (--deg[u] == 1) stack.push_back(u);
    }
  }
  // The core in its own numbering: the problem's own rows when nothing was set aside.
  std::vector<int32_t> local(static_cast<size_t>(n), -1);
  for (int32_t i = 0; i < n; ++i) {
    if (deg[i] > 0) {
      local[i] = static_cast<int32_t>(s.core_vars.size());
      s.core_vars.push_back(i);
    }
  }
  XorSystem& c = s.core;
  c.n = static_cast<int32_t>(s.core_vars.size());
  for (int32_t e = 0; e < m; ++e) {
    if (v.start[e] == v.start[e + 1]) s.empty_violated += v.rhs[e];
    else if (removed[e] == 0) s.core_eqs.push_back(e);
  }
  if (s.core_eqs.size() == static_cast<size_t>(m) && c.n == n) {
    c.start = v.start;
    c.vars = v.vars;
    c.rhs = v.rhs;
  } else {
    s.augmented = BitMatrix();
    c.own_start.reserve(s.core_eqs.size() + 1);
    c.own_start.push_back(0);
    for (int32_t e : s.core_eqs) {
      for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) c.own_vars.push_back(local[v.vars[k]]);
      c.own_start.push_back(static_cast<int32_t>(c.own_vars.size()));
      c.own_rhs.push_back(v.rhs[e]);
    }
    c.start = c.own_start;
    c.vars = c.own_vars;
    c.rhs = c.own_rhs;
  }
  // 2. Dense or lazy: a core of density 1/64 or more is eliminated densely; a sparser one by lazy
  // elimination when its dense part costs less than the whole core (bit operations, roughly).
  const double mc = c.m();
  const double nc = c.n;
  if (mc == 0 || static_cast<double>(c.vars.size()) * 64 >= mc * nc) return s;
  c.BuildColumns();
  PlanLazy(&s);
  const double S = static_cast<double>(s.solved_eq.size());
  const double D = static_cast<double>(s.dense_eqs.size());
  const double A = static_cast<double>(s.active_vars.size());
  s.lazy = D * A * std::min(D, A) + 4 * S * A < mc * nc * std::min(mc, nc);
  if (!s.lazy) {
    s.solved_eq.clear();
    s.solved_var.clear();
    s.dense_eqs.clear();
    s.active_vars.clear();
  }
  return s;
}

}  // namespace svc::core

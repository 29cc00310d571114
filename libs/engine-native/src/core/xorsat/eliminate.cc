// The numeric elimination of a core (eliminate.h; engine-ts families/xorsat/eliminate.ts).
#include "xorsat/eliminate.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace svc::core {

namespace {

// [A | rhs ^ flip] of the core, with `extra` zero columns after the rhs.
BitMatrix Augmented(const XorSystem& c, const std::vector<uint8_t>* flip, size_t extra) {
  BitMatrix a(static_cast<size_t>(c.m()), static_cast<size_t>(c.n) + 1 + extra);
  for (int32_t e = 0; e < c.m(); ++e) {
    XorColumnsInto(a.Row(static_cast<size_t>(e)), c.vars.data() + c.start[e], c.start[e + 1] - c.start[e], [](int32_t) {});
    if ((c.rhs[e] ^ (flip != nullptr ? (*flip)[e] : 0)) != 0) a.Flip(e, c.n);
  }
  return a;
}

CoreElimination Dense(const XorSystem& c, BitMatrix* built, const Limits& limits) {
  CoreElimination out;
  BitMatrix a = built->rows() > 0 ? std::exchange(*built, BitMatrix()) : Augmented(c, nullptr, 0);
  const Echelon ech = EchelonForm(&a, c.n, limits);
  out.stop = ech.stop;
  if (out.stop != Stop::kNone) return out;
  out.rank = ech.rank;
  for (int32_t r = ech.rank; r < c.m(); ++r) {
    if (a.Get(r, c.n)) out.consistent = false;
  }
  BackSubstitute(a, ech, c.n, c.n, &out.x);
  out.pivots = ech.pivot_col;
  return out;
}

CoreElimination Lazy(const XorsatStructure& s, const Limits& limits) {
  const XorSystem& c = s.core;
  CoreElimination out;
  const int32_t A = static_cast<int32_t>(s.active_vars.size());
  std::vector<int32_t> act(static_cast<size_t>(c.n), -1);
  for (int32_t i = 0; i < A; ++i) act[s.active_vars[i]] = i;
  // Each solved variable as a row over the active ones and the constant (column A).
  std::vector<int32_t> slot(static_cast<size_t>(c.n), -1);
  BitMatrix solved(s.solved_eq.size(), static_cast<size_t>(A) + 1);
  const size_t words = solved.words();
  const auto express = [&](int32_t e, int32_t skip, uint64_t* row) {
    for (int32_t k = c.start[e]; k < c.start[e + 1]; ++k) {
      const int32_t u = c.vars[k];
      if (u == skip) continue;
      if (act[u] >= 0) {
        row[act[u] >> 6] ^= uint64_t{1} << (act[u] & 63);
      } else {
        XorWords(row, solved.Row(static_cast<size_t>(slot[u])), words);
      }
    }
    if (c.rhs[e] != 0) row[A >> 6] ^= uint64_t{1} << (A & 63);
  };
  for (size_t k = 0; k < s.solved_eq.size(); ++k) {
    if ((k & 1023) == 0) {
      out.stop = limits.CheckLimits();
      if (out.stop != Stop::kNone) return out;
    }
    express(s.solved_eq[k], s.solved_var[k], solved.Row(k));
    slot[s.solved_var[k]] = static_cast<int32_t>(k);
  }
  BitMatrix dense(s.dense_eqs.size(), static_cast<size_t>(A) + 1);
  for (size_t k = 0; k < s.dense_eqs.size(); ++k) express(s.dense_eqs[k], -1, dense.Row(k));
  solved = BitMatrix();
  const Echelon ech = EchelonForm(&dense, A, limits);
  out.stop = ech.stop;
  if (out.stop != Stop::kNone) return out;
  out.rank = static_cast<int32_t>(s.solved_eq.size()) + ech.rank;
  for (size_t r = static_cast<size_t>(ech.rank); r < dense.rows(); ++r) {
    if (dense.Get(r, static_cast<size_t>(A))) out.consistent = false;
  }
  std::vector<uint8_t> xa;
  BackSubstitute(dense, ech, A, A, &xa);
  out.x.assign(static_cast<size_t>(c.n), 0);
  for (int32_t i = 0; i < A; ++i) out.x[s.active_vars[i]] = xa[i];
  for (size_t k = 0; k < s.solved_eq.size(); ++k) {
    const int32_t e = s.solved_eq[k];
    const int32_t x = s.solved_var[k];
    uint8_t b = c.rhs[e];
    for (int32_t q = c.start[e]; q < c.start[e + 1]; ++q) {
      if (c.vars[q] != x) b ^= out.x[c.vars[q]];
    }
    out.x[x] = b;
  }
  out.pivots = s.solved_var;
  for (int32_t j = 0; j < ech.rank; ++j) out.pivots.push_back(s.active_vars[ech.pivot_col[j]]);
  return out;
}

}  // namespace

CoreElimination EliminateCore(XorsatStructure* s, const Limits& limits) {
  if (s->core.m() == 0) return CoreElimination{};
  return s->lazy ? Lazy(*s, limits) : Dense(s->core, &s->augmented, limits);
}

Stop SolveFlipped(const XorSystem& core, const std::vector<uint8_t>& flip, const Limits& limits,
                  std::vector<uint8_t>* x) {
  BitMatrix a = Augmented(core, &flip, 0);
  const Echelon ech = EchelonForm(&a, core.n, limits);
  if (ech.stop != Stop::kNone) return ech.stop;
  BackSubstitute(a, ech, core.n, core.n, x);
  return Stop::kNone;
}

NullSpace CoreNullSpace(const XorSystem& c, const Limits& limits) {
  NullSpace ns;
  const size_t m = static_cast<size_t>(c.m());
  BitMatrix a = Augmented(c, nullptr, m);
  for (size_t e = 0; e < m; ++e) a.Flip(e, static_cast<size_t>(c.n) + 1 + e);
  const Echelon ech = EchelonForm(&a, c.n, limits);
  ns.stop = ech.stop;
  if (ns.stop != Stop::kNone) return ns;
  const size_t d = m - static_cast<size_t>(ech.rank);
  ns.y = BitMatrix(d, m);
  ns.parity.resize(d);
  const size_t first = static_cast<size_t>(c.n) + 1;
  for (size_t k = 0; k < d; ++k) {
    const size_t r = static_cast<size_t>(ech.rank) + k;
    ns.parity[k] = a.Get(r, static_cast<size_t>(c.n)) ? 1 : 0;
    for (size_t j = 0; j < m; ++j) {
      if (a.Get(r, first + j)) ns.y.Flip(k, j);
    }
  }
  return ns;
}

}  // namespace svc::core

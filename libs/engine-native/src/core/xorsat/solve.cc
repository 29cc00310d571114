// xorsat: elimination, enumeration of the column space, WalkSAT-style flips. A port of engine-ts
// families/xorsat/solve.ts (its comment is the specification).
#include "xorsat/solve.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/prng.h"

namespace svc::core {

namespace {

// Sizes the core accepts (the contract caps are smaller: 2,048 variables, 8,192 equations).
constexpr int32_t kMaxVars = 1 << 16;
constexpr size_t kMaxEquations = size_t{1} << 22;
constexpr size_t kMaxEntries = size_t{1} << 26;
// Pivot rows held at once, words each: rank * ceil(n / 64) words (512 MiB at most).
constexpr double kMaxRowWords = 64.0 * 1024 * 1024;
// engine-ts XORSAT_NOISE.
constexpr double kNoise = 0.2;

}  // namespace

int64_t XorsatViolations(const XorsatView& v, std::span<const uint8_t> x) {
  int64_t violations = 0;
  const size_t m = v.rhs.size();
  for (size_t e = 0; e < m; ++e) {
    uint8_t parity = v.rhs[e];
    for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) parity ^= x[v.vars[k]];
    violations += parity;
  }
  return violations;
}

XorsatElimination EliminateXorsat(const XorsatView& v, int32_t n, const Limits& limits) {
  XorsatElimination el;
  const size_t m = v.rhs.size();
  const size_t W = (static_cast<size_t>(n) + 63) / 64;
  std::vector<std::vector<uint64_t>> rows;
  std::vector<uint8_t> row_rhs;
  std::vector<int32_t> pivot_of(n, -1);
  std::vector<uint64_t> row(W);
  for (size_t e = 0; e < m; ++e) {
    if ((e & 63) == 0) {
      el.stop = limits.CheckLimits();
      if (el.stop != Stop::kNone) {
        el.complete = false;
        break;
      }
    }
    std::fill(row.begin(), row.end(), 0);
    uint8_t r = v.rhs[e];
    for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) row[v.vars[k] >> 6] ^= uint64_t{1} << (v.vars[k] & 63);
    for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) {
      const int32_t b = pivot_of[v.vars[k]];
      if (b < 0) continue;
      const std::vector<uint64_t>& B = rows[b];
      for (size_t w = 0; w < W; ++w) row[w] ^= B[w];
      r ^= row_rhs[b];
    }
    int32_t piv = -1;
    for (size_t w = 0; w < W; ++w) {
      if (row[w] != 0) {
        piv = static_cast<int32_t>(w * 64 + std::countr_zero(row[w]));
        break;
      }
    }
    if (piv < 0) {
      if (r == 1) {
        ++el.inconsistent;
        if (v.start[e] == v.start[e + 1]) ++el.empty_violated;
      }
      continue;
    }
    const size_t pw = static_cast<size_t>(piv) >> 6;
    const uint64_t pbit = uint64_t{1} << (piv & 63);
    for (size_t b = 0; b < rows.size(); ++b) {
      std::vector<uint64_t>& B = rows[b];
      if ((B[pw] & pbit) == 0) continue;
      for (size_t w = 0; w < W; ++w) B[w] ^= row[w];
      row_rhs[b] ^= r;
    }
    pivot_of[piv] = static_cast<int32_t>(rows.size());
    rows.push_back(row);
    row_rhs.push_back(r);
    el.pivots.push_back(piv);
  }
  el.rank = static_cast<int32_t>(rows.size());
  el.x.assign(n, 0);
  for (size_t b = 0; b < rows.size(); ++b) el.x[el.pivots[b]] = row_rhs[b];
  return el;
}

CallStatus ValidateXorsat(std::string_view /*command*/, const XorsatProblem& p, const SolveOptions& options,
                          std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const XorsatView& v = p.xorsat;
  const int32_t n = p.n;
  if (n < 1 || n > kMaxVars) return fail("xorsat needs 1 to 65536 variables");
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("xorsat takes only its own fields");
  }
  const size_t m = v.rhs.size();
  if (m < 1 || m > kMaxEquations) return fail("xorsat needs 1 to 4194304 equations");
  if (v.start.size() != m + 1 || v.start[0] != 0) return fail("xorsat needs m+1 equation offsets from 0");
  if (v.vars.size() > kMaxEntries || static_cast<size_t>(v.start[m]) != v.vars.size()) {
    return fail("equation offsets disagree with the variables");
  }
  for (size_t e = 0; e < m; ++e) {
    if (v.start[e + 1] < v.start[e]) return fail("equation offsets must not decrease");
    if (v.rhs[e] > 1) return fail("rhs must be 0 or 1");
    for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) {
      const int32_t i = v.vars[k];
      if (i < 0 || i >= n) return fail("a variable is out of range");
      if (k > v.start[e] && i <= v.vars[k - 1]) return fail("the variables of an equation must increase");
    }
  }
  const double rank_max = static_cast<double>(std::min<size_t>(m, static_cast<size_t>(n)));
  if (rank_max * ((n + 63) / 64) > kMaxRowWords) return fail("xorsat is too large to eliminate");
  XorsatBudget b;
  if (!DecodeBudget(v.budget, kXorsatBudget, &b, nullptr)) return fail("xorsat budget out of range");
  return CallStatus::kOk;
}

CallStatus SolveXorsat(const XorsatProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                       std::string* error) {
  XorsatBudget budget;
  if (!DecodeBudget(p.xorsat.budget, kXorsatBudget, &budget, nullptr)) {
    Fail(error, "xorsat budget out of range");
    return CallStatus::kError;
  }
  const XorsatView& v = p.xorsat;
  const int32_t n = p.n;
  const size_t m = v.rhs.size();
  XorsatElimination el = EliminateXorsat(v, n, limits);
  Stop stop = el.stop;
  std::vector<uint8_t> best = el.x;
  int64_t best_count = el.inconsistent;
  int64_t iterations = 0;
  const auto done = [&](Proof proof, bool has_bound, double bound) {
    out->kind = ResultKind::kBinary;
    out->answer = best;
    out->order.clear();
    out->objective = static_cast<double>(XorsatViolations(v, out->answer));
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_bound;
    out->bound = out->has_bound ? std::min(bound, out->objective) : 0;
    out->status = StatusFor(stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = Work{iterations, 0, 0};
    return CallStatus::kOk;
  };
  if (!el.complete) return done(Proof::kNone, false, 0);
  if (el.inconsistent == 0) return done(Proof::kExhaustive, false, 0);
  const int64_t lower = el.empty_violated + (el.inconsistent > el.empty_violated ? 1 : 0);
  if (best_count <= lower) return done(Proof::kExhaustive, false, 0);

  // The equations of each variable.
  std::vector<int32_t> col_start(static_cast<size_t>(n) + 1, 0);
  for (int32_t i : v.vars) ++col_start[i + 1];
  for (int32_t i = 0; i < n; ++i) col_start[i + 1] += col_start[i];
  std::vector<int32_t> col_eqs(v.vars.size());
  {
    std::vector<int32_t> fill(col_start.begin(), col_start.end() - 1);
    for (size_t e = 0; e < m; ++e) {
      for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) col_eqs[fill[v.vars[k]]++] = static_cast<int32_t>(e);
    }
  }

  if (el.rank <= budget.enum_max_rank) {
    // Gray-code walk over the pivot variables; s = A·x ^ rhs, `count` its weight.
    std::vector<uint8_t> s(v.rhs.begin(), v.rhs.end());
    int64_t count = 0;
    for (uint8_t b : s) count += b;
    int64_t best_k = -1;
    if (count < best_count) {
      best_count = count;
      best_k = 0;
    }
    const uint64_t total = uint64_t{1} << el.rank;
    bool finished = true;
    for (uint64_t k = 1; k < total; ++k) {
      if ((k & 4095) == 0) {
        stop = limits.CheckLimits();
        if (stop != Stop::kNone) {
          finished = false;
          break;
        }
      }
      ++iterations;
      const int32_t c = el.pivots[std::countr_zero(k)];
      for (int32_t q = col_start[c]; q < col_start[c + 1]; ++q) {
        const int32_t e = col_eqs[q];
        s[e] ^= 1;
        count += s[e] == 1 ? 1 : -1;
      }
      if (count < best_count) {
        best_count = count;
        best_k = static_cast<int64_t>(k);
        if (best_count <= lower) break;
      }
    }
    if (best_k >= 0) {
      const uint64_t g = static_cast<uint64_t>(best_k) ^ (static_cast<uint64_t>(best_k) >> 1);
      best.assign(n, 0);
      for (int32_t t = 0; t < el.rank; ++t) best[el.pivots[t]] = static_cast<uint8_t>((g >> t) & 1);
    }
    return finished ? done(Proof::kExhaustive, false, 0) : done(Proof::kNone, true, static_cast<double>(lower));
  }

  // WalkSAT-style local search from x0 over the non-empty equations.
  std::vector<uint8_t> x = el.x;
  std::vector<uint8_t> violated(m, 0);
  std::vector<int32_t> unsat(m), unsat_at(m, -1);
  int32_t n_unsat = 0;
  std::vector<int64_t> gain(n, 0);
  for (size_t e = 0; e < m; ++e) {
    if (v.start[e] == v.start[e + 1]) continue;
    uint8_t parity = v.rhs[e];
    for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) parity ^= x[v.vars[k]];
    violated[e] = parity;
    if (parity == 1) {
      unsat_at[e] = n_unsat;
      unsat[n_unsat++] = static_cast<int32_t>(e);
    }
    for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) gain[v.vars[k]] += parity == 1 ? 1 : -1;
  }
  Prng rng(options.seed);
  const auto flip = [&](int32_t i) {
    x[i] ^= 1;
    for (int32_t q = col_start[i]; q < col_start[i + 1]; ++q) {
      const int32_t e = col_eqs[q];
      violated[e] ^= 1;
      const int64_t d = violated[e] == 1 ? 2 : -2;
      for (int32_t k = v.start[e]; k < v.start[e + 1]; ++k) gain[v.vars[k]] += d;
      if (violated[e] == 1) {
        unsat_at[e] = n_unsat;
        unsat[n_unsat++] = e;
      } else {
        const int32_t at = unsat_at[e];
        const int32_t last = unsat[--n_unsat];
        unsat[at] = last;
        unsat_at[last] = at;
        unsat_at[e] = -1;
      }
    }
  };
  for (int64_t step = 0; step < budget.search_steps; ++step) {
    if ((step & 1023) == 0) {
      stop = limits.CheckLimits();
      if (stop != Stop::kNone) break;
    }
    if (best_count <= lower || n_unsat == 0) break;
    ++iterations;
    const int32_t e = unsat[rng.NextInt(static_cast<uint32_t>(n_unsat))];
    const int32_t len = v.start[e + 1] - v.start[e];
    int32_t i;
    if (rng.NextFloat() < kNoise) {
      i = v.vars[v.start[e] + static_cast<int32_t>(rng.NextInt(static_cast<uint32_t>(len)))];
    } else {
      i = v.vars[v.start[e]];
      for (int32_t k = v.start[e] + 1; k < v.start[e + 1]; ++k) {
        if (gain[v.vars[k]] > gain[i]) i = v.vars[k];
      }
    }
    flip(i);
    if (n_unsat + el.empty_violated < best_count) {
      best_count = n_unsat + el.empty_violated;
      best = x;
    }
  }
  return best_count <= lower ? done(Proof::kExhaustive, false, 0) : done(Proof::kNone, true, static_cast<double>(lower));
}

}  // namespace svc::core

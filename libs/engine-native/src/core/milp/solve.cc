// milp: a port of engine-ts families/milp/solve.ts, step for step and with the same generator
// calls (that file's comment is the specification).
#include "milp/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "common/checks.h"
#include "common/prng.h"

namespace svc::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Relative pivot tolerance of the semidefinite LDLᵀ (solve.ts TAU).
constexpr double kTau = 1e-12;
// Doublings of the binaries' diagonal shift tried (solve.ts SHIFT_DOUBLINGS).
constexpr int kShiftDoublings = 20;
// The most variables of a non-convex objective that get the spatial tree (solve.ts SPATIAL_MAX_VARS).
constexpr int32_t kSpatialMaxVars = 16;
// The contract's cap on variables (limits.ts maxMilpVars).
constexpr int32_t kMaxVars = 256;

using Vec = std::vector<double>;
using Idx = std::vector<int32_t>;

// Lower Cholesky factor of A[idx, idx] + shift·I, or nullopt when not positive definite.
std::optional<Vec> Cholesky(const Vec& A, int32_t n, const Idx& idx, double shift) {
  const size_t k = idx.size();
  Vec L(k * k, 0.0);
  for (size_t r = 0; r < k; ++r) {
    for (size_t c = 0; c <= r; ++c) {
      double s = A[static_cast<size_t>(idx[r]) * n + idx[c]] + (r == c ? shift : 0);
      for (size_t m = 0; m < c; ++m) s -= L[r * k + m] * L[c * k + m];
      if (r == c) {
        if (!(s > 0)) return std::nullopt;
        L[r * k + r] = std::sqrt(s);
      } else {
        L[r * k + c] = s / L[c * k + c];
      }
    }
  }
  return L;
}

// solve.ts Ldl: A[idx, idx] = L·diag(D)·Lᵀ, L unit lower (k×k); D[c] = 0 marks a zero pivot.
struct Ldl {
  size_t k = 0;
  Vec L;
  Vec D;
};

// solve.ts ldl: the semidefinite LDLᵀ, or nullopt when A[idx, idx] is not positive semidefinite.
std::optional<Ldl> Factor(const Vec& A, int32_t n, const Idx& idx, double tau) {
  Ldl f;
  const size_t k = idx.size();
  f.k = k;
  f.L.assign(k * k, 0.0);
  f.D.assign(k, 0.0);
  Vec& L = f.L;
  Vec& D = f.D;
  for (size_t c = 0; c < k; ++c) {
    double d = A[static_cast<size_t>(idx[c]) * n + idx[c]];
    for (size_t m = 0; m < c; ++m) d -= L[c * k + m] * L[c * k + m] * D[m];
    if (!(d >= -tau)) return std::nullopt;
    const bool zero = d <= tau;
    D[c] = zero ? 0 : d;
    L[c * k + c] = 1;
    for (size_t r = c + 1; r < k; ++r) {
      double v = A[static_cast<size_t>(idx[r]) * n + idx[c]];
      for (size_t m = 0; m < c; ++m) v -= L[r * k + m] * L[c * k + m] * D[m];
      if (zero) {
        if (!(std::fabs(v) <= tau)) return std::nullopt;
      } else {
        L[r * k + c] = v / d;
      }
    }
  }
  return f;
}

// solve.ts blockScale: the largest |A[i, j]| over idx × idx (at least 1).
double BlockScale(const Vec& A, int32_t n, const Idx& idx) {
  double s = 1;
  for (int32_t i : idx) {
    for (int32_t j : idx) s = std::max(s, std::fabs(A[static_cast<size_t>(i) * n + j]));
  }
  return s;
}

// solve.ts semidefinite.
bool Semidefinite(const Vec& A, int32_t n, const Idx& idx) {
  return Factor(A, n, idx, kTau * BlockScale(A, n, idx)).has_value();
}

struct Qp {
  const Vec& A;
  const Vec& b;
  std::span<const double> lo;
  std::span<const double> hi;
  int32_t n;
  double tau;
  double tol;
};

double Value(const Qp& qp, const Vec& x) {
  double f = 0;
  for (int32_t i = 0; i < qp.n; ++i) {
    double row = 0;
    for (int32_t j = 0; j < qp.n; ++j) row += qp.A[static_cast<size_t>(i) * qp.n + j] * x[j];
    f += 0.5 * x[i] * row + qp.b[i] * x[i];
  }
  return f;
}

double Gradient(const Qp& qp, const Vec& x, int32_t i) {
  double g = qp.b[i];
  for (int32_t j = 0; j < qp.n; ++j) g += qp.A[static_cast<size_t>(i) * qp.n + j] * x[j];
  return g;
}

struct QpResult {
  double f = 0;
  double bound = 0;
};

// solve.ts boxQp: nullopt when a free block is not positive definite.
std::optional<QpResult> BoxQp(const Qp& qp, Vec& x, const Idx& movable) {
  const int32_t n = qp.n;
  std::vector<int8_t> state(n, 0);
  for (int32_t i : movable) {
    x[i] = std::min(qp.hi[i], std::max(qp.lo[i], std::isfinite(x[i]) ? x[i] : 0.0));
    state[i] = x[i] == qp.lo[i] && x[i] != qp.hi[i] ? -1 : x[i] == qp.hi[i] && x[i] != qp.lo[i] ? 1 : 0;
    if (qp.lo[i] == qp.hi[i]) state[i] = -1;
  }
  const int64_t max_iter = 50 + 10 * static_cast<int64_t>(movable.size());
  std::vector<uint8_t> in_f(n);
  for (int64_t it = 0; it < max_iter; ++it) {
    Idx F;
    for (int32_t i : movable) {
      if (state[i] == 0) F.push_back(i);
    }
    if (!F.empty()) {
      const std::optional<Ldl> fac = Factor(qp.A, n, F, qp.tau);
      if (!fac) return std::nullopt;
      const size_t k = fac->k;
      const Vec& L = fac->L;
      const Vec& D = fac->D;
      Vec h(k, 0.0);
      double gmax = 0;
      for (size_t r = 0; r < k; ++r) {
        const double g = Gradient(qp, x, F[r]);
        gmax = std::max(gmax, std::fabs(g));
        double v = g;
        for (size_t m = 0; m < r; ++m) v -= L[r * k + m] * h[m];
        h[r] = v;
      }
      const double gtol = 1e-12 * (1 + gmax);
      bool flat = false;
      for (size_t r = 0; r < k; ++r) {
        if (D[r] == 0 && std::fabs(h[r]) > gtol) flat = true;
      }
      Vec u(k, 0.0);
      for (size_t r = 0; r < k; ++r) u[r] = D[r] == 0 ? (flat ? -h[r] : 0) : flat ? 0 : -h[r] / D[r];
      Vec d(k, 0.0);
      for (size_t r = k; r-- > 0;) {
        double v = u[r];
        for (size_t m = r + 1; m < k; ++m) v -= L[m * k + r] * d[m];
        d[r] = v;
      }
      double alpha = flat ? kInf : 1;
      int32_t block = -1;
      int32_t side = 0;
      for (size_t r = 0; r < k; ++r) {
        const int32_t i = F[r];
        if (d[r] < 0 && qp.lo[i] > -kInf) {
          const double a = (qp.lo[i] - x[i]) / d[r];
          if (a < alpha) {
            alpha = a;
            block = i;
            side = -1;
          }
        } else if (d[r] > 0 && qp.hi[i] < kInf) {
          const double a = (qp.hi[i] - x[i]) / d[r];
          if (a < alpha) {
            alpha = a;
            block = i;
            side = 1;
          }
        }
      }
      if (alpha == kInf) return std::nullopt;
      alpha = std::max(0.0, alpha);
      for (size_t r = 0; r < k; ++r) {
        const int32_t i = F[r];
        x[i] = std::min(qp.hi[i], std::max(qp.lo[i], x[i] + alpha * d[r]));
      }
      if (block >= 0) {
        x[block] = side < 0 ? qp.lo[block] : qp.hi[block];
        state[block] = static_cast<int8_t>(side);
        continue;
      }
    }
    int32_t worst = -1;
    double worst_v = qp.tol;
    for (int32_t i : movable) {
      if (state[i] == 0 || qp.lo[i] == qp.hi[i]) continue;
      const double g = Gradient(qp, x, i);
      const double v = state[i] < 0 ? -g : g;
      if (v > worst_v) {
        worst_v = v;
        worst = i;
      }
    }
    if (worst < 0) break;
    state[worst] = 0;
  }
  QpResult out;
  out.f = Value(qp, x);
  out.bound = out.f;
  for (int32_t i : movable) {
    const double g = Gradient(qp, x, i);
    const double down = qp.lo[i] == -kInf ? (g > qp.tol ? -kInf : 0) : g * (qp.lo[i] - x[i]);
    const double up = qp.hi[i] == kInf ? (g < -qp.tol ? -kInf : 0) : g * (qp.hi[i] - x[i]);
    out.bound += std::min({0.0, down, up});
  }
  return out;
}

// solve.ts coordinateDescent.
void CoordinateDescent(const MilpProblem& p, const Vec& H, Vec& x, const Idx& cont, double tol) {
  const int32_t n = p.n;
  Vec g(n);
  for (int32_t i = 0; i < n; ++i) {
    double s = p.linear[i];
    for (int32_t j = 0; j < n; ++j) s += H[static_cast<size_t>(i) * n + j] * x[j];
    g[i] = s;
  }
  for (int32_t sweep = 0; sweep < 500; ++sweep) {
    double moved = 0;
    for (int32_t i : cont) {
      const double h = H[static_cast<size_t>(i) * n + i];
      const double old = x[i];
      double next;
      if (h > 0) {
        next = std::min(p.milp.hi[i], std::max(p.milp.lo[i], old - g[i] / h));
      } else {
        const auto at = [&](double v) { return 0.5 * h * (v - old) * (v - old) + g[i] * (v - old); };
        next = at(p.milp.lo[i]) <= at(p.milp.hi[i]) ? p.milp.lo[i] : p.milp.hi[i];
        if (at(next) >= 0) next = old;
      }
      const double d = next - old;
      if (d == 0) continue;
      x[i] = next;
      for (int32_t j = 0; j < n; ++j) g[j] += H[static_cast<size_t>(j) * n + i] * d;
      moved = std::max(moved, std::fabs(d) / (1 + std::fabs(next)));
    }
    if (moved <= tol) break;
  }
}

// solve.ts negativeCurvature: a direction p over idx with pᵀAp < −tau·|p|², from the LDLᵀ run up to
// its first failing column; nullopt when none is found.
struct Curvature {
  Vec p;
  double curvature = 0;
};
std::optional<Curvature> NegativeCurvature(const Vec& A, int32_t n, const Idx& idx, double tau) {
  const size_t k = idx.size();
  const auto at = [&](size_t a, size_t c) { return A[static_cast<size_t>(idx[a]) * n + idx[c]]; };
  Vec L(k * k, 0.0), D(k, 0.0), w(k, 0.0);
  std::ptrdiff_t fail = -1;
  for (size_t c = 0; c < k && fail < 0; ++c) {
    double d = at(c, c);
    for (size_t m = 0; m < c; ++m) d -= L[c * k + m] * L[c * k + m] * D[m];
    if (d < -tau) {
      w[c] = 1;
      fail = static_cast<std::ptrdiff_t>(c);
      break;
    }
    const bool zero = d <= tau;
    D[c] = zero ? 0 : d;
    L[c * k + c] = 1;
    std::ptrdiff_t worst = -1;
    double worst_v = 0;
    for (size_t r = c + 1; r < k; ++r) {
      double v = at(r, c);
      for (size_t m = 0; m < c; ++m) v -= L[r * k + m] * L[c * k + m] * D[m];
      if (zero) {
        if (std::fabs(v) > tau && std::fabs(v) > worst_v) {
          worst = static_cast<std::ptrdiff_t>(r);
          worst_v = std::fabs(v);
        }
      } else {
        L[r * k + c] = v / d;
      }
    }
    if (worst >= 0) {
      const size_t r = static_cast<size_t>(worst);
      double v = at(r, c);
      double srr = at(r, r);
      for (size_t m = 0; m < c; ++m) {
        v -= L[r * k + m] * L[c * k + m] * D[m];
        srr -= L[r * k + m] * L[r * k + m] * D[m];
      }
      w[c] = -(std::fabs(srr) + std::fabs(v)) / (2 * v);
      w[r] = 1;
      fail = static_cast<std::ptrdiff_t>(c);
    }
  }
  if (fail < 0) return std::nullopt;
  Curvature out;
  out.p = w;
  Vec& p = out.p;
  for (std::ptrdiff_t r = fail - 1; r >= 0; --r) {
    const size_t ru = static_cast<size_t>(r);
    double v = p[ru];
    for (size_t m = ru + 1; m < k; ++m) v -= L[m * k + ru] * p[m];
    p[ru] = v;
  }
  double curvature = 0, norm = 0;
  for (size_t a = 0; a < k; ++a) {
    double row = 0;
    for (size_t b = 0; b < k; ++b) row += at(a, b) * p[b];
    curvature += p[a] * row;
    norm += p[a] * p[a];
  }
  if (!(curvature < -tau * norm)) return std::nullopt;
  out.curvature = curvature;
  return out;
}

// solve.ts curvatureStep: along negative curvature of the block strictly inside the box, to the lower
// end of the segment up to the first bound; false when none or when it does not lower the objective.
bool CurvatureStep(const MilpProblem& p, const Vec& H, Vec& x, const Idx& cont, double tau) {
  const int32_t n = p.n;
  const auto& lo = p.milp.lo;
  const auto& hi = p.milp.hi;
  Idx F;
  for (int32_t i : cont) {
    if (lo[i] < x[i] && x[i] < hi[i]) F.push_back(i);
  }
  if (F.empty()) return false;
  const std::optional<Curvature> neg = NegativeCurvature(H, n, F, tau);
  if (!neg) return false;
  const Vec& d = neg->p;
  double slope = 0;
  for (size_t r = 0; r < F.size(); ++r) {
    double g = p.linear[F[r]];
    for (int32_t j = 0; j < n; ++j) g += H[static_cast<size_t>(F[r]) * n + j] * x[j];
    slope += g * d[r];
  }
  double best_drop = 0, best_alpha = 0;
  std::ptrdiff_t best_block = -1;
  for (double sign : {1.0, -1.0}) {
    double alpha = kInf;
    std::ptrdiff_t block = -1;
    for (size_t r = 0; r < F.size(); ++r) {
      const int32_t i = F[r];
      const double step = sign * d[r];
      const double a = step < 0 ? (lo[i] - x[i]) / step : step > 0 ? (hi[i] - x[i]) / step : kInf;
      if (a < alpha) {
        alpha = a;
        block = static_cast<std::ptrdiff_t>(r);
      }
    }
    if (alpha == kInf) continue;
    const double drop = alpha * sign * slope + 0.5 * alpha * alpha * neg->curvature;
    if (drop < best_drop) {
      best_drop = drop;
      best_alpha = sign * alpha;
      best_block = block;
    }
  }
  if (best_block < 0) return false;
  const double before = MilpObjective(p, x);
  const Vec saved = x;
  for (size_t r = 0; r < F.size(); ++r) x[F[r]] = std::min(hi[F[r]], std::max(lo[F[r]], x[F[r]] + best_alpha * d[r]));
  const size_t br = static_cast<size_t>(best_block);
  x[F[br]] = best_alpha * d[br] < 0 ? lo[F[br]] : hi[F[br]];
  if (MilpObjective(p, x) < before) return true;
  x = saved;
  return false;
}

// solve.ts definite: whether Cholesky of A + shift·I (n×n) completes with every pivot > 0.
bool Definite(const Vec& A, int32_t n, double shift) {
  const size_t N = static_cast<size_t>(n);
  Vec L(N * N, 0.0);
  for (size_t r = 0; r < N; ++r) {
    for (size_t c = 0; c <= r; ++c) {
      double v = A[r * N + c] + (r == c ? shift : 0);
      for (size_t m = 0; m < c; ++m) v -= L[r * N + m] * L[c * N + m];
      if (r == c) {
        if (!(v > 0)) return false;
        L[r * N + r] = std::sqrt(v);
      } else {
        L[r * N + c] = v / L[c * N + c];
      }
    }
  }
  return true;
}

// solve.ts uniformShift: σ with A + σ·I positive semidefinite (bisection on Cholesky plus a margin).
double UniformShift(const Vec& A, int32_t n, double top) {
  double lo = 0, hi = top;
  if (!Definite(A, n, hi)) return kInf;
  if (Definite(A, n, 0)) hi = 0;
  for (int k = 0; k < 60 && hi > 0 && hi - lo > 1e-9 * hi; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (Definite(A, n, mid)) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  double dmax = 0;
  for (int32_t i = 0; i < n; ++i) dmax = std::max(dmax, std::fabs(A[static_cast<size_t>(i) * n + i]));
  return hi + static_cast<double>(n + 1) * static_cast<double>(n + 1) * 1e-14 * (dmax + hi);
}

// solve.ts spatialRoot: the request's box with each variable of an infinite bound confined to where a
// global minimiser can put it; false when such a variable is coupled to another one.
bool SpatialRoot(const MilpProblem& p, const Vec& H, const Idx& cont, Vec* lo, Vec* hi) {
  const int32_t n = p.n;
  lo->assign(p.milp.lo.begin(), p.milp.lo.end());
  hi->assign(p.milp.hi.begin(), p.milp.hi.end());
  for (int32_t i : cont) {
    const double l = p.milp.lo[i], h = p.milp.hi[i];
    if (std::isfinite(l) && std::isfinite(h)) continue;
    double reach = std::fabs(p.linear[i]);
    for (int32_t j = 0; j < n; ++j) {
      const double w = H[static_cast<size_t>(i) * n + j];
      if (j != i && w != 0) reach += std::fabs(w) * std::max(std::fabs(p.milp.lo[j]), std::fabs(p.milp.hi[j]));
    }
    const double B = (reach / H[static_cast<size_t>(i) * n + i]) * (1 + 1e-9);
    if (!std::isfinite(B)) return false;
    (*lo)[i] = std::min(h, std::max(l, -B));
    (*hi)[i] = std::min(h, std::max(l, B));
  }
  return true;
}

double WeightSum(const MilpProblem& p) {
  double s = 0;
  double r = 1;
  for (int32_t i = 0; i < p.n; ++i) {
    s += std::fabs(p.linear[i]) + std::fabs(p.milp.diag[i]);
    for (double b : {p.milp.lo[i], p.milp.hi[i]}) {
      if (std::isfinite(b)) r = std::max(r, std::fabs(b));
    }
  }
  for (double w : p.pairs.w) s += std::fabs(w);
  return s * r * r;
}

}  // namespace

double MilpObjective(const MilpProblem& p, std::span<const double> x) {
  double f = 0;
  for (int32_t i = 0; i < p.n; ++i) {
    const double v = x[i];
    f += 0.5 * p.milp.diag[i] * v * v + p.linear[i] * v;
  }
  for (size_t k = 0; k < p.pairs.w.size(); ++k) f += p.pairs.w[k] * x[p.pairs.i[k]] * x[p.pairs.j[k]];
  return f;
}

CallStatus ValidateMilp(std::string_view /*command*/, const MilpProblem& p, const SolveOptions& options,
                        std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const int32_t n = p.n;
  const MilpView& m = p.milp;
  if (n < 1 || n > kMaxVars) return fail("milp takes 1 to 256 variables");
  const size_t N = static_cast<size_t>(n);
  if (m.binary.size() != N || m.lo.size() != N || m.hi.size() != N || m.diag.size() != N || p.linear.size() != N) {
    return fail("milp needs binary, lo, hi, diag and linear of length n");
  }
  if (p.complete || !options.warm_start.empty()) return fail("milp takes only its own fields");
  if (!CheckPairs(n, p.pairs, error)) return CallStatus::kError;
  double total = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (m.binary[i] > 1) return fail("binary flags are 0 or 1");
    if (!std::isfinite(p.linear[i]) || !std::isfinite(m.diag[i])) return fail("linear and diag must be finite");
    if (std::isnan(m.lo[i]) || std::isnan(m.hi[i]) || !(m.lo[i] <= m.hi[i]) || m.lo[i] == kInf || m.hi[i] == -kInf) return fail("bounds must be ordered");
    if (m.binary[i] && (m.lo[i] != 0 || m.hi[i] != 1)) return fail("a binary variable has the box [0, 1]");
    if (!m.binary[i] && (!std::isfinite(m.lo[i]) || !std::isfinite(m.hi[i])) && !(m.diag[i] > 0)) return fail("a continuous variable with an infinite bound needs diag > 0");
    total += std::fabs(p.linear[i]) + std::fabs(m.diag[i]);
    for (double b : {m.lo[i], m.hi[i]}) {
      if (std::isfinite(b)) total += std::fabs(b);
    }
  }
  for (double w : p.pairs.w) {
    if (!std::isfinite(w)) return fail("couplings must be finite");
    total += std::fabs(w);
  }
  if (!(total <= 1e150)) return fail("milp magnitudes sum past 1e150");
  // The curvature over the variables with an infinite bound must be positive definite (the contract's
  // rule, margin 1e-12 of the largest entry), else the objective may fall without limit.
  Idx open;
  for (int32_t i = 0; i < n; ++i) {
    if (!m.binary[i] && (!std::isfinite(m.lo[i]) || !std::isfinite(m.hi[i]))) open.push_back(i);
  }
  if (open.size() > 1) {
    Vec A(N * N, 0.0);
    double scale = 1;
    for (int32_t i = 0; i < n; ++i) A[static_cast<size_t>(i) * n + i] = m.diag[i];
    for (size_t k = 0; k < p.pairs.w.size(); ++k) {
      A[static_cast<size_t>(p.pairs.i[k]) * n + p.pairs.j[k]] += p.pairs.w[k];
      A[static_cast<size_t>(p.pairs.j[k]) * n + p.pairs.i[k]] += p.pairs.w[k];
    }
    for (int32_t a : open) {
      for (int32_t c : open) scale = std::max(scale, std::fabs(A[static_cast<size_t>(a) * n + c]));
    }
    if (!Cholesky(A, n, open, -1e-12 * scale).has_value()) return fail("the curvature over the variables with an infinite bound is not positive definite");
  }
  MilpBudget b;
  std::string why;
  if (!DecodeBudget(m.budget, kMilpBudget, &b, &why)) return fail("milp " + why);
  return CallStatus::kOk;
}

CallStatus SolveMilp(const MilpProblem& p, const SolveOptions& options, const Limits& limits, SolveResult* out,
                     std::string* error) {
  MilpBudget b;
  if (!DecodeBudget(p.milp.budget, kMilpBudget, &b, error)) return CallStatus::kError;
  const int32_t n = p.n;
  const size_t N = static_cast<size_t>(n);
  Stop stop = Stop::kNone;
  Vec H(N * N, 0.0);
  for (int32_t i = 0; i < n; ++i) H[static_cast<size_t>(i) * n + i] = p.milp.diag[i];
  for (size_t k = 0; k < p.pairs.w.size(); ++k) {
    const int32_t i = p.pairs.i[k], j = p.pairs.j[k];
    H[static_cast<size_t>(i) * n + j] += p.pairs.w[k];
    H[static_cast<size_t>(j) * n + i] += p.pairs.w[k];
  }
  double scale = 1;
  for (double v : H) scale = std::max(scale, std::fabs(v));
  const double tol = 1e-9 * (1 + WeightSum(p));
  // solve.ts: a continuous variable with lo = hi is a constant, never movable (substituted).
  Idx cont, fixed, bins;
  for (int32_t i = 0; i < n; ++i) {
    (p.milp.binary[i] ? bins : p.milp.lo[i] == p.milp.hi[i] ? fixed : cont).push_back(i);
  }
  const bool convex = cont.empty() || Semidefinite(H, n, cont);
  Work work;
  bool has_best = false;
  Vec best;
  double best_f = kInf;
  const auto consider = [&](const Vec& x) {
    const double f = MilpObjective(p, x);
    if (f < best_f - tol || !has_best) {
      best_f = f;
      best = x;
      has_best = true;
    }
  };
  // solve.ts lower: a proven lower bound from a tree cut short.
  bool has_lower = false;
  double lower = 0;
  const ObjectiveScope progress(limits, 1, 0);  // best_f is the objective
  const auto check = [&]() {
    if (stop != Stop::kNone) return true;
    stop = limits.CheckLimits();
    if (stop == Stop::kNone) {
      limits.Report(has_best ? best_f : kNaN, has_lower ? lower : kNaN,
                    static_cast<double>(work.nodes + work.iterations));
    }
    return stop != Stop::kNone;
  };
  const auto done = [&](Proof proof) {
    out->values = best;
    out->answer.clear();
    out->order.clear();
    out->objective = MilpObjective(p, best);
    out->proof = proof;
    out->has_bound = proof == Proof::kNone && has_lower;
    out->bound = out->has_bound ? std::min(lower, out->objective) : 0;
    out->kind = ResultKind::kVector;
    out->SetExtra("convex", convex ? 1 : 0);
    out->status = StatusFor(stop, proof != Proof::kNone ? ResultStatus::kOptimal : ResultStatus::kWorkLimit);
    out->work = work;
    return CallStatus::kOk;
  };
  const Vec linear(p.linear.begin(), p.linear.end());
  const Qp cont_qp{H, linear, p.milp.lo, p.milp.hi, n, kTau * scale, tol};
  const auto polish = [&](Vec& x) {
    if (cont.empty()) return;
    if (convex && BoxQp(cont_qp, x, cont).has_value()) return;
    CoordinateDescent(p, H, x, cont, 1e-13);
    // solve.ts: second order, along negative curvature of the free block, then descend again.
    for (size_t step = 0; step < 10 + 2 * cont.size() && CurvatureStep(p, H, x, cont, kTau * scale); ++step) {
      ++work.iterations;
      CoordinateDescent(p, H, x, cont, 1e-13);
    }
  };
  Prng rng(options.seed);
  const auto local_search = [&](Vec& x) {  // x in place, as solve.ts
    polish(x);
    double f = MilpObjective(p, x);
    for (bool improved = true; improved && !check();) {
      improved = false;
      for (int32_t i : bins) {
        const Vec keep = x;
        x[i] = 1 - x[i];
        polish(x);
        ++work.iterations;
        const double g = MilpObjective(p, x);
        if (g < f - tol) {
          f = g;
          improved = true;
        } else {
          x = keep;
        }
      }
    }
    consider(x);
  };
  const auto start = [&](int64_t k) {
    Vec x(N, 0.0);
    for (int32_t i : bins) x[i] = k == 0 ? (p.linear[i] < 0 ? 1 : 0) : static_cast<double>(rng.NextInt(2));
    // solve.ts: a non-convex objective's later starts draw the continuous variables with finite boxes.
    for (int32_t i : cont) {
      const double lo = p.milp.lo[i], hi = p.milp.hi[i];
      x[i] = !convex && k > 0 && std::isfinite(lo) && std::isfinite(hi) ? std::min(hi, lo + (hi - lo) * rng.NextFloat())
                                                                        : std::min(hi, std::max(lo, 0.0));
    }
    for (int32_t i : fixed) x[i] = p.milp.lo[i];
    return x;
  };
  Vec first = start(0);
  local_search(first);
  ++work.restarts;

  if (convex && stop == Stop::kNone) {
    // solve.ts: the least t that makes the relaxation semidefinite, up to 2^kShiftDoublings·(1 + scale).
    std::optional<double> t;
    Idx all = cont;
    all.insert(all.end(), bins.begin(), bins.end());
    const double step = 1 + scale;
    double s = 0;
    for (int k = 0; k <= kShiftDoublings + 1; ++k, s = s == 0 ? step : 2 * s) {
      Vec A = H;
      for (int32_t i : bins) A[static_cast<size_t>(i) * n + i] += s;
      if (Semidefinite(A, n, all)) {
        t = s;
        break;
      }
    }
    if (t.has_value() || bins.size() <= 16) {
      const double shift = t.value_or(0);
      Vec A = H;
      Vec bb = linear;
      for (int32_t i : bins) {
        A[static_cast<size_t>(i) * n + i] += shift;
        bb[i] -= shift / 2;
      }
      const Qp qp{A, bb, p.milp.lo, p.milp.hi, n, kTau * (scale + shift), tol};
      std::vector<double> weight(n, 0);
      for (int32_t i : bins) {
        double sb = 0, sc = 0;
        for (int32_t j : bins) sb += std::fabs(H[static_cast<size_t>(i) * n + j]);
        for (int32_t j : cont) sc += std::fabs(H[static_cast<size_t>(i) * n + j]);
        weight[i] = std::fabs(p.linear[i]) + sb + sc;
      }
      Idx order = bins;
      std::sort(order.begin(), order.end(), [&](int32_t a, int32_t c) { return weight[a] != weight[c] ? weight[a] > weight[c] : a < c; });
      Vec x = best;
      bool aborted = false;
      // solve.ts: the least bound over the subtrees a cut leaves unexplored, and whether each had one.
      bool fresh = false;
      double open_bound = kInf;
      bool open_bounded = true;
      // solve.ts leavesProven: a leaf whose own bound stays below the incumbent keeps the tree from certifying.
      bool leaves_proven = true;
      const auto dfs = [&](auto&& self, size_t depth) -> void {
        if (++work.nodes > b.bnb_nodes || check()) {
          aborted = true;
          fresh = true;
          if (depth == 0) open_bounded = false;
          return;
        }
        Idx movable = cont;
        movable.insert(movable.end(), order.begin() + static_cast<std::ptrdiff_t>(depth), order.end());
        std::optional<QpResult> r;
        if (t.has_value() || depth == order.size()) r = BoxQp(qp, x, movable);
        if (depth == order.size()) {
          if (!r.has_value()) polish(x);
          consider(x);
          if (!r.has_value() || r->bound < best_f - tol) {
            leaves_proven = false;
            if (!r.has_value()) {
              open_bounded = false;
            } else {
              open_bound = std::min(open_bound, r->bound);
            }
          }
          return;
        }
        if (r.has_value() && r->bound >= best_f - tol) return;
        const int32_t i = order[depth];
        const double first = x[i] >= 0.5 ? 1 : 0;
        const Vec saved = x;
        for (int k = 0; k < 2; ++k) {
          x = saved;
          x[i] = k == 0 ? first : 1 - first;
          self(self, depth + 1);
          if (aborted) {
            if (k == 0 || fresh) {
              if (!r.has_value()) open_bounded = false;
              else open_bound = std::min(open_bound, r->bound);
            }
            fresh = false;
            return;
          }
        }
      };
      dfs(dfs, 0);
      if (!aborted && leaves_proven) return done(Proof::kBranchAndBound);
      if (open_bounded) {
        has_lower = true;
        lower = std::min(open_bound, best_f - tol);
      }
    }
  }

  for (int64_t k = 1; k < b.starts && stop == Stop::kNone && (!bins.empty() || !convex); ++k) {
    Vec x = start(k);
    local_search(x);
    ++work.restarts;
  }

  // solve.ts 4: spatial branch and bound for a small non-convex objective.
  Vec root_lo, root_hi;
  if (!convex && stop == Stop::kNone && n <= kSpatialMaxVars && SpatialRoot(p, H, cont, &root_lo, &root_hi)) {
    Vec H2 = H;
    Vec c2 = linear;
    for (int32_t i : bins) {
      c2[i] += 0.5 * H2[static_cast<size_t>(i) * n + i];
      H2[static_cast<size_t>(i) * n + i] = 0;
    }
    // solve.ts: αBB with Gershgorin α (A diagonally dominant, non-negative diagonal), or a uniform
    // α = σ/2 when its gap is smaller.
    Vec alpha(N, 0.0);
    double top = 0;
    for (int32_t i = 0; i < n; ++i) {
      double row = 0;
      for (int32_t j = 0; j < n; ++j) {
        if (j != i) row += std::fabs(H2[static_cast<size_t>(i) * n + j]);
      }
      const double h = H2[static_cast<size_t>(i) * n + i];
      alpha[i] = std::max(0.0, (row - h) / 2 + 1e-12 * (row + std::fabs(h)));
      top = std::max(top, 2 * alpha[i]);
    }
    const double sigma = UniformShift(H2, n, top);
    double gap_rows = 0, gap_uniform = 0;
    for (int32_t i = 0; i < n; ++i) {
      const double w = root_hi[i] - root_lo[i];
      gap_rows += alpha[i] * w * w;
      gap_uniform += (sigma / 2) * w * w;
    }
    if (gap_uniform < gap_rows) std::fill(alpha.begin(), alpha.end(), sigma / 2);
    Vec A = H2;
    double scale_a = 1;
    for (int32_t i = 0; i < n; ++i) {
      A[static_cast<size_t>(i) * n + i] += 2 * alpha[i];
      for (int32_t j = 0; j < n; ++j) scale_a = std::max(scale_a, std::fabs(A[static_cast<size_t>(i) * n + j]));
    }
    struct Box {
      Vec lo, hi;
      double bound;
      Vec x;
    };
    std::vector<Box> stack;
    stack.push_back({root_lo, root_hi, -kInf, best});
    bool cut = false, leaves_proven = true, open_bounded = true;
    double open_bound = kInf;
    int64_t nodes = 0;
    const auto leave_open = [&](double bound) {
      if (bound == -kInf) open_bounded = false;
      else open_bound = std::min(open_bound, bound);
    };
    while (!stack.empty()) {
      Box box = std::move(stack.back());
      stack.pop_back();
      if (box.bound >= best_f - tol) continue;
      if (nodes >= b.spatial_nodes || check()) {
        stack.push_back(std::move(box));
        cut = true;
        break;
      }
      ++nodes;
      ++work.nodes;
      Vec bb(N, 0.0);
      double konst = 0;
      Idx movable;
      for (int32_t i = 0; i < n; ++i) {
        bb[i] = c2[i] - alpha[i] * (box.lo[i] + box.hi[i]);
        konst += alpha[i] * box.lo[i] * box.hi[i];
        if (box.lo[i] < box.hi[i]) movable.push_back(i);
      }
      Vec x = box.x;
      for (int32_t i = 0; i < n; ++i) x[i] = std::min(box.hi[i], std::max(box.lo[i], x[i]));
      const Qp node_qp{A, bb, box.lo, box.hi, n, kTau * scale_a, tol};
      const std::optional<QpResult> r = BoxQp(node_qp, x, movable);
      const double bound = r.has_value() ? r->bound + konst : -kInf;
      Vec y = x;
      for (int32_t i : bins) y[i] = y[i] >= 0.5 ? 1 : 0;
      polish(y);
      consider(y);
      if (bound >= best_f - tol) continue;
      int32_t pick = -1;
      double pick_score = 0, gap = 0;
      for (int32_t i : movable) {
        const double w = box.hi[i] - box.lo[i];
        const double score = alpha[i] * w * w;
        gap += score / 4;
        if (score > pick_score) {
          pick = i;
          pick_score = score;
        }
      }
      if (gap <= tol / 2) {
        pick = -1;
        for (int32_t i : bins) {
          if (box.lo[i] < box.hi[i] && (pick < 0 || std::fabs(x[i] - 0.5) < std::fabs(x[pick] - 0.5))) pick = i;
        }
        if (pick < 0) {
          consider(x);
          if (bound < best_f - tol) {
            leaves_proven = false;
            leave_open(bound);
          }
          continue;
        }
      }
      const bool is_bin = p.milp.binary[pick] != 0;
      const double mid = is_bin ? 0.5 : 0.5 * (box.lo[pick] + box.hi[pick]);
      const auto child = [&](bool low) {
        Box c{box.lo, box.hi, bound, x};
        if (is_bin) {
          c.lo[pick] = c.hi[pick] = low ? 0 : 1;
        } else if (low) {
          c.hi[pick] = mid;
        } else {
          c.lo[pick] = mid;
        }
        return c;
      };
      const bool x_low = x[pick] <= mid;
      stack.push_back(child(!x_low));
      stack.push_back(child(x_low));
    }
    if (!cut && leaves_proven) return done(Proof::kBranchAndBound);
    for (const Box& box : stack) {
      if (box.bound < best_f - tol) leave_open(box.bound);
    }
    if (open_bounded) {
      has_lower = true;
      lower = std::min(open_bound, best_f - tol);
    }
  }
  // solve.ts: a heuristic answer of a non-convex objective ends where a local search ends.
  if (!convex) {
    Vec x = best;
    local_search(x);
    const double f = MilpObjective(p, x);
    if (f <= best_f) {
      best = x;
      best_f = f;
    }
  }
  return done(Proof::kNone);
}

}  // namespace svc::core

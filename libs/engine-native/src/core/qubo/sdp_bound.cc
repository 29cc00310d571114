#include "qubo/sdp_bound.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/prng.h"

namespace svc::core {

namespace {

constexpr double kU = 0x1p-53;  // unit roundoff of double
constexpr uint32_t kSdpSeedSalt = 0x53445042u;  // "SDPB"

// γ_k = k·u / (1 − k·u) (Higham §3.1); +∞ when k·u ≥ 1/2 (never for n < 2^31).
double Gamma(double k) {
  const double ku = k * kU;
  return ku >= 0.5 ? std::numeric_limits<double>::infinity() : ku / (1 - ku);
}

// The symmetric adjacency of the signed graph, with D_ii = Σ_j W_ij and S_i = Σ_j |W_ij|.
struct Graph {
  int32_t n = 0;
  std::vector<int64_t> start;
  std::vector<int32_t> to;
  std::vector<double> w;
  std::vector<double> degree;  // D_ii
  std::vector<double> abs_sum; // S_i
};

Graph BuildGraph(const MaxcutView& p) {
  Graph g;
  const int32_t n = p.n;
  g.n = n;
  g.start.assign(static_cast<size_t>(n) + 1, 0);
  const size_t m = p.edges.size();
  for (size_t e = 0; e < m; ++e) {
    ++g.start[static_cast<size_t>(p.edges.i[e]) + 1];
    ++g.start[static_cast<size_t>(p.edges.j[e]) + 1];
  }
  for (int32_t v = 0; v < n; ++v) g.start[v + 1] += g.start[v];
  g.to.resize(static_cast<size_t>(g.start[n]));
  g.w.resize(g.to.size());
  std::vector<int64_t> fill(g.start.begin(), g.start.end() - 1);
  g.degree.assign(static_cast<size_t>(n), 0.0);
  g.abs_sum.assign(static_cast<size_t>(n), 0.0);
  for (size_t e = 0; e < m; ++e) {
    const int32_t a = p.edges.i[e], b = p.edges.j[e];
    const double w = p.edges.w[e];
    g.to[fill[a]] = b;
    g.w[fill[a]++] = w;
    g.to[fill[b]] = a;
    g.w[fill[b]++] = w;
    g.degree[a] += w;
    g.degree[b] += w;
    g.abs_sum[a] += std::abs(w);
    g.abs_sum[b] += std::abs(w);
  }
  return g;
}

// y = L/4·x − Diag(d)·x: (Ax)_i = (D_ii x_i − Σ_j W_ij x_j)/4 − d_i x_i.
void ApplyA(const Graph& g, std::span<const double> d, const double* x, double* y) {
  for (int32_t i = 0; i < g.n; ++i) {
    double s = 0;
    for (int64_t e = g.start[i]; e < g.start[i + 1]; ++e) s += g.w[e] * x[g.to[e]];
    y[i] = 0.25 * (g.degree[i] * x[i] - s) - d[i] * x[i];
  }
}

// Largest eigenvalue of the symmetric tridiagonal (a, b) by Sturm bisection.
double TridiagMax(const std::vector<double>& a, const std::vector<double>& b) {
  const size_t k = a.size();
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (size_t i = 0; i < k; ++i) {
    const double r = (i > 0 ? std::abs(b[i - 1]) : 0) + (i + 1 < k ? std::abs(b[i]) : 0);
    lo = std::min(lo, a[i] - r);
    hi = std::max(hi, a[i] + r);
  }
  // count(x) = eigenvalues < x.
  const auto count = [&](double x) {
    int32_t c = 0;
    double q = 1;
    for (size_t i = 0; i < k; ++i) {
      const double bb = i > 0 ? b[i - 1] * b[i - 1] : 0;
      q = a[i] - x - (i > 0 ? bb / q : 0);
      if (q == 0) q = -1e-300;
      if (q < 0) ++c;
    }
    return c;
  };
  for (int it = 0; it < 200 && hi - lo > 1e-15 * std::max(1.0, std::abs(hi) + std::abs(lo)); ++it) {
    const double mid = 0.5 * (lo + hi);
    if (count(mid) >= static_cast<int32_t>(k)) hi = mid; else lo = mid;
  }
  return hi;
}

// The last component of T's unit eigenvector for the eigenvalue theta (inverse iteration with the
// tridiagonal solve, shift nudged above theta); for the Ritz residual β·|s_k|.
double LastEigComponent(const std::vector<double>& a, const std::vector<double>& b, double theta) {
  const size_t k = a.size();
  if (k == 1) return 1;
  double norm = 0;
  for (size_t i = 0; i < k; ++i) norm = std::max(norm, std::abs(a[i]) + (i > 0 ? std::abs(b[i - 1]) : 0) + (i + 1 < k ? std::abs(b[i]) : 0));
  const double sigma = theta + 1e-10 * (norm + 1e-300);
  std::vector<double> x(k, 1.0 / std::sqrt(static_cast<double>(k))), c(k), d(k);
  for (int it = 0; it < 3; ++it) {
    // Thomas algorithm on (T − σI) z = x.
    double piv = a[0] - sigma;
    if (piv == 0) piv = 1e-300;
    c[0] = b[0] / piv;
    d[0] = x[0] / piv;
    for (size_t i = 1; i < k; ++i) {
      piv = a[i] - sigma - b[i - 1] * c[i - 1];
      if (piv == 0) piv = 1e-300;
      c[i] = i + 1 < k ? b[i] / piv : 0;
      d[i] = (x[i] - b[i - 1] * d[i - 1]) / piv;
    }
    x[k - 1] = d[k - 1];
    for (size_t i = k - 1; i-- > 0;) x[i] = d[i] - c[i] * x[i + 1];
    double nrm = 0;
    for (double t : x) nrm += t * t;
    nrm = std::sqrt(nrm);
    if (!(nrm > 0) || !std::isfinite(nrm)) return 1;
    for (double& t : x) t /= nrm;
  }
  return std::abs(x[k - 1]);
}

struct Ritz {
  double theta = 0;     // the largest Ritz value
  double residual = 0;  // ‖A u − θ u‖ of its Ritz vector
};

// v[0..len) a random unit vector: entries uniform in [-½, ½) drawn in order, then normalised
// (sdp-bound.ts randomUnit, the same draws).
void RandomUnit(Prng& rng, double* v, int32_t len) {
  double s = 0;
  for (int32_t t = 0; t < len; ++t) {
    v[t] = rng.NextFloat() - 0.5;
    s += v[t] * v[t];
  }
  s = std::sqrt(s);
  for (int32_t t = 0; t < len; ++t) v[t] /= s;
}

// Lanczos estimate of λ_max(L/4 − Diag d) (a Ritz value: at most λ_max, up to rounding).
Ritz LanczosMax(const Graph& g, std::span<const double> d, int32_t iters, uint32_t seed) {
  const int32_t n = g.n;
  iters = std::max(1, std::min(iters, n));
  std::vector<double> q(static_cast<size_t>(iters + 1) * n);
  Prng rng(seed);
  RandomUnit(rng, q.data(), n);
  std::vector<double> a, b, w(static_cast<size_t>(n));
  double last_beta = 0;
  for (int32_t j = 0; j < iters; ++j) {
    const double* qj = &q[static_cast<size_t>(j) * n];
    ApplyA(g, d, qj, w.data());
    double alpha = 0;
    for (int32_t i = 0; i < n; ++i) alpha += qj[i] * w[i];
    a.push_back(alpha);
    // Full reorthogonalisation (twice is enough).
    for (int pass = 0; pass < 2; ++pass) {
      for (int32_t t = 0; t <= j; ++t) {
        const double* qt = &q[static_cast<size_t>(t) * n];
        double c = 0;
        for (int32_t i = 0; i < n; ++i) c += qt[i] * w[i];
        for (int32_t i = 0; i < n; ++i) w[i] -= c * qt[i];
      }
    }
    double beta = 0;
    for (int32_t i = 0; i < n; ++i) beta += w[i] * w[i];
    beta = std::sqrt(beta);
    last_beta = beta;
    if (j + 1 == iters || !(beta > 1e-12 * (std::abs(alpha) + 1e-300))) break;
    b.push_back(beta);
    double* qn = &q[static_cast<size_t>(j + 1) * n];
    for (int32_t i = 0; i < n; ++i) qn[i] = w[i] / beta;
  }
  b.resize(a.size() > 0 ? a.size() - 1 : 0);
  Ritz out;
  out.theta = TridiagMax(a, b);
  out.residual = last_beta * LastEigComponent(a, b, out.theta);
  return out;
}

using V2 = double __attribute__((vector_size(16)));

inline V2 Load2(const double* p) {
  V2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// s[r] = Σ_{k<len} a[r][k]·b[k] for kRows rows at once (the rows share b's loads: the packed
// triangle streams from memory once per kRows rows).
constexpr int32_t kRows = 8;
inline void DotRows(const double* const a[kRows], const double* b, int64_t len, double s[kRows]) {
  V2 acc[kRows];
  for (int32_t r = 0; r < kRows; ++r) acc[r] = V2{0, 0};
  int64_t k = 0;
  for (; k + 2 <= len; k += 2) {
    const V2 bk = Load2(b + k);
    for (int32_t r = 0; r < kRows; ++r) acc[r] += Load2(a[r] + k) * bk;
  }
  for (int32_t r = 0; r < kRows; ++r) {
    s[r] = acc[r][0] + acc[r][1];
    if (k < len) s[r] += a[r][k] * b[k];
  }
}

inline int64_t Off(int64_t i) { return i * (i + 1) / 2; }

// In-place Cholesky of the packed lower triangle (row i: entries 0..i at Off(i)); row by row,
// kRows rows at a time. Each entry is r_ij = (b_ij − Σ_k r_ik r_jk)/r_jj, r_jj = √(b_jj − Σ r_jk²),
// the formulas Higham's Theorem 10.3 covers (any summation order). False when a pivot is not
// positive (or NaN), or a limit fired (*stop).
bool PackedCholesky(std::vector<double>& P, int32_t n, const Limits& limits, Stop* stop) {
  double* base = P.data();
  for (int32_t i0 = 0; i0 < n; i0 += kRows) {
    const Stop s = limits.CheckLimits();
    if (s != Stop::kNone) {
      *stop = s;
      return false;
    }
    const int32_t nb = std::min(kRows, n - i0);
    const double* rows[kRows];
    double* wrows[kRows];
    for (int32_t r = 0; r < kRows; ++r) {
      wrows[r] = base + Off(i0 + std::min(r, nb - 1));
      rows[r] = wrows[r];
    }
    double dots[kRows];
    for (int32_t j = 0; j < i0; ++j) {
      const double* lj = base + Off(j);
      DotRows(rows, lj, j, dots);
      const double djj = lj[j];
      for (int32_t r = 0; r < nb; ++r) wrows[r][j] = (wrows[r][j] - dots[r]) / djj;
    }
    for (int32_t j = i0; j < i0 + nb; ++j) {
      double* lj = base + Off(j);
      for (int32_t r = j - i0; r < nb; ++r) {
        double* lr = wrows[r];
        double sum = 0;
        for (int32_t k = 0; k < j; ++k) sum += lr[k] * lj[k];
        if (r == j - i0) {
          const double d = lj[j] - sum;
          if (!(d > 0) || !std::isfinite(d)) return false;
          lj[j] = std::sqrt(d);
        } else {
          lr[j] = (lr[j] - sum) / lj[j];
        }
      }
    }
  }
  return true;
}

bool AllIntegral(const MaxcutView& p) {
  double total = 0;
  for (double w : p.edges.w) {
    if (w != std::floor(w)) return false;
    total += std::abs(w);
  }
  return total < 0x1p52;
}

}  // namespace

int32_t SdpBoundMaxN(const ExactBudget& exact) {
  if (!exact.has_budget || exact.bound_work < 50'000'000) return 0;
  return exact.bound_work < 200'000'000 ? 2048 : 6000;
}

bool ProveShift(const MaxcutView& p, std::span<const double> y, double shift,
                const Limits& limits, double* mu, Stop* stop) {
  const int32_t n = p.n;
  if (n < 1 || static_cast<int32_t>(y.size()) != n || !std::isfinite(shift)) return false;
  const Graph g = BuildGraph(p);
  std::vector<double> P(static_cast<size_t>(Off(n)), 0.0);
  // Off-diagonal B_ij = W_ij/4 (exact but for underflow, covered below).
  for (size_t e = 0; e < p.edges.size(); ++e) {
    const int64_t a = std::max(p.edges.i[e], p.edges.j[e]), b = std::min(p.edges.i[e], p.edges.j[e]);
    P[Off(a) + b] += 0.25 * p.edges.w[e];
  }
  double max_err = 0, trace = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (!std::isfinite(y[i])) return false;
    const double bii = shift - 0.25 * g.degree[i] + y[i];
    P[Off(i) + i] = bii;
    if (!(bii > 0)) return false;  // a positive definite matrix has a positive diagonal
    trace += bii;
    // |computed − exact| of b_ii: D_ii summed over deg_i terms, then three more operations;
    // twice the textbook bound.
    const double deg = static_cast<double>(g.start[i + 1] - g.start[i]);
    const double e = 2 * Gamma(deg + 4) * (std::abs(shift) + 0.25 * g.abs_sum[i] + 0.25 * std::abs(g.degree[i]) + std::abs(y[i]));
    max_err = std::max(max_err, e);
  }
  Stop s = Stop::kNone;
  const bool ok = PackedCholesky(P, n, limits, &s);
  if (stop != nullptr) *stop = s;
  if (!ok) return false;
  // λ_min(B) ≥ −α·tr B (α = γ_{n+1}/(1 − γ_{n+1}); tr B summed with a margin); the exact matrix
  // differs from B by at most max_err on the diagonal; n²·2⁻⁹⁹⁸ covers underflow in the
  // factorisation and in W/4.
  const double gn = Gamma(static_cast<double>(n) + 1);
  const double alpha = 1.01 * gn / (1 - gn);
  const double tr_hi = trace * (1 + 2 * Gamma(static_cast<double>(n)));
  const double slack = alpha * tr_hi + max_err + static_cast<double>(n) * static_cast<double>(n) * 0x1p-998;
  *mu = shift + slack;
  *mu += 4 * kU * (std::abs(shift) + slack);
  return std::isfinite(*mu);
}

double DualCutBound(std::span<const double> y, double mu, bool integral) {
  const double n = static_cast<double>(y.size());
  double sum = 0, abs_sum = 0;
  for (double v : y) {
    sum += v;
    abs_sum += std::abs(v);
  }
  const double total = sum + n * mu;
  const double err = 2 * Gamma(n + 3) * (abs_sum + n * std::abs(mu)) + 0x1p-1000;
  const double b = total + err;
  return integral ? std::floor(b) : b;
}

SdpBoundOutcome MaxcutSdpBound(const MaxcutView& p, uint32_t seed, const Limits& limits,
                               int32_t max_sweeps, double tol) {
  SdpBoundOutcome out;
  const int32_t n = p.n;
  if (n < 2) return out;
  const Graph g = BuildGraph(p);
  const int32_t k = std::min<int32_t>(n, static_cast<int32_t>(std::ceil(std::sqrt(2.0 * n))) + 1);
  std::vector<double> v(static_cast<size_t>(n) * k);
  Prng rng(seed ^ kSdpSeedSalt);
  for (int32_t i = 0; i < n; ++i) RandomUnit(rng, &v[static_cast<size_t>(i) * k], k);
  std::vector<double> gi(static_cast<size_t>(k));
  std::vector<double> y(static_cast<size_t>(n));
  double total_abs = 0;
  for (int32_t i = 0; i < n; ++i) total_abs += g.abs_sum[i];
  const auto dual = [&] {
    // y_i = ¼(D_ii + ‖g_i‖) from the current vectors.
    for (int32_t i = 0; i < n; ++i) {
      std::fill(gi.begin(), gi.end(), 0.0);
      for (int64_t e = g.start[i]; e < g.start[i + 1]; ++e) {
        const double* vj = &v[static_cast<size_t>(g.to[e]) * k];
        for (int32_t t = 0; t < k; ++t) gi[t] += g.w[e] * vj[t];
      }
      double s = 0;
      for (int32_t t = 0; t < k; ++t) s += gi[t] * gi[t];
      y[i] = 0.25 * (g.degree[i] + std::sqrt(s));
    }
  };
  for (int32_t sweep = 1; sweep <= max_sweeps; ++sweep) {
    const Stop s = limits.CheckLimits();
    if (s != Stop::kNone) {
      out.stop = s;
      return out;
    }
    double decrease = 0;
    for (int32_t i = 0; i < n; ++i) {
      std::fill(gi.begin(), gi.end(), 0.0);
      for (int64_t e = g.start[i]; e < g.start[i + 1]; ++e) {
        const double* vj = &v[static_cast<size_t>(g.to[e]) * k];
        const double w = g.w[e];
        for (int32_t t = 0; t < k; ++t) gi[t] += w * vj[t];
      }
      double nrm = 0, dot = 0;
      double* vi = &v[static_cast<size_t>(i) * k];
      for (int32_t t = 0; t < k; ++t) {
        nrm += gi[t] * gi[t];
        dot += gi[t] * vi[t];
      }
      nrm = std::sqrt(nrm);
      if (!(nrm > 0)) continue;
      decrease += nrm + dot;
      for (int32_t t = 0; t < k; ++t) vi[t] = -gi[t] / nrm;
    }
    out.sweeps = sweep;
    // Converged when a sweep lowers Σ W_ij <v_i, v_j> by less than 10⁻⁸ of Σ |W_ij|.
    if (decrease <= tol * total_abs) break;
  }
  dual();
  const std::vector<double>& best_y = y;
  // Primal value ¼ Σ L_ij <v_i, v_j> = ¼ (Σ_i D_ii − Σ_i <v_i, g_i>), for the report.
  double primal = 0;
  for (int32_t i = 0; i < n; ++i) {
    std::fill(gi.begin(), gi.end(), 0.0);
    for (int64_t e = g.start[i]; e < g.start[i + 1]; ++e) {
      const double* vj = &v[static_cast<size_t>(g.to[e]) * k];
      for (int32_t t = 0; t < k; ++t) gi[t] += g.w[e] * vj[t];
    }
    const double* vi = &v[static_cast<size_t>(i) * k];
    double dot = 0;
    for (int32_t t = 0; t < k; ++t) dot += gi[t] * vi[t];
    primal += g.degree[i] - dot;
  }
  out.primal = 0.25 * primal;
  v.clear();
  v.shrink_to_fit();
  const Ritz ritz = LanczosMax(g, best_y, std::min(n, 300), seed ^ kSdpSeedSalt ^ 0x51u);
  const double theta = ritz.theta;
  double sy = 0, scale = 0;
  for (int32_t i = 0; i < n; ++i) {
    sy += best_y[i];
    scale = std::max(scale, std::abs(0.25 * g.degree[i] - best_y[i]) + 0.25 * g.abs_sum[i]);
  }
  out.estimate = sy + n * theta;
  const bool integral = AllIntegral(p);
  // The first shift: θ plus the Ritz residual (an eigenvalue lies within it of θ), at least
  // 10⁻⁶ of the matrix scale; each failed factorisation multiplies the margin by 10.
  double margin = std::max(1e-6 * std::max(scale, 1e-300), 0.3 * ritz.residual);
  for (int32_t t = 0; t < 3; ++t, margin *= 10) {
    ++out.cholesky_tries;
    double mu = 0;
    Stop s = Stop::kNone;
    if (ProveShift(p, best_y, theta + margin, limits, &mu, &s)) {
      out.proven = true;
      out.bound = DualCutBound(best_y, mu, integral);
      out.y = best_y;
      out.mu = mu;
      return out;
    }
    if (s != Stop::kNone) {
      out.stop = s;
      return out;
    }
  }
  return out;
}

}  // namespace svc::core

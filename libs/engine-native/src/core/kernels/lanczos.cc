#include "kernels/lanczos.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <new>

#include "kernels/hermitian_dense.h"
#include "kernels/parallel.h"

namespace svc::core {

namespace {

constexpr double kEps = 2.220446049250313e-16;
const double kSqrtEps = std::sqrt(kEps);
constexpr int kCheckEvery = 4;
// Check rounds lock at most this many copies of the cut's own level past the wanted values.
constexpr int64_t kMaxCutCopies = 4;
constexpr int64_t kChunk = 2048;

struct Complex {
  double re = 0, im = 0;
};

SVC_SIMD_CLONES Complex DotRange(const double* a, const double* b, int64_t lo, int64_t hi, bool c) {
  Complex out;
  if (!c) {
    double t = 0;
    for (int64_t i = lo; i < hi; ++i) t += a[i] * b[i];
    out.re = t;
    return out;
  }
  double re = 0, im = 0;
  for (int64_t i = lo; i < hi; i += 2) {
    re += a[i] * b[i] + a[i + 1] * b[i + 1];
    im += a[i] * b[i + 1] - a[i + 1] * b[i];
  }
  out.re = re;
  out.im = im;
  return out;
}

// aᴴb as the sum of its two fixed halves (parallel.h).
Complex Dot(const double* a, const double* b, int64_t len, bool c) {
  Complex part[2];
  OnHalves(len, [&](int64_t lo, int64_t hi) { part[lo == 0 ? 0 : 1] = DotRange(a, b, lo, hi, c); });
  return {part[0].re + part[1].re, part[0].im + part[1].im};
}

SVC_SIMD_CLONES void AxpyRange(double* y, double ar, double ai, const double* x, int64_t lo, int64_t hi, bool c) {
  if (!c) {
    for (int64_t i = lo; i < hi; ++i) y[i] += ar * x[i];
    return;
  }
  for (int64_t i = lo; i < hi; i += 2) {
    const double xr = x[i], xi = x[i + 1];
    y[i] += ar * xr - ai * xi;
    y[i + 1] += ar * xi + ai * xr;
  }
}


SVC_SIMD_CLONES double SquaresRange(const double* a, int64_t lo, int64_t hi) {
  double t = 0;
  for (int64_t i = lo; i < hi; ++i) t += a[i] * a[i];
  return t;
}

double Norm(const double* a, int64_t len) {
  double part[2] = {0, 0};
  OnHalves(len, [&](int64_t lo, int64_t hi) { part[lo == 0 ? 0 : 1] = SquaresRange(a, lo, hi); });
  return std::sqrt(part[0] + part[1]);
}

void Scale(double* a, int64_t len, double s) {
  OnHalves(len, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) a[i] *= s;
  });
}

// w -= alpha v + beta u (the local Lanczos step); returns ||w||^2 as the sum of its halves.
SVC_SIMD_CLONES double LocalStepRange(double* w, const double* v, const double* u, double alpha, double beta,
                                      int64_t lo, int64_t hi) {
  double t = 0;
  for (int64_t i = lo; i < hi; ++i) {
    const double x = w[i] - (alpha * v[i] + beta * u[i]);
    w[i] = x;
    t += x * x;
  }
  return t;
}

// Neumaier-compensated sums (the final Rayleigh quotients and residuals: their rounding stays at
// a few ulps of the result whatever the length, so the bounds' floor needs no sqrt(dim) term).
struct Compensated {
  double sum = 0, carry = 0;
  void Add(double x) {
    const double t = sum + x;
    carry += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
  }
  double Value() const { return sum + carry; }
};

// Classical Gram-Schmidt twice; the summed coefficients, interleaved. Each pass is two sweeps over
// the rows (all the dots, then all the updates), each split in the fixed halves.
std::vector<double> Project(const std::vector<double*>& basis, double* w, int64_t len, bool c) {
  const size_t m = basis.size();
  std::vector<double> h(m * 2, 0.0);
  if (m == 0) return h;
  std::vector<Complex> part(2 * m);
  for (int pass = 0; pass < 2; ++pass) {
    OnHalves(len, [&](int64_t lo, int64_t hi) {
      Complex* out = part.data() + (lo == 0 ? 0 : m);
      for (size_t k = 0; k < m; ++k) out[k] = DotRange(basis[k], w, lo, hi, c);
    });
    std::vector<Complex> coef(m);
    for (size_t k = 0; k < m; ++k) {
      coef[k] = {part[k].re + part[m + k].re, part[k].im + part[m + k].im};
      h[2 * k] += coef[k].re;
      h[2 * k + 1] += coef[k].im;
    }
    OnHalves(len, [&](int64_t lo, int64_t hi) {
      for (size_t k = 0; k < m; ++k) AxpyRange(w, -coef[k].re, -coef[k].im, basis[k], lo, hi, c);
    });
  }
  return h;
}

void RandomUnit(double* v, int64_t len, Prng& rng, const std::vector<double*>& against, bool c) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    for (int64_t i = 0; i < len; ++i) v[i] = rng.NextFloat() - 0.5;
    Project(against, v, len, c);
    const double nv = Norm(v, len);
    if (nv > 1e-8) {
      Scale(v, len, 1 / nv);
      return;
    }
  }
  std::fill(v, v + len, 0.0);
}

// Rows [lo, hi) of V[0..take) <- V[0..jc) * Y[:, 0..take), by blocks of rows (buf: take * kChunk * s).
SVC_SIMD_CLONES void FormRitzRows(const std::vector<double*>& V, int64_t jc, const std::vector<std::vector<double>>& Y,
                                  int64_t take, int64_t lo, int64_t hi, bool c, double* buf) {
  const int s = c ? 2 : 1;
  for (int64_t start = lo; start < hi; start += kChunk) {
    const int64_t rows = std::min(hi, start + kChunk) - start;
    std::fill(buf, buf + take * rows * s, 0.0);
    for (int64_t t = 0; t < take; ++t) {
      const std::vector<double>& y = Y[t];
      double* o = buf + t * rows * s;
      for (int64_t l = 0; l < jc; ++l) {
        const double* v = V[l] + start * s;
        if (!c) {
          const double yl = y[l];
          if (yl == 0) continue;
          for (int64_t i = 0; i < rows; ++i) o[i] += yl * v[i];
        } else {
          const double yr = y[2 * l], yi = y[2 * l + 1];
          for (int64_t i = 0; i < rows; ++i) {
            const double vr = v[2 * i], vi = v[2 * i + 1];
            o[2 * i] += yr * vr - yi * vi;
            o[2 * i + 1] += yr * vi + yi * vr;
          }
        }
      }
    }
    for (int64_t t = 0; t < take; ++t) std::copy(buf + t * rows * s, buf + (t + 1) * rows * s, V[t] + start * s);
  }
}

// V[0..take) <- V[0..jc) * Y[:, 0..take) in place (each row's new values from its old ones only).
void FormRitz(const std::vector<double*>& V, int64_t jc, const std::vector<std::vector<double>>& Y, int64_t take,
              int64_t dim, bool c) {
  if (take == 0) return;
  const int s = c ? 2 : 1;
  std::vector<double> buf(static_cast<size_t>(2 * take * kChunk * s));
  OnSplit(dim, dim / 2, [&](int64_t lo, int64_t hi) {
    FormRitzRows(V, jc, Y, take, lo, hi, c, buf.data() + (lo == 0 ? 0 : take * kChunk * s));
  });
}

}  // namespace

Rayleigh CompensatedRayleigh(const double* x, const double* hx, int64_t len) {
  Compensated xx, xh;
  for (int64_t i = 0; i < len; ++i) {
    xx.Add(x[i] * x[i]);
    xh.Add(x[i] * hx[i]);
  }
  const double theta = xh.Value() / xx.Value();
  Compensated rr;
  for (int64_t i = 0; i < len; ++i) {
    const double d = hx[i] - theta * x[i];
    rr.Add(d * d);
  }
  return {theta, std::sqrt(rr.Value() / xx.Value())};
}

std::vector<double> TempleBounds(const std::vector<double>& values, const std::vector<double>& residuals,
                                 bool lowest_is_bottom, const std::vector<Neighbour>& above) {
  std::vector<double> v = values, r = residuals;
  for (const Neighbour& a : above) {
    v.push_back(a.value);
    r.push_back(a.residual);
  }
  std::vector<double> out;
  for (size_t i = 0; i < values.size(); ++i) {
    double d_below = std::numeric_limits<double>::infinity(), d_up = d_below;
    bool have_below = false, have_up = false;
    for (size_t j = 0; j < v.size(); ++j) {
      if (j == i || std::fabs(v[j] - v[i]) <= r[i] + r[j]) continue;
      if (v[j] < v[i]) {
        have_below = true;
        d_below = std::min(d_below, v[i] - v[j] - r[j]);
      } else {
        have_up = true;
        d_up = std::min(d_up, v[j] - v[i] - r[j]);
      }
    }
    const double below = have_below ? d_below : lowest_is_bottom ? std::numeric_limits<double>::infinity() : 0;
    const double up = have_up ? d_up : 0;
    const double delta = std::min(below, up);
    out.push_back(delta > r[i] ? std::min(r[i], r[i] * r[i] / delta) : r[i]);
  }
  return out;
}

std::vector<double> ClusterBounds(const std::vector<double>& values, const std::vector<double>& residuals,
                                  const std::vector<double>& single) {
  std::vector<double> out = single;
  const size_t n = values.size();
  size_t start = 0;
  for (size_t i = 1; i <= n; ++i) {
    if (i < n && values[i] - values[i - 1] <= residuals[i] + residuals[i - 1]) continue;
    if (i - start >= 2) {
      double rr = 0;
      for (size_t j = start; j < i; ++j) rr += residuals[j] * residuals[j];
      const double spread = std::sqrt(rr);
      for (size_t q = start; q < std::min(i, out.size()); ++q) {
        out[q] = std::max(out[q], std::max(values[q] - values[start], values[i - 1] - values[q]) + spread);
      }
    }
    start = i;
  }
  return out;
}

std::vector<double> MergedBounds(const std::vector<double>& values, const std::vector<double>& bounds) {
  std::vector<double> out = bounds;
  const size_t n = values.size();
  size_t start = 0;
  for (size_t i = 1; i <= n; ++i) {
    if (i < n && values[i] - values[i - 1] <= bounds[i] + bounds[i - 1]) continue;
    for (size_t q = start; q < i; ++q) {
      for (size_t j = start; j < i; ++j) out[q] = std::max(out[q], std::fabs(values[q] - values[j]) + bounds[j]);
    }
    start = i;
  }
  return out;
}

KrylovResult KrylovLowest(const KrylovParams& p) {
  const LinearOperator& op = *p.op;
  const bool c = op.complex;
  const int64_t len = op.dim * (c ? 2 : 1);
  Prng& rng = *p.rng;
  KrylovWork& work = *p.work;
  VectorPool own;
  VectorPool& pool = p.pool != nullptr ? *p.pool : own;
  std::vector<double*> slots;
  auto slot = [&](int64_t k) -> double* {
    while (static_cast<int64_t>(slots.size()) <= k) slots.push_back(pool.Get(static_cast<int64_t>(slots.size()), len));
    return slots[k];
  };
  struct Locked {
    double* x;
    double value;
    double residual;
  };
  std::vector<Locked> locked;
  // The residual (estimate) of the value at a check round's cut: copies within the residuals of it are capped.
  double cut_residual = 0;
  bool stopped = false;
  std::optional<Neighbour> next;

  struct RunOut {
    int64_t accepted = 0;
    std::optional<Neighbour> next;
  };
  auto run = [&](int64_t want, double cutoff, bool loose_above) -> RunOut {
    const int64_t f = static_cast<int64_t>(locked.size());
    const int64_t dim_avail = op.dim - f;
    want = std::min(want, dim_avail);
    if (want <= 0) return {};
    const int64_t m_act = std::min(dim_avail, std::max(p.slots - f - 1, want + 3));
    auto V = [&](int64_t k) { return slot(f + k); };
    std::vector<double*> L;
    for (const Locked& l : locked) L.push_back(l.x);
    const int s = c ? 2 : 1;
    std::vector<double> T(static_cast<size_t>(m_act * m_act * s), 0.0);
    auto setT = [&](int64_t i, int64_t j, double re, double im) {
      T[(i * m_act + j) * s] = re;
      if (c) T[(i * m_act + j) * s + 1] = im;
      T[(j * m_act + i) * s] = re;
      if (c) T[(j * m_act + i) * s + 1] = i == j ? 0 : -im;
    };
    RandomUnit(V(0), len, rng, L, c);
    int64_t p_keep = 0, j = 0;
    std::vector<double> omega_prev(2 * (m_act + 1), 0.0), omega_cur(2 * (m_act + 1), 0.0), omega_next(2 * (m_act + 1));
    omega_cur[0] = 1;
    bool force_next = false;
    // Kept Ritz vectors that had converged at the last restart: every later vector is orthogonalised
    // against them (Paige: orthogonality is lost exactly towards converged Ritz vectors).
    std::vector<double*> converged;
    const double noise = kEps * std::max(1.0, p.scale);
    for (;;) {
      double* w = V(j + 1);
      // Without locked vectors the local step's alpha comes out of the product itself.
      const bool fused = f == 0 && j != p_keep && op.apply_dot;
      double fused_alpha = 0;
      if (fused) {
        fused_alpha = op.apply_dot(V(j), w);
      } else {
        op.apply(V(j), w);
      }
      ++work.matvecs;
      double alpha = 0;
      double local_norm2 = 0;
      const bool arrow = j == p_keep;
      if (arrow) {
        std::vector<double*> basis;
        for (int64_t k = 0; k <= j; ++k) basis.push_back(V(k));
        const std::vector<double> h = Project(basis, w, len, c);
        for (int64_t k = 0; k <= j; ++k) setT(k, j, h[2 * k], k == j ? 0 : h[2 * k + 1]);
        alpha = h[2 * j];
      } else {
        alpha = fused ? fused_alpha : Dot(V(j), w, len, c).re;
        const double b = T[(j * m_act + j - 1) * s];
        const double* vj = V(j);
        const double* vp = V(j - 1);
        double part[2] = {0, 0};
        OnHalves(len, [&](int64_t lo, int64_t hi) { part[lo == 0 ? 0 : 1] = LocalStepRange(w, vj, vp, alpha, b, lo, hi); });
        setT(j, j, alpha, 0);
        local_norm2 = part[0] + part[1];
      }
      double beta = arrow ? Norm(w, len) : std::sqrt(local_norm2);
      // Deflation after the recurrence's subtractions: projected before them, a component along a
      // locked vector would grow by |alpha|/beta per step (a large constant term makes that 1e4).
      if (f > 0 || (!arrow && !converged.empty())) {
        if (f > 0) Project(L, w, len, c);
        if (!arrow && !converged.empty()) Project(converged, w, len, c);
        beta = Norm(w, len);
      }
      std::fill(omega_next.begin(), omega_next.end(), 0.0);
      if (!arrow && beta > 0) {
        const double b_prev = T[(j * m_act + j - 1) * s];
        double worst = 0;
        for (int64_t k = 0; k < j; ++k) {
          double xr = -alpha * omega_cur[2 * k] - b_prev * omega_prev[2 * k];
          double xi = -alpha * omega_cur[2 * k + 1] - b_prev * omega_prev[2 * k + 1];
          for (int64_t l = 0; l <= j; ++l) {
            const double tr = T[(k * m_act + l) * s];
            const double ti = c ? T[(k * m_act + l) * s + 1] : 0;
            if (tr == 0 && ti == 0) continue;
            const double orr = omega_cur[2 * l], oi = omega_cur[2 * l + 1];
            xr += tr * orr - ti * oi;
            xi += tr * oi + ti * orr;
          }
          const double m = std::hypot(xr, xi);
          if (m > 0) {
            xr += noise * xr / m;
            xi += noise * xi / m;
          } else {
            xr = noise;
          }
          omega_next[2 * k] = xr / beta;
          omega_next[2 * k + 1] = xi / beta;
          worst = std::max(worst, std::hypot(omega_next[2 * k], omega_next[2 * k + 1]));
        }
        omega_next[2 * j] = noise / beta;
        if (force_next || worst > kSqrtEps) {
          std::vector<double*> basis;
          for (int64_t k = 0; k <= j; ++k) basis.push_back(V(k));
          Project(basis, w, len, c);
          beta = Norm(w, len);
          force_next = !force_next;
          std::fill(omega_next.begin(), omega_next.end(), 0.0);
          for (int64_t k = 0; k <= j; ++k) omega_next[2 * k] = noise;
        }
      } else {
        for (int64_t k = 0; k <= j; ++k) omega_next[2 * k] = noise;
      }
      const int64_t jc = j + 1;
      bool exhausted = false;
      if (jc >= dim_avail) {
        exhausted = true;
        beta = 0;
      } else if (beta <= 1e-14 * std::max(1.0, p.scale)) {
        std::vector<double*> against = L;
        for (int64_t k = 0; k <= j; ++k) against.push_back(V(k));
        RandomUnit(w, len, rng, against, c);
        beta = 0;
      } else {
        Scale(w, len, 1 / beta);
      }
      if (jc < m_act) setT(jc, j, beta, 0);
      std::swap(omega_prev, omega_cur);
      std::swap(omega_cur, omega_next);
      omega_cur[2 * jc] = 1;
      omega_cur[2 * jc + 1] = 0;
      // A limit stops the run only once it holds `want` Ritz values (the first complete answer).
      const bool hit_limit =
          (work.matvecs >= work.max_matvecs || p.limits->CheckLimits() != Stop::kNone) && (loose_above || jc >= want);
      if (!(exhausted || jc == m_act || (jc - p_keep) % kCheckEvery == 0 || hit_limit)) {
        ++j;
        continue;
      }
      std::vector<double> Tj(static_cast<size_t>(jc * jc * s));
      for (int64_t r = 0; r < jc; ++r) {
        std::copy(T.begin() + r * m_act * s, T.begin() + r * m_act * s + jc * s, Tj.begin() + r * jc * s);
      }
      DenseEigen eig = DenseLowest(Tj, jc, c, jc, true);
      const std::vector<double>& theta = eig.values;
      std::vector<double> res(jc);
      for (int64_t i = 0; i < jc; ++i) {
        const std::vector<double>& y = eig.vectors[i];
        res[i] = exhausted ? 0 : beta * std::hypot(y[(jc - 1) * s], c ? y[(jc - 1) * s + 1] : 0.0);
      }
      const std::vector<double> bounds = TempleBounds(theta, res, true, {});
      int64_t accepted = 0;
      bool done = true;
      const int64_t want_here = std::min(want, jc);
      for (int64_t i = 0; i < want_here; ++i) {
        const double distance = theta[i] - cutoff;
        const bool enough = exhausted || (bounds[i] <= p.tol && (p.residual <= 0 || res[i] <= p.residual)) ||
                            (loose_above && distance > 0 && res[i] <= 0.5 * distance);
        if (!enough) {
          done = false;
          break;
        }
        if (theta[i] - std::max(bounds[i], p.tol) > cutoff) break;
        // A copy of the cut's own level (indistinguishable by the residuals) changes no value of the
        // list: a few are locked (a neighbour for the bounds), then the rounds end.
        if (loose_above && cutoff - theta[i] <= res[i] + cut_residual && f + i >= p.want + kMaxCutCopies) break;
        accepted = i + 1;
      }
      if (done && accepted == want_here && want_here < want && !exhausted) done = false;
      std::vector<double*> Vs;
      for (int64_t k = 0; k < jc; ++k) Vs.push_back(V(k));
      if (done || hit_limit) {
        if (!done) stopped = true;
        // A check round cut short locks only what converged (an unconverged copy would be a false level).
        const int64_t take = done || loose_above ? accepted : want_here;
        std::optional<Neighbour> nxt;
        if (take < jc) nxt = Neighbour{theta[take], res[take]};
        FormRitz(Vs, jc, eig.vectors, take, op.dim, c);
        std::vector<double*> against = L;
        for (int64_t i = 0; i < take; ++i) {
          double* x = V(i);
          Project(against, x, len, c);
          Scale(x, len, 1 / Norm(x, len));
          against.push_back(x);
          locked.push_back({x, theta[i], res[i]});
        }
        return {take, nxt};
      }
      if (jc == m_act) {
        p_keep = std::min(m_act - 3, want + 4);
        p_keep = std::max<int64_t>(std::min(p_keep, m_act - 2), 1);
        FormRitz(Vs, jc, eig.vectors, p_keep, op.dim, c);
        // The kept Ritz vectors of a semi-orthogonal basis, made orthonormal again.
        for (int64_t i = 0; i < p_keep; ++i) {
          std::vector<double*> before = L;
          for (int64_t q = 0; q < i; ++q) before.push_back(V(q));
          Project(before, V(i), len, c);
          Scale(V(i), len, 1 / Norm(V(i), len));
        }
        converged.clear();
        for (int64_t i = 0; i < p_keep; ++i) {
          if (res[i] <= 100 * kSqrtEps * std::max(1.0, p.scale)) converged.push_back(V(i));
        }
        std::swap(slots[f + jc], slots[f + p_keep]);
        std::fill(T.begin(), T.end(), 0.0);
        for (int64_t i = 0; i < p_keep; ++i) setT(i, i, theta[i], 0);
        std::vector<double*> kept;
        for (int64_t i = 0; i < p_keep; ++i) kept.push_back(V(i));
        Project(kept, V(p_keep), len, c);
        Scale(V(p_keep), len, 1 / Norm(V(p_keep), len));
        std::fill(omega_cur.begin(), omega_cur.end(), 0.0);
        for (int64_t k = 0; k < p_keep; ++k) omega_cur[2 * k] = noise;
        omega_cur[2 * p_keep] = 1;
        j = p_keep;
        continue;
      }
      ++j;
    }
  };

  const RunOut first = run(p.want, p.cutoff, false);
  next = first.next;
  if (p.check_rounds && !stopped && first.accepted > 0) {
    for (int64_t round = 0; round < op.dim && !stopped; ++round) {
      if (work.matvecs >= work.max_matvecs || p.limits->CheckLimits() != Stop::kNone) {
        stopped = true;
        break;
      }
      std::vector<Locked> sorted = locked;
      std::sort(sorted.begin(), sorted.end(), [](const Locked& a, const Locked& b) { return a.value < b.value; });
      const bool full = static_cast<int64_t>(sorted.size()) >= p.want;
      const double top = full ? sorted[p.want - 1].value : std::numeric_limits<double>::infinity();
      cut_residual = full && top <= p.cutoff ? sorted[p.want - 1].residual : 0;
      const double cut = std::min(p.cutoff, top);
      if (!std::isfinite(cut) || static_cast<int64_t>(locked.size()) >= op.dim) break;
      // Each round finds one more copy of every level below the cut that still has one (a Krylov
      // space sees one direction per eigenspace); the rounds end when a run finds none.
      const RunOut got = run(p.want, cut, true);
      if (got.accepted == 0) {
        if (got.next) next = got.next;
        break;
      }
    }
  }
  double* spare = slot(static_cast<int64_t>(locked.size()));
  KrylovResult out;
  for (const Locked& l : locked) {
    op.apply(l.x, spare);
    ++work.matvecs;
    const Rayleigh q = CompensatedRayleigh(l.x, spare, len);
    out.pairs.push_back({q.value, q.residual, p.keep_vectors ? std::vector<double>(l.x, l.x + len) : std::vector<double>()});
  }
  std::sort(out.pairs.begin(), out.pairs.end(), [](const EigenPair& a, const EigenPair& b) { return a.value < b.value; });
  for (size_t i = static_cast<size_t>(std::max<int64_t>(p.want, 0)); i < out.pairs.size(); ++i) {
    out.above.push_back({out.pairs[i].value, out.pairs[i].residual});
  }
  if (static_cast<int64_t>(out.pairs.size()) > p.want) out.pairs.resize(p.want);
  if (next) out.above.push_back(*next);
  out.stopped = stopped;
  return out;
}

}  // namespace svc::core

#include "kernels/hermitian_dense.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/prng.h"

namespace svc::core {

namespace {

constexpr double kEps = 2.220446049250313e-16;

struct Reduction {
  int64_t N = 0;
  bool complex = false;
  std::vector<double> d, e, tau;
  std::vector<double> phase;  // real: signs (N); complex: phases interleaved (2N)
};

Reduction Tridiagonalize(std::vector<double>& A, int64_t N, bool complex) {
  const int s = complex ? 2 : 1;
  Reduction r;
  r.N = N;
  r.complex = complex;
  r.d.assign(N, 0.0);
  r.tau.assign(N, 0.0);
  std::vector<double> sub(std::max<int64_t>(0, N - 1) * 2, 0.0);
  std::vector<double> p(N * s, 0.0);
  double* a = A.data();
  for (int64_t k = 0; k < N - 1; ++k) {
    r.d[k] = a[(k * N + k) * s];
    const int64_t L = N - k - 1;
    double* v = a + (k * N + k + 1) * s;  // row k from column k+1
    double tail = 0;
    for (int64_t i = 1; i < L; ++i) {
      tail += v[i * s] * v[i * s];
      if (complex) tail += v[i * s + 1] * v[i * s + 1];
    }
    const double x0r = v[0];
    const double x0i = complex ? -v[1] : 0;
    if (tail == 0) {
      sub[2 * k] = x0r;
      sub[2 * k + 1] = x0i;
      r.tau[k] = 0;
      continue;
    }
    const double ax0 = std::hypot(x0r, x0i);
    const double norm = std::sqrt(tail + ax0 * ax0);
    const double pr = ax0 == 0 ? 1 : x0r / ax0;
    const double pi = ax0 == 0 ? 0 : x0i / ax0;
    sub[2 * k] = -pr * norm;
    sub[2 * k + 1] = -pi * norm;
    const double v0 = ax0 + norm;
    v[0] = pr * v0;
    if (complex) {
      v[1] = pi * v0;
      for (int64_t i = 1; i < L; ++i) v[i * s + 1] = -v[i * s + 1];
    }
    const double t = 2 / (v0 * v0 + tail);
    r.tau[k] = t;
    const int64_t base = k + 1;
    if (!complex) {
      for (int64_t i = 0; i < L; ++i) {
        const double* row = a + (base + i) * N + base;
        double acc = 0;
        for (int64_t j = 0; j < L; ++j) acc += row[j] * v[j];
        p[i] = t * acc;
      }
      double vp = 0;
      for (int64_t i = 0; i < L; ++i) vp += v[i] * p[i];
      const double K = 0.5 * t * vp;
      for (int64_t i = 0; i < L; ++i) p[i] -= K * v[i];
      for (int64_t i = 0; i < L; ++i) {
        double* row = a + (base + i) * N + base;
        const double vi = v[i], wi = p[i];
        for (int64_t j = 0; j < L; ++j) row[j] -= vi * p[j] + wi * v[j];
      }
    } else {
      for (int64_t i = 0; i < L; ++i) {
        const double* row = a + ((base + i) * N + base) * 2;
        double ar = 0, ai = 0;
        for (int64_t j = 0; j < L; ++j) {
          const double br = row[2 * j], bi = row[2 * j + 1];
          const double vr = v[2 * j], vi = v[2 * j + 1];
          ar += br * vr - bi * vi;
          ai += br * vi + bi * vr;
        }
        p[2 * i] = t * ar;
        p[2 * i + 1] = t * ai;
      }
      double vp = 0;
      for (int64_t i = 0; i < L; ++i) vp += v[2 * i] * p[2 * i] + v[2 * i + 1] * p[2 * i + 1];
      const double K = 0.5 * t * vp;
      for (int64_t i = 0; i < L; ++i) {
        p[2 * i] -= K * v[2 * i];
        p[2 * i + 1] -= K * v[2 * i + 1];
      }
      for (int64_t i = 0; i < L; ++i) {
        double* row = a + ((base + i) * N + base) * 2;
        const double vir = v[2 * i], vii = v[2 * i + 1], wir = p[2 * i], wii = p[2 * i + 1];
        for (int64_t j = 0; j < L; ++j) {
          const double wjr = p[2 * j], wji = p[2 * j + 1], vjr = v[2 * j], vji = v[2 * j + 1];
          row[2 * j] -= vir * wjr + vii * wji + wir * vjr + wii * vji;
          row[2 * j + 1] -= vii * wjr - vir * wji + wii * vjr - wir * vji;
        }
      }
    }
  }
  if (N > 0) r.d[N - 1] = a[((N - 1) * N + N - 1) * s];
  r.e.assign(std::max<int64_t>(0, N - 1), 0.0);
  if (complex) {
    r.phase.assign(2 * N, 0.0);
    r.phase[0] = 1;
    for (int64_t k = 0; k < N - 1; ++k) {
      const double m = std::hypot(sub[2 * k], sub[2 * k + 1]);
      r.e[k] = m;
      const double ur = m == 0 ? 1 : sub[2 * k] / m;
      const double ui = m == 0 ? 0 : sub[2 * k + 1] / m;
      r.phase[2 * k + 2] = r.phase[2 * k] * ur - r.phase[2 * k + 1] * ui;
      r.phase[2 * k + 3] = r.phase[2 * k] * ui + r.phase[2 * k + 1] * ur;
    }
  } else {
    r.phase.assign(N, 1.0);
    double sign = 1;
    for (int64_t k = 0; k < N - 1; ++k) {
      r.e[k] = std::fabs(sub[2 * k]);
      if (sub[2 * k] < 0) sign = -sign;
      r.phase[k + 1] = sign;
    }
  }
  return r;
}

int64_t SturmCount(const std::vector<double>& d, const std::vector<double>& e, double x, double pivmin) {
  int64_t count = 0;
  double q = d[0] - x;
  if (std::fabs(q) <= pivmin) q = -pivmin;
  if (q < 0) ++count;
  for (size_t i = 1; i < d.size(); ++i) {
    q = d[i] - x - (e[i - 1] * e[i - 1]) / q;
    if (std::fabs(q) <= pivmin) q = -pivmin;
    if (q < 0) ++count;
  }
  return count;
}

std::vector<double> Bisection(const std::vector<double>& d, const std::vector<double>& e, int64_t count) {
  const int64_t N = static_cast<int64_t>(d.size());
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, emax = 0;
  for (int64_t i = 0; i < N; ++i) {
    const double rad = (i > 0 ? std::fabs(e[i - 1]) : 0) + (i < N - 1 ? std::fabs(e[i]) : 0);
    lo = std::min(lo, d[i] - rad);
    hi = std::max(hi, d[i] + rad);
    if (i < N - 1) emax = std::max(emax, e[i] * e[i]);
  }
  const double width = std::max(std::fabs(lo), std::fabs(hi));
  const double pivmin = std::numeric_limits<double>::denorm_min() * 1e10 * std::max(1.0, emax);
  lo -= 2 * kEps * width + pivmin;
  hi += 2 * kEps * width + pivmin;
  std::vector<double> out(count);
  double left = lo;
  for (int64_t j = 0; j < count; ++j) {
    double a = left, b = hi;
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (a + b);
      if (mid <= a || mid >= b || b - a <= 2 * kEps * std::max(std::fabs(a), std::fabs(b)) + pivmin) break;
      if (SturmCount(d, e, mid, pivmin) <= j) {
        a = mid;
      } else {
        b = mid;
      }
    }
    out[j] = 0.5 * (a + b);
    left = a;
  }
  return out;
}

void SolveShifted(const std::vector<double>& d, const std::vector<double>& e, double lambda, std::vector<double>& b,
                  double tiny) {
  const int64_t N = static_cast<int64_t>(d.size());
  std::vector<double> diag(N), up(N), up2(N), mult(N);
  std::vector<uint8_t> swapped(N, 0);
  double cd = d[0] - lambda;
  double cu = N > 1 ? e[0] : 0;
  for (int64_t i = 0; i < N - 1; ++i) {
    const double below = e[i];
    const double nd = d[i + 1] - lambda;
    const double nu = i + 1 < N - 1 ? e[i + 1] : 0;
    if (std::fabs(cd) >= std::fabs(below)) {
      const double piv = cd == 0 ? tiny : cd;
      const double m = below / piv;
      diag[i] = piv;
      up[i] = cu;
      up2[i] = 0;
      mult[i] = m;
      cd = nd - m * cu;
      cu = nu;
    } else {
      const double m = cd / below;
      diag[i] = below;
      up[i] = nd;
      up2[i] = nu;
      mult[i] = m;
      swapped[i] = 1;
      cd = cu - m * nd;
      cu = -m * nu;
    }
  }
  diag[N - 1] = cd == 0 ? tiny : cd;
  for (int64_t i = 0; i < N - 1; ++i) {
    if (swapped[i]) {
      const double tmp = b[i];
      b[i] = b[i + 1];
      b[i + 1] = tmp - mult[i] * b[i];
    } else {
      b[i + 1] -= mult[i] * b[i];
    }
  }
  for (int64_t i = N - 1; i >= 0; --i) {
    double v = b[i];
    if (i + 1 < N) v -= up[i] * b[i + 1];
    if (i + 2 < N) v -= up2[i] * b[i + 2];
    double piv = diag[i];
    if (std::fabs(piv) < tiny) piv = piv < 0 ? -tiny : tiny;
    b[i] = v / piv;
  }
}

/// x minus its projections on the unit vectors ys[from..to) (classical Gram-Schmidt, one pass).
void ProjectOut(const std::vector<std::vector<double>>& ys, size_t from, size_t to, std::vector<double>& x) {
  const size_t N = x.size();
  for (size_t c = from; c < to; ++c) {
    const std::vector<double>& y = ys[c];
    double dot = 0;
    for (size_t i = 0; i < N; ++i) dot += y[i] * x[i];
    for (size_t i = 0; i < N; ++i) x[i] -= dot * y[i];
  }
}

std::vector<std::vector<double>> TridiagonalVectors(const std::vector<double>& d, const std::vector<double>& e,
                                                    const std::vector<double>& values) {
  const int64_t N = static_cast<int64_t>(d.size());
  double norm = 0;
  for (int64_t i = 0; i < N; ++i) {
    norm = std::max(norm, std::fabs(d[i]) + (i > 0 ? std::fabs(e[i - 1]) : 0) + (i < N - 1 ? std::fabs(e[i]) : 0));
  }
  norm = std::max(norm, 1e-290);  // a zero matrix still gets a usable pivot floor
  const double ortol = 1e-3 * norm;
  const double tiny = kEps * norm;
  Prng rng(0x51ed270bu);
  std::vector<std::vector<double>> out;
  size_t cluster_start = 0;
  double last = -std::numeric_limits<double>::infinity();
  for (size_t j = 0; j < values.size(); ++j) {
    double lambda = values[j];
    if (j > 0 && lambda - values[j - 1] > ortol) cluster_start = j;
    const double sep = 10 * kEps * std::max(std::fabs(lambda), norm);
    if (j > cluster_start && lambda - last < sep) lambda = last + sep;
    last = lambda;
    std::vector<double> x(N);
    for (int64_t i = 0; i < N; ++i) x[i] = rng.NextFloat() - 0.5;
    for (int it = 0; it < 4; ++it) {
      double s = 0;
      for (double xi : x) s = std::max(s, std::fabs(xi));
      for (double& xi : x) xi /= s;
      SolveShifted(d, e, lambda, x, tiny);
      ProjectOut(out, cluster_start, j, x);
    }
    // Scaled by the largest entry first: an exactly singular shift leaves entries near 1/tiny.
    double big = 0;
    for (double xi : x) big = std::max(big, std::fabs(xi));
    for (double& xi : x) xi /= big;
    double nrm = 0;
    for (double xi : x) nrm += xi * xi;
    nrm = std::sqrt(nrm);
    for (double& xi : x) xi /= nrm;
    // The last solve may have grown the cluster's directions by 1/tiny: one subtraction then leaves
    // rounding of that size (overlaps of 0.03 were seen), so the unit vector is orthogonalised twice more.
    for (int pass = 0; pass < 2 && j > cluster_start; ++pass) {
      ProjectOut(out, cluster_start, j, x);
      double nn = 0;
      for (double xi : x) nn += xi * xi;
      nn = std::sqrt(nn);
      for (double& xi : x) xi /= nn;
    }
    out.push_back(std::move(x));
  }
  return out;
}

std::vector<double> BackTransform(const Reduction& r, const std::vector<double>& A, const std::vector<double>& y) {
  const int64_t N = r.N;
  if (!r.complex) {
    std::vector<double> u(N);
    for (int64_t i = 0; i < N; ++i) u[i] = y[i] * r.phase[i];
    for (int64_t k = N - 2; k >= 0; --k) {
      const double t = r.tau[k];
      if (t == 0) continue;
      const double* v = A.data() + k * N + k + 1;
      double dot = 0;
      for (int64_t i = 0; i < N - k - 1; ++i) dot += v[i] * u[k + 1 + i];
      dot *= t;
      for (int64_t i = 0; i < N - k - 1; ++i) u[k + 1 + i] -= dot * v[i];
    }
    return u;
  }
  std::vector<double> u(2 * N);
  for (int64_t i = 0; i < N; ++i) {
    u[2 * i] = r.phase[2 * i] * y[i];
    u[2 * i + 1] = r.phase[2 * i + 1] * y[i];
  }
  for (int64_t k = N - 2; k >= 0; --k) {
    const double t = r.tau[k];
    if (t == 0) continue;
    const double* v = A.data() + (k * N + k + 1) * 2;
    double dr = 0, di = 0;
    for (int64_t i = 0; i < N - k - 1; ++i) {
      const double vr = v[2 * i], vi = v[2 * i + 1];
      const double ur = u[2 * (k + 1 + i)], ui = u[2 * (k + 1 + i) + 1];
      dr += vr * ur + vi * ui;
      di += vr * ui - vi * ur;
    }
    dr *= t;
    di *= t;
    for (int64_t i = 0; i < N - k - 1; ++i) {
      const double vr = v[2 * i], vi = v[2 * i + 1];
      u[2 * (k + 1 + i)] -= vr * dr - vi * di;
      u[2 * (k + 1 + i) + 1] -= vr * di + vi * dr;
    }
  }
  return u;
}

}  // namespace

DenseEigen DenseLowest(std::vector<double>& A, int64_t N, bool complex, int64_t count, bool with_vectors) {
  DenseEigen out;
  const int64_t c = std::min(count, N);
  if (N == 0 || c <= 0) return out;
  Reduction r = Tridiagonalize(A, N, complex);
  out.values = Bisection(r.d, r.e, c);
  if (!with_vectors) return out;
  const auto ys = TridiagonalVectors(r.d, r.e, out.values);
  out.vectors.reserve(ys.size());
  for (const auto& y : ys) out.vectors.push_back(BackTransform(r, A, y));
  return out;
}

}  // namespace svc::core

#include "kernels/entanglement.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "kernels/hermitian_dense.h"
#include "kernels/parallel.h"

namespace svc::core {

namespace {

constexpr double kEps = 2.220446049250313e-16;

double BinaryEntropy(double t) {
  if (t <= 0 || t >= 1) return 0;
  return -t * std::log2(t) - (1 - t) * std::log2(1 - t);
}

// rho rows [lo, hi) of M M^H (upper triangle and its mirror; rows of width D).
SVC_SIMD_CLONES void GramRows(const double* M, int64_t d, int64_t D, bool real, int64_t lo, int64_t hi, double* rho,
                              double* purity) {
  const int s = real ? 1 : 2;
  double p = 0;
  for (int64_t r = lo; r < hi; ++r) {
    const double* a = M + r * D * s;
    for (int64_t r2 = r; r2 < d; ++r2) {
      const double* b = M + r2 * D * s;
      double re = 0, im = 0;
      if (real) {
        for (int64_t c = 0; c < D; ++c) re += a[c] * b[c];
      } else {
        for (int64_t c = 0; c < D; ++c) {
          re += a[2 * c] * b[2 * c] + a[2 * c + 1] * b[2 * c + 1];
          im += a[2 * c + 1] * b[2 * c] - a[2 * c] * b[2 * c + 1];
        }
      }
      rho[(r * d + r2) * s] = re;
      rho[(r2 * d + r) * s] = re;
      if (!real) {
        rho[(r * d + r2) * s + 1] = im;
        rho[(r2 * d + r) * s + 1] = r == r2 ? 0 : -im;
      }
      p += (r == r2 ? 1 : 2) * (re * re + im * im);
    }
  }
  *purity = p;
}

}  // namespace

double FannesAudenaert(double t, int64_t d) {
  if (d <= 1) return 0;
  if (!(t < 1 - 1.0 / static_cast<double>(d))) return std::log2(static_cast<double>(d));
  return t * std::log2(static_cast<double>(d - 1)) + BinaryEntropy(t);
}

Entanglement ComputeEntanglement(int32_t n, std::span<const double> psi, std::span<const uint8_t> in_a, int64_t max_schmidt) {
  std::vector<int32_t> qa, qb;
  for (int32_t q = 0; q < n; ++q) (in_a[q] ? qa : qb).push_back(q);
  const std::vector<int32_t>& rows_q = qa.size() <= qb.size() ? qa : qb;
  const std::vector<int32_t>& cols_q = qa.size() <= qb.size() ? qb : qa;
  const int64_t d = int64_t{1} << rows_q.size();
  const int64_t D = int64_t{1} << cols_q.size();
  if (d == 1) {
    // A cut with an empty side: the reduced state of a normalised pure state is exactly [1].
    Entanglement one;
    one.rank = 1;
    if (max_schmidt >= 1) one.schmidt.push_back(1.0);
    return one;
  }
  bool real = true;
  for (size_t i = 1; i < psi.size(); i += 2) {
    if (psi[i] != 0) {
      real = false;
      break;
    }
  }
  const int s = real ? 1 : 2;
  std::vector<double> M(static_cast<size_t>(d * D * s), 0.0);
  const int64_t dim = int64_t{1} << n;
  for (int64_t b = 0; b < dim; ++b) {
    int64_t r = 0, c = 0;
    for (size_t k = 0; k < rows_q.size(); ++k) r |= ((b >> rows_q[k]) & 1) << k;
    for (size_t k = 0; k < cols_q.size(); ++k) c |= ((b >> cols_q[k]) & 1) << k;
    M[(r * D + c) * s] = psi[2 * b];
    if (!real) M[(r * D + c) * s + 1] = psi[2 * b + 1];
  }
  std::vector<double> rho(static_cast<size_t>(d * d * s), 0.0);
  double part[2] = {0, 0};
  // Rows split so both halves hold about the same share of the upper triangle.
  const int64_t mid = static_cast<int64_t>(static_cast<double>(d) * (1 - std::sqrt(0.5)));
  OnBoth(d * D >= kParallelMin, [&](int k) {
    if (k == 0) GramRows(M.data(), d, D, real, 0, mid, rho.data(), &part[0]);
    else GramRows(M.data(), d, D, real, mid, d, rho.data(), &part[1]);
  });
  Entanglement out;
  out.purity = part[0] + part[1];
  out.dim = d;
  std::vector<double> p = DenseLowest(rho, d, !real, d, false).values;
  // Descending, sorted here: bisection need not return values within its tolerance of each other in order.
  std::sort(p.begin(), p.end(), std::greater<double>());
  const double eta = static_cast<double>(D + 8 * d) * kEps;
  double entropy = 0, total = 0, clipped = 0;
  for (int64_t i = 0; i < d; ++i) {
    if (p[i] < 0) clipped -= p[i];
    const double pi = std::max(0.0, p[i]);
    total += pi;
    if (pi > eta) ++out.rank;
    if (pi > 0) entropy -= pi * std::log2(pi);
  }
  out.entropy = std::max(0.0, entropy);
  out.renyi2 = -std::log2(out.purity);
  out.rounding_t = 0.5 * static_cast<double>(d) * eta + 0.5 * std::fabs(1 - total) + 0.5 * clipped;
  const int64_t m = std::min(max_schmidt, d);
  for (int64_t i = 0; i < m; ++i) out.schmidt.push_back(std::sqrt(std::max(0.0, p[i])));
  return out;
}

}  // namespace svc::core

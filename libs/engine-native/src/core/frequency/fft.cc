#include "frequency/fft.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace svc::core {

namespace {

// cos and sin of −2π·num/den, num reduced mod den first (engine-ts fft.ts unitRoot).
void UnitRoot(int64_t num, int64_t den, double* c, double* s) {
  const double a = (-2 * std::numbers::pi * static_cast<double>(num % den)) / static_cast<double>(den);
  *c = std::cos(a);
  *s = std::sin(a);
}

}  // namespace

UnitRoots::UnitRoots(int64_t count) : n(count), re(count), im(count) {
  if (count % 8 != 0) {
    for (int64_t k = 0; k < count; ++k) UnitRoot(k, count, &re[k], &im[k]);
    return;
  }
  // θ_k = 2πk/n; the root is (cos θ_k, −sin θ_k).
  const int64_t q = count / 8;
  std::vector<double> c(q + 1), s(q + 1);
  for (int64_t k = 0; k <= q; ++k) {
    const double a = 2 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(count);
    c[k] = std::cos(a);
    s[k] = std::sin(a);
  }
  for (int64_t k = 0; k < count; ++k) {
    double ck, sk;
    if (k <= q) {
      ck = c[k], sk = s[k];
    } else if (k <= 2 * q) {
      ck = s[2 * q - k], sk = c[2 * q - k];
    } else if (k <= 4 * q) {
      const int64_t j = 4 * q - k;  // θ = π − θ_j
      const double cj = j <= q ? c[j] : s[2 * q - j], sj = j <= q ? s[j] : c[2 * q - j];
      ck = -cj, sk = sj;
    } else {
      const int64_t j = 8 * q - k;  // θ = 2π − θ_j, j < 4q
      double cj, sj;
      if (j <= q) {
        cj = c[j], sj = s[j];
      } else if (j <= 2 * q) {
        cj = s[2 * q - j], sj = c[2 * q - j];
      } else {
        const int64_t i = 4 * q - j;
        cj = -(i <= q ? c[i] : s[2 * q - i]), sj = i <= q ? s[i] : c[2 * q - i];
      }
      ck = cj, sk = -sj;
    }
    re[k] = ck;
    im[k] = -sk;
  }
}

std::vector<int32_t> FftRadices(int64_t n) {
  std::vector<int32_t> out;
  if (n < 1) return out;
  int64_t rest = n;
  while (rest % 4 == 0) {
    out.push_back(4);
    rest /= 4;
  }
  if (rest % 2 == 0) {
    out.push_back(2);
    rest /= 2;
  }
  for (int32_t p : {3, 5, 7, 11, 13}) {
    while (rest % p == 0) {
      out.push_back(p);
      rest /= p;
    }
  }
  if (rest != 1) out.clear();
  return out;
}

int64_t SmoothAtLeast(int64_t n) {
  int64_t best = INT64_MAX;
  for (int64_t p5 = 1; p5 < 2 * n; p5 *= 5) {
    for (int64_t p35 = p5; p35 < 2 * n; p35 *= 3) {
      int64_t v = p35;
      while (v < n) v *= 2;
      best = std::min(best, v);
    }
  }
  return best;
}

bool IsPrime(int64_t n) {
  if (n < 2) return false;
  for (int64_t d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}

namespace {

int64_t PowMod(int64_t b, int64_t e, int64_t m) {
  int64_t r = 1;
  b %= m;
  while (e > 0) {
    if (e & 1) r = r * b % m;
    b = b * b % m;
    e >>= 1;
  }
  return r;
}

}  // namespace

int64_t PrimitiveRoot(int64_t p) {
  std::vector<int64_t> factors;
  int64_t rest = p - 1;
  for (int64_t d = 2; d * d <= rest; ++d) {
    if (rest % d != 0) continue;
    factors.push_back(d);
    while (rest % d == 0) rest /= d;
  }
  if (rest > 1) factors.push_back(rest);
  for (int64_t g = 2; g < p; ++g) {
    bool ok = true;
    for (int64_t q : factors) ok = ok && PowMod(g, (p - 1) / q, p) != 1;
    if (ok) return g;
  }
  return 1;
}

struct FftPlan::Rader {
  int64_t l = 0;
  std::vector<int32_t> perm_in, perm_out;  // g^q mod N, g^(−m) mod N (N < 2^31)
  std::unique_ptr<FftPlan> inner;
  std::unique_ptr<RealFftPlan> real;
  std::vector<double> b_re, b_im, a_re, a_im, h_re, h_im;
};

struct FftPlan::Bluestein {
  int64_t m = 0;
  std::unique_ptr<FftPlan> inner;
  std::vector<double> w_re, w_im, b_re, b_im, a_re, a_im;
};

FftPlan::FftPlan(int64_t n) : n_(n) {
  const std::vector<int32_t> radices = FftRadices(n);
  if (radices.empty() && n > 1 && IsPrime(n) && SmoothAtLeast(n - 1) == n - 1) {
    auto r = std::make_unique<Rader>();
    const int64_t l = n - 1;
    r->l = l;
    const int64_t g = PrimitiveRoot(n);
    const int64_t g_inv = PowMod(g, n - 2, n);
    r->perm_in.resize(l);
    r->perm_out.resize(l);
    for (int64_t q = 0, a = 1, b = 1; q < l; ++q, a = a * g % n, b = b * g_inv % n) {
      r->perm_in[q] = static_cast<int32_t>(a);
      r->perm_out[q] = static_cast<int32_t>(b);
    }
    r->inner = std::make_unique<FftPlan>(l);
    r->real = std::make_unique<RealFftPlan>(l);
    r->b_re.resize(l);
    r->b_im.resize(l);
    for (int64_t j = 0; j < l; ++j) UnitRoot(r->perm_out[j], n, &r->b_re[j], &r->b_im[j]);
    r->inner->Forward(r->b_re.data(), r->b_im.data());
    for (int64_t k = 0; k < l; ++k) {
      r->b_re[k] /= static_cast<double>(l);
      r->b_im[k] /= static_cast<double>(l);
    }
    r->a_re.resize(l);
    r->a_im.resize(l);
    r->h_re.resize(l / 2 + 1);
    r->h_im.resize(l / 2 + 1);
    rader_ = std::move(r);
    return;
  }
  if (radices.empty() && n > 1) {
    auto b = std::make_unique<Bluestein>();
    const int64_t m = SmoothAtLeast(2 * n - 1);
    b->m = m;
    b->inner = std::make_unique<FftPlan>(m);
    b->w_re.resize(n);
    b->w_im.resize(n);
    const int64_t two_n = 2 * n;
    for (int64_t k = 0; k < n; ++k) UnitRoot((k * k) % two_n, two_n, &b->w_re[k], &b->w_im[k]);
    b->b_re.assign(m, 0);
    b->b_im.assign(m, 0);
    b->b_re[0] = b->w_re[0];
    b->b_im[0] = -b->w_im[0];
    for (int64_t k = 1; k < n; ++k) {
      b->b_re[k] = b->b_re[m - k] = b->w_re[k];
      b->b_im[k] = b->b_im[m - k] = -b->w_im[k];
    }
    b->inner->Forward(b->b_re.data(), b->b_im.data());
    for (int64_t k = 0; k < m; ++k) {
      b->b_re[k] /= static_cast<double>(m);
      b->b_im[k] /= static_cast<double>(m);
    }
    b->a_re.resize(m);
    b->a_im.resize(m);
    bluestein_ = std::move(b);
    return;
  }
  const UnitRoots roots(n);
  int64_t ns = n;
  int64_t s = 1;
  for (int32_t r : radices) {
    Pass pass;
    pass.r = r;
    pass.m = ns / r;
    pass.s = s;
    pass.tw_re.resize(pass.m * (r - 1));
    pass.tw_im.resize(pass.m * (r - 1));
    // W_{n_s}^{pk} = W_n^{pk·(n/n_s)}, pk < n_s.
    const int64_t stride = n / ns;
    for (int64_t p = 0; p < pass.m; ++p) {
      for (int32_t k = 1; k < r; ++k) {
        pass.tw_re[p * (r - 1) + k - 1] = roots.re[p * k * stride];
        pass.tw_im[p * (r - 1) + k - 1] = roots.im[p * k * stride];
      }
    }
    passes_.push_back(std::move(pass));
    ns /= r;
    s *= r;
  }
  scratch_re_.resize(n);
  scratch_im_.resize(n);
}

FftPlan::~FftPlan() = default;

int64_t FftPlan::bluestein_length() const { return bluestein_ ? bluestein_->m : 0; }

int64_t FftPlan::rader_length() const { return rader_ ? rader_->l : 0; }

void FftPlan::Forward(double* re, double* im) {
  if (rader_) {
    Rader& r = *rader_;
    const int64_t l = r.l;
    double sum_re = re[0], sum_im = im[0];
    bool real = im[0] == 0;
    for (int64_t q = 0; q < l; ++q) {
      const double vr = re[r.perm_in[q]], vi = im[r.perm_in[q]];
      r.a_re[q] = vr;
      r.a_im[q] = vi;
      sum_re += vr;
      sum_im += vi;
      real = real && vi == 0;
    }
    if (real) {
      // A real sequence: half its transform by the real plan, the rest by conjugate symmetry.
      r.real->Forward(r.a_re.data(), r.h_re.data(), r.h_im.data());
      for (int64_t k = 0; k <= l / 2; ++k) {
        r.a_re[k] = r.h_re[k];
        r.a_im[k] = r.h_im[k];
      }
      for (int64_t k = l / 2 + 1; k < l; ++k) {
        r.a_re[k] = r.h_re[l - k];
        r.a_im[k] = -r.h_im[l - k];
      }
    } else {
      r.inner->Forward(r.a_re.data(), r.a_im.data());
    }
    for (int64_t k = 0; k < l; ++k) {
      const double pr = r.a_re[k] * r.b_re[k] - r.a_im[k] * r.b_im[k];
      const double pi = r.a_re[k] * r.b_im[k] + r.a_im[k] * r.b_re[k];
      r.a_re[k] = pr;
      r.a_im[k] = -pi;
    }
    r.inner->Forward(r.a_re.data(), r.a_im.data());
    const double x0r = re[0], x0i = im[0];
    re[0] = sum_re;
    im[0] = sum_im;
    for (int64_t m = 0; m < l; ++m) {
      re[r.perm_out[m]] = x0r + r.a_re[m];
      im[r.perm_out[m]] = x0i - r.a_im[m];
    }
    return;
  }
  if (bluestein_) {
    Bluestein& b = *bluestein_;
    const int64_t m = b.m;
    std::fill(b.a_re.begin(), b.a_re.end(), 0.0);
    std::fill(b.a_im.begin(), b.a_im.end(), 0.0);
    for (int64_t k = 0; k < n_; ++k) {
      b.a_re[k] = re[k] * b.w_re[k] - im[k] * b.w_im[k];
      b.a_im[k] = re[k] * b.w_im[k] + im[k] * b.w_re[k];
    }
    b.inner->Forward(b.a_re.data(), b.a_im.data());
    for (int64_t k = 0; k < m; ++k) {
      const double r = b.a_re[k] * b.b_re[k] - b.a_im[k] * b.b_im[k];
      const double i = b.a_re[k] * b.b_im[k] + b.a_im[k] * b.b_re[k];
      b.a_re[k] = r;
      b.a_im[k] = -i;
    }
    b.inner->Forward(b.a_re.data(), b.a_im.data());
    for (int64_t k = 0; k < n_; ++k) {
      const double r = b.a_re[k], i = -b.a_im[k];
      re[k] = r * b.w_re[k] - i * b.w_im[k];
      im[k] = r * b.w_im[k] + i * b.w_re[k];
    }
    return;
  }
  double* xr = re;
  double* xi = im;
  double* yr = scratch_re_.data();
  double* yi = scratch_im_.data();
  for (const Pass& pass : passes_) {
    RunPass(pass, xr, xi, yr, yi);
    std::swap(xr, yr);
    std::swap(xi, yi);
  }
  if (xr != re) {
    std::copy(xr, xr + n_, re);
    std::copy(xi, xi + n_, im);
  }
}

void FftPlan::Inverse(double* re, double* im) {
  for (int64_t k = 0; k < n_; ++k) im[k] = -im[k];
  Forward(re, im);
  const double inv = 1.0 / static_cast<double>(n_);
  for (int64_t k = 0; k < n_; ++k) {
    re[k] *= inv;
    im[k] = -im[k] * inv;
  }
}

// One Stockham pass: for p < m, q < s, the r inputs x[q + s(p + j·m)] through an r-point DFT to
// y[q + s(r·p + k)], output k times W_{n_s}^{p·k}.
__attribute__((target_clones("avx2", "default"))) void FftPlan::RunPass(const Pass& pass, const double* __restrict xr, const double* __restrict xi,
                      double* __restrict yr, double* __restrict yi) const {
  const int32_t r = pass.r;
  const int64_t m = pass.m, s = pass.s, sm = s * m;
  const double* tr = pass.tw_re.data();
  const double* ti = pass.tw_im.data();
  if (r == 4 && s == 1) {
    // The first pass: one butterfly per p, inputs contiguous in p (a loop the compiler vectorises).
    for (int64_t p = 0; p < m; ++p) {
      const double ar0 = xr[p], ai0 = xi[p];
      const double ar1 = xr[p + m], ai1 = xi[p + m];
      const double ar2 = xr[p + 2 * m], ai2 = xi[p + 2 * m];
      const double ar3 = xr[p + 3 * m], ai3 = xi[p + 3 * m];
      const double t0r = ar0 + ar2, t0i = ai0 + ai2;
      const double t1r = ar0 - ar2, t1i = ai0 - ai2;
      const double t2r = ar1 + ar3, t2i = ai1 + ai3;
      const double t3r = ai1 - ai3, t3i = ar3 - ar1;
      const double b1r = t1r + t3r, b1i = t1i + t3i;
      const double b2r = t0r - t2r, b2i = t0i - t2i;
      const double b3r = t1r - t3r, b3i = t1i - t3i;
      const double w1r = tr[3 * p], w1i = ti[3 * p];
      const double w2r = tr[3 * p + 1], w2i = ti[3 * p + 1];
      const double w3r = tr[3 * p + 2], w3i = ti[3 * p + 2];
      yr[4 * p] = t0r + t2r;
      yi[4 * p] = t0i + t2i;
      yr[4 * p + 1] = b1r * w1r - b1i * w1i;
      yi[4 * p + 1] = b1r * w1i + b1i * w1r;
      yr[4 * p + 2] = b2r * w2r - b2i * w2i;
      yi[4 * p + 2] = b2r * w2i + b2i * w2r;
      yr[4 * p + 3] = b3r * w3r - b3i * w3i;
      yi[4 * p + 3] = b3r * w3i + b3i * w3r;
    }
    return;
  }
  if (r == 4) {
    for (int64_t p = 0; p < m; ++p) {
      const double w1r = tr[3 * p], w1i = ti[3 * p];
      const double w2r = tr[3 * p + 1], w2i = ti[3 * p + 1];
      const double w3r = tr[3 * p + 2], w3i = ti[3 * p + 2];
      const double* a0r = xr + s * p;
      const double* a0i = xi + s * p;
      double* o0r = yr + 4 * s * p;
      double* o0i = yi + 4 * s * p;
      for (int64_t q = 0; q < s; ++q) {
        const double ar0 = a0r[q], ai0 = a0i[q];
        const double ar1 = a0r[q + sm], ai1 = a0i[q + sm];
        const double ar2 = a0r[q + 2 * sm], ai2 = a0i[q + 2 * sm];
        const double ar3 = a0r[q + 3 * sm], ai3 = a0i[q + 3 * sm];
        const double t0r = ar0 + ar2, t0i = ai0 + ai2;
        const double t1r = ar0 - ar2, t1i = ai0 - ai2;
        const double t2r = ar1 + ar3, t2i = ai1 + ai3;
        const double t3r = ai1 - ai3, t3i = ar3 - ar1;
        o0r[q] = t0r + t2r;
        o0i[q] = t0i + t2i;
        const double b1r = t1r + t3r, b1i = t1i + t3i;
        const double b2r = t0r - t2r, b2i = t0i - t2i;
        const double b3r = t1r - t3r, b3i = t1i - t3i;
        o0r[q + s] = b1r * w1r - b1i * w1i;
        o0i[q + s] = b1r * w1i + b1i * w1r;
        o0r[q + 2 * s] = b2r * w2r - b2i * w2i;
        o0i[q + 2 * s] = b2r * w2i + b2i * w2r;
        o0r[q + 3 * s] = b3r * w3r - b3i * w3i;
        o0i[q + 3 * s] = b3r * w3i + b3i * w3r;
      }
    }
    return;
  }
  if (r == 2) {
    for (int64_t p = 0; p < m; ++p) {
      const double wr = tr[p], wi = ti[p];
      const double* a0r = xr + s * p;
      const double* a0i = xi + s * p;
      double* o0r = yr + 2 * s * p;
      double* o0i = yi + 2 * s * p;
      for (int64_t q = 0; q < s; ++q) {
        const double ar0 = a0r[q], ai0 = a0i[q];
        const double ar1 = a0r[q + sm], ai1 = a0i[q + sm];
        o0r[q] = ar0 + ar1;
        o0i[q] = ai0 + ai1;
        const double dr = ar0 - ar1, di = ai0 - ai1;
        o0r[q + s] = dr * wr - di * wi;
        o0i[q + s] = dr * wi + di * wr;
      }
    }
    return;
  }
  if (r == 3) {
    const double sin60 = std::sqrt(3.0) / 2;
    for (int64_t p = 0; p < m; ++p) {
      const double w1r = tr[2 * p], w1i = ti[2 * p];
      const double w2r = tr[2 * p + 1], w2i = ti[2 * p + 1];
      const double* a0r = xr + s * p;
      const double* a0i = xi + s * p;
      double* o0r = yr + 3 * s * p;
      double* o0i = yi + 3 * s * p;
      for (int64_t q = 0; q < s; ++q) {
        const double ar0 = a0r[q], ai0 = a0i[q];
        const double ar1 = a0r[q + sm], ai1 = a0i[q + sm];
        const double ar2 = a0r[q + 2 * sm], ai2 = a0i[q + 2 * sm];
        const double sr = ar1 + ar2, si = ai1 + ai2;
        const double mr = ar0 - 0.5 * sr, mi = ai0 - 0.5 * si;
        const double dr = sin60 * (ai1 - ai2), di = -sin60 * (ar1 - ar2);
        o0r[q] = ar0 + sr;
        o0i[q] = ai0 + si;
        const double b1r = mr + dr, b1i = mi + di;
        const double b2r = mr - dr, b2i = mi - di;
        o0r[q + s] = b1r * w1r - b1i * w1i;
        o0i[q + s] = b1r * w1i + b1i * w1r;
        o0r[q + 2 * s] = b2r * w2r - b2i * w2i;
        o0i[q + 2 * s] = b2r * w2i + b2i * w2r;
      }
    }
    return;
  }
  if (r == 5) {
    const double c72 = std::cos(2 * std::numbers::pi / 5), s72 = std::sin(2 * std::numbers::pi / 5);
    const double c144 = std::cos(4 * std::numbers::pi / 5), s144 = std::sin(4 * std::numbers::pi / 5);
    for (int64_t p = 0; p < m; ++p) {
      const double* a0r = xr + s * p;
      const double* a0i = xi + s * p;
      double* o0r = yr + 5 * s * p;
      double* o0i = yi + 5 * s * p;
      const double* wr = tr + 4 * p;
      const double* wi = ti + 4 * p;
      for (int64_t q = 0; q < s; ++q) {
        const double ar0 = a0r[q], ai0 = a0i[q];
        const double ar1 = a0r[q + sm], ai1 = a0i[q + sm];
        const double ar2 = a0r[q + 2 * sm], ai2 = a0i[q + 2 * sm];
        const double ar3 = a0r[q + 3 * sm], ai3 = a0i[q + 3 * sm];
        const double ar4 = a0r[q + 4 * sm], ai4 = a0i[q + 4 * sm];
        const double s14r = ar1 + ar4, s14i = ai1 + ai4, d14r = ar1 - ar4, d14i = ai1 - ai4;
        const double s23r = ar2 + ar3, s23i = ai2 + ai3, d23r = ar2 - ar3, d23i = ai2 - ai3;
        const double m1r = ar0 + c72 * s14r + c144 * s23r, m1i = ai0 + c72 * s14i + c144 * s23i;
        const double m2r = ar0 + c144 * s14r + c72 * s23r, m2i = ai0 + c144 * s14i + c72 * s23i;
        const double n1r = s72 * d14i + s144 * d23i, n1i = -(s72 * d14r + s144 * d23r);
        const double n2r = s144 * d14i - s72 * d23i, n2i = -(s144 * d14r - s72 * d23r);
        o0r[q] = ar0 + s14r + s23r;
        o0i[q] = ai0 + s14i + s23i;
        const double br[4] = {m1r + n1r, m2r + n2r, m2r - n2r, m1r - n1r};
        const double bi[4] = {m1i + n1i, m2i + n2i, m2i - n2i, m1i - n1i};
        for (int k = 0; k < 4; ++k) {
          o0r[q + (k + 1) * s] = br[k] * wr[k] - bi[k] * wi[k];
          o0i[q + (k + 1) * s] = br[k] * wi[k] + bi[k] * wr[k];
        }
      }
    }
    return;
  }
  // Any odd prime r ≤ kFftMaxRadix: the r-point DFT by its definition.
  double cr[kFftMaxRadix], ci[kFftMaxRadix], ar[kFftMaxRadix], ai[kFftMaxRadix];
  for (int32_t j = 0; j < r; ++j) UnitRoot(j, r, &cr[j], &ci[j]);
  for (int64_t p = 0; p < m; ++p) {
    for (int64_t q = 0; q < s; ++q) {
      for (int32_t j = 0; j < r; ++j) {
        ar[j] = xr[s * p + q + j * sm];
        ai[j] = xi[s * p + q + j * sm];
      }
      const int64_t o = r * s * p + q;
      for (int32_t k = 0; k < r; ++k) {
        double br = 0, bi = 0;
        for (int32_t j = 0; j < r; ++j) {
          const int32_t e = (j * k) % r;
          br += ar[j] * cr[e] - ai[j] * ci[e];
          bi += ar[j] * ci[e] + ai[j] * cr[e];
        }
        if (k == 0) {
          yr[o] = br;
          yi[o] = bi;
        } else {
          const double wr = tr[p * (r - 1) + k - 1], wi = ti[p * (r - 1) + k - 1];
          yr[o + k * s] = br * wr - bi * wi;
          yi[o + k * s] = br * wi + bi * wr;
        }
      }
    }
  }
}

RealFftPlan::RealFftPlan(int64_t n) : n_(n), half_(n % 2 == 0 ? n / 2 : n) {
  const int64_t h = half_.size();
  if (n % 2 == 0) {
    const UnitRoots roots(n);
    tw_re_.assign(roots.re.begin(), roots.re.begin() + h + 1);
    tw_im_.assign(roots.im.begin(), roots.im.begin() + h + 1);
  }
  z_re_.resize(h);
  z_im_.resize(h);
}

void RealFftPlan::Forward(const double* x, double* out_re, double* out_im) {
  const int64_t n = n_;
  const int64_t bins = n / 2 + 1;
  if (n % 2 == 1) {
    std::copy(x, x + n, z_re_.begin());
    std::fill(z_im_.begin(), z_im_.end(), 0.0);
    half_.Forward(z_re_.data(), z_im_.data());
    std::copy(z_re_.begin(), z_re_.begin() + bins, out_re);
    std::copy(z_im_.begin(), z_im_.begin() + bins, out_im);
    return;
  }
  const int64_t h = n / 2;
  for (int64_t k = 0; k < h; ++k) {
    z_re_[k] = x[2 * k];
    z_im_[k] = x[2 * k + 1];
  }
  half_.Forward(z_re_.data(), z_im_.data());
  // X[k] = E[k] + W^k·O[k], E = (Z[k] + conj Z[h−k])/2, O = (Z[k] − conj Z[h−k])/(2i).
  for (int64_t k = 0; k <= h; ++k) {
    const int64_t a = k % h, b = (h - k) % h;
    const double zr = z_re_[a], zi = z_im_[a], cr = z_re_[b], ci = -z_im_[b];
    const double er = 0.5 * (zr + cr), ei = 0.5 * (zi + ci);
    const double orr = 0.5 * (zi - ci), oi = -0.5 * (zr - cr);
    out_re[k] = er + orr * tw_re_[k] - oi * tw_im_[k];
    out_im[k] = ei + orr * tw_im_[k] + oi * tw_re_[k];
  }
}

}  // namespace svc::core

#include "kernels/pauli_sum.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "kernels/parallel.h"

namespace svc::core {

namespace {

constexpr int kU1SupportBits = 16;
// Rows per block of the xor kernels: sources within a block stay in cache.
constexpr int64_t kBlock = int64_t{1} << 13;

// Whether H conserves the number of 1 bits (pauli-sum.ts conservesOnes).
bool ConservesOnes(const PauliOperator& op) {
  for (const PauliGroup& g : op.groups) {
    const int w = std::popcount(g.x);
    if (w & 1) return false;
    uint32_t support = g.x;
    double size = 0;
    for (uint32_t z : g.z) support |= z;
    for (size_t t = 0; t < g.re.size(); ++t) size += std::fabs(g.re[t]) + std::fabs(g.im[t]);
    std::vector<uint32_t> bits;
    for (int q = 0; q < op.n; ++q) {
      if ((support >> q) & 1) bits.push_back(1u << q);
    }
    if (static_cast<int>(bits.size()) > kU1SupportBits) return false;
    for (uint32_t s = 0; s < (1u << bits.size()); ++s) {
      uint32_t b = 0;
      for (size_t q = 0; q < bits.size(); ++q) {
        if ((s >> q) & 1) b |= bits[q];
      }
      if (2 * std::popcount(b & g.x) == w) continue;
      double re = 0, im = 0;
      g.Element(b, &re, &im);
      if (std::fabs(re) + std::fabs(im) > 1e-13 * size) return false;
    }
  }
  return true;
}

}  // namespace

PauliOperator MakePauliOperator(const PauliTermsView& t) {
  PauliOperator op;
  op.n = t.n;
  op.terms = static_cast<int32_t>(t.coeff.size());
  std::map<uint32_t, size_t> index;
  for (size_t k = 0; k < t.coeff.size(); ++k) {
    const uint32_t x = static_cast<uint32_t>(t.x[k]);
    const uint32_t z = static_cast<uint32_t>(t.z[k]);
    const double c = t.coeff[k];
    op.scale += std::fabs(c);
    if (x == 0) {
      op.diag_z.push_back(z);
      op.diag_c.push_back(c);
      continue;
    }
    const int ny = std::popcount(x & z) & 3;
    const double re = ny == 0 ? c : ny == 2 ? -c : 0;
    const double im = ny == 1 ? c : ny == 3 ? -c : 0;
    if (im != 0) op.complex = true;
    auto it = index.find(x);
    if (it == index.end()) {
      it = index.emplace(x, op.groups.size()).first;
      op.groups.emplace_back();
      op.groups.back().x = x;
    }
    PauliGroup& g = op.groups[it->second];
    g.z.push_back(z);
    g.re.push_back(re);
    g.im.push_back(im);
  }
  for (PauliGroup& g : op.groups) {
    g.constant = std::all_of(g.z.begin(), g.z.end(), [](uint32_t z) { return z == 0; });
    if (g.constant) {
      for (size_t t = 0; t < g.re.size(); ++t) {
        g.cre += g.re[t];
        g.cim += g.im[t];
      }
    }
  }
  return op;
}

Symmetry DetectSymmetry(const PauliOperator& op) {
  if (!op.groups.empty() && ConservesOnes(op)) return Symmetry::kU1;
  if (std::all_of(op.groups.begin(), op.groups.end(), [](const PauliGroup& g) { return (std::popcount(g.x) & 1) == 0; })) {
    return Symmetry::kZParity;
  }
  for (const PauliGroup& g : op.groups) {
    for (uint32_t z : g.z) {
      if (std::popcount(z) & 1) return Symmetry::kNone;
    }
  }
  for (uint32_t z : op.diag_z) {
    if (std::popcount(z) & 1) return Symmetry::kNone;
  }
  return Symmetry::kXParity;
}

PauliTerms HadamardTerms(const PauliTermsView& t) {
  PauliTerms out;
  out.n = t.n;
  out.x.assign(t.z.begin(), t.z.end());
  out.z.assign(t.x.begin(), t.x.end());
  out.coeff.assign(t.coeff.begin(), t.coeff.end());
  for (size_t k = 0; k < out.coeff.size(); ++k) {
    if (std::popcount(static_cast<uint32_t>(t.x[k] & t.z[k])) & 1) out.coeff[k] = -out.coeff[k];
  }
  return out;
}

void WalshHadamard(std::span<double> v, int32_t n, bool complex) {
  // Pairs (j, j + h) of entries, each entry `width` doubles wide (g++ 12 -O3 crashed on a
  // variable-stride inner loop here, so the two widths are written out).
  const int64_t dim = int64_t{1} << n;
  double* a = v.data();
  for (int64_t h = 1; h < dim; h <<= 1) {
    for (int64_t i = 0; i < dim; i += h << 1) {
      if (!complex) {
        for (int64_t j = i; j < i + h; ++j) {
          const double x = a[j], y = a[j + h];
          a[j] = x + y;
          a[j + h] = x - y;
        }
      } else {
        for (int64_t j = i; j < i + h; ++j) {
          const double xr = a[2 * j], xi = a[2 * j + 1], yr = a[2 * (j + h)], yi = a[2 * (j + h) + 1];
          a[2 * j] = xr + yr;
          a[2 * j + 1] = xi + yi;
          a[2 * (j + h)] = xr - yr;
          a[2 * (j + h) + 1] = xi - yi;
        }
      }
    }
  }
  const double norm = std::pow(2.0, -n / 2.0);
  for (double& x : v) x *= norm;
}

double Binomial(int32_t n, int32_t k) {
  if (k < 0 || k > n) return 0;
  double r = 1;
  for (int32_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return std::round(r);
}

SectorBasis::SectorBasis(int32_t n, Kind kind, int32_t value) : n_(n), kind_(kind), value_(value) {
  lo_bits_ = n >> 1;
  if (kind == Kind::kFull) {
    dim_ = int64_t{1} << n;
  } else if (kind == Kind::kParity) {
    dim_ = int64_t{1} << (n - 1);
  } else {
    const int32_t lo = lo_bits_;
    const int32_t hi_bits = n - lo;
    dim_ = static_cast<int64_t>(Binomial(n, value));
    lo_rank_.assign(size_t{1} << lo, 0);
    std::vector<int32_t> seen(lo + 1, 0);
    for (uint32_t b = 0; b < (1u << lo); ++b) lo_rank_[b] = seen[std::popcount(b)]++;
    hi_offset_.assign(size_t{1} << hi_bits, 0);
    int64_t off = 0;
    for (uint32_t h = 0; h < (1u << hi_bits); ++h) {
      hi_offset_[h] = static_cast<int32_t>(off);
      off += static_cast<int64_t>(Binomial(lo, value - std::popcount(h)));
    }
    states_.reserve(dim_);
    for (uint32_t h = 0; h < (1u << hi_bits); ++h) {
      const int need = value - std::popcount(h);
      if (need < 0 || need > lo) continue;
      for (uint32_t b = 0; b < (1u << lo); ++b) {
        if (std::popcount(b) == need) states_.push_back(static_cast<int32_t>((h << lo) | b));
      }
    }
  }
}

std::vector<SectorBasis> SectorsFor(int32_t n, Symmetry symmetry) {
  std::vector<SectorBasis> out;
  if (symmetry == Symmetry::kNone || ((symmetry == Symmetry::kZParity || symmetry == Symmetry::kXParity) && n == 1)) {
    out.emplace_back(n, SectorBasis::Kind::kFull, 0);
  } else if (symmetry == Symmetry::kZParity || symmetry == Symmetry::kXParity) {
    out.emplace_back(n, SectorBasis::Kind::kParity, 0);
    out.emplace_back(n, SectorBasis::Kind::kParity, 1);
  } else {
    std::vector<int32_t> ms(n + 1);
    for (int32_t m = 0; m <= n; ++m) ms[m] = m;
    std::sort(ms.begin(), ms.end(), [n](int32_t a, int32_t b) {
      const int da = std::abs(2 * a - n), db = std::abs(2 * b - n);
      return da != db ? da < db : a < b;
    });
    for (int32_t m : ms) out.emplace_back(n, SectorBasis::Kind::kOnes, m);
  }
  return out;
}

SectorOperator::SectorOperator(const PauliOperator& op, const SectorBasis& basis, const Limits* limits, bool cancel_only)
    : op_(op), basis_(basis) {
  const int64_t dim = basis.dim();
  diag_.assign(dim, 0.0);
  bool stop[2] = {false, false};
  OnSplit(dim, dim / 2, [&](int64_t a, int64_t b) {
    for (int64_t i = a; i < b; ++i) {
      if (limits != nullptr && ((i - a) & 0xFFFF) == 0 && (cancel_only ? limits->CheckLimits() == Stop::kCancelled : limits->CheckLimits() != Stop::kNone)) {
        stop[a == 0 ? 0 : 1] = true;
        return;
      }
      const uint32_t s = basis.State(i);
      double d = 0;
      for (size_t t = 0; t < op.diag_z.size(); ++t) d += (std::popcount(s & op.diag_z[t]) & 1) ? -op.diag_c[t] : op.diag_c[t];
      diag_[i] = d;
    }
  });
  interrupted_ = stop[0] || stop[1];
}

void SectorOperator::Apply(const double* v, double* w) const { ApplyRows(v, w, nullptr); }

double SectorOperator::ApplyDot(const double* v, double* w) const {
  double dot[2] = {0, 0};
  ApplyRows(v, w, dot);
  return dot[0] + dot[1];
}

namespace {

SVC_SIMD_CLONES double BlockDot(const double* a, const double* b, int64_t len) {
  double t = 0;
  for (int64_t i = 0; i < len; ++i) t += a[i] * b[i];
  return t;
}

}  // namespace

void SectorOperator::ApplyRows(const double* v, double* w, double* dot) const {
  const int64_t dim = basis_.dim();
  const int s = op_.complex ? 2 : 1;
  if (basis_.kind() == SectorBasis::Kind::kOnes) {
    OnSplit(dim, dim / 2, [&](int64_t a, int64_t b) {
      ApplyOnes(v, w, a, b - a);
      if (dot != nullptr) dot[a == 0 ? 0 : 1] = BlockDot(v + a * s, w + a * s, (b - a) * s);
    });
    return;
  }
  const int64_t block = std::min(kBlock, dim);
  // Rows split at dim / 2: a multiple of the block whenever two threads may run.
  OnSplit(dim, dim / 2, [&](int64_t a, int64_t b) {
    double sum = 0;
    for (int64_t r = a; r < b; r += block) {
      const int64_t len = std::min(block, b - r);
      ApplyXorBlock(v, w, r, len);
      if (dot != nullptr) sum += BlockDot(v + r * s, w + r * s, len * s);
    }
    if (dot != nullptr) dot[a == 0 ? 0 : 1] = sum;
  });
}

// Rows [start, start + len) of w = H v on a full or parity sector (len a power of two dividing dim,
// start a multiple of it): the source of row i is i ^ xs, in block start ^ (xs & ~(len-1)).
SVC_SIMD_CLONES void SectorOperator::ApplyXorBlock(const double* v, double* w, int64_t start, int64_t len) const {
  const bool parity = basis_.kind() == SectorBasis::Kind::kParity;
  const uint64_t mask = static_cast<uint64_t>(len - 1);
  if (!op_.complex) {
    double* wb = w + start;
    const double* vb = v + start;
    const double* db = diag_.data() + start;
    for (int64_t t = 0; t < len; ++t) wb[t] = db[t] * vb[t];
    for (const PauliGroup& g : op_.groups) {
      const uint64_t xs = parity ? g.x >> 1 : g.x;
      const uint64_t lo = xs & mask;
      const double* src = v + (static_cast<uint64_t>(start) ^ (xs & ~mask));
      if (g.constant) {
        const double c = g.cre;
        if (lo == 0) {
          for (int64_t t = 0; t < len; ++t) wb[t] += c * src[t];
        } else {
          const int q = std::countr_zero(lo);
          const int64_t run = int64_t{1} << q;
          if (run >= 4) {
            for (int64_t t0 = 0; t0 < len; t0 += run) {
              const double* s = src + (static_cast<uint64_t>(t0) ^ lo);
              double* d = wb + t0;
              for (int64_t u = 0; u < run; ++u) d[u] += c * s[u];
            }
          } else {
            for (int64_t t = 0; t < len; ++t) wb[t] += c * src[static_cast<uint64_t>(t) ^ lo];
          }
        }
        continue;
      }
      for (int64_t t = 0; t < len; ++t) {
        const uint32_t b = basis_.State(start + t) ^ g.x;
        double f = 0;
        for (size_t k = 0; k < g.z.size(); ++k) f += (std::popcount(b & g.z[k]) & 1) ? -g.re[k] : g.re[k];
        wb[t] += f * src[static_cast<uint64_t>(t) ^ lo];
      }
    }
    return;
  }
  double* wb = w + 2 * start;
  const double* vb = v + 2 * start;
  const double* db = diag_.data() + start;
  for (int64_t t = 0; t < len; ++t) {
    wb[2 * t] = db[t] * vb[2 * t];
    wb[2 * t + 1] = db[t] * vb[2 * t + 1];
  }
  for (const PauliGroup& g : op_.groups) {
    const uint64_t xs = parity ? g.x >> 1 : g.x;
    const uint64_t lo = xs & mask;
    const double* src = v + 2 * (static_cast<uint64_t>(start) ^ (xs & ~mask));
    for (int64_t t = 0; t < len; ++t) {
      double fr = g.cre, fi = g.cim;
      if (!g.constant) g.Element(basis_.State(start + t) ^ g.x, &fr, &fi);
      const uint64_t j = static_cast<uint64_t>(t) ^ lo;
      const double vr = src[2 * j], vi = src[2 * j + 1];
      wb[2 * t] += fr * vr - fi * vi;
      wb[2 * t + 1] += fr * vi + fi * vr;
    }
  }
}

void SectorOperator::ApplyOnes(const double* v, double* w, int64_t start, int64_t len) const {
  const bool c = op_.complex;
  for (int64_t i = start; i < start + len; ++i) {
    if (!c) {
      w[i] = diag_[i] * v[i];
    } else {
      w[2 * i] = diag_[i] * v[2 * i];
      w[2 * i + 1] = diag_[i] * v[2 * i + 1];
    }
  }
  const std::vector<int32_t>& states = basis_.states();
  for (const PauliGroup& g : op_.groups) {
    const int half = std::popcount(g.x) >> 1;
    for (int64_t i = start; i < start + len; ++i) {
      const uint32_t a = static_cast<uint32_t>(states[i]);
      if (std::popcount(a & g.x) != half) continue;
      const uint32_t b = a ^ g.x;
      const int64_t j = basis_.Index(b);
      double fr = 0, fi = 0;
      g.Element(b, &fr, &fi);
      if (!c) {
        w[i] += fr * v[j];
      } else {
        const double vr = v[2 * j], vi = v[2 * j + 1];
        w[2 * i] += fr * vr - fi * vi;
        w[2 * i + 1] += fr * vi + fi * vr;
      }
    }
  }
}

std::vector<double> SectorOperator::Dense() const {
  const int64_t dim = basis_.dim();
  const int s = op_.complex ? 2 : 1;
  std::vector<double> A(static_cast<size_t>(dim * dim * s), 0.0);
  for (int64_t j = 0; j < dim; ++j) {
    A[(j * dim + j) * s] += diag_[j];
    const uint32_t b = basis_.State(j);
    for (const PauliGroup& g : op_.groups) {
      const uint32_t a = b ^ g.x;
      if (!basis_.Contains(a)) continue;
      const int64_t i = basis_.Index(a);
      double fr = 0, fi = 0;
      g.Element(b, &fr, &fi);
      A[(i * dim + j) * s] += fr;
      if (s == 2) A[(i * dim + j) * s + 1] += fi;
    }
  }
  return A;
}

}  // namespace svc::core

#include "erasure/kernel.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <vector>

#include "erasure/gf256.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SVC_ERASURE_X86 1
#endif

#if defined(SVC_HAVE_ISAL)
#include <isa-l/erasure_code.h>
#endif

namespace svc::core::erasure {

namespace {

// Rows of the multiplication table, built once (64 KiB).
const std::array<std::array<uint8_t, 256>, 256>& MulTable() {
  static const auto table = [] {
    std::array<std::array<uint8_t, 256>, 256> t{};
    for (int c = 0; c < 256; ++c) gf256::MulRow(static_cast<uint8_t>(c), t[c].data());
    return t;
  }();
  return table;
}

// Bytes [from, to) of every output, one table row per coefficient.
void ScalarRange(int32_t k, int32_t rows, const uint8_t* coef, const uint8_t* const* in, uint8_t* const* out,
                 size_t from, size_t to) {
  if (from >= to) return;
  const auto& mul = MulTable();
  for (int32_t r = 0; r < rows; ++r) {
    uint8_t* o = out[r];
    const uint8_t* row = mul[coef[static_cast<size_t>(r) * k]].data();
    const uint8_t* x = in[0];
    for (size_t b = from; b < to; ++b) o[b] = row[x[b]];
    for (int32_t i = 1; i < k; ++i) {
      row = mul[coef[static_cast<size_t>(r) * k + i]].data();
      x = in[i];
      for (size_t b = from; b < to; ++b) o[b] ^= row[x[b]];
    }
  }
}

#if defined(SVC_ERASURE_X86)

// The split-nibble tables of every coefficient: c * x = lo[x & 15] ^ hi[x >> 4], 32 bytes each
// (lo then hi), in coefficient order.
std::vector<uint8_t> NibbleTables(int32_t k, int32_t rows, const uint8_t* coef) {
  std::vector<uint8_t> t(static_cast<size_t>(k) * rows * 32);
  for (size_t c = 0; c < static_cast<size_t>(k) * rows; ++c) {
    for (int x = 0; x < 16; ++x) {
      t[c * 32 + x] = gf256::Mul(coef[c], static_cast<uint8_t>(x));
      t[c * 32 + 16 + x] = gf256::Mul(coef[c], static_cast<uint8_t>(x << 4));
    }
  }
  return t;
}

// The low (half 0) or high (half 1) nibble table of coefficient (row, i) in both lanes.
__attribute__((target("avx2"))) inline __m256i Avx2Table(const uint8_t* tables, int32_t k, int32_t row, int32_t i,
                                                         int half) {
  const uint8_t* t = tables + (static_cast<size_t>(row) * k + i) * 32 + half * 16;
  return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
}

// R outputs (rows r0..r0+R-1) at once, 64 bytes (two vectors) per step: each input vector is read
// once for all R rows and each table serves both vectors. Then one vector per step for what is
// left. Returns the bytes done (a multiple of 32); the caller finishes the tail.
template <int R>
__attribute__((target("avx2"))) size_t Avx2Rows(int32_t k, int32_t r0, const uint8_t* tables,
                                                const uint8_t* const* in, uint8_t* const* out, size_t len) {
  const __m256i mask = _mm256_set1_epi8(0x0f);
  const size_t end64 = len & ~static_cast<size_t>(63);
  for (size_t b = 0; b < end64; b += 64) {
    __m256i acc[R][2];
    for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm256_setzero_si256();
    for (int32_t i = 0; i < k; ++i) {
      const __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[i] + b));
      const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[i] + b + 32));
      const __m256i lo0 = _mm256_and_si256(x0, mask);
      const __m256i hi0 = _mm256_and_si256(_mm256_srli_epi16(x0, 4), mask);
      const __m256i lo1 = _mm256_and_si256(x1, mask);
      const __m256i hi1 = _mm256_and_si256(_mm256_srli_epi16(x1, 4), mask);
      for (int r = 0; r < R; ++r) {
        const __m256i tlo = Avx2Table(tables, k, r0 + r, i, 0);
        const __m256i thi = Avx2Table(tables, k, r0 + r, i, 1);
        acc[r][0] = _mm256_xor_si256(acc[r][0], _mm256_xor_si256(_mm256_shuffle_epi8(tlo, lo0), _mm256_shuffle_epi8(thi, hi0)));
        acc[r][1] = _mm256_xor_si256(acc[r][1], _mm256_xor_si256(_mm256_shuffle_epi8(tlo, lo1), _mm256_shuffle_epi8(thi, hi1)));
      }
    }
    for (int r = 0; r < R; ++r) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[r0 + r] + b), acc[r][0]);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[r0 + r] + b + 32), acc[r][1]);
    }
  }
  const size_t end = len & ~static_cast<size_t>(31);
  for (size_t b = end64; b < end; b += 32) {
    __m256i acc[R];
    for (int r = 0; r < R; ++r) acc[r] = _mm256_setzero_si256();
    for (int32_t i = 0; i < k; ++i) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[i] + b));
      const __m256i lo = _mm256_and_si256(x, mask);
      const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), mask);
      for (int r = 0; r < R; ++r) {
        acc[r] = _mm256_xor_si256(acc[r], _mm256_xor_si256(_mm256_shuffle_epi8(Avx2Table(tables, k, r0 + r, i, 0), lo), _mm256_shuffle_epi8(Avx2Table(tables, k, r0 + r, i, 1), hi)));
      }
    }
    for (int r = 0; r < R; ++r) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[r0 + r] + b), acc[r]);
  }
  return end;
}

// The 8x8 bit matrices of multiplication by each coefficient, for gf2p8affineqb: result bit i is
// the parity of (byte 7 - i of the matrix) AND x, so byte 7 - i holds bit i of c * 2^j at bit j.
// A multiplication by a constant is GF(2)-linear in any field basis, so the instruction (whose own
// multiplication uses another polynomial) serves 0x11D through these matrices.
std::vector<uint64_t> AffineMatrices(int32_t k, int32_t rows, const uint8_t* coef) {
  std::vector<uint64_t> m(static_cast<size_t>(k) * rows, 0);
  for (size_t c = 0; c < m.size(); ++c) {
    for (int j = 0; j < 8; ++j) {
      const uint8_t column = gf256::Mul(coef[c], static_cast<uint8_t>(1u << j));
      for (int i = 0; i < 8; ++i) {
        if (column & (1u << i)) m[c] |= uint64_t{1} << (8 * (7 - i) + j);
      }
    }
  }
  return m;
}

// GFNI with 256-bit vectors: one gf2p8affineqb per coefficient and 32 bytes, R outputs at once.
template <int R>
__attribute__((target("avx2,gfni"))) size_t GfniRows(int32_t k, int32_t r0, const uint64_t* matrices,
                                                     const uint8_t* const* in, uint8_t* const* out, size_t len) {
  const size_t end = len & ~static_cast<size_t>(31);
  for (size_t b = 0; b < end; b += 32) {
    __m256i acc[R];
    for (int r = 0; r < R; ++r) acc[r] = _mm256_setzero_si256();
    for (int32_t i = 0; i < k; ++i) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[i] + b));
      for (int r = 0; r < R; ++r) {
        const __m256i a = _mm256_set1_epi64x(static_cast<int64_t>(matrices[static_cast<size_t>(r0 + r) * k + i]));
        acc[r] = _mm256_xor_si256(acc[r], _mm256_gf2p8affine_epi64_epi8(x, a, 0));
      }
    }
    for (int r = 0; r < R; ++r) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[r0 + r] + b), acc[r]);
  }
  return end;
}

template <int R>
__attribute__((target("ssse3"))) size_t Ssse3Rows(int32_t k, int32_t r0, const uint8_t* tables,
                                                  const uint8_t* const* in, uint8_t* const* out, size_t len) {
  const __m128i mask = _mm_set1_epi8(0x0f);
  const size_t end = len & ~static_cast<size_t>(15);
  for (size_t b = 0; b < end; b += 16) {
    __m128i acc[R];
    for (int r = 0; r < R; ++r) acc[r] = _mm_setzero_si128();
    for (int32_t i = 0; i < k; ++i) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in[i] + b));
      const __m128i lo = _mm_and_si128(x, mask);
      const __m128i hi = _mm_and_si128(_mm_srli_epi16(x, 4), mask);
      for (int r = 0; r < R; ++r) {
        const uint8_t* t = tables + (static_cast<size_t>(r0 + r) * k + i) * 32;
        const __m128i tlo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t));
        const __m128i thi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + 16));
        acc[r] = _mm_xor_si128(acc[r], _mm_xor_si128(_mm_shuffle_epi8(tlo, lo), _mm_shuffle_epi8(thi, hi)));
      }
    }
    for (int r = 0; r < R; ++r) _mm_storeu_si128(reinterpret_cast<__m128i*>(out[r0 + r] + b), acc[r]);
  }
  return end;
}

// Every output in groups of up to 6 rows (16 vector registers: 6 accumulators, the input and its
// nibbles, the tables), over chunks of the length small enough that the k input pieces of a chunk
// stay in L2 while every group reads them: each input byte comes from memory once, however many
// groups there are (k = 223, m = 32: 6 groups).
template <template <int> class Rows, typename Table>
size_t SimdAll(int32_t k, int32_t rows, const Table* tables, const uint8_t* const* in, uint8_t* const* out,
               size_t len) {
  const size_t chunk = std::clamp<size_t>((size_t{256} << 10) / static_cast<size_t>(k), 1024, 65536) & ~size_t{63};
  std::vector<const uint8_t*> in_at(k);
  std::vector<uint8_t*> out_at(rows);
  size_t done = 0;
  for (size_t from = 0; from < len; from += chunk) {
    const size_t n = std::min(chunk, len - from);
    for (int32_t i = 0; i < k; ++i) in_at[i] = in[i] + from;
    for (int32_t r = 0; r < rows; ++r) out_at[r] = out[r] + from;
    size_t got = n;
    for (int32_t r0 = 0; r0 < rows; r0 += 6) {
      switch (std::min(6, rows - r0)) {
        case 6: got = Rows<6>::Run(k, r0, tables, in_at.data(), out_at.data(), n); break;
        case 5: got = Rows<5>::Run(k, r0, tables, in_at.data(), out_at.data(), n); break;
        case 4: got = Rows<4>::Run(k, r0, tables, in_at.data(), out_at.data(), n); break;
        case 3: got = Rows<3>::Run(k, r0, tables, in_at.data(), out_at.data(), n); break;
        case 2: got = Rows<2>::Run(k, r0, tables, in_at.data(), out_at.data(), n); break;
        default: got = Rows<1>::Run(k, r0, tables, in_at.data(), out_at.data(), n); break;
      }
    }
    done = from + got;
    if (got < n) break;  // the tail of the last chunk is the caller's
  }
  return done;
}

template <int R>
struct Avx2 {
  static size_t Run(int32_t k, int32_t r0, const uint8_t* t, const uint8_t* const* in, uint8_t* const* out, size_t len) {
    return Avx2Rows<R>(k, r0, t, in, out, len);
  }
};

template <int R>
struct Gfni {
  static size_t Run(int32_t k, int32_t r0, const uint64_t* t, const uint8_t* const* in, uint8_t* const* out, size_t len) {
    return GfniRows<R>(k, r0, t, in, out, len);
  }
};

template <int R>
struct Ssse3 {
  static size_t Run(int32_t k, int32_t r0, const uint8_t* t, const uint8_t* const* in, uint8_t* const* out, size_t len) {
    return Ssse3Rows<R>(k, r0, t, in, out, len);
  }
};

#endif  // SVC_ERASURE_X86

#if defined(SVC_HAVE_ISAL)
// ISA-L takes an int length and at least 64 bytes for its vector paths; shorter or longer spans go
// through our kernels or in pieces.
void IsalDotProduct(int32_t k, int32_t rows, const uint8_t* coef, const uint8_t* const* in, uint8_t* const* out,
                    size_t len) {
  std::vector<uint8_t> tables(static_cast<size_t>(k) * rows * 32);
  ec_init_tables(k, rows, const_cast<uint8_t*>(coef), tables.data());
  constexpr size_t kPiece = size_t{1} << 30;
  std::vector<uint8_t*> src(k), dst(rows);
  for (size_t from = 0; from < len; from += kPiece) {
    const size_t n = std::min(kPiece, len - from);
    for (int32_t i = 0; i < k; ++i) src[i] = const_cast<uint8_t*>(in[i]) + from;
    for (int32_t r = 0; r < rows; ++r) dst[r] = out[r] + from;
    ec_encode_data(static_cast<int>(n), k, rows, tables.data(), src.data(), dst.data());
  }
}
#endif

}  // namespace

bool KernelAvailable(Kernel kernel) {
  switch (kernel) {
    case Kernel::kScalar: return true;
#if defined(SVC_ERASURE_X86)
    case Kernel::kSsse3: return __builtin_cpu_supports("ssse3");
    case Kernel::kAvx2: return __builtin_cpu_supports("avx2");
    case Kernel::kGfni: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("gfni");
#endif
#if defined(SVC_HAVE_ISAL)
    case Kernel::kIsal: return true;
#endif
    default: return false;
  }
}

Kernel BestKernel() {
  static const Kernel best = [] {
    // GFNI before ISA-L: measured faster here on every code (docs/benchmarks.md, "Erasure coding").
    for (Kernel k : {Kernel::kGfni, Kernel::kIsal, Kernel::kAvx2, Kernel::kSsse3}) {
      if (KernelAvailable(k)) return k;
    }
    return Kernel::kScalar;
  }();
  return best;
}

void DotProduct(Kernel kernel, int32_t k, int32_t rows, const uint8_t* coef, const uint8_t* const* in,
                uint8_t* const* out, size_t len) {
  if (rows <= 0 || len == 0) return;
  size_t done = 0;
  switch (kernel) {
#if defined(SVC_HAVE_ISAL)
    case Kernel::kIsal:
      if (len >= 64) {
        IsalDotProduct(k, rows, coef, in, out, len);
        return;
      }
      break;
#endif
#if defined(SVC_ERASURE_X86)
    case Kernel::kGfni:
      done = SimdAll<Gfni>(k, rows, AffineMatrices(k, rows, coef).data(), in, out, len);
      break;
    case Kernel::kAvx2:
      done = SimdAll<Avx2>(k, rows, NibbleTables(k, rows, coef).data(), in, out, len);
      break;
    case Kernel::kSsse3:
      done = SimdAll<Ssse3>(k, rows, NibbleTables(k, rows, coef).data(), in, out, len);
      break;
#endif
    default:
      break;
  }
  ScalarRange(k, rows, coef, in, out, done, len);
}

}  // namespace svc::core::erasure

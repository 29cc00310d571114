// Four Russians elimination over GF(2) (echelon.h; engine-ts families/xorsat/echelon.ts).
#include "xorsat/echelon.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <numeric>
#include <vector>

// The row XORs run in the widest vector unit the CPU has (x86-64: AVX-512, AVX2, else SSE2),
// chosen once at load time; every version computes the same bits.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define SVC_XOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define SVC_XOR_CLONES
#endif
#if defined(__GNUC__)
#define SVC_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SVC_ALWAYS_INLINE inline
#endif

namespace svc::core {

namespace {

// Pivots per table: 2^8 combinations of 8 pivot rows.
constexpr int kTableBits = 8;
constexpr int kTableSize = 1 << kTableBits;

template <int K>
SVC_ALWAYS_INLINE void XorK(uint64_t* __restrict dst, const uint64_t* const* src, size_t len) {
  const uint64_t* __restrict s0 = src[0];
  const uint64_t* __restrict s1 = src[K > 1 ? 1 : 0];
  const uint64_t* __restrict s2 = src[K > 2 ? 2 : 0];
  const uint64_t* __restrict s3 = src[K > 3 ? 3 : 0];
  const uint64_t* __restrict s4 = src[K > 4 ? 4 : 0];
  const uint64_t* __restrict s5 = src[K > 5 ? 5 : 0];
  const uint64_t* __restrict s6 = src[K > 6 ? 6 : 0];
  const uint64_t* __restrict s7 = src[K > 7 ? 7 : 0];
  for (size_t i = 0; i < len; ++i) {
    uint64_t v = dst[i] ^ s0[i];
    if constexpr (K > 1) v ^= s1[i];
    if constexpr (K > 2) v ^= s2[i];
    if constexpr (K > 3) v ^= s3[i];
    if constexpr (K > 4) v ^= s4[i];
    if constexpr (K > 5) v ^= s5[i];
    if constexpr (K > 6) v ^= s6[i];
    if constexpr (K > 7) v ^= s7[i];
    dst[i] = v;
  }
}

// dst[0..len) ^= src[0][0..len) ^ ... ^ src[count-1][0..len), count 1..8; no source is dst.
SVC_ALWAYS_INLINE void XorRowsInline(uint64_t* dst, const uint64_t* const* src, int count, size_t len) {
  switch (count) {
    case 1: return XorK<1>(dst, src, len);
    case 2: return XorK<2>(dst, src, len);
    case 3: return XorK<3>(dst, src, len);
    case 4: return XorK<4>(dst, src, len);
    case 5: return XorK<5>(dst, src, len);
    case 6: return XorK<6>(dst, src, len);
    case 7: return XorK<7>(dst, src, len);
    default: return XorK<8>(dst, src, len);
  }
}

SVC_XOR_CLONES void XorRowsInto(uint64_t* dst, const uint64_t* const* src, int count, size_t len) {
  XorRowsInline(dst, src, count, len);
}

// Sets dst to a ^ b.
SVC_XOR_CLONES void XorOf(uint64_t* dst, const uint64_t* a, const uint64_t* b, size_t len) {
  for (size_t i = 0; i < len; ++i) dst[i] = a[i] ^ b[i];
}

// strip[t] ^= p for every t with bit b set, but strip[keep] (which is p) stays.
SVC_XOR_CLONES void ReduceStrip(uint64_t* strip, size_t live, size_t keep, int b, uint64_t p) {
  for (size_t t = 0; t < live; ++t) strip[t] ^= p & (uint64_t{0} - ((strip[t] >> b) & 1));
  strip[keep] = p;
}

// The bits of `word` at the columns pc[0..k) (increasing), packed from bit 0.
inline uint64_t Gather(uint64_t word, const int* pc, size_t k, bool leading) {
  if (leading) return k == 64 ? word : word & ((uint64_t{1} << k) - 1);
  uint64_t out = 0;
  for (size_t j = 0; j < k; ++j) out |= ((word >> pc[j]) & 1) << j;
  return out;
}

// Words of the rows cleared in one sweep: the tables' part of a chunk (8 × 256 × 32 words, 512
// KiB) stays in a 1 MiB L2 cache while the rows below stream through.
constexpr size_t kChunkWords = 32;

// Clears the strip's pivot columns of rows [from, to): one table row per group of 8 pivots.
// bits: room for to - from words (each row's bits at the pivot columns, read before any change).
SVC_XOR_CLONES void ClearBelow(BitMatrix* a, size_t from, size_t to, size_t w, const int* pc, size_t k,
                               const uint64_t* table, size_t len, uint64_t* bits) {
  const bool leading = pc[k - 1] == static_cast<int>(k) - 1;
  const size_t groups = (k + kTableBits - 1) / kTableBits;
  for (size_t t = from; t < to; ++t) bits[t - from] = Gather(a->Row(t)[w], pc, k, leading);
  for (size_t c0 = 0; c0 < len; c0 += kChunkWords) {
    const size_t cl = std::min(kChunkWords, len - c0);
    for (size_t t = from; t < to; ++t) {
      const uint64_t b = bits[t - from];
      if (b == 0) continue;
      const uint64_t* src[8];
      int count = 0;
      for (size_t g = 0; g < groups; ++g) {
        const size_t idx = (b >> (g * kTableBits)) & (kTableSize - 1);
        if (idx != 0) src[count++] = table + (g * kTableSize + idx) * len + c0;
      }
      XorRowsInline(a->Row(t) + w + c0, src, count, cl);
    }
  }
}

}  // namespace

Words AllocateWords(size_t count, bool zero) {
  Words w = AllocateLargeArray<uint64_t>(std::max<size_t>(count, 1), zero);
  if (w == nullptr) throw std::bad_alloc();
  return w;
}

void XorWords(uint64_t* dst, const uint64_t* src, size_t len) {
  const uint64_t* one[1] = {src};
  XorRowsInto(dst, one, 1, len);
}

Echelon EchelonForm(BitMatrix* a, int32_t pivot_cols, const Limits& limits) {
  Echelon e;
  const size_t rows = a->rows();
  const size_t words = a->words();
  e.row_of.resize(rows);
  std::iota(e.row_of.begin(), e.row_of.end(), 0);
  std::vector<uint64_t> strip(rows);
  // The tables of the widest strip (the first): later strips' rows are shorter. Only each table's
  // row 0 is read before it is written (the Gray-code fill writes the others from it).
  const size_t max_groups = (static_cast<size_t>(std::min<int32_t>(std::max(pivot_cols, 0), 64)) + kTableBits - 1) / kTableBits;
  const Words table = AllocateWords(std::max<size_t>(max_groups, 1) * kTableSize * words, false);
  std::vector<uint64_t> swap_buf(words);
  const auto swap_rows = [&](size_t i, size_t j) {
    uint64_t* ri = a->Row(i);
    uint64_t* rj = a->Row(j);
    std::copy(ri, ri + words, swap_buf.data());
    std::copy(rj, rj + words, ri);
    std::copy(swap_buf.begin(), swap_buf.end(), rj);
    std::swap(e.row_of[i], e.row_of[j]);
  };
  size_t r = 0;
  const size_t strips = (static_cast<size_t>(std::max(pivot_cols, 0)) + 63) / 64;
  for (size_t w = 0; w < strips && r < rows; ++w) {
    e.stop = limits.CheckLimits();
    if (e.stop != Stop::kNone) break;
    const int width = static_cast<int>(std::min<size_t>(64, static_cast<size_t>(pivot_cols) - 64 * w));
    const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    const size_t live = rows - r;
    for (size_t i = 0; i < live; ++i) strip[i] = a->Row(r + i)[w] & mask;
    // The strip's pivots, on its words alone: for each column, the first row left with that bit.
    int pc[64];
    size_t k = 0;
    for (int b = 0; b < width; ++b) {
      const uint64_t bit = uint64_t{1} << b;
      size_t j = k;
      while (j < live && (strip[j] & bit) == 0) ++j;
      if (j == live) continue;
      if (j != k) {
        std::swap(strip[j], strip[k]);
        swap_rows(r + j, r + k);
      }
      ReduceStrip(strip.data(), live, k, b, strip[k]);
      pc[k++] = b;
    }
    if (k == 0) continue;
    // Gauss–Jordan among the pivot rows (all rows from r on are zero before word w).
    const size_t len = words - w;
    for (size_t j = 0; j < k; ++j) {
      uint64_t* pj = a->Row(r + j) + w;
      for (size_t l = 0; l < j; ++l) {
        if (((pj[0] >> pc[l]) & 1) != 0) XorWords(pj, a->Row(r + l) + w, len);
      }
      for (size_t l = 0; l < j; ++l) {
        uint64_t* pl = a->Row(r + l) + w;
        if (((pl[0] >> pc[j]) & 1) != 0) XorWords(pl, pj, len);
      }
    }
    // Tables of the combinations of each group of 8 pivot rows (Gray-code order: one XOR each).
    const size_t groups = (k + kTableBits - 1) / kTableBits;
    for (size_t g = 0; g < groups; ++g) {
      const size_t size = std::min<size_t>(kTableBits, k - g * kTableBits);
      uint64_t* t = table.get() + g * kTableSize * len;
      std::fill(t, t + len, uint64_t{0});
      for (size_t i = 1; i < (size_t{1} << size); ++i) {
        const size_t prev = (i - 1) ^ ((i - 1) >> 1);
        const size_t cur = i ^ (i >> 1);
        const size_t pivot = g * kTableBits + static_cast<size_t>(std::countr_zero(i));
        XorOf(t + cur * len, t + prev * len, a->Row(r + pivot) + w, len);
      }
    }
    // Every row below: its bits at the pivot columns say which pivot rows clear them.
    ClearBelow(a, r + k, rows, w, pc, k, table.get(), len, strip.data());
    for (size_t j = 0; j < k; ++j) e.pivot_col.push_back(static_cast<int32_t>(64 * w) + pc[j]);
    r += k;
  }
  e.rank = static_cast<int32_t>(r);
  return e;
}

void BackSubstitute(const BitMatrix& a, const Echelon& e, int32_t pivot_cols, int32_t rhs_col,
                    std::vector<uint8_t>* x) {
  const size_t var_words = (static_cast<size_t>(pivot_cols) + 63) / 64;
  std::vector<uint64_t> xb(var_words, 0);
  x->assign(static_cast<size_t>(pivot_cols), 0);
  for (int32_t j = e.rank - 1; j >= 0; --j) {
    const uint64_t* row = a.Row(static_cast<size_t>(j));
    const int32_t c = e.pivot_col[static_cast<size_t>(j)];
    uint64_t acc = 0;
    for (size_t w = static_cast<size_t>(c) >> 6; w < var_words; ++w) acc ^= row[w] & xb[w];
    const uint64_t bit = (static_cast<uint64_t>(std::popcount(acc)) ^ (row[rhs_col >> 6] >> (rhs_col & 63))) & 1;
    if (bit != 0) {
      xb[static_cast<size_t>(c) >> 6] |= uint64_t{1} << (c & 63);
      (*x)[static_cast<size_t>(c)] = 1;
    }
  }
}

}  // namespace svc::core

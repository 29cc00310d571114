// Dense elimination over GF(2), bit-packed, by the Method of Four Russians: the xorsat family's one
// dense kernel. engine-ts families/xorsat/echelon.ts is its twin (64-column strips made of two
// 32-bit words), so both engines reach the same echelon form, row for row.
#ifndef SVC_CORE_XORSAT_ECHELON_H_
#define SVC_CORE_XORSAT_ECHELON_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/large_array.h"
#include "common/solve_limits.h"

namespace svc::core {

using Words = LargeArray<uint64_t>;

// `count` words, zero when `zero` (common/large_array.h: from 256 KiB on, huge pages; 2 MiB of
// small pages, a 4,000 × 4,000 matrix, would cost more than its elimination on a virtual machine).
// Throws std::bad_alloc when out of memory.
Words AllocateWords(size_t count, bool zero);

// A dense matrix over GF(2): column c of row r is bit c % 64 of word c / 64 of the row.
class BitMatrix {
 public:
  BitMatrix() = default;
  BitMatrix(size_t rows, size_t cols)
      : rows_(rows), cols_(cols), words_((cols + 63) / 64), data_(AllocateWords(rows * words_, true)) {}

  size_t rows() const { return rows_; }
  size_t cols() const { return cols_; }
  size_t words() const { return words_; }
  uint64_t* Row(size_t r) { return data_.get() + r * words_; }
  const uint64_t* Row(size_t r) const { return data_.get() + r * words_; }
  bool Get(size_t r, size_t c) const { return ((Row(r)[c >> 6] >> (c & 63)) & 1) != 0; }
  void Flip(size_t r, size_t c) { Row(r)[c >> 6] ^= uint64_t{1} << (c & 63); }

 private:
  size_t rows_ = 0;
  size_t cols_ = 0;
  size_t words_ = 0;
  Words data_;
};

// row ^= the bits of the columns vars[0..count) (distinct), gathered a 64-bit word at a time in a
// register while consecutive columns share a word (one store per word, not a read-modify-write per
// column: equation lists list their variables increasing); each(column) is called on every one.
template <typename Each>
inline void XorColumnsInto(uint64_t* row, const int32_t* vars, int32_t count, Each&& each) {
  int32_t k = 0;
  while (k < count) {
    const uint32_t w = static_cast<uint32_t>(vars[k]) >> 6;
    uint64_t acc = 0;
    for (; k < count && static_cast<uint32_t>(vars[k]) >> 6 == w; ++k) {
      each(vars[k]);
      acc ^= uint64_t{1} << (vars[k] & 63);
    }
    row[w] ^= acc;
  }
}

// dst[0..len) ^= src[0..len) (in the widest vector unit the CPU has).
void XorWords(uint64_t* dst, const uint64_t* src, size_t len);

// The row echelon form EchelonForm reached.
struct Echelon {
  int32_t rank = 0;                // rows 0..rank-1 are the pivot rows
  std::vector<int32_t> pivot_col;  // their pivot columns, increasing
  std::vector<int32_t> row_of;     // the original index of the row now at each position
  Stop stop = Stop::kNone;         // not kNone: a limit stopped it between two strips
};

// Row echelon form of the columns [0, pivot_cols): rows are permuted and combined so that rows
// [0, rank) have increasing pivot columns (their first set bit, below pivot_cols) and rows
// [rank, rows) are zero on [0, pivot_cols). The columns from pivot_cols on (a right-hand side, the
// identity that records which equations a row is made of) are carried along. Strip by strip of 64
// columns: the strip's pivots are found on the strip's words alone, the pivot rows are reduced
// among themselves (an identity on their pivot columns), then every row below is cleared by one
// lookup per 8 pivots in tables of the 256 combinations of those pivot rows. Limits are checked
// between strips.
Echelon EchelonForm(BitMatrix* a, int32_t pivot_cols, const Limits& limits);

// The assignment of the columns [0, pivot_cols) with every non-pivot column 0 that satisfies the
// pivot rows: row · x = the row's bit at rhs_col (>= pivot_cols). x gets pivot_cols values 0/1.
void BackSubstitute(const BitMatrix& a, const Echelon& e, int32_t pivot_cols, int32_t rhs_col,
                    std::vector<uint8_t>* x);

}  // namespace svc::core

#endif  // SVC_CORE_XORSAT_ECHELON_H_

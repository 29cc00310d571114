// Symmetric compressed sparse rows built from a canonical pair list (i < j, each pair once).
#ifndef SVC_CORE_COMMON_CSR_H_
#define SVC_CORE_COMMON_CSR_H_

#include <cstdint>
#include <span>
#include <vector>

namespace svc::core {

// Both directions of every pair are stored, so row r lists every neighbour of r.
// Rows keep the pair-list order (pairs sorted by (i, j) give ascending columns).
struct Csr {
  int32_t n = 0;
  std::vector<int64_t> row_start;  // n + 1 offsets into col / w
  std::vector<int32_t> col;
  std::vector<double> w;

  int64_t RowBegin(int32_t r) const { return row_start[r]; }
  int64_t RowEnd(int32_t r) const { return row_start[r + 1]; }
};

// Zero weights are kept (they are part of the input). Same layout as engine-ts `toCsr`.
inline Csr BuildCsr(int32_t n, std::span<const int32_t> pi, std::span<const int32_t> pj,
                    std::span<const double> pw) {
  Csr csr;
  csr.n = n;
  csr.row_start.assign(static_cast<size_t>(n) + 1, 0);
  const size_t m = pi.size();
  for (size_t k = 0; k < m; ++k) {
    ++csr.row_start[pi[k] + 1];
    ++csr.row_start[pj[k] + 1];
  }
  for (int32_t r = 0; r < n; ++r) csr.row_start[r + 1] += csr.row_start[r];
  csr.col.resize(2 * m);
  csr.w.resize(2 * m);
  std::vector<int64_t> fill(csr.row_start.begin(), csr.row_start.end() - 1);
  // Two passes keep every row sorted by column when the pairs are sorted by (i, j):
  // first the entries where r is the larger end (columns < r), then the smaller end.
  for (size_t k = 0; k < m; ++k) {
    const int64_t at = fill[pj[k]]++;
    csr.col[at] = pi[k];
    csr.w[at] = pw[k];
  }
  for (size_t k = 0; k < m; ++k) {
    const int64_t at = fill[pi[k]]++;
    csr.col[at] = pj[k];
    csr.w[at] = pw[k];
  }
  return csr;
}

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_CSR_H_

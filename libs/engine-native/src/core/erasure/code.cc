#include "erasure/code.h"

#include <utility>

#include "erasure/gf256.h"

namespace svc::core::erasure {

using gf256::Inv;
using gf256::Mul;

uint8_t ParityCoef(int32_t p, int32_t j) { return Inv(static_cast<uint8_t>(p ^ j)); }

namespace {

// Inverts the e x e matrix a (row-major) in place by Gauss–Jordan elimination; false when singular.
bool Invert(int32_t e, std::vector<uint8_t>& a) {
  std::vector<uint8_t> inv(static_cast<size_t>(e) * e, 0);
  for (int32_t i = 0; i < e; ++i) inv[static_cast<size_t>(i) * e + i] = 1;
  for (int32_t c = 0; c < e; ++c) {
    int32_t pivot = c;
    while (pivot < e && a[static_cast<size_t>(pivot) * e + c] == 0) ++pivot;
    if (pivot == e) return false;
    if (pivot != c) {
      for (int32_t j = 0; j < e; ++j) {
        std::swap(a[static_cast<size_t>(pivot) * e + j], a[static_cast<size_t>(c) * e + j]);
        std::swap(inv[static_cast<size_t>(pivot) * e + j], inv[static_cast<size_t>(c) * e + j]);
      }
    }
    const uint8_t scale = Inv(a[static_cast<size_t>(c) * e + c]);
    for (int32_t j = 0; j < e; ++j) {
      a[static_cast<size_t>(c) * e + j] = Mul(a[static_cast<size_t>(c) * e + j], scale);
      inv[static_cast<size_t>(c) * e + j] = Mul(inv[static_cast<size_t>(c) * e + j], scale);
    }
    for (int32_t r = 0; r < e; ++r) {
      const uint8_t f = a[static_cast<size_t>(r) * e + c];
      if (r == c || f == 0) continue;
      for (int32_t j = 0; j < e; ++j) {
        a[static_cast<size_t>(r) * e + j] ^= Mul(f, a[static_cast<size_t>(c) * e + j]);
        inv[static_cast<size_t>(r) * e + j] ^= Mul(f, inv[static_cast<size_t>(c) * e + j]);
      }
    }
  }
  a = std::move(inv);
  return true;
}

}  // namespace

bool RebuildRows(int32_t k, std::span<const int32_t> sources, std::span<const int32_t> targets,
                 std::vector<uint8_t>* rows) {
  // Where each data column is among the sources (-1: lost), and the parity sources in order.
  std::vector<int32_t> at(k, -1);
  std::vector<int32_t> parity_at;  // positions in `sources` of the parity sources
  for (int32_t s = 0; s < static_cast<int32_t>(sources.size()); ++s) {
    if (sources[s] < k) {
      at[sources[s]] = s;
    } else {
      parity_at.push_back(s);
    }
  }
  std::vector<int32_t> lost;  // the data columns not among the sources
  for (int32_t j = 0; j < k; ++j) {
    if (at[j] < 0) lost.push_back(j);
  }
  const int32_t e = static_cast<int32_t>(lost.size());
  if (static_cast<int32_t>(parity_at.size()) != e) return false;
  // d_lost = B^-1 (parity sources + C[parity sources][known] d_known), B = C[parity sources][lost].
  std::vector<uint8_t> b(static_cast<size_t>(e) * e);
  for (int32_t r = 0; r < e; ++r) {
    for (int32_t c = 0; c < e; ++c) b[static_cast<size_t>(r) * e + c] = ParityCoef(sources[parity_at[r]], lost[c]);
  }
  if (!Invert(e, b)) return false;
  // The row of each lost data column over the sources.
  std::vector<uint8_t> lost_rows(static_cast<size_t>(e) * k, 0);
  for (int32_t l = 0; l < e; ++l) {
    uint8_t* row = &lost_rows[static_cast<size_t>(l) * k];
    for (int32_t q = 0; q < e; ++q) {
      const uint8_t v = b[static_cast<size_t>(l) * e + q];
      if (v == 0) continue;
      const int32_t p = sources[parity_at[q]];
      row[parity_at[q]] ^= v;
      for (int32_t j = 0; j < k; ++j) {
        if (at[j] >= 0) row[at[j]] ^= Mul(v, ParityCoef(p, j));
      }
    }
  }
  std::vector<int32_t> lost_index(k, -1);
  for (int32_t l = 0; l < e; ++l) lost_index[lost[l]] = l;
  rows->assign(targets.size() * static_cast<size_t>(k), 0);
  for (size_t t = 0; t < targets.size(); ++t) {
    uint8_t* row = rows->data() + t * k;
    const int32_t target = targets[t];
    if (target < k) {
      if (lost_index[target] < 0) return false;  // a source, not a target
      const uint8_t* from = &lost_rows[static_cast<size_t>(lost_index[target]) * k];
      for (int32_t s = 0; s < k; ++s) row[s] = from[s];
      continue;
    }
    // A parity shard: sum_j C[target][j] d_j, each lost d_j by its row.
    for (int32_t j = 0; j < k; ++j) {
      const uint8_t c = ParityCoef(target, j);
      if (at[j] >= 0) {
        row[at[j]] ^= c;
      } else {
        const uint8_t* from = &lost_rows[static_cast<size_t>(lost_index[j]) * k];
        for (int32_t s = 0; s < k; ++s) row[s] ^= Mul(c, from[s]);
      }
    }
  }
  return true;
}

}  // namespace svc::core::erasure

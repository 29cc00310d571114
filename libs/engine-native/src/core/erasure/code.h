// The code: systematic Reed–Solomon over GF(2^8) with a Cauchy parity part (ISA-L
// gf_gen_cauchy1_matrix). Shard i < k is data shard i; parity shard p (k <= p < k+m) is
// sum_j C[p][j] * data_j with C[p][j] = 1 / (p XOR j). The x = p and y = j are distinct and
// disjoint, so C is a Cauchy matrix: every square submatrix is invertible, and any k of the k+m
// shards determine the data (k + m <= 255 keeps every p < 255). engine-ts families/erasure/code.ts
// is its twin.
#ifndef SVC_CORE_ERASURE_CODE_H_
#define SVC_CORE_ERASURE_CODE_H_

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace svc::core::erasure {

// The construction's name in manifests (and the docs): field, polynomial and matrix.
inline constexpr std::string_view kConstruction = "reed-solomon/gf256-0x11d/cauchy-xor";

// The largest k + m (parity rows p = k..k+m-1 stay below 255).
inline constexpr int32_t kMaxShards = 255;

// C[p][j], parity row p in k..k+m-1, data column j < k.
uint8_t ParityCoef(int32_t p, int32_t j);

// The coefficients that rebuild each of `targets` from `sources`: targets.size() rows of k
// coefficients, row r for targets[r] over sources in the given order. `sources` are k distinct
// shard indices in increasing order, `targets` shard indices not among them. Only the square
// block of C over the lost data columns and the parity sources is inverted (at most m x m).
// False when the block is singular (never for this construction).
bool RebuildRows(int32_t k, std::span<const int32_t> sources, std::span<const int32_t> targets,
                 std::vector<uint8_t>* rows);

}  // namespace svc::core::erasure

#endif  // SVC_CORE_ERASURE_CODE_H_

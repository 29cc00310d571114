// Two-thread row splits for the long vector loops of the Pauli-sum kernels, and the SIMD clones of
// those loops. A split only changes speed, never results: every reduction over a vector is the
// sum of its two fixed halves (HalfSplit), each summed in order, whatever the number of threads.
#ifndef SVC_CORE_KERNELS_PARALLEL_H_
#define SVC_CORE_KERNELS_PARALLEL_H_

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <memory>
#include <new>
#include <system_error>
#include <vector>
#include <thread>

#include "common/large_array.h"

// AVX2 and baseline versions of a hot loop, picked at load time (GNU ifunc). Element-wise loops
// and in-order sums give identical results in both (no FMA contraction: -ffp-contract=off).
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
#define SVC_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SVC_SIMD_CLONES
#endif

namespace svc::core {

// Vectors at least this long (doubles) are worked on by two threads when the machine has two cores.
inline constexpr int64_t kParallelMin = int64_t{1} << 17;

// The fixed split point of a vector of `len` doubles (even, so complex pairs stay whole).
inline int64_t HalfSplit(int64_t len) { return (len / 4) * 2; }

// Runs f(0, mid) and f(mid, len), on two threads when len >= kParallelMin and two cores exist
// (else, or when no thread can be started, one after the other); f must touch only its own part.
template <typename F>
void OnSplit(int64_t len, int64_t mid, F&& f) {
  if (len >= kParallelMin && std::thread::hardware_concurrency() >= 2) {
    try {
      std::thread t([&] { f(mid, len); });
      f(int64_t{0}, mid);
      t.join();
      return;
    } catch (const std::system_error&) {
      // No thread: fall through to one after the other (nothing ran yet).
    }
  }
  f(int64_t{0}, mid);
  f(mid, len);
}

// f(0) and f(1), on two threads when `parallel` and two cores exist (f(k) touches only part k).
template <typename F>
void OnBoth(bool parallel, F&& f) {
  if (parallel && std::thread::hardware_concurrency() >= 2) {
    try {
      std::thread t([&] { f(1); });
      f(0);
      t.join();
      return;
    } catch (const std::system_error&) {
      // No thread: fall through to one after the other (nothing ran yet).
    }
  }
  f(0);
  f(1);
}

// OnSplit at the fixed half of a vector of `len` doubles.
template <typename F>
void OnHalves(int64_t len, F&& f) {
  OnSplit(len, HalfSplit(len), static_cast<F&&>(f));
}

using VectorBuffer = LargeArray<double>;

// An uninitialised vector of `len` doubles for the long Krylov vectors (every user writes it whole
// before reading it): common/large_array.h, huge pages from 2 MiB on (a pool keeps many such
// vectors alive, so the smaller ones are not rounded up). Null when out of memory.
inline VectorBuffer AllocateVector(int64_t len) {
  return AllocateLargeArray<double>(static_cast<size_t>(std::max<int64_t>(len, 1)), false, kHugePageBytes);
}

// Krylov vectors kept from one sector's solve to the next (sectors of one size reuse their memory).
struct VectorPool {
  int64_t len = 0;
  std::vector<VectorBuffer> buffers;
  // The k-th buffer of `want_len` doubles (the pool is emptied when the length changes).
  double* Get(int64_t k, int64_t want_len) {
    if (want_len != len) {
      buffers.clear();
      len = want_len;
    }
    while (static_cast<int64_t>(buffers.size()) <= k) {
      buffers.push_back(AllocateVector(len));
      if (buffers.back() == nullptr) throw std::bad_alloc();
    }
    return buffers[k].get();
  }
};

}  // namespace svc::core

#endif  // SVC_CORE_KERNELS_PARALLEL_H_

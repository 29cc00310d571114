// Memory for large arrays that are written soon after they are allocated (kernels' long vectors,
// bit matrices, the binding's copies of a request's typed arrays). From `huge_from` bytes on:
// whole 2 MiB pieces, 2 MiB aligned and (Linux) advised to transparent huge pages, so the first
// touches fault 2 MiB at a time, not 4 KiB. On a virtual machine a 4 KiB fault can cost tens of
// microseconds: a 16 MiB array then costs 4,096 faults, more than many solves that read it.
// Below `huge_from`: plain malloc / calloc.
#ifndef SVC_CORE_COMMON_LARGE_ARRAY_H_
#define SVC_CORE_COMMON_LARGE_ARRAY_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace svc::core {

inline constexpr size_t kHugePageBytes = size_t{2} << 20;
// The default threshold: one allocation rounded up to 2 MiB wastes at most 8× its size in address
// space (and, once touched, in memory). Callers that keep many arrays alive pass kHugePageBytes.
inline constexpr size_t kLargeArrayHugeFrom = kHugePageBytes / 8;

struct FreeLargeArray {
  template <typename T>
  void operator()(T* p) const {
    std::free(p);
  }
};
template <typename T>
using LargeArray = std::unique_ptr<T[], FreeLargeArray>;

// `bytes` (at least 1) of memory, zero when `zero`, or null when out of memory.
inline void* AllocateLargeBytes(size_t bytes, bool zero, size_t huge_from = kLargeArrayHugeFrom) {
  bytes = std::max<size_t>(bytes, 1);
  if (bytes < huge_from) return zero ? std::calloc(bytes, 1) : std::malloc(bytes);
  if (bytes > SIZE_MAX - kHugePageBytes) return nullptr;
  const size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  void* p = std::aligned_alloc(kHugePageBytes, rounded);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (p != nullptr) madvise(p, rounded, MADV_HUGEPAGE);
#endif
  if (p != nullptr && zero) std::memset(p, 0, bytes);
  return p;
}

// `count` elements of a trivial type (uninitialised unless `zero`); null when out of memory.
template <typename T>
LargeArray<T> AllocateLargeArray(size_t count, bool zero, size_t huge_from = kLargeArrayHugeFrom) {
  if (count > SIZE_MAX / sizeof(T)) return LargeArray<T>();
  return LargeArray<T>(static_cast<T*>(AllocateLargeBytes(count * sizeof(T), zero, huge_from)));
}

// An owned copy of `src` in a large array; its data is null when out of memory.
template <typename T>
struct LargeCopy {
  LargeArray<T> data;
  size_t size = 0;
  std::span<const T> view() const { return std::span<const T>(data.get(), size); }
};

template <typename T>
LargeCopy<T> CopyToLargeArray(std::span<const T> src, size_t huge_from = kLargeArrayHugeFrom) {
  LargeCopy<T> c;
  c.data = AllocateLargeArray<T>(src.size(), false, huge_from);
  if (c.data == nullptr) return c;
  if (!src.empty()) std::memcpy(c.data.get(), src.data(), src.size() * sizeof(T));
  c.size = src.size();
  return c;
}

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_LARGE_ARRAY_H_

// common/large_array.h: sizes around the huge-page threshold, zeroing, alignment, copies.
#include "common/large_array.h"

#include <cstdint>
#include <vector>

#include "testing/test_util.h"

namespace {

using svc::core::AllocateLargeArray;
using svc::core::CopyToLargeArray;
using svc::core::kHugePageBytes;
using svc::core::kLargeArrayHugeFrom;

bool Aligned(const void* p, size_t to) { return reinterpret_cast<uintptr_t>(p) % to == 0; }

void TestZeroAndAlignment() {
  const size_t below = kLargeArrayHugeFrom / sizeof(uint64_t) - 1;
  const size_t at = kLargeArrayHugeFrom / sizeof(uint64_t);
  for (size_t count : {size_t{0}, size_t{1}, size_t{7}, below, at, at + 1, kHugePageBytes / 8 + 3, size_t{5} << 20}) {
    auto a = AllocateLargeArray<uint64_t>(count, true);
    CHECK(a != nullptr);
    bool zero = true;
    for (size_t i = 0; i < count; ++i) zero = zero && a[i] == 0;
    CHECK(zero);
    if (count * sizeof(uint64_t) >= kLargeArrayHugeFrom) CHECK(Aligned(a.get(), kHugePageBytes));
    // The whole count is writable (ASan builds check the bounds).
    for (size_t i = 0; i < count; ++i) a[i] = i * 0x9E3779B97F4A7C15ull;
    bool kept = true;
    for (size_t i = 0; i < count; ++i) kept = kept && a[i] == i * 0x9E3779B97F4A7C15ull;
    CHECK(kept);
  }
  // A caller's own threshold: below it plain malloc (alignment not promised), from it 2 MiB aligned.
  auto big = AllocateLargeArray<double>(kHugePageBytes / sizeof(double), false, kHugePageBytes);
  CHECK(big != nullptr && Aligned(big.get(), kHugePageBytes));
  // An impossible size is null, not an overflowed small block.
  CHECK(AllocateLargeArray<double>(SIZE_MAX / 4, false) == nullptr);
  CHECK(AllocateLargeArray<uint8_t>(SIZE_MAX - 1, false) == nullptr);
}

void TestCopy() {
  for (size_t n : {size_t{0}, size_t{1}, size_t{1000}, kLargeArrayHugeFrom / 4 + 17, size_t{3} << 20}) {
    std::vector<int32_t> src(n);
    for (size_t i = 0; i < n; ++i) src[i] = static_cast<int32_t>(i * 2654435761u);
    const auto c = CopyToLargeArray<int32_t>(src);
    CHECK(c.data != nullptr);
    CHECK(c.size == n);
    CHECK(c.view().size() == n);
    bool same = true;
    for (size_t i = 0; i < n; ++i) same = same && c.view()[i] == src[i];
    CHECK(same);
  }
}

}  // namespace

int main() {
  TestZeroAndAlignment();
  TestCopy();
  return svc::test::Finish("large_array_test");
}

// xoshiro128** seeded through splitmix32: a bit-for-bit port of libs/engine-ts/src/prng.ts.
#ifndef SVC_CORE_COMMON_PRNG_H_
#define SVC_CORE_COMMON_PRNG_H_

#include <array>
#include <bit>
#include <cstdint>

namespace svc::core {

class Prng {
 public:
  explicit Prng(uint32_t seed) {
    uint32_t z = seed;
    for (uint32_t& s : s_) {
      z += 0x9E3779B9u;
      uint32_t t = z;
      t = (t ^ (t >> 16)) * 0x85EBCA6Bu;
      t = (t ^ (t >> 13)) * 0xC2B2AE35u;
      s = t ^ (t >> 16);
    }
  }

  // The next unsigned 32-bit output.
  uint32_t NextU32() {
    const uint32_t result = std::rotl(s_[1] * 5u, 7) * 9u;
    const uint32_t t = s_[1] << 9;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 11);
    return result;
  }

  // NextU32() / 2^32, in [0, 1); exact in double.
  double NextFloat() { return NextU32() / 4294967296.0; }

  // Unbiased integer in [0, bound), bound >= 1 (arc4random_uniform; bound 1 still draws once).
  uint32_t NextInt(uint32_t bound) {
    const uint32_t threshold = (0u - bound) % bound;
    for (;;) {
      const uint32_t r = NextU32();
      if (r >= threshold) return r % bound;
    }
  }

  std::array<uint32_t, 4> state() const { return s_; }

 private:
  std::array<uint32_t, 4> s_{};
};

// Fisher-Yates from the top, swapping a[i] with a[NextInt(i + 1)] (prng.ts shuffleInPlace).
template <typename T>
void ShuffleInPlace(T* a, int64_t len, Prng& rng) {
  for (int64_t i = len - 1; i > 0; --i) {
    const int64_t j = rng.NextInt(static_cast<uint32_t>(i + 1));
    T tmp = a[i];
    a[i] = a[j];
    a[j] = tmp;
  }
}

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_PRNG_H_

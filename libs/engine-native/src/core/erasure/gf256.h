// GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D, generator 2): the field of ISA-L, Jerasure and
// Backblaze/klauspost Reed–Solomon. engine-ts families/erasure/gf256.ts is its twin.
#ifndef SVC_CORE_ERASURE_GF256_H_
#define SVC_CORE_ERASURE_GF256_H_

#include <array>
#include <cstdint>

namespace svc::core::gf256 {

inline constexpr uint32_t kPolynomial = 0x11D;

// exp (doubled, so exp[log a + log b] needs no reduction) and log of the generator 2.
struct Tables {
  std::array<uint8_t, 512> exp{};
  std::array<uint8_t, 256> log{};
};

constexpr Tables MakeTables() {
  Tables t;
  uint32_t x = 1;
  for (int i = 0; i < 255; ++i) {
    t.exp[i] = static_cast<uint8_t>(x);
    t.log[x] = static_cast<uint8_t>(i);
    x <<= 1;
    if (x & 0x100) x ^= kPolynomial;
  }
  for (int i = 255; i < 512; ++i) t.exp[i] = t.exp[i - 255];
  return t;
}

inline constexpr Tables kTables = MakeTables();

constexpr uint8_t Mul(uint8_t a, uint8_t b) {
  return a == 0 || b == 0 ? 0 : kTables.exp[kTables.log[a] + kTables.log[b]];
}

// a must not be 0.
constexpr uint8_t Inv(uint8_t a) { return kTables.exp[255 - kTables.log[a]]; }

// The 256 products c * x, x = 0..255 (a row of the multiplication table).
inline void MulRow(uint8_t c, uint8_t* row) {
  for (int x = 0; x < 256; ++x) row[x] = Mul(c, static_cast<uint8_t>(x));
}

}  // namespace svc::core::gf256

#endif  // SVC_CORE_ERASURE_GF256_H_

// One wire value of each kind, for the core tests that fill a WireArgs by name (test binaries only).
#ifndef SVC_CORE_TESTING_TEST_WIRE_H_
#define SVC_CORE_TESTING_TEST_WIRE_H_

#include <cstdint>
#include <span>

#include "common/wire.h"

namespace svc::test {

inline core::WireValue U8(std::span<const uint8_t> a) {
  core::WireValue v;
  v.u8 = a;
  return v;
}
inline core::WireValue I32(std::span<const int32_t> a) {
  core::WireValue v;
  v.i32 = a;
  return v;
}
inline core::WireValue F64(std::span<const double> a) {
  core::WireValue v;
  v.f64 = a;
  return v;
}
// A number, or an enum's index.
inline core::WireValue Num(double x) {
  core::WireValue v;
  v.number = x;
  return v;
}

}  // namespace svc::test

#endif  // SVC_CORE_TESTING_TEST_WIRE_H_

// Running error analysis (engine-ts families/world/rounding.ts): a value and a bound on its absolute
// round-off, updated by every operation.
#ifndef SVC_CORE_WORLD_ROUNDING_H_
#define SVC_CORE_WORLD_ROUNDING_H_

#include <algorithm>
#include <cmath>
#include <limits>

namespace svc::core {

inline constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2;

struct Err {
  double v = 0;
  double e = 0;
};

inline Err Exact(double v) { return {v, 0}; }
inline Err Add(Err a, Err b) {
  const double v = a.v + b.v;
  return {v, a.e + b.e + kUnitRoundoff * std::fabs(v)};
}
inline Err Sub(Err a, Err b) {
  const double v = a.v - b.v;
  return {v, a.e + b.e + kUnitRoundoff * std::fabs(v)};
}
inline Err Mul(Err a, Err b) {
  const double v = a.v * b.v;
  return {v, std::fabs(a.v) * b.e + std::fabs(b.v) * a.e + a.e * b.e + kUnitRoundoff * std::fabs(v)};
}
inline Err Div(Err a, Err b) {
  const double v = a.v / b.v;
  const double room = std::fabs(b.v) - b.e;
  return {v, room > 0 ? (a.e + std::fabs(v) * b.e) / room + kUnitRoundoff * std::fabs(v) : std::numeric_limits<double>::infinity()};
}
inline Err Cos(Err a) { return {std::cos(a.v), a.e + 2 * kUnitRoundoff}; }
inline Err Sin(Err a) { return {std::sin(a.v), a.e + 2 * kUnitRoundoff}; }
inline Err Sqrt(Err a) {
  const double v = std::sqrt(a.v);
  const double lo = std::sqrt(std::max(0.0, a.v - a.e));
  return {v, v - lo + 2 * kUnitRoundoff * v};
}

}  // namespace svc::core

#endif  // SVC_CORE_WORLD_ROUNDING_H_

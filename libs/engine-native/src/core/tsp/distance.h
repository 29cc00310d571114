// The TSPLIB95 integer distances of tsp points (docs/tsp.md), the C++ core's one copy of the rule
// (its TypeScript twin: libs/contracts/src/tsplib.ts). TspDistance (solve.h) applies them.
#ifndef SVC_CORE_TSP_DISTANCE_H_
#define SVC_CORE_TSP_DISTANCE_H_

#include <algorithm>
#include <cmath>

#include "tsp/problem.h"

namespace svc::core {

// TSPLIB GEO: DDD.MM degrees.minutes to radians (degrees truncated, not rounded).
inline double TsplibGeoRadians(double x) {
  const double deg = std::trunc(x);
  const double min = x - deg;
  return (3.141592 * (deg + (5.0 * min) / 3.0)) / 180.0;
}

// TSPLIB GEO between two cities given in radians (latitude, longitude); the cosine is clamped
// because rounding can put it a hair outside [-1, 1].
inline double TsplibGeoDistance(double lat1, double lon1, double lat2, double lon2) {
  const double q1 = std::cos(lon1 - lon2);
  const double q2 = std::cos(lat1 - lat2);
  const double q3 = std::cos(lat1 + lat2);
  return std::trunc(6378.388 * std::acos(std::min(1.0, std::max(-1.0, 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)))) + 1.0);
}

// EUC_2D, CEIL_2D or ATT of a coordinate difference (dx, dy); GEO needs the cities' radians
// (TsplibGeoDistance) and a matrix has no rule.
inline double TsplibPlaneDistance(TspMetric metric, double dx, double dy) {
  const auto nint = [](double x) { return std::floor(x + 0.5); };
  if (metric == TspMetric::kEuc2d) return nint(std::sqrt(dx * dx + dy * dy));
  if (metric == TspMetric::kCeil2d) return std::ceil(std::sqrt(dx * dx + dy * dy));
  const double r = std::sqrt((dx * dx + dy * dy) / 10.0);
  const double t = nint(r);
  return t < r ? t + 1 : t;
}

}  // namespace svc::core

#endif  // SVC_CORE_TSP_DISTANCE_H_

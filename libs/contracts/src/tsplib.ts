/**
 * The TSPLIB95 integer distances of `tsp` points (docs/tsp.md), the one TypeScript copy of the rule:
 * the TS engine's solver and evaluator, the service's re-score and `svc verify tsp --local` all
 * use it (the re-score and local verify stay independent of the engines by reading the request
 * JSON themselves, not by restating the formula). The native core's twin is
 * libs/engine-native/src/core/tsp/distance.h. Dependency-free, so the small `svc` bundle can carry it.
 */

/** A TSPLIB metric of `tsp` points. */
export type TsplibMetric = 'euc_2d' | 'ceil_2d' | 'att' | 'geo';

const nint = (x: number) => Math.floor(x + 0.5);
const PI = 3.141592;
const RRR = 6378.388;

/** TSPLIB GEO: DDD.MM degrees.minutes → radians (degrees truncated, not rounded). */
export function geoRadians(x: number): number {
  const deg = Math.trunc(x);
  const min = x - deg;
  return (PI * (deg + (5.0 * min) / 3.0)) / 180.0;
}

/** TSPLIB GEO between two cities given in radians (latitude, longitude). */
export function geoDistance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const q1 = Math.cos(lon1 - lon2);
  const q2 = Math.cos(lat1 - lat2);
  const q3 = Math.cos(lat1 + lat2);
  // Clamped: rounding can put the cosine a hair outside [-1, 1] (acos would be NaN).
  return Math.trunc(RRR * Math.acos(Math.min(1, Math.max(-1, 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)))) + 1.0);
}

/** One metric between two points (x1, y1) and (x2, y2); for geo, x is the latitude and y the longitude. */
export function tsplibDistance(metric: TsplibMetric, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x1 - x2;
  const dy = y1 - y2;
  switch (metric) {
    case 'euc_2d':
      return nint(Math.sqrt(dx * dx + dy * dy));
    case 'ceil_2d':
      return Math.ceil(Math.sqrt(dx * dx + dy * dy));
    case 'att': {
      const r = Math.sqrt((dx * dx + dy * dy) / 10.0);
      const t = nint(r);
      return t < r ? t + 1 : t;
    }
    case 'geo':
      return geoDistance(geoRadians(x1), geoRadians(y1), geoRadians(x2), geoRadians(y2));
  }
}

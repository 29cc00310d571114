/**
 * The integer distance d(i, j) of a tsp problem, exactly as TSPLIB95 defines it (shared by the
 * solver and the evaluator; the service re-scores from the request JSON with its own copy).
 */
import type { TspMetric, TspProblem } from './problem';

export type Distance = (i: number, j: number) => number;

const nint = (x: number) => Math.floor(x + 0.5);
const PI = 3.141592;
const RRR = 6378.388;

/** TSPLIB GEO: DDD.MM degrees.minutes → radians (degrees truncated, not rounded). */
function geoRadians(x: number): number {
  const deg = Math.trunc(x);
  const min = x - deg;
  return (PI * (deg + (5.0 * min) / 3.0)) / 180.0;
}

/** One metric between two coordinate pairs. */
export function metricDistance(metric: TspMetric, x1: number, y1: number, x2: number, y2: number): number {
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

/** TSPLIB GEO between two cities given in radians (latitude, longitude). */
function geoDistance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const q1 = Math.cos(lon1 - lon2);
  const q2 = Math.cos(lat1 - lat2);
  const q3 = Math.cos(lat1 + lat2);
  // Clamped: rounding can put the cosine a hair outside [-1, 1] (acos would be NaN).
  return Math.trunc(RRR * Math.acos(Math.min(1, Math.max(-1, 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)))) + 1.0);
}

/** d(i, j) of the problem; d(i, i) = 0. */
export function distanceOf(p: TspProblem): Distance {
  const n = p.n;
  if (p.matrix !== null) {
    const m = p.matrix;
    return (i, j) => (i === j ? 0 : m[i * n + j]);
  }
  const pts = p.points!;
  const metric = p.metric!;
  if (metric === 'geo') {
    // Radians once per city, not once per distance (the native twin does the same).
    const lat = Float64Array.from({ length: n }, (_, i) => geoRadians(pts[2 * i]));
    const lon = Float64Array.from({ length: n }, (_, i) => geoRadians(pts[2 * i + 1]));
    return (i, j) => (i === j ? 0 : geoDistance(lat[i], lon[i], lat[j], lon[j]));
  }
  return (i, j) => (i === j ? 0 : metricDistance(metric, pts[2 * i], pts[2 * i + 1], pts[2 * j], pts[2 * j + 1]));
}

/**
 * The integer distance d(i, j) of a tsp problem, exactly as TSPLIB95 defines it (shared by the
 * solver and the evaluator). The metrics themselves are the one TypeScript copy in
 * @svc/contracts/tsplib, which the service's re-score and `svc verify --local` use too.
 */
import { geoDistance, geoRadians, tsplibDistance } from '@svc/contracts/tsplib';
import type { TspProblem } from './problem';

export type Distance = (i: number, j: number) => number;

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
  return (i, j) => (i === j ? 0 : tsplibDistance(metric, pts[2 * i], pts[2 * i + 1], pts[2 * j], pts[2 * j + 1]));
}

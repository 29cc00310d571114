/** The canonical `tsp` problem (problem.ts) from a matrix or from points and a metric. */
import type { TspMetric, TspProblem } from './problem';
import { TSP_METRICS } from './problem';

/**
 * From an n×n matrix (rows of numbers, integers, symmetric or not (row i, column j: the way from i to j); the diagonal ignored and stored as 0)
 * or n points [x, y] with a TSPLIB metric. Throws a plain Error naming the first bad entry (the
 * contracts layer checks the same earlier).
 */
export function canonicalTsp(input: { matrix?: readonly (readonly number[])[]; points?: readonly (readonly number[])[]; metric?: string }): TspProblem {
  if ((input.matrix === undefined) === (input.points === undefined)) throw new Error('tsp takes exactly one of matrix or points');
  if (input.matrix !== undefined) {
    const rows = input.matrix;
    const n = rows.length;
    if (n < 2) throw new Error('tsp needs at least 2 cities');
    // Shared memory: worker threads and the native addon read it in place.
    const m = new Float64Array(new SharedArrayBuffer(n * n * Float64Array.BYTES_PER_ELEMENT));
    for (let i = 0; i < n; i++) {
      const row = rows[i];
      if (row.length !== n) throw new Error(`matrix row ${i} has ${row.length} entries, expected ${n}`);
      for (let j = 0; j < n; j++) {
        const v = row[j];
        if (!Number.isSafeInteger(v)) throw new Error(`matrix[${i}][${j}] is not an integer`);
        if (i !== j) m[i * n + j] = v;
      }
    }
    return { kind: 'tsp', n, matrix: m, points: null, metric: null };
  }
  const pts = input.points!;
  const n = pts.length;
  if (n < 2) throw new Error('tsp needs at least 2 cities');
  const metric = (input.metric ?? 'euc_2d') as TspMetric;
  if (!TSP_METRICS.includes(metric)) throw new Error(`unknown metric "${input.metric}"`);
  const xy = new Float64Array(new SharedArrayBuffer(2 * n * Float64Array.BYTES_PER_ELEMENT));
  for (let i = 0; i < n; i++) {
    const p = pts[i];
    if (p.length !== 2 || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) throw new Error(`points[${i}] is not [x, y]`);
    xy[2 * i] = p[0];
    xy[2 * i + 1] = p[1];
  }
  return { kind: 'tsp', n, matrix: null, points: xy, metric };
}

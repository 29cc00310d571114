/**
 * `tsp` (docs/tsp.md): shortest closed tour. Exactly one of `matrix` (N x N integers, N >= 2,
 * negative allowed, the diagonal ignored; row i, column j is the way from i to j, so an asymmetric
 * matrix is a one-way instance whose off-diagonal range must stay within asymmetricRangeMax) or `points`
 * ([x, y] per city) with an optional TSPLIB `metric` (euc_2d by default), so a large tour is not
 * an N² body.
 */
import { z } from 'zod';
import { agreeN, checkSquare, expectArray } from '../internal/checks';
import { fail, failMissing, typeName } from '../internal/issue';
import { LIMITS } from '../limits';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot } from './shared/fields';
import example from './tsp.valid.json';

export const TSP_METRIC_NAMES = ['euc_2d', 'ceil_2d', 'att', 'geo'] as const;

/**
 * The widest off-diagonal range (max − min) of an asymmetric N-city matrix: its 2N-city symmetric
 * form (docs/tsp.md; engine-ts families/tsp/asymmetric.ts) adds M = N·R + 1 per leg and F = M + N·R + 1
 * per forbidden pair, and every tour sum 2N·F must stay at most 2^52 (exact doubles).
 */
export function asymmetricRangeMax(n: number): number {
  return Math.floor((2 ** 52 - 4 * n) / (4 * n * n));
}

/** An asymmetric matrix's range within asymmetricRangeMax (a symmetric one is not limited). */
function checkOneWayRange(rows: number[][]): void {
  const n = rows.length;
  let asymmetric = false;
  let min = Infinity, max = -Infinity;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const x = rows[i][j];
      if (x < min) min = x;
      if (x > max) max = x;
      if (j > i && x !== rows[j][i]) asymmetric = true;
    }
  }
  const cap = asymmetricRangeMax(n);
  if (asymmetric && max - min > cap) {
    fail(['matrix'], `an asymmetric matrix of ${n} cities is solved on a 2n-city symmetric form that needs its entries within a range of ${cap} (max − min); got ${max - min}`);
  }
}

function check(v: Loose): number {
  if (v.matrix !== undefined && v.points !== undefined) fail(['points'], 'give either matrix or points, not both');
  if (v.matrix === undefined && v.points === undefined) failMissing(['matrix'], 'an N x N integer distance matrix (row i, column j: from i to j), or points [[x, y], ...] with a metric');
  if (v.matrix !== undefined) {
    if (v.metric !== undefined) fail(['metric'], 'metric applies to points; a matrix gives the distances itself');
    const order = checkSquare(v.matrix, 'matrix', { integer: true, minOrder: 2 });
    checkOneWayRange(v.matrix as number[][]);
    agreeN(v.n, order, 'the matrix order');
    return order;
  }
  const pts = expectArray(v.points, ['points'], 'an array of [x, y] coordinates');
  if (pts.length < 2) fail(['points'], `expected at least 2 cities, got ${pts.length}`);
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    if (!Array.isArray(p) || p.length !== 2) fail(['points', i], `expected [x, y], got ${typeName(p)}`);
    for (let q = 0; q < 2; q++) if (typeof p[q] !== 'number' || !Number.isFinite(p[q])) fail(['points', i, q], `expected a finite number, got ${typeName(p[q])}`);
  }
  if (v.metric !== undefined && !(TSP_METRIC_NAMES as readonly unknown[]).includes(v.metric)) {
    fail(['metric'], `expected one of ${TSP_METRIC_NAMES.join(', ')} (TSPLIB95 distance rules), got ${JSON.stringify(v.metric)}`);
  }
  agreeN(v.n, pts.length, 'the number of points');
  return pts.length;
}

export const tsp = {
  example,
  nMeans: 'the number of cities (the order of matrix, or the number of points)',
  structure: z.strictObject({
    ...common,
    matrix: z.array(z.array(z.number().int())).min(2).optional()
      .describe('N x N integer distance matrix, N >= 2, row i column j the way from i to j (asymmetric allowed: the tour is read in its order; the diagonal is ignored); or give points'),
    points: z.array(z.tuple([z.number(), z.number()])).min(2).optional()
      .describe('city coordinates [x, y] (geo: [latitude, longitude] as DDD.MM), instead of matrix'),
    metric: z.enum(TSP_METRIC_NAMES).optional()
      .describe('distance rule for points (TSPLIB95, every distance an integer): euc_2d (default), ceil_2d, att, geo'),
  }),
  fast: z.strictObject({ ...fastCommon, matrix: hot, points: hot, metric: hot }),
  checks: {
    check,
    sizes: (v, n) => {
      if (v.matrix !== undefined && n > LIMITS.maxTspMatrixN) dimension(`matrix has ${n} rows, over the cap of ${LIMITS.maxTspMatrixN}; give points for larger tours`, LIMITS.maxTspMatrixN, 'matrix');
      if (v.points !== undefined && n > LIMITS.maxTspPoints) dimension(`points has ${n} cities, over the cap of ${LIMITS.maxTspPoints}`, LIMITS.maxTspPoints, 'points');
    },
    contradictions: noContradictions,
  },
  output: {
    answer: z.array(z.number().int().min(0)).describe('the tour, a permutation of 0..N-1 starting at city 0 (closed back to it), travelled in the given order'),
    length: z.number().int().describe('sum of the distances around the closed tour'),
    certainty, ...boundGap,
  },
  limits: { n_min: 2, matrix_max: LIMITS.maxTspMatrixN, points_max: LIMITS.maxTspPoints },
  exactCap: 9,
} as const satisfies CommandContract;

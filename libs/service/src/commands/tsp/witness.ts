/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */
import { tsplibDistance, type TsplibMetric } from '@svc/contracts/tsplib';

/** Every tour from city 0, with the request's own distances (its matrix, or its TSPLIB metric over the points). */
export function witness(p: Record<string, any>): number {
  const n = (p.matrix ?? p.points).length;
  const metric = (p.metric ?? 'euc_2d') as TsplibMetric;
  const d = (i: number, j: number) => (p.matrix ? p.matrix[i][j] : tsplibDistance(metric, p.points[i][0], p.points[i][1], p.points[j][0], p.points[j][1]));
  let best = Infinity;
  const rec = (last: number, left: number[], len: number): void => {
    if (left.length === 0) best = Math.min(best, len + d(last, 0));
    for (let i = 0; i < left.length; i++) rec(left[i], [...left.slice(0, i), ...left.slice(i + 1)], len + d(last, left[i]));
  };
  rec(0, [...Array(n).keys()].slice(1), 0);
  return best;
}

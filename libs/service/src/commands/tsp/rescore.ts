import { closedTourLength } from '@svc/contracts/scoring';
import { tsplibDistance, type TsplibMetric } from '@svc/contracts/tsplib';

/** Validated JSON input of `tsp` (the fields the re-score reads). */
export interface TspTerms {
  readonly matrix?: readonly (readonly number[])[];
  readonly points?: readonly (readonly number[])[];
  readonly metric?: string;
}

/** Number of cities of a validated input. */
export const citiesOf = (t: TspTerms): number => (t.matrix ?? t.points)!.length;

/**
 * d(i, j) straight from the request JSON (the re-score's independence from the engines: it reads
 * the request, not the canonical problem): matrix entries as given (the diagonal is never used), or
 * the TSPLIB95 metric over the points (@svc/contracts/tsplib, the one TS copy of the rule).
 */
export function jsonDistance(t: TspTerms): (i: number, j: number) => number {
  if (t.matrix) {
    const m = t.matrix;
    return (i, j) => m[i][j];
  }
  const pts = t.points!;
  const metric = (t.metric ?? 'euc_2d') as TsplibMetric;
  return (i, j) => tsplibDistance(metric, pts[i][0], pts[i][1], pts[j][0], pts[j][1]);
}

/** The length of a closed tour (a permutation of the cities), closing edge included. */
export function tourLength(t: TspTerms, tour: readonly number[]): number {
  return closedTourLength(jsonDistance(t), tour);
}


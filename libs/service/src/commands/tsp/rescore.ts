/** Validated JSON input of `tsp` (the fields the re-score reads). */
export interface TspTerms {
  readonly matrix?: readonly (readonly number[])[];
  readonly points?: readonly (readonly number[])[];
  readonly metric?: string;
}

/** Number of cities of a validated input. */
export const citiesOf = (t: TspTerms): number => (t.matrix ?? t.points)!.length;

/**
 * d(i, j) straight from the request JSON, by TSPLIB95's rules (written here independently of the
 * engines): matrix entries as given (the diagonal is never used), or the metric over the points.
 */
export function jsonDistance(t: TspTerms): (i: number, j: number) => number {
  if (t.matrix) {
    const m = t.matrix;
    return (i, j) => m[i][j];
  }
  const pts = t.points!;
  const metric = t.metric ?? 'euc_2d';
  const rad = (x: number) => {
    const whole = Math.trunc(x);
    return (3.141592 * (whole + (5 * (x - whole)) / 3)) / 180;
  };
  return (i, j) => {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (metric === 'euc_2d') return Math.floor(Math.sqrt((xi - xj) ** 2 + (yi - yj) ** 2) + 0.5);
    if (metric === 'ceil_2d') return Math.ceil(Math.sqrt((xi - xj) ** 2 + (yi - yj) ** 2));
    if (metric === 'att') {
      const r = Math.sqrt(((xi - xj) ** 2 + (yi - yj) ** 2) / 10);
      const t0 = Math.floor(r + 0.5);
      return t0 < r ? t0 + 1 : t0;
    }
    const q1 = Math.cos(rad(yi) - rad(yj));
    const q2 = Math.cos(rad(xi) - rad(xj));
    const q3 = Math.cos(rad(xi) + rad(xj));
    return Math.trunc(6378.388 * Math.acos(Math.min(1, Math.max(-1, 0.5 * ((1 + q1) * q2 - (1 - q1) * q3)))) + 1);
  };
}

/** The length of a closed tour (a permutation of the cities), closing edge included. */
export function tourLength(t: TspTerms, tour: readonly number[]): number {
  const d = jsonDistance(t);
  let len = 0;
  for (let k = 0; k < tour.length; k++) len += d(tour[k], tour[(k + 1) % tour.length]);
  return len;
}


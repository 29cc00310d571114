import { CERTAINTY, type TspInput } from '@svc/contracts';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { declaredObjective } from '../shared/binary-checker';
import { citiesOf, jsonDistance, tourLength, type TspTerms } from './rescore';

/** Largest tour whose certified claim POST /verify re-checks by its own Held–Karp DP. */
export const TSP_RECHECK_MAX_N = 13;

/** tsp: every city once (a closed tour may repeat its first city at the end), length minimised. */
export const tspChecker: AnswerChecker = {
  objectiveField: 'length',
  minimise: true,
  check({ v, answer, declared }) {
    const input = v.input as TspInput;
    const terms: TspTerms = { matrix: input.matrix, points: input.points, metric: input.metric };
    const n = citiesOf(terms);
    const tour = tourProblem(answer, n);
    if (typeof tour === 'string') return { checks: [{ name: 'answer_shape', ok: false, detail: tour }], objective: null };
    const length = tourLength(terms, tour);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `a closed tour through all ${n} cities` },
      { name: 'objective_recomputed', ok: true, detail: `length = ${length} recomputed from the ${input.matrix ? 'matrix' : `points (${input.metric ?? 'euc_2d'})`}` },
    ];
    if (declared?.length !== undefined) checks.push(declaredObjective('length', declared.length, length, 0));
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound <= length;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is on the right side of ${length}` : `the declared bound ${declared.bound} is above the tour's length ${length}` });
    }
    if (declared?.certainty === CERTAINTY.certified && n <= TSP_RECHECK_MAX_N) {
      const best = shortestTour(n, jsonDistance(terms));
      const ok = !(best < length);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no tour of the ${n} cities is shorter than ${length} (exact re-check)` : `a tour of length ${best} exists, shorter than the declared certified ${length}` });
    }
    return { checks, objective: length };
  },
};

/** The tour as city indices, or why the answer is not one. */
function tourProblem(answer: unknown, n: number): number[] | string {
  if (!Array.isArray(answer)) return `expected an array of the ${n} city indices in visiting order`;
  let a = answer as unknown[];
  if (a.length === n + 1 && a[0] === a[n]) a = a.slice(0, n);
  if (a.length !== n) return `the tour has ${answer.length} entries, expected all ${n} cities`;
  const seen = new Set<number>();
  for (let k = 0; k < n; k++) {
    const c = a[k];
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c >= n) return `entry ${k} is ${JSON.stringify(c)}, not a city index 0..${n - 1}`;
    if (seen.has(c)) return `the tour visits city ${c} twice`;
    seen.add(c);
  }
  return a as number[];
}

/** The shortest closed tour's length by a subset DP over cities 1..n−1 (written independently of the engines). */
function shortestTour(n: number, d: (i: number, j: number) => number): number {
  const m = n - 1;
  const best = new Float64Array((1 << m) * m).fill(Infinity);
  for (let j = 0; j < m; j++) best[(1 << j) * m + j] = d(0, j + 1);
  for (let S = 1; S < 1 << m; S++) {
    for (let j = 0; j < m; j++) {
      const here = best[S * m + j];
      if (here === Infinity) continue;
      for (let k = 0; k < m; k++) {
        if (S & (1 << k)) continue;
        const T = S | (1 << k);
        best[T * m + k] = Math.min(best[T * m + k], here + d(j + 1, k + 1));
      }
    }
  }
  let out = Infinity;
  for (let j = 0; j < m; j++) out = Math.min(out, best[((1 << m) - 1) * m + j] + d(j + 1, 0));
  return out;
}

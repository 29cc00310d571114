import { CERTAINTY, type QapInput } from '@svc/contracts';
import { rescoreTolerance } from '../../internal/rescore';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { declaredObjective } from '../shared/binary-checker';
import { rescoreQap, type QapTerms } from './rescore';

/** Largest n whose certified claim POST /verify re-checks over every assignment. */
export const QAP_RECHECK_MAX_N = 8;

/** qap: a location per facility, all different; cost minimised. */
export const qapChecker: AnswerChecker = {
  objectiveField: 'cost',
  minimise: true,
  check({ v, answer, declared }) {
    const input = v.input as QapInput;
    const terms: QapTerms = { flow: input.flow, dist: input.dist };
    const n = input.flow.length;
    const reason = permutationProblem(answer, n);
    if (reason !== null) return { checks: [{ name: 'answer_shape', ok: false, detail: reason }], objective: null };
    const perm = answer as number[];
    const r = rescoreQap(terms, perm);
    const tol = rescoreTolerance(r.weightSum);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `a location for each of the ${n} facilities, all different` },
      { name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `cost = ${r.value} recomputed from flow and dist` },
    ];
    if (declared?.cost !== undefined) checks.push(declaredObjective('cost', declared.cost, r.value, tol));
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound <= r.value + tol;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is on the right side of ${r.value}` : `the declared bound ${declared.bound} is above the cost ${r.value}` });
    }
    if (declared?.certainty === CERTAINTY.certified && n <= QAP_RECHECK_MAX_N) {
      let best = r.value;
      const p = Array.from({ length: n }, (_, i) => i);
      const rec = (k: number): void => {
        if (k === n) {
          best = Math.min(best, rescoreQap(terms, p).value);
          return;
        }
        for (let i = k; i < n; i++) {
          [p[k], p[i]] = [p[i], p[k]];
          rec(k + 1);
          [p[k], p[i]] = [p[i], p[k]];
        }
      };
      rec(0);
      const ok = !(best < r.value - tol);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no assignment costs less than ${r.value} (exhaustive re-check)` : `an assignment costs ${best}, less than the declared certified ${r.value}` });
    }
    return { checks, objective: r.value };
  },
};

function permutationProblem(answer: unknown, n: number): string | null {
  if (!Array.isArray(answer)) return `expected an array of ${n} location indices (one per facility)`;
  if (answer.length !== n) return `the answer has ${answer.length} entries, expected ${n}`;
  const seen = new Set<number>();
  for (let k = 0; k < n; k++) {
    const l = answer[k];
    if (typeof l !== 'number' || !Number.isInteger(l) || l < 0 || l >= n) return `entry ${k} is ${JSON.stringify(l)}, not a location 0..${n - 1}`;
    if (seen.has(l)) return `location ${l} is assigned twice`;
    seen.add(l);
  }
  return null;
}

import { CERTAINTY, type CoverInput } from '@svc/contracts';
import { rescoreTolerance } from '../../internal/rescore';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { declaredObjective } from '../shared/binary-checker';
import { firstUncovered, rescoreCover, type CoverTerms } from './rescore';

/** Most sets whose certified claim POST /verify re-checks over every subset. */
export const COVER_RECHECK_MAX_SETS = 16;

/** cover: distinct set indices whose union is the universe; cost minimised. */
export const coverChecker: AnswerChecker = {
  objectiveField: 'cost',
  minimise: true,
  check({ v, answer, declared }) {
    const input = v.input as CoverInput;
    const terms: CoverTerms = { universe: input.universe, sets: input.sets, costs: input.costs };
    const n = input.sets.length;
    const reason = indicesProblem(answer, n);
    if (reason !== null) return { checks: [{ name: 'answer_shape', ok: false, detail: reason }], objective: null };
    const chosen = answer as number[];
    const missing = firstUncovered(terms, chosen);
    if (missing >= 0) return { checks: [{ name: 'answer_shape', ok: false, detail: `element ${missing} is in none of the chosen sets` }], objective: null };
    const r = rescoreCover(terms, chosen);
    const tol = rescoreTolerance(r.weightSum);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `${chosen.length} distinct sets covering all ${input.universe} elements` },
      { name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `cost = ${r.value} recomputed from the costs` },
    ];
    if (declared?.cost !== undefined) checks.push(declaredObjective('cost', declared.cost, r.value, tol));
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound <= r.value + tol;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is on the right side of ${r.value}` : `the declared bound ${declared.bound} is above the cost ${r.value}` });
    }
    if (declared?.certainty === CERTAINTY.certified && n <= COVER_RECHECK_MAX_SETS) {
      let best = r.value;
      for (let mask = 0; mask < 1 << n; mask++) {
        const pick: number[] = [];
        for (let j = 0; j < n; j++) if (mask & (1 << j)) pick.push(j);
        if (firstUncovered(terms, pick) < 0) best = Math.min(best, rescoreCover(terms, pick).value);
      }
      const ok = !(best < r.value - tol);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no cover costs less than ${r.value} (all ${2 ** n} subsets re-checked)` : `a cover costs ${best}, less than the declared certified ${r.value}` });
    }
    return { checks, objective: r.value };
  },
};

function indicesProblem(answer: unknown, n: number): string | null {
  if (!Array.isArray(answer)) return `expected an array of set indices 0..${n - 1}`;
  const seen = new Set<number>();
  for (let k = 0; k < answer.length; k++) {
    const j = answer[k];
    if (typeof j !== 'number' || !Number.isInteger(j) || j < 0 || j >= n) return `entry ${k} is ${JSON.stringify(j)}, not a set index 0..${n - 1}`;
    if (seen.has(j)) return `set ${j} is chosen twice`;
    seen.add(j);
  }
  return null;
}

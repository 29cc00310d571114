import { CERTAINTY, type SelectInput } from '@svc/contracts';
import { rescoreTolerance } from '../../internal/rescore';
import { EXHAUSTIVE_RECHECK_MAX_N } from '../shared/exact-caps';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { declaredObjective } from '../shared/binary-checker';
import { rescoreSelect, type SelectTerms } from './rescore';

/** select: exactly k distinct item indices, value maximised. */
export const selectChecker: AnswerChecker = {
  objectiveField: 'value',
  minimise: false,
  check({ v, answer, declared }) {
    const input = v.input as SelectInput;
    const { m, k } = input;
    const terms: SelectTerms = { m, k, affinity: input.affinity, redundancy: input.redundancy };
    let reason: string | null = null;
    if (!Array.isArray(answer)) reason = `expected an array of ${k} item indices`;
    else if (answer.length !== k) reason = `the answer has ${answer.length} items, expected exactly k = ${k}`;
    else {
      const bad = answer.findIndex((i) => !Number.isInteger(i) || (i as number) < 0 || (i as number) >= m);
      if (bad >= 0) reason = `entry ${bad} is ${JSON.stringify(answer[bad])}, expected an item index 0..${m - 1}`;
      else if (new Set(answer).size !== k) reason = 'the answer repeats an item';
    }
    if (reason !== null) return { checks: [{ name: 'answer_shape', ok: false, detail: reason }], objective: null };
    const chosen = answer as number[];
    const r = rescoreSelect(terms, chosen);
    const tol = rescoreTolerance(r.weightSum);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `${k} distinct item indices` },
      { name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `value = ${r.value} recomputed from the problem` },
    ];
    if (declared?.value !== undefined) checks.push(declaredObjective('value', declared.value, r.value, tol));
    if (declared?.count !== undefined) {
      const ok = declared.count === k;
      checks.push({ name: 'declared_count', ok, detail: ok ? `count ${k} matches` : `declared count ${JSON.stringify(declared.count)}, expected k = ${k}` });
    }
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound >= r.value - tol;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is on the right side of ${r.value}` : `the declared bound ${declared.bound} contradicts the value ${r.value}` });
    }
    if (declared?.certainty === CERTAINTY.certified && m <= EXHAUSTIVE_RECHECK_MAX_N) {
      let best = r.value;
      for (let mask = 0; mask < 2 ** m; mask++) {
        const c: number[] = [];
        for (let i = 0; i < m; i++) if ((mask >>> i) & 1) c.push(i);
        if (c.length === k) best = Math.max(best, rescoreSelect(terms, c).value);
      }
      const ok = !(best > r.value + tol);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no ${k} of the ${m} items beat ${r.value} (exhaustive re-check)` : `the optimum is ${best}, better than the declared certified ${r.value}` });
    }
    return { checks, objective: r.value };
  },
};

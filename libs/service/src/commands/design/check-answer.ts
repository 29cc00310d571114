import { CERTAINTY, type DesignInput } from '@svc/contracts';
import { rescoreTolerance } from '../../internal/rescore';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { declaredObjective } from '../shared/binary-checker';
import { rescoreDesign, type DesignTerms } from './rescore';

/** Largest K^L whose certified claim POST /verify re-checks over every answer. */
export const DESIGN_RECHECK_MAX_STATES = 1 << 16;

/** design: a value 0..K−1 per site; energy minimised. */
export const designChecker: AnswerChecker = {
  objectiveField: 'energy',
  minimise: true,
  check({ v, answer, declared }) {
    const input = v.input as DesignInput;
    const terms: DesignTerms = { L: input.L, K: input.K, bias: input.bias, table: input.table, bonds: input.bonds, circular: input.circular };
    const { L, K } = input;
    const reason = labelsProblem(answer, L, K);
    if (reason !== null) return { checks: [{ name: 'answer_shape', ok: false, detail: reason }], objective: null };
    const x = answer as number[];
    const r = rescoreDesign(terms, x);
    const tol = rescoreTolerance(r.weightSum);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `a value 0..${K - 1} for each of the ${L} sites` },
      { name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `energy = ${r.value} recomputed from bias, bonds and the ${input.table ? 'table' : input.circular ? 'circular coupling' : 'coupling (none)'}` },
    ];
    if (declared?.energy !== undefined) checks.push(declaredObjective('energy', declared.energy, r.value, tol));
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound <= r.value + tol;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is on the right side of ${r.value}` : `the declared bound ${declared.bound} is above the energy ${r.value}` });
    }
    if (declared?.certainty === CERTAINTY.certified && K ** L <= DESIGN_RECHECK_MAX_STATES) {
      let best = r.value;
      const y = new Array<number>(L).fill(0);
      for (;;) {
        best = Math.min(best, rescoreDesign(terms, y).value);
        let k = 0;
        while (k < L && ++y[k] === K) y[k++] = 0;
        if (k === L) break;
      }
      const ok = !(best < r.value - tol);
      checks.push({ name: 'certified_optimum', ok, detail: ok ? `no answer has energy below ${r.value} (all ${K ** L} answers re-checked)` : `an answer has energy ${best}, below the declared certified ${r.value}` });
    }
    return { checks, objective: r.value };
  },
};

function labelsProblem(answer: unknown, L: number, K: number): string | null {
  if (!Array.isArray(answer)) return `expected an array of ${L} values (one per site)`;
  if (answer.length !== L) return `the answer has ${answer.length} entries, expected ${L}`;
  for (let s = 0; s < L; s++) {
    const v = answer[s];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= K) return `entry ${s} is ${JSON.stringify(v)}, not a value 0..${K - 1}`;
  }
  return null;
}

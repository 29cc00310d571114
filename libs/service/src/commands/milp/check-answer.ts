import type { MilpInput } from '@svc/contracts';
import { rescoreTolerance } from '../../internal/rescore';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { declaredObjective } from '../shared/binary-checker';
import { exactObjective, outOfDomain, rescoreMilp, type MilpTerms } from './rescore';

/** milp: a value per variable within its domain; the objective recomputed (no optimality re-check). */
export const milpChecker: AnswerChecker = {
  objectiveField: 'objective',
  minimise: true,
  check({ v, answer, declared }) {
    const input = v.input as MilpInput;
    const terms: MilpTerms = { vars: input.vars, linear: input.linear, diag: input.diag, quadratic: input.quadratic as MilpTerms['quadratic'] };
    const n = input.vars.length;
    if (!Array.isArray(answer) || answer.length !== n || answer.some((x) => typeof x !== 'number')) {
      return { checks: [{ name: 'answer_shape', ok: false, detail: `expected an array of ${n} numbers (one per variable)` }], objective: null };
    }
    const x = answer as number[];
    const bad = outOfDomain(terms, x);
    if (bad >= 0) return { checks: [{ name: 'answer_shape', ok: false, detail: `entry ${bad} is ${x[bad]}, outside the domain of variable ${bad}` }], objective: null };
    const r = rescoreMilp(terms, x);
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `a value within its domain for each of the ${n} variables` },
      { name: 'objective_recomputed', ok: Number.isFinite(r.value), detail: `objective = ${r.value} (exactly ${exactObjective(terms, x)}) recomputed from linear, diag and quadratic` },
    ];
    if (declared?.objective !== undefined) checks.push(declaredObjective('objective', declared.objective, r.value, rescoreTolerance(r.weightSum)));
    return { checks, objective: r.value };
  },
};

import { CERTAINTY, certaintyMatches, type InputOf } from '@svc/contracts';
import { findRelation, relationWork, type RelationProblem } from '@svc/engine-ts/families/relation';
import { SvcError } from '@svc/errors';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { abstentionCertainty, relationTermsOf } from './adapter';
import { relationTerms, verifyRelation } from './rescore';

/**
 * relation: a caller's relation (integers, in the values' order; a polynomial highest degree first)
 * is re-checked exactly as the service checks the engine's (rescore.ts): its length, that it is not
 * zero, its height against max_height, and the residual with the truncation allowance below
 * 10^(−⌈D/2⌉). An answer "none" is checked by running PSLQ (engine-ts) on the problem: it holds
 * when PSLQ finds no relation within max_height. The objective is the relation's height.
 */
/** The most work (relationWork units, about 12 ns each) a verify of "none" spends re-running PSLQ. */
export const VERIFY_NONE_MAX_WORK = 4e7;

export const relationChecker: AnswerChecker = {
  objectiveField: 'answer',
  minimise: true,
  check({ v, prep, answer, declared }) {
    const t = relationTermsOf(v.input as InputOf<'relation'>);
    const poly = t.degree > 0;
    const checks: VerifyCheck[] = [];
    if (answer === 'none') {
      // The re-run is PSLQ on the request's thread: bounded by its work estimate, deterministically.
      const work = relationWork(prep.problem as RelationProblem);
      if (work > VERIFY_NONE_MAX_WORK) {
        throw new SvcError('SVC_DIMENSION_LIMIT', `verify re-runs PSLQ to check "none" on the service's thread up to ${VERIFY_NONE_MAX_WORK.toExponential(0)} work units (about 0.5 s); this problem needs about ${work.toExponential(1)}: fewer values, fewer digits or a lower degree (a solve runs it in a worker at any size)`, {
          extensions: { field: 'problem' },
        });
      }
      checks.push({ name: 'answer_shape', ok: true, detail: '"none": an abstention' });
      const o = findRelation(prep.problem as RelationProblem);
      const ok = o.relation === null;
      checks.push({
        name: 'no_relation_found',
        ok,
        detail: ok
          ? `PSLQ at ${t.digits} digits finds no relation with coefficients at most ${t.maxHeight} (stopped: ${o.stop}, norm bound ${o.bound})`
          : `PSLQ at ${t.digits} digits finds the relation [${(poly ? [...o.relation!].reverse() : o.relation!).join(', ')}] within max_height ${t.maxHeight}`,
      });
      // 'no relation within bounds' only where the re-run's bound excluded every relation within max_height.
      const normClaim = certaintyMatches(declared?.certainty, CERTAINTY.abstentionNorm) ? Number(/below ([^)]+)\)$/.exec(declared!.certainty as string)![1]) : NaN;
      if (declared?.certainty !== undefined && declared.certainty !== abstentionCertainty(o.stop, o.bound, prep.problem.n as number, t.maxHeight, t.digits) && !(normClaim <= o.bound)) {
        checks.push({ name: 'certainty', ok: false, detail: `"none" is labelled '${abstentionCertainty(o.stop, o.bound, prep.problem.n as number, t.maxHeight, t.digits)}' here, not ${JSON.stringify(declared.certainty)}` });
      }
      return { checks, objective: null };
    }
    const size = poly ? `2..${t.degree + 1}` : String(t.values!.length);
    const isInts = Array.isArray(answer) && answer.every((c) => Number.isSafeInteger(c));
    const lengthOk = isInts && (poly ? answer.length >= 2 && answer.length <= t.degree + 1 : answer.length === t.values!.length);
    if (!isInts || !lengthOk) {
      checks.push({ name: 'answer_shape', ok: false, detail: `expected "none" or an array of ${size} integers, got ${JSON.stringify(answer)?.slice(0, 80)}` });
      return { checks, objective: null };
    }
    const nums = answer as number[];
    checks.push({ name: 'answer_shape', ok: true, detail: `${nums.length} integer coefficients` });
    const height = nums.reduce((a, c) => Math.max(a, Math.abs(c)), 0);
    checks.push({ name: 'max_height', ok: height <= t.maxHeight, detail: `largest |coefficient| ${height}, max_height ${t.maxHeight}` });
    const a = nums.map((c) => BigInt(c));
    if (poly) a.reverse();
    const verdict = verifyRelation(a, relationTerms(t.values, t.value, poly ? a.length - 1 : 0), t.digits);
    checks.push({ name: 'residual', ok: verdict.ok, detail: verdict.detail });
    if (declared?.certainty !== undefined && verdict.ok && !certaintyMatches(declared.certainty, CERTAINTY.recorded)) {
      checks.push({ name: 'certainty', ok: false, detail: `a relation is labelled '${CERTAINTY.recorded}', not ${JSON.stringify(declared.certainty)}` });
    }
    return { checks, objective: height };
  },
};

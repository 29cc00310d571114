import { CERTAINTY, type InputOf } from '@svc/contracts';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { precisionTerms } from './adapter';
import { parseDec, verifyRounding } from './rescore';

/**
 * precision: the caller's answer is a decimal string (any spelling) with at most `digits`
 * significant digits, and the exact value rounded half-even to `digits` (rescore.ts). The
 * objective is the answer's value as a double (null beyond a double's range).
 */
export const precisionChecker: AnswerChecker = {
  objectiveField: 'answer',
  minimise: false,
  check({ v, answer, declared }) {
    const terms = precisionTerms(v.input as InputOf<'precision'>, v.n);
    const a = parseDec(answer);
    if (a === null) return { checks: [{ name: 'answer_shape', ok: false, detail: `expected a decimal string such as "1.4142", got ${JSON.stringify(answer)?.slice(0, 80)}` }], objective: null };
    const value = Number(answer);
    const objective = Number.isFinite(value) && (value !== 0 || a.n === 0n) ? value : null;
    const checks: VerifyCheck[] = [{ name: 'answer_shape', ok: true, detail: 'a decimal string' }];
    const verdict = verifyRounding(terms, a);
    checks.push({ name: 'correctly_rounded', ok: verdict.ok, detail: verdict.detail });
    if (typeof declared?.exact === 'boolean' && verdict.ok && verdict.exact !== undefined) {
      const ok = declared.exact === verdict.exact;
      checks.push({ name: 'exact', ok, detail: ok ? `declared exact = ${declared.exact} holds` : `declared exact = ${declared.exact}, but the answer ${verdict.exact ? 'is' : 'is not'} the exact value` });
    }
    if (declared?.digits !== undefined) {
      const ok = declared.digits === terms.digits;
      checks.push({ name: 'digits', ok, detail: ok ? `rounded to the ${terms.digits} digits asked for` : `declared digits ${JSON.stringify(declared.digits)}, asked for ${terms.digits}` });
    }
    if (declared?.certainty !== undefined && declared.certainty !== CERTAINTY.operationExact) {
      checks.push({ name: 'certainty', ok: false, detail: `precision answers are labelled '${CERTAINTY.operationExact}', not ${JSON.stringify(declared.certainty)}` });
    }
    return { checks, objective };
  },
};

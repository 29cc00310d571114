import { CERTAINTY, type InputOf } from '@svc/contracts';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { binaryChecker } from '../shared/binary-checker';
import { recheckable, rescoreXorsat, xorsatSystem, type XorsatTerms } from './rescore';

const termsOf = (v: { n: number; input: unknown }): XorsatTerms => ({ n: v.n, equations: (v.input as InputOf<'xorsat'>).equations });

/**
 * xorsat: 0/1 per variable; violations minimised; a declared `satisfied` against the violations;
 * a declared `rank` and `solutions` against the service's own elimination where the system is
 * small enough for it (`recheckable`), else reported as not rechecked.
 */
export const xorsatChecker: AnswerChecker = binaryChecker({
  objectiveField: 'violations',
  minimise: true,
  rescore: (v, x) => rescoreXorsat(termsOf(v), x),
  extra({ v, declared }, _x, objective) {
    const checks: VerifyCheck[] = [];
    if (declared === null) return checks;
    if (declared.satisfied !== undefined) {
      const ok = declared.satisfied === (objective === 0);
      checks.push({ name: 'satisfied', ok, detail: ok ? `satisfied = ${String(declared.satisfied)} matches ${objective} violations` : `satisfied = ${JSON.stringify(declared.satisfied)} but the answer violates ${objective} equations` });
    }
    const claimsCertified = declared.certainty === CERTAINTY.certified && objective > 0;
    if (declared.rank === undefined && declared.solutions === undefined && !claimsCertified) return checks;
    const terms = termsOf(v);
    if (!recheckable(terms)) {
      checks.push({ name: 'rank', ok: true, detail: `not rechecked: ${terms.equations.length} equations over ${terms.n} variables are beyond the verifier's own elimination; violations are rechecked above` });
      return checks;
    }
    const system = xorsatSystem(terms);
    if (declared.rank !== undefined) {
      const ok = declared.rank === system.rank;
      checks.push({ name: 'rank', ok, detail: ok ? `rank ${system.rank} recomputed by elimination` : `declared rank ${JSON.stringify(declared.rank)}, recomputed ${system.rank}` });
    }
    if (declared.solutions !== undefined) {
      const ok = declared.solutions === system.solutions;
      checks.push({ name: 'solutions', ok, detail: ok ? `${system.solutions} solutions recomputed` : `declared solutions ${JSON.stringify(declared.solutions)}, recomputed ${system.solutions}` });
    }
    // A consistent system's optimum is 0 violations: certifying more is false.
    if (claimsCertified && system.consistent) checks.push({ name: 'certified_consistent', ok: false, detail: `certified with ${objective} violations, but the system is consistent: some assignment satisfies every equation` });
    return checks;
  },
});

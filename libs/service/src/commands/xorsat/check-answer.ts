import type { InputOf } from '@svc/contracts';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { binaryChecker } from '../shared/binary-checker';
import { XORSAT_ELIMINATION_CERTAINTY } from './adapter';
import { rescoreXorsat, xorsatSystem, type XorsatTerms } from './rescore';

const termsOf = (v: { n: number; input: unknown }): XorsatTerms => ({ n: v.n, equations: (v.input as InputOf<'xorsat'>).equations });

/** xorsat: 0/1 per variable; violations minimised; satisfied, rank and solutions re-derived from the system. */
export const xorsatChecker: AnswerChecker = binaryChecker({
  objectiveField: 'violations',
  minimise: true,
  rescore: (v, x) => rescoreXorsat(termsOf(v), x),
  extra({ v, declared }, _x, objective) {
    const checks: VerifyCheck[] = [];
    if (declared === null) return checks;
    const system = xorsatSystem(termsOf(v));
    if (declared.satisfied !== undefined) {
      const ok = declared.satisfied === (objective === 0);
      checks.push({ name: 'satisfied', ok, detail: ok ? `satisfied = ${String(declared.satisfied)} matches ${objective} violations` : `satisfied = ${JSON.stringify(declared.satisfied)} but the answer violates ${objective} equations` });
    }
    if (declared.rank !== undefined) {
      const ok = declared.rank === system.rank;
      checks.push({ name: 'rank', ok, detail: ok ? `rank ${system.rank} recomputed by elimination` : `declared rank ${JSON.stringify(declared.rank)}, recomputed ${system.rank}` });
    }
    if (declared.solutions !== undefined) {
      const ok = declared.solutions === system.solutions;
      checks.push({ name: 'solutions', ok, detail: ok ? `${system.solutions} solutions recomputed` : `declared solutions ${JSON.stringify(declared.solutions)}, recomputed ${system.solutions}` });
    }
    if (declared.certainty === XORSAT_ELIMINATION_CERTAINTY) {
      const ok = system.consistent && objective === 0;
      checks.push({ name: 'certified_by_elimination', ok, detail: ok ? 'the system is consistent and the answer satisfies every equation' : `certified by elimination, but ${system.consistent ? `the answer violates ${objective} equations` : 'the system is inconsistent'}` });
    }
    return checks;
  },
});

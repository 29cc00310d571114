import type { EngineResult } from '@svc/engine-ts';
import { canonicalXorsat } from '@svc/engine-ts/families/xorsat';
import type { InputOf } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { assertAgrees, checkBinaryAnswer, engineFault, lowerBoundOf, rescoreTolerance } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { rescoreXorsat, xorsatSystem, type XorsatTerms } from './rescore';

/** The certainty of a consistent system solved by elimination (commands.md: "consistent: certified by elimination"). */
export const XORSAT_ELIMINATION_CERTAINTY = 'certified optimum (proven by elimination)';

/** xorsat: an assignment violating the fewest XOR equations. */
export const xorsatAdapter: CommandAdapter = {
  command: 'xorsat',
  prepare(v) {
    const input = v.input as InputOf<'xorsat'>;
    const terms: XorsatTerms = { n: v.n, equations: input.equations };
    const problem = canonicalOrInvalid(() => canonicalXorsat(v.n, input.equations));
    return {
      problem,
      terms: problem.vars.length + problem.rhs.length,
      // The receipt form: the equations as given.
      receiptProblem: { n: v.n, equations: input.equations },
      finish: (r, ctx) => finishXorsat(terms, r, ctx.deadlineFired),
    };
  },
};

/** The independent check of an engine result and the answer fields {answer, satisfied, violations, rank, solutions}. */
export function finishXorsat(terms: XorsatTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'binary') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for xorsat`);
  checkBinaryAnswer(r.answer, terms.n);
  const rescored = rescoreXorsat(terms, r.answer);
  assertAgrees('violations', r.objective, rescored);
  const system = xorsatSystem(terms);
  const violations = rescored.value;
  if (violations === 0 && !system.consistent) throw engineFault('the answer satisfies every equation of a system the re-score finds inconsistent');
  if (system.consistent && violations > 0 && r.proof !== null) {
    throw engineFault(`engine certified ${violations} violations on a consistent system (elimination satisfies every equation)`);
  }
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = {
    answer: Array.from(r.answer),
    satisfied: violations === 0,
    violations,
    rank: system.rank,
    solutions: system.solutions,
  };
  const tol = rescoreTolerance(rescored.weightSum);
  return {
    fields, proof, stoppedAtDeadline,
    ...(proof !== null && system.consistent ? { certainty: XORSAT_ELIMINATION_CERTAINTY } : {}),
    ...(proof === null ? lowerBoundOf(r, tol, "xorsat's violations") : null),
  };
}

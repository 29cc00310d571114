import type { EngineResult } from '@svc/engine-ts';
import { canonicalXorsat, denseBits, planXorsat, XORSAT_MAX_DENSE_BITS, type XorsatProblem } from '@svc/engine-ts/families/xorsat';
import type { InputOf } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { assertAgrees, checkBinaryAnswer, engineFault, lowerBoundOf, rescoreTolerance } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { recheckable, rescoreXorsat, solutionsOf, xorsatSystem, type XorsatTerms } from './rescore';

/** xorsat: an assignment violating the fewest XOR equations, with the rank and solution count of the system. */
export const xorsatAdapter: CommandAdapter = {
  command: 'xorsat',
  prepare(v) {
    const input = v.input as InputOf<'xorsat'>;
    const terms: XorsatTerms = { n: v.n, equations: input.equations };
    const problem = canonicalOrInvalid(() => canonicalXorsat(v.n, input.equations));
    assertEliminable(problem);
    return {
      problem,
      terms: problem.vars.length + problem.rhs.length,
      // The receipt form: the equations as given.
      receiptProblem: { n: v.n, equations: input.equations },
      finish: (r, ctx) => finishXorsat(terms, r, ctx.deadlineFired),
    };
  },
};

/**
 * SVC_DIMENSION_LIMIT when the engines' elimination (peeling, then dense or lazy) would hold more
 * than XORSAT_MAX_DENSE_BITS bits at once. m · (n + 1) bounds it, so only larger systems are planned.
 */
function assertEliminable(p: XorsatProblem): void {
  const m = p.rhs.length;
  if (m * (p.n + 1) <= XORSAT_MAX_DENSE_BITS) return;
  const bits = denseBits(planXorsat(p));
  if (bits <= XORSAT_MAX_DENSE_BITS) return;
  const maxN = Math.floor(XORSAT_MAX_DENSE_BITS / m) - 1;
  throw new SvcError('SVC_DIMENSION_LIMIT', `after peeling and structured elimination the system keeps a dense part of ${bits} bits, over the cap of 2^31 (sparser equations, fewer equations, or at most ${maxN} variables for these ${m} equations always fit)`, {
    facts: { reduce_problem_size: { max_n: maxN, limit: 'equations' } },
    extensions: { field: 'equations' },
  });
}

/**
 * The independent check of an engine result and the answer fields {answer, satisfied, violations,
 * rank, solutions}: violations re-scored from the JSON; the engine's rank and consistency checked
 * against the answer (a consistent system's certified answer violates nothing, an inconsistent
 * one's violates something) and, where `recheckable`, against the service's own elimination.
 */
export function finishXorsat(terms: XorsatTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'xorsat') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for xorsat`);
  checkBinaryAnswer(r.answer, terms.n);
  const rescored = rescoreXorsat(terms, r.answer);
  assertAgrees('violations', r.objective, rescored);
  const violations = rescored.value;
  let rank = r.rank;
  let consistent = r.consistent;
  if (rank !== null && !(Number.isInteger(rank) && rank >= 0 && rank <= Math.min(terms.n, terms.equations.length))) throw engineFault(`engine rank ${rank} is not in 0..min(n, m)`);
  if (recheckable(terms)) {
    const own = xorsatSystem(terms);
    if (rank !== null && rank !== own.rank) throw engineFault(`engine rank ${rank}, the service's elimination ${own.rank}`);
    if (consistent !== null && consistent !== own.consistent) throw engineFault(`engine says the system is ${consistent ? '' : 'in'}consistent, the service's elimination says otherwise`);
    rank = own.rank;
    consistent = own.consistent;
  }
  if (consistent === false && violations === 0) throw engineFault('the answer satisfies every equation of a system called inconsistent');
  if (consistent === true && violations > 0 && r.proof !== null) {
    throw engineFault(`engine certified ${violations} violations on a consistent system (elimination satisfies every equation)`);
  }
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = {
    answer: Array.from(r.answer),
    satisfied: violations === 0,
    violations,
    rank,
    solutions: rank === null || consistent === null ? null : solutionsOf(terms.n, rank, consistent),
  };
  const tol = rescoreTolerance(rescored.weightSum);
  return { fields, proof, stoppedAtDeadline, ...(proof === null ? lowerBoundOf(r, tol, "xorsat's violations") : null) };
}

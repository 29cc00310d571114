import { CERTAINTY, type InputOf } from '@svc/contracts';
import type { EngineResult } from '@svc/engine-ts';
import { canonicalReduce, decimalTextOf, parseReduceAnswer, REDUCE_DEFAULT_DELTA, sqrtToDouble, type IntMatrix, type ReduceProblem } from '@svc/engine-ts/families/reduce';
import { SvcError } from '@svc/errors';
import { NOT_REQUESTED, type CommandAdapter, type FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { reduceCertificate } from './certificate';
import { checkReduced, checkSameLattice, inputBasis, RECHECK_MAX_WORK, recheckWork } from './rescore';

/** reduce: the LLL reduction of an integer basis, exact. */
export const reduceAdapter: CommandAdapter = {
  command: 'reduce',
  recheckInWorker: true,
  prepare(v) {
    const input = v.input as InputOf<'reduce'>;
    const problem = canonicalOrInvalid(() => canonicalReduce({ basis: input.basis, delta: input.delta }));
    return {
      problem,
      terms: problem.rows * problem.cols,
      receiptProblem: reduceReceiptProblem(problem),
      finish: (r, ctx) => finishReduce(input, problem, r, ctx.certificate === 'none'),
    };
  },
};

/** The receipt form (commands.md "Receipt"): n, the basis as canonical decimal strings, delta. */
export function reduceReceiptProblem(p: ReduceProblem): Record<string, unknown> {
  const cells = decimalTextOf(p.text).split(' ');
  const basis: string[][] = [];
  for (let i = 0; i < p.rows; i++) basis.push(cells.slice(i * p.cols, (i + 1) * p.cols));
  return { n: p.n, basis, delta: p.delta };
}

/** The shortest nonzero vector of a basis: its index (−1 for none) and squared norm. */
export function shortestOf(b: IntMatrix): { index: number; squared: bigint } {
  let index = -1;
  let squared = 0n;
  b.forEach((row, i) => {
    const s = row.reduce((acc, x) => acc + x * x, 0n);
    if (s !== 0n && (index < 0 || s < squared)) {
      index = i;
      squared = s;
    }
  });
  return { index, squared };
}

/** The independent check of an engine result (rescore.ts), and the answer fields; the certificate unless `noCertificate` (`?certificate=none`). */
export function finishReduce(input: InputOf<'reduce'>, p: ReduceProblem, r: EngineResult, noCertificate = false): FinishedSolve {
  if (r.kind !== 'decimal') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for reduce`);
  let parsed: ReturnType<typeof parseReduceAnswer>;
  try {
    parsed = parseReduceAnswer(decimalTextOf(r.answer), p.rows, p.cols);
  } catch (e) {
    throw new SvcError('SVC_ENGINE_FAILURE', `engine answer is malformed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const b = inputBasis(input.basis);
  const delta = input.delta ?? REDUCE_DEFAULT_DELTA;
  const zeros = parsed.basis.findIndex((row) => row.some((x) => x !== 0n));
  const rank = zeros < 0 ? 0 : p.rows - zeros;
  // Re-checked here within RECHECK_MAX_WORK; beyond, the engine's own exact check (in the worker) stands.
  const stopped = r.stoppedAtDeadline;
  if (recheckWork(b) <= RECHECK_MAX_WORK) {
    const same = checkSameLattice(b, parsed.basis, parsed.u, parsed.v, rank);
    if (!same.ok) throw new SvcError('SVC_ENGINE_FAILURE', `engine answer is not a basis of the input lattice: ${same.detail}`);
    if (!stopped) {
      const reduced = checkReduced(parsed.basis, delta);
      if (!reduced.ok) throw new SvcError('SVC_ENGINE_FAILURE', `engine answer is not LLL-reduced: ${reduced.detail}`);
    }
  }
  const shortest = shortestOf(parsed.basis);
  return {
    fields: {
      answer: parsed.basis.map((row) => row.map((x) => x.toString())),
      rank,
      shortest_norm: sqrtToDouble(shortest.squared),
      shortest_norm_squared: shortest.squared.toString(),
      shortest_index: shortest.index,
      delta,
      reduced: !stopped,
      ...(stopped ? { note: 'stopped by the latency budget before the end: answer is a basis of the same lattice (checked), not yet LLL-reduced' } : {}),
    },
    proof: null,
    stoppedAtDeadline: stopped,
    certainty: stopped ? CERTAINTY.heuristic : CERTAINTY.operationExact,
    certificate: noCertificate ? NOT_REQUESTED : reduceCertificate(parsed.u, parsed.v, stopped),
  };
}

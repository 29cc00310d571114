import { canonicalQubo, type RawPair } from '@svc/engine-ts/families/qubo';
import type { OptimizeInput } from '@svc/contracts';
import { rescoreOptimize } from './rescore';
import { RAW_TERMS } from './certificate';
import { rescoreResult } from '../shared/rescore-result';
import type { CommandAdapter, PreparedSolve } from '../adapter';
import { canonicalOrInvalid, receiptProblem, warmStartOf } from '../shared/qubo-family';

/** optimize: minimise Σ h_i x_i + Σ w_ij x_i x_j over x ∈ {0,1}^n. */
export const optimizeAdapter: CommandAdapter = {
  command: 'optimize',
  prepare(v) {
    const input = v.input as OptimizeInput;
    const n = v.n;
    const terms = { n, linear: input.linear, quadratic: input.quadratic as ReadonlyArray<RawPair> | undefined };
    const problem = canonicalOrInvalid(() => canonicalQubo(n, terms.linear, terms.quadratic));
    const warmStart = warmStartOf(input);
    const prepared: PreparedSolve = {
      problem,
      warmStart,
      terms: problem.pairs.i.length,
      receiptProblem: receiptProblem(problem, warmStart),
      finish(r, ctx) {
        const checked = rescoreResult({
          minimise: true, n, result: r, rescore: (x) => rescoreOptimize(terms, x), warmStart, deadlineFired: ctx.deadlineFired,
        });
        return { ...checked, fields: { answer: Array.from(r.answer), energy: r.objective, n } };
      },
    };
    // The certificate's producer reads the request's own numbers (exact sums of duplicates).
    RAW_TERMS.set(prepared, { linear: input.linear, quadratic: input.quadratic as ReadonlyArray<readonly number[]> | undefined });
    return prepared;
  },
};

import { canonicalQubo, DEFAULT_SAMPLE_COUNT, type QuboProblem, type RawPair } from '@svc/engine-ts/families/qubo';
import type { SampleInput } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { rescoreOptimize } from '../optimize/rescore';
import { checkSamples } from './rescore';
import { rescoreResult } from '../shared/rescore-result';
import type { CommandAdapter } from '../adapter';
import { canonicalOrInvalid, receiptProblem, warmStartOf } from '../shared/qubo-family';

/**
 * sample: distinct low-energy assignments, sorted, with visit counts. Certified exactly when the
 * engine enumerated every state: the samples are then the num_samples lowest-energy distinct
 * assignments (ties by the assignment read as a binary number, bit i = x_i), the first is
 * optimal, and each was visited once. Otherwise heuristic: the best assignment of the optimize
 * search plus the best distinct states an elite walk around it visited, with their visit counts.
 */
export const sampleAdapter: CommandAdapter = {
  command: 'sample',
  prepare(v) {
    const input = v.input as SampleInput;
    const n = v.n;
    const terms = { n, linear: input.linear, quadratic: input.quadratic as ReadonlyArray<RawPair> | undefined };
    const qubo = canonicalOrInvalid(() => canonicalQubo(n, terms.linear, terms.quadratic));
    const count = input.num_samples ?? DEFAULT_SAMPLE_COUNT;
    const window = input.energy_window;
    const problem: QuboProblem = { ...qubo, sampling: { count, ...(window !== undefined ? { energyWindow: window } : {}) } };
    const warmStart = warmStartOf(input);
    return {
      problem,
      warmStart,
      terms: qubo.pairs.i.length,
      receiptProblem: { ...receiptProblem(qubo, warmStart), num_samples: count, ...(window !== undefined ? { energy_window: window } : {}) },
      finish(r, ctx) {
        const checked = rescoreResult({
          minimise: true, n, result: r, rescore: (x) => rescoreOptimize(terms, x), warmStart, deadlineFired: ctx.deadlineFired,
        });
        if (r.kind !== 'sample') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for sample`);
        checkSamples({ terms, answer: r.answer, objective: r.objective, samples: r.samples, count, window });
        const samples = r.samples;
        // A finished enumeration without a window returns min(count, 2^n) states; anything else is a fault.
        if (checked.proof !== null && window === undefined && samples.length !== Math.min(count, 2 ** n)) {
          throw new SvcError('SVC_ENGINE_FAILURE', `a finished enumeration returned ${samples.length} samples, expected ${Math.min(count, 2 ** n)}`);
        }
        return {
          ...checked,
          fields: {
            answer: Array.from(r.answer),
            samples: samples.map((s) => ({ assignment: Array.from(s.x), energy: s.objective, count: s.count })),
            distinct: samples.length,
          },
        };
      },
    };
  },
};

import type { EngineSample } from '@svc/engine-ts/families/qubo';
import { assertAgrees, checkBinaryAnswer, engineFault, rescoreTolerance } from '../../internal/rescore';
import { rescoreOptimize, type OptimizeTerms } from '../optimize/rescore';

/**
 * Checks a `sample` result's list against the JSON input: each state a 0/1 vector of length n,
 * its energy re-scored within tolerance, counts positive integers, sorted ascending, distinct,
 * the first equal to the answer, at most `count` of them, all within the window of the first.
 */
export function checkSamples(args: {
  readonly terms: OptimizeTerms;
  readonly answer: Uint8Array;
  readonly objective: number;
  readonly samples: readonly EngineSample[] | undefined;
  readonly count: number;
  readonly window?: number;
}): void {
  const { terms, samples } = args;
  if (!samples || samples.length === 0) throw engineFault('engine returned no samples');
  if (samples.length > args.count) throw engineFault(`engine returned ${samples.length} samples, more than the ${args.count} asked for`);
  const seen = new Set<string>();
  let tol = 0;
  for (let t = 0; t < samples.length; t++) {
    const s = samples[t];
    checkBinaryAnswer(s.x, terms.n);
    const rescored = rescoreOptimize(terms, s.x);
    tol = rescoreTolerance(rescored.weightSum);
    assertAgrees(`energy of sample ${t}`, s.objective, rescored);
    if (!Number.isInteger(s.count) || s.count < 1) throw engineFault(`sample ${t} has count ${s.count}`);
    if (t > 0 && s.objective < samples[t - 1].objective) throw engineFault(`samples are not sorted by energy at ${t}`);
    const key = Buffer.from(s.x.buffer, s.x.byteOffset, s.x.byteLength).toString('base64');
    if (seen.has(key)) throw engineFault(`sample ${t} repeats an earlier assignment`);
    seen.add(key);
  }
  const first = samples[0];
  if (first.objective !== args.objective || Buffer.compare(Buffer.from(first.x), Buffer.from(args.answer)) !== 0) {
    throw engineFault('the answer is not the first sample');
  }
  if (args.window !== undefined) {
    const last = samples[samples.length - 1].objective;
    if (last > first.objective + args.window + tol) throw engineFault(`sample energy ${last} is outside the window ${args.window} above ${first.objective}`);
  }
}

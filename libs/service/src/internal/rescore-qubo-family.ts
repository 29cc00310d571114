import { SvcError } from '@svc/errors';
import type { EngineSample } from '@svc/engine-ts';
import { assertAgrees, checkBinaryAnswer, rescoreOptimize, rescoreTolerance, type OptimizeTerms, type Rescored } from './rescore';

/** Validated JSON input of `feel` (the fields the re-score reads). */
export interface IsingTerms {
  readonly n: number;
  readonly field?: Readonly<Record<string, number>>;
  readonly quadratic?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
}

function engineFault(detail: string): SvcError {
  return new SvcError('SVC_ENGINE_FAILURE', detail);
}

/** Ising energy Σ h_i s_i + Σ J_ij s_i s_j straight from the JSON terms, for bits x (s = 2x − 1). */
export function rescoreIsing(p: IsingTerms, x: ArrayLike<number>): Rescored {
  let value = 0;
  let weightSum = 0;
  if (p.field) {
    for (const key of Object.keys(p.field)) {
      const h = p.field[key];
      weightSum += Math.abs(h);
      value += x[Number(key)] === 1 ? h : -h;
    }
  }
  if (p.quadratic) {
    for (const t of p.quadratic) {
      const w = t[2];
      weightSum += Math.abs(w);
      value += x[t[0]] === x[t[1]] ? w : -w;
    }
  }
  return { value, weightSum };
}

/** Fails unless every pin holds in the engine's answer. */
export function checkPinsHold(answer: ArrayLike<number>, pins: Readonly<Record<string, number>>): void {
  for (const key of Object.keys(pins)) {
    if (answer[Number(key)] !== pins[key]) throw engineFault(`engine answer sets pinned variable ${key} to ${answer[Number(key)]}, not ${pins[key]}`);
  }
}

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

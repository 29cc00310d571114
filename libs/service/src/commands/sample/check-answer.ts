import type { SampleInput } from '@svc/contracts';
import { DEFAULT_SAMPLE_COUNT } from '@svc/engine-ts/families/qubo';
import type { AnswerChecker } from '../command-module';
import { binaryChecker } from '../shared/binary-checker';
import { rescoreOptimize, type OptimizeTerms } from '../optimize/rescore';
import { checkSamples } from './rescore';

/** sample: optimize's check of the answer, then the declared samples list. */
export const sampleChecker: AnswerChecker = binaryChecker({
  objectiveField: 'energy',
  minimise: true,
  rescore: (v, x) => rescoreOptimize({ ...(v.input as SampleInput), n: v.n } as OptimizeTerms, x),
  extra: ({ v, declared }, x) => {
    const list = declared?.samples;
    if (list === undefined) return [];
    const input = v.input as SampleInput;
    try {
      if (!Array.isArray(list)) throw new Error('samples must be an array');
      const samples = list.map((s, t) => {
        const o = s as { assignment?: unknown; energy?: unknown; count?: unknown };
        if (!Array.isArray(o.assignment) || typeof o.energy !== 'number' || typeof o.count !== 'number') throw new Error(`sample ${t} must be {assignment, energy, count}`);
        return { x: Uint8Array.from(o.assignment as number[]), objective: o.energy, count: o.count };
      });
      const terms = { ...input, n: v.n } as OptimizeTerms;
      checkSamples({ terms, answer: Uint8Array.from(x), objective: samples[0]?.objective ?? NaN, samples, count: input.num_samples ?? DEFAULT_SAMPLE_COUNT, window: input.energy_window });
      return [{ name: 'samples', ok: true, detail: `${samples.length} distinct samples, sorted, energies re-scored, the first is the answer` }];
    } catch (e) {
      return [{ name: 'samples', ok: false, detail: e instanceof Error ? e.message : String(e) }];
    }
  },
});

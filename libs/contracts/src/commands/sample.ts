/**
 * `sample` (commands.md "Search commands"): distinct low-energy assignments of an `optimize`
 * objective, sorted by energy, with how often the search visited each.
 * Caps beyond `optimize`'s (SVC_DIMENSION_LIMIT): num_samples·n <= 10,000,000 (the size of the
 * answer) and num_samples·(n + quadratic entries) <= 100,000,000 (re-scoring every sample).
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { checkBits, checkIndexMap, checkTriples } from '../internal/checks';
import { noContradictions, type CommandChecks, type CommandContract, type Loose } from './shared/contract';
import { bits, certaintyLabel, common, fastCommon, fastN, hot, indexMap, requiredVariablesN, triples } from './shared/fields';
import { capQuboSizes, dimension } from './shared/sizes';
import example from './sample.valid.json';

/** num_samples range and default, and the two product caps. */
export const SAMPLE_LIMITS = {
  maxSamples: 1000,
  defaultSamples: 16,
  /** num_samples · n. */
  maxSampleEntries: 10_000_000,
  /** num_samples · (n + quadratic entries). */
  maxSampleTerms: 100_000_000,
} as const;

const certainty = certaintyLabel;
const numSamples = z.number().int().min(1).max(SAMPLE_LIMITS.maxSamples)
  .describe(`how many distinct assignments to return, 1..${SAMPLE_LIMITS.maxSamples} (default ${SAMPLE_LIMITS.defaultSamples})`);
const energyWindow = z.number().min(0).describe('keep only assignments within this much energy of the best');

/** The descriptive input schema (hot fields fully typed). */
const sampleStructure = z.strictObject({
  ...common,
  n: requiredVariablesN,
  linear: indexMap('on-site terms h_i').optional(),
  quadratic: triples('couplings w_ij ([i, i, w] adds w to h_i since x^2 = x)').optional(),
  num_samples: numSamples.optional(),
  energy_window: energyWindow.optional(),
  warm_start: bits.optional().describe('a prior answer; the best sample is never worse'),
});

/** The fast top-level shape (hot fields checked by `sampleChecks`). */
const sampleFast = z.strictObject({
  ...fastCommon, n: fastN, linear: hot, quadratic: hot,
  num_samples: numSamples.optional(), energy_window: energyWindow.optional(), warm_start: hot,
});

/** Hand-written stages after the fast shape. */
const sampleChecks: CommandChecks = {
  check(v: Loose): number {
    const n = v.n as number;
    if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
    if (v.quadratic !== undefined) checkTriples(v.quadratic, 'quadratic', n);
    if (v.warm_start !== undefined) checkBits(v.warm_start, 'warm_start', n);
    return n;
  },
  sizes(v: Loose, n: number): void {
    capQuboSizes(v, n);
    const k = (v.num_samples as number | undefined) ?? SAMPLE_LIMITS.defaultSamples;
    const m = Array.isArray(v.quadratic) ? v.quadratic.length : 0;
    if (k * n > SAMPLE_LIMITS.maxSampleEntries) {
      dimension(`num_samples · n = ${k * n} is over the cap of ${SAMPLE_LIMITS.maxSampleEntries}; ask for fewer samples or a smaller problem`,
        Math.floor(SAMPLE_LIMITS.maxSampleEntries / k), 'num_samples', { max_num_samples: Math.floor(SAMPLE_LIMITS.maxSampleEntries / n) });
    }
    if (k * (n + m) > SAMPLE_LIMITS.maxSampleTerms) {
      dimension(`num_samples · (n + quadratic entries) = ${k * (n + m)} is over the cap of ${SAMPLE_LIMITS.maxSampleTerms}; ask for fewer samples or a smaller problem`,
        Math.max(1, Math.floor(SAMPLE_LIMITS.maxSampleTerms / k) - m), 'num_samples',
        { max_num_samples: Math.max(1, Math.floor(SAMPLE_LIMITS.maxSampleTerms / (n + m))) });
    }
  },
  contradictions: noContradictions,
};

const sampleItem = z.object({
  assignment: bits.describe('0/1 per variable'),
  energy: z.number().describe('objective of this assignment'),
  count: z.number().int().min(1).describe('how many times the search visited it (1 each when enumerated)'),
});

/** Answer fields. */
const sampleOutputShape = {
  answer: bits.describe('the best assignment (samples[0])'),
  samples: z.array(sampleItem).min(1).describe('distinct assignments sorted by energy ascending (ties: the assignment read as a binary number, bit i = x_i, smaller first)'),
  distinct: z.number().int().min(1).describe('number of distinct assignments in samples'),
  certainty: certainty.describe("'certified optimum (proven by exhaustion)' only when every state was enumerated: samples are then exactly the lowest-energy distinct states"),
  bound: z.number().optional().describe('a proven lower bound on the minimum energy (heuristic answers only)'),
  gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
};

export const sample = {
  example,
  nMeans: 'the number of binary variables',
  structure: sampleStructure,
  fast: sampleFast,
  checks: sampleChecks,
  output: sampleOutputShape,
  limits: {
    n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs,
    num_samples_max: SAMPLE_LIMITS.maxSamples, num_samples_default: SAMPLE_LIMITS.defaultSamples,
    num_samples_times_n_max: SAMPLE_LIMITS.maxSampleEntries, num_samples_times_terms_max: SAMPLE_LIMITS.maxSampleTerms,
  },
} as const satisfies CommandContract;

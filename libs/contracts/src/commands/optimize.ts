/** `optimize` (interface §2.2): minimize a QUBO objective Σ h_i x_i + Σ w_ij x_i x_j over x ∈ {0, 1}^n. */
import { z } from 'zod';
import { checkBits, checkIndexMap, checkTriples } from '../internal/checks';
import { LIMITS } from '../limits';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { bits, boundGap, certainty, common, fastCommon, fastN, hot, indexMap, receipt, requiredN, triples } from './shared/fields';
import { capQuboSizes } from './shared/sizes';
import example from './optimize.valid.json';

const answerBits = z.array(z.number().int().min(0).max(1));

export const optimize = {
  example,
  nMeans: 'the number of binary variables',
  structure: z.strictObject({
    ...common,
    n: requiredN,
    linear: indexMap('on-site terms h_i').optional(),
    quadratic: triples('couplings w_ij ([i, i, w] adds w to h_i since x^2 = x)').optional(),
    warm_start: bits.optional(),
  }),
  fast: z.strictObject({ ...fastCommon, n: fastN, linear: hot, quadratic: hot, warm_start: hot }),
  checks: {
    check(v: Loose): number {
      const n = v.n as number;
      if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
      if (v.quadratic !== undefined) checkTriples(v.quadratic, 'quadratic', n);
      if (v.warm_start !== undefined) checkBits(v.warm_start, 'warm_start', n);
      return n;
    },
    sizes: capQuboSizes,
    contradictions: noContradictions,
  },
  output: {
    answer: answerBits.describe('0/1 per variable'),
    energy: z.number().describe('objective value of the answer (minimised)'),
    certainty,
    n: z.number().int().min(1),
    receipt, ...boundGap,
  },
  limits: { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs },
  exactCap: 22,
} as const satisfies CommandContract;

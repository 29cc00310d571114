/**
 * `select` (docs/select-rules.md): pick exactly k of m items, maximizing affinity minus
 * redundancy. m above 5589 is accepted but slower.
 */
import { z } from 'zod';
import { agreeN, checkNumbers, checkSquare, checkSymmetric, required } from '../internal/checks';
import { fail } from '../internal/issue';
import { LIMITS } from '../limits';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot, weight } from './shared/fields';
import example from './select.valid.json';

const structure = z.strictObject({
  ...common,
  m: z.number().int().min(1).describe('number of items (above 5589 accepted but slower)'),
  k: z.number().int().min(1).describe('exact number to choose, k <= m'),
  affinity: z.array(weight).describe('per-item reward, length m'),
  redundancy: z.array(z.array(weight)).optional().describe('symmetric m x m pair penalty; diagonal ignored'),
});

function check(v: Loose): number {
  const m = v.m as number;
  const k = v.k as number;
  agreeN(v.n, m, 'm');
  if (k > m) fail(['k'], `k (${k}) exceeds m (${m}); select picks exactly k of m items`);
  checkNumbers(required(v.affinity, ['affinity'], 'an array of m numbers (per-item reward)'), 'affinity', m, 'm');
  if (v.redundancy !== undefined) {
    checkSquare(v.redundancy, 'redundancy', { order: m, orderName: 'm' });
    checkSymmetric(v.redundancy, 'redundancy');
  }
  return m;
}

export const select = {
  example,
  nMeans: 'the number of items, m',
  structure,
  fast: z.strictObject({
    ...fastCommon, m: structure.shape.m, k: structure.shape.k, affinity: hot, redundancy: hot,
  }),
  checks: { check, sizes: () => {}, contradictions: noContradictions },
  output: {
    answer: z.array(z.number().int().min(0)).describe('exactly k distinct chosen item indices'),
    value: z.number().describe('sum of affinity minus redundancy over chosen pairs'),
    count: z.number().int().min(0).describe('number of chosen items (always k)'),
    certainty, ...boundGap,
  },
  limits: { m_min: 1, m_recommended_max: LIMITS.selectRecommendedM, k_min: 1 },
} as const satisfies CommandContract;

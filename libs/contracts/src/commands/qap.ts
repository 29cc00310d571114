/**
 * `qap` (docs/qap.md): assign facilities to locations, minimizing flow x distance. N >= 1 (at most
 * LIMITS.maxQapN); finite numbers of any sign; `dist` must have the order of `flow`; neither needs
 * to be symmetric.
 */
import { z } from 'zod';
import { agreeN, checkSquare, required } from '../internal/checks';
import { LIMITS } from '../limits';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot, weight } from './shared/fields';
import example from './qap.valid.json';

export const qap = {
  example,
  nMeans: 'the number of facilities, which is the number of locations (the order of flow and dist)',
  structure: z.strictObject({
    ...common,
    flow: z.array(z.array(weight)).min(1).describe('N x N flow matrix F'),
    dist: z.array(z.array(weight)).min(1).describe('N x N distance matrix D (same order as flow)'),
  }),
  fast: z.strictObject({ ...fastCommon, flow: hot, dist: hot }),
  checks: {
    check(v: Loose): number {
      const order = checkSquare(required(v.flow, ['flow'], 'the N x N flow matrix'), 'flow');
      checkSquare(required(v.dist, ['dist'], 'the N x N distance matrix'), 'dist', { order, orderName: 'the order of flow' });
      agreeN(v.n, order, 'the order of flow and dist');
      return order;
    },
    sizes: (_v, n) => {
      if (n > LIMITS.maxQapN) dimension(`flow has ${n} rows, over the cap of ${LIMITS.maxQapN}`, LIMITS.maxQapN, 'flow');
    },
    contradictions: noContradictions,
  },
  output: {
    answer: z.array(z.number().int().min(0)).describe('p: the location of each facility (a permutation of 0..N-1)'),
    cost: z.number().describe('sum_ij F[i][j] * D[p[i]][p[j]]'),
    certainty, ...boundGap,
  },
  limits: { n_min: 1, n_max: LIMITS.maxQapN },
  exactCap: 6,
} as const satisfies CommandContract;

/**
 * `tsp`: shortest closed tour over a distance matrix. N >= 2; entries safe integers (negative
 * allowed); asymmetric allowed; diagonal ignored. Not served by this version: the schema is
 * ready for the session that adds its solver.
 */
import { z } from 'zod';
import { agreeN, checkSquare, required } from '../internal/checks';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot } from './shared/fields';
import example from './tsp.valid.json';

export const tsp = {
  example,
  structure: z.strictObject({
    ...common,
    matrix: z.array(z.array(z.number().int())).min(2)
      .describe('N x N integer distance matrix, N >= 2 (symmetric expected; the diagonal is ignored)'),
  }),
  fast: z.strictObject({ ...fastCommon, matrix: hot }),
  checks: {
    check(v: Loose): number {
      const order = checkSquare(required(v.matrix, ['matrix'], 'an N x N integer distance matrix, N >= 2'), 'matrix', { integer: true, minOrder: 2 });
      agreeN(v.n, order, 'the matrix order');
      return order;
    },
    sizes: () => {},
    contradictions: noContradictions,
  },
  output: {
    answer: z.array(z.number().int().min(0)).describe('the tour, a permutation of 0..N-1 (closed back to the start)'),
    length: z.number().int().describe('sum of matrix[tour[i]][tour[i+1]] around the closed tour'),
    certainty, ...boundGap,
  },
  limits: { n_min: 2 },
  exactCap: 9,
} as const satisfies CommandContract;

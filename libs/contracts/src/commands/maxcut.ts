/**
 * `maxcut` (interface §2.2): maximum cut of a weighted graph, given as `edges` or `complete: true`.
 * `complete: false` with edges is fine; `complete: true` with edges is invalid.
 */
import { z } from 'zod';
import { checkBits, checkTriples, expectArray } from '../internal/checks';
import { fail } from '../internal/issue';
import { LIMITS } from '../limits';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { bits, boundGap, certainty, common, fastCommon, fastN, hot, requiredN, triples } from './shared/fields';
import { capN, capPairs } from './shared/sizes';
import example from './maxcut.valid.json';

const answerBits = z.array(z.number().int().min(0).max(1));

function check(v: Loose): number {
  const n = v.n as number;
  if (v.complete === true) {
    if (v.edges !== undefined) fail(['edges'], 'give either edges or complete: true, not both');
  } else {
    if (v.edges === undefined) {
      fail(['edges'], v.complete === false
        ? 'complete: false needs a non-empty edges list'
        : 'maxcut needs a non-empty edges list or complete: true');
    }
    const edges = expectArray(v.edges, ['edges'], 'an array of [i, j, weight]');
    if (edges.length === 0) fail(['edges'], 'the edge list is empty; give at least one [i, j, weight] or complete: true');
    checkTriples(edges, 'edges', n, { rejectSelf: 'an edge must join two different nodes' });
  }
  if (v.warm_start !== undefined) checkBits(v.warm_start, 'warm_start', n);
  return n;
}

export const maxcut = {
  example,
  nMeans: 'the number of nodes',
  structure: z.strictObject({
    ...common,
    n: requiredN,
    edges: triples('weighted edges, i != j; exactly one of edges (non-empty) or complete: true').min(1).optional(),
    complete: z.boolean().optional().describe('true: the complete graph on n nodes with unit weights'),
    warm_start: bits.optional(),
  }),
  fast: z.strictObject({ ...fastCommon, n: fastN, edges: hot, complete: z.boolean().optional(), warm_start: hot }),
  checks: {
    check,
    sizes: (v, n) => { capN(n); capPairs(v.edges, 'edges'); },
    contradictions: noContradictions,
  },
  output: {
    answer: answerBits.describe('side (0/1) per node'),
    cut_value: z.number().describe('sum of weights of edges whose ends differ'),
    certainty, ...boundGap,
  },
  limits: { n_min: 1, n_max: LIMITS.maxN, edges_max: LIMITS.maxPairs },
  exactCap: 22,
} as const satisfies CommandContract;

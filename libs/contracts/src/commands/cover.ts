/**
 * `cover` (docs/cover.md): weighted set cover. `universe` elements 0..universe−1, `sets` of element
 * indices, `costs` one finite number per set (default 1). An element in no set is 422 naming it
 * (no cover exists). n is the number of sets. Duplicates inside a set count once.
 */
import { z } from 'zod';
import { agreeN, expectArray, failIndex, failNumber, isFiniteNumber, required } from '../internal/checks';
import { fail } from '../internal/issue';
import { LIMITS } from '../limits';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot, index, weight } from './shared/fields';
import example from './cover.valid.json';

const universe = z.number().int().min(1).describe(`number of elements (0..universe-1), at most ${LIMITS.maxCoverUniverse}`);

function check(v: Loose): number {
  const U = v.universe as number;
  const sets = expectArray(required(v.sets, ['sets'], 'an array of sets, each an array of element indices'), ['sets'], 'an array of sets');
  if (sets.length === 0) fail(['sets'], 'at least one set is required');
  // The coverage check allocates one byte per element: only within the cap (sizes refuses beyond).
  const covered = U <= LIMITS.maxCoverUniverse ? new Uint8Array(U) : null;
  for (let t = 0; t < sets.length; t++) {
    const s = expectArray(sets[t], ['sets', t], 'an array of element indices');
    for (let k = 0; k < s.length; k++) {
      const e = s[k];
      if (typeof e !== 'number' || !Number.isInteger(e) || e < 0 || e >= U) failIndex(['sets', t, k], e, U, 'universe');
      if (covered !== null) covered[e] = 1;
    }
  }
  if (v.costs !== undefined) {
    const costs = expectArray(v.costs, ['costs'], 'an array of one cost per set');
    if (costs.length !== sets.length) fail(['costs'], `has ${costs.length} entries, expected one per set (${sets.length})`);
    for (let t = 0; t < costs.length; t++) if (!isFiniteNumber(costs[t])) failNumber(['costs', t], costs[t]);
  }
  if (covered !== null) {
    const e = covered.indexOf(0);
    if (e >= 0) fail(['universe'], `element ${e} is in no set, so no cover exists; add a set containing it or shrink the universe`);
  }
  agreeN(v.n, sets.length, 'the number of sets');
  return sets.length;
}

function sizes(v: Loose, n: number): void {
  const U = v.universe as number;
  if (U > LIMITS.maxCoverUniverse) dimension(`universe = ${U} is over the cap of ${LIMITS.maxCoverUniverse}`, LIMITS.maxCoverUniverse, 'universe');
  if (n > LIMITS.maxCoverSets) dimension(`sets has ${n} entries, over the cap of ${LIMITS.maxCoverSets}`, LIMITS.maxCoverSets, 'sets');
  let entries = 0;
  for (const s of v.sets as unknown[][]) entries += s.length;
  if (entries > LIMITS.maxPairs) dimension(`the sets hold ${entries} entries in all, over the cap of ${LIMITS.maxPairs}`, LIMITS.maxPairs, 'sets');
}

export const cover = {
  example,
  nMeans: 'the number of candidate sets (the length of sets and costs)',
  structure: z.strictObject({
    ...common,
    universe,
    sets: z.array(z.array(index)).min(1).describe('the sets, each an array of element indices; n is their count'),
    costs: z.array(weight).optional().describe('one cost per set (default all 1); any finite number'),
  }),
  fast: z.strictObject({ ...fastCommon, universe, sets: hot, costs: hot }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.array(z.number().int().min(0)).describe('the chosen sets (indices, increasing); together they hold every element'),
    cost: z.number().describe('sum of the costs of the chosen sets'),
    certainty, ...boundGap,
  },
  limits: { universe_max: LIMITS.maxCoverUniverse, sets_max: LIMITS.maxCoverSets, entries_max: LIMITS.maxPairs },
} as const satisfies CommandContract;

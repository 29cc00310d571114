/**
 * `rank` (docs/rank.md): aggregate noisy pairwise comparisons into one order (Kemeny). Items are
 * unique non-empty strings (at most LIMITS.maxRankItems); a comparison names two different items;
 * repeated comparisons are votes that add up.
 */
import { z } from 'zod';
import { agreeN, expectArray, required } from '../internal/checks';
import { fail, show, typeName } from '../internal/issue';
import { LIMITS } from '../limits';
import { capPairs, dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot } from './shared/fields';
import example from './rank.valid.json';

function check(v: Loose): number {
  const items = expectArray(required(v.items, ['items'], 'an array of unique item names'), ['items'], 'an array of item names');
  if (items.length === 0) fail(['items'], 'at least one item is required');
  const index = new Map<string, number>();
  for (let t = 0; t < items.length; t++) {
    const s = items[t];
    if (typeof s !== 'string' || s.length === 0) fail(['items', t], `expected a non-empty string, got ${typeName(s)}`);
    const prior = index.get(s);
    if (prior !== undefined) fail(['items', t], `duplicate item ${show(s)} (also items[${prior}])`);
    index.set(s, t);
  }
  agreeN(v.n, items.length, 'the number of items');
  if (v.comparisons !== undefined) {
    const cs = expectArray(v.comparisons, ['comparisons'], 'an array of [winner, loser]');
    for (let t = 0; t < cs.length; t++) {
      const c = cs[t];
      if (!Array.isArray(c) || c.length !== 2) fail(['comparisons', t], `expected [winner, loser], got ${typeName(c)}`);
      for (let q = 0; q < 2; q++) {
        const name = c[q];
        if (typeof name !== 'string') fail(['comparisons', t, q], `expected an item name (string), got ${typeName(name)}`);
        if (!index.has(name)) fail(['comparisons', t, q], `unknown item ${show(name)}; comparisons must name entries of items`);
      }
      if (c[0] === c[1]) fail(['comparisons', t], `an item cannot be compared with itself (${show(c[0])})`);
    }
  }
  return items.length;
}

export const rank = {
  example,
  nMeans: 'the number of items (the length of items)',
  structure: z.strictObject({
    ...common,
    items: z.array(z.string().min(1)).min(1).describe('unique item names to order'),
    comparisons: z.array(z.tuple([z.string(), z.string()])).optional().describe('[winner, loser] votes by item name'),
  }),
  fast: z.strictObject({ ...fastCommon, items: hot, comparisons: hot }),
  checks: {
    check,
    sizes: (v, n) => {
      if (n > LIMITS.maxRankItems) dimension(`items has ${n} entries, over the cap of ${LIMITS.maxRankItems}`, LIMITS.maxRankItems, 'items');
      capPairs(v.comparisons, 'comparisons');
    },
    contradictions: noContradictions,
  },
  output: {
    answer: z.array(z.string()).describe('items, best first'),
    disagreements: z.number().int().min(0).describe('Kemeny distance: votes the order contradicts'),
    certainty, ...boundGap,
  },
  limits: { items_min: 1, items_max: LIMITS.maxRankItems, comparisons_max: LIMITS.maxPairs },
} as const satisfies CommandContract;

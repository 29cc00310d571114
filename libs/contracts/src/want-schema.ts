/**
 * `want` (commands.md "Search commands"): `optimize` with some variables pinned.
 * `pins` is a map {index: 0|1} with at least one entry; a key outside 0..n−1 or a value other
 * than 0/1 is SVC_INVALID_INPUT. Keys must match ^(0|[1-9][0-9]*)$, so no index has two
 * spellings; a pin set to both 0 and 1 can only be a key written twice in the JSON text, which
 * JSON.parse would collapse: the front doors mark it (pin-conflicts.ts) and it is
 * SVC_CONTRADICTORY_CONSTRAINTS here. A `warm_start` that disagrees with a pin is not a
 * contradiction: the pin wins.
 */
import { z } from 'zod';
import { SvcError } from '@svc/errors';
import { pinConflictsOf } from './pin-conflicts';
import { INDEX_KEY_PATTERN, LIMITS } from './limits';
import { checkBits, checkIndexMap, checkTriples } from './internal/checks';
import type { CommandChecks, Loose } from './internal/command-checks';
import { bits, capQuboSizes, checkPinMap, common, fastCommon, hot, indexMap, requiredN, triples } from './internal/qubo-family-parts';

const certainty = z.string().min(1).describe('certainty label');
const pinMap = z.record(z.string().regex(INDEX_KEY_PATTERN), z.union([z.literal(0), z.literal(1)]));

/** The descriptive input schema (hot fields fully typed). */
export const wantStructure = z.strictObject({
  ...common,
  n: requiredN,
  linear: indexMap('on-site terms h_i').optional(),
  quadratic: triples('couplings w_ij ([i, i, w] adds w to h_i since x^2 = x)').optional(),
  pins: pinMap.refine((o) => Object.keys(o).length > 0, { message: 'pin at least one variable' })
    .describe('variables fixed before optimizing: {"<0-based index>": 0|1}, at least one'),
  warm_start: bits.optional().describe('a prior answer; pins override it; the result is never worse than it with the pins applied'),
});

/** The fast top-level shape (hot fields checked by `wantChecks`). */
export const wantFast = z.strictObject({ ...fastCommon, n: z.number().int().min(1), linear: hot, quadratic: hot, pins: z.unknown(), warm_start: hot });

/** Hand-written stages after the fast shape. */
export const wantChecks: CommandChecks = {
  check(v: Loose): number {
    const n = v.n as number;
    if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
    if (v.quadratic !== undefined) checkTriples(v.quadratic, 'quadratic', n);
    checkPinMap(v.pins, n);
    if (v.warm_start !== undefined) checkBits(v.warm_start, 'warm_start', n);
    return n;
  },
  sizes: capQuboSizes,
  contradictions(v: Loose): void {
    const keys = pinConflictsOf(v.pins);
    if (keys.length === 0) return;
    const shown = keys.slice(0, 12).join(', ') + (keys.length > 12 ? ', ...' : '');
    throw new SvcError('SVC_CONTRADICTORY_CONSTRAINTS',
      `pins contradictory: variable${keys.length === 1 ? '' : 's'} ${shown} ${keys.length === 1 ? 'is' : 'are'} pinned twice with different values (a key written twice in the JSON text)`,
      { extensions: { field: 'pins', pins: keys.map(Number) } });
  },
};

/** Answer fields. */
export const wantOutputShape = {
  answer: bits.describe('0/1 per variable; every pinned variable has its pin'),
  energy: z.number().describe('objective Σ h_i x_i + Σ w_ij x_i x_j of the answer (minimised under the pins)'),
  pinned: pinMap.describe('the pins as applied, keys ascending'),
  certainty,
  bound: z.number().optional().describe('a proven lower bound on the pinned minimum (heuristic answers only)'),
  gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
};

/** Capabilities limits. */
export const wantLimits: Record<string, number> = { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs, pins_min: 1 };

/**
 * `want` (commands.md "Search commands"): `optimize` with some variables pinned.
 * `pins` is a map {index: 0|1} with at least one entry; a key outside 0..n−1 or a value other
 * than 0/1 is SVC_INVALID_INPUT. Keys must match ^(0|[1-9][0-9]*)$, so no index has two
 * spellings; a pin set to both 0 and 1 can only be a key written twice in the JSON text, which
 * JSON.parse would collapse: the front doors mark it (src/pin-conflicts.ts) and it is
 * SVC_CONTRADICTORY_CONSTRAINTS here. A `warm_start` that disagrees with a pin is not a
 * contradiction: the pin wins.
 */
import { z } from 'zod';
import { SvcError } from '@svc/errors';
import { pinConflictsOf } from '../pin-conflicts';
import { INDEX_KEY_PATTERN, LIMITS } from '../limits';
import { checkBits, checkIndexMap, checkTriples, expectObject, failIndex } from '../internal/checks';
import { fail, show, typeName } from '../internal/issue';
import type { CommandChecks, CommandContract, Loose } from './shared/contract';
import { bits, certaintyLabel as certainty, common, fastCommon, fastN, hot, indexMap, requiredVariablesN, triples } from './shared/fields';
import { capQuboSizes } from './shared/sizes';
import example from './want.valid.json';

/**
 * want's `pins` {index: 0|1}: a JSON object (an array is rejected) with at least one entry,
 * keys 0-based indices below n, values exactly 0 or 1.
 */
function checkPinMap(v: unknown, n: number): Record<string, number> {
  if (Array.isArray(v)) fail(['pins'], 'expected a map {index: 0|1} (a JSON object keyed by 0-based index, e.g. {"3": 1}), got an array');
  const o = expectObject(v, ['pins'], 'a map {index: 0|1}');
  const keys = Object.keys(o);
  if (keys.length === 0) fail(['pins'], 'pin at least one variable (e.g. {"0": 1}); without pins use optimize');
  for (const key of keys) {
    if (!INDEX_KEY_PATTERN.test(key)) fail(['pins', key], `key ${show(key)} is not a 0-based index (keys must match ^(0|[1-9][0-9]*)$)`);
    if (!(Number(key) < n)) failIndex(['pins', key], Number(key), n);
    const x = o[key];
    if (x !== 0 && x !== 1) fail(['pins', key], `a pin is 0 or 1, got ${typeName(x)}`);
  }
  return o as Record<string, number>;
}
const pinMap = z.record(z.string().regex(INDEX_KEY_PATTERN), z.union([z.literal(0), z.literal(1)]));

/** The descriptive input schema (hot fields fully typed). */
const wantStructure = z.strictObject({
  ...common,
  n: requiredVariablesN,
  linear: indexMap('on-site terms h_i').optional(),
  quadratic: triples('couplings w_ij ([i, i, w] adds w to h_i since x^2 = x)').optional(),
  pins: pinMap.refine((o) => Object.keys(o).length > 0, { message: 'pin at least one variable' })
    .describe('variables fixed before optimizing: {"<0-based index>": 0|1}, at least one'),
  warm_start: bits.optional().describe('a prior answer; pins override it; the result is never worse than it with the pins applied'),
});

/** The fast top-level shape (hot fields checked by `wantChecks`). */
const wantFast = z.strictObject({ ...fastCommon, n: fastN, linear: hot, quadratic: hot, pins: z.unknown(), warm_start: hot });

/** Hand-written stages after the fast shape. */
const wantChecks: CommandChecks = {
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
const wantOutputShape = {
  answer: bits.describe('0/1 per variable; every pinned variable has its pin'),
  energy: z.number().describe('objective Σ h_i x_i + Σ w_ij x_i x_j of the answer (minimised under the pins)'),
  pinned: pinMap.describe('the pins as applied, keys ascending'),
  certainty,
  bound: z.number().optional().describe('a proven lower bound on the pinned minimum (heuristic answers only)'),
  gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
};

export const want = {
  example,
  nMeans: 'the number of binary variables',
  structure: wantStructure,
  fast: wantFast,
  checks: wantChecks,
  output: wantOutputShape,
  limits: { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs, pins_min: 1 },
} as const satisfies CommandContract;

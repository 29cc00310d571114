/**
 * Building blocks of the `feel`, `want` and `sample` schemas (kept apart from input-schemas.ts
 * so those files can register here without an import cycle): the common top-level fields, the
 * hand-written checks of their hot fields, and their size caps.
 */
import { z } from 'zod';
import { SvcError } from '@svc/errors';
import { TAG } from '../commands';
import { INDEX_KEY_PATTERN, LIMITS, VERSION_PATTERN } from '../limits';
import { expectArray, expectObject, rangeText } from './checks';
import { fail, show, typeName } from './issue';

const index = z.number().int().min(0).describe('0-based index');
const weight = z.number().describe('finite number');

export const indexMap = (what: string) =>
  z.record(z.string().regex(INDEX_KEY_PATTERN), z.number())
    .describe(`${what}: a JSON object {"<0-based index>": number}; an array is rejected`);
export const triples = (what: string) =>
  z.array(z.tuple([index, index, weight])).describe(`${what}: array of [i, j, weight]; duplicate pairs are summed`);
export const bits = z.array(z.number().int().min(0).max(1)).describe('array of 0/1 of length n');
export const spins = z.array(z.union([z.literal(-1), z.literal(1)])).describe('array of -1/+1 of length n');

const tag = z.literal(TAG).describe(`provenance tag, exactly "${TAG}"`);
const description = z.string().min(LIMITS.minDescription).max(LIMITS.maxDescription)
  .refine((s) => s.trim().length >= LIMITS.minDescription, { message: `description needs at least ${LIMITS.minDescription} characters` })
  .describe('one plain sentence naming the real-world decision (at least 10 characters)');
const version = z.string().regex(VERSION_PATTERN).describe('model version pin; must agree with the query `version`');
const sizeN = z.number().int().min(1)
  .describe('problem size; optional, but the anonymous sandbox needs it; must agree with the data');

/** Fields every problem carries (interface §2.1). */
export const common = { tag, description, n: sizeN.optional(), version: version.optional() };
/** The fast top-level shape's common fields (the description is checked before zod runs). */
export const fastCommon = { tag, description: z.string().max(LIMITS.maxDescription), n: sizeN.optional(), version: version.optional() };
/** A hot field: typed `unknown` on the fast path and checked by hand-written loops. */
export const hot = z.unknown().optional();
/** `n` of the QUBO family: 1..100000. */
export const requiredN = z.number().int().min(1).max(LIMITS.maxN).describe('number of variables, 1..100000');

/** SVC_DIMENSION_LIMIT with the reduce_problem_size next action. */
export function dimension(detail: string, cap: number, limit: string, extra: Record<string, unknown> = {}): never {
  throw new SvcError('SVC_DIMENSION_LIMIT', detail, {
    facts: { reduce_problem_size: { max_n: cap, limit, ...extra } },
    extensions: { field: limit },
  });
}

/** n and the number of `quadratic` entries within the caps of commands.md "Sizes". */
export function capQuboSizes(v: Record<string, unknown>, n: number): void {
  if (n > LIMITS.maxN) dimension(`n = ${n} is over the cap of ${LIMITS.maxN}`, LIMITS.maxN, 'n');
  const q = v.quadratic;
  if (Array.isArray(q) && q.length > LIMITS.maxPairs) {
    dimension(`quadratic has ${q.length} entries, over the cap of ${LIMITS.maxPairs}`, LIMITS.maxPairs, 'quadratic');
  }
}

/** A ±1 array of length exactly n (feel's warm_start). */
export function checkSpins(v: unknown, field: string, n: number): number[] {
  const a = expectArray(v, [field], 'an array of -1/+1');
  if (a.length !== n) fail([field], `expected length n = ${n}, got ${a.length}`);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x !== 1 && x !== -1) fail([field, i], `expected -1 or +1, got ${typeName(x)}`);
  }
  return a as number[];
}

/**
 * want's `pins` {index: 0|1}: a JSON object (an array is rejected) with at least one entry,
 * keys 0-based indices below n, values exactly 0 or 1.
 */
export function checkPinMap(v: unknown, n: number): Record<string, number> {
  if (Array.isArray(v)) fail(['pins'], 'expected a map {index: 0|1} (a JSON object keyed by 0-based index, e.g. {"3": 1}), got an array');
  const o = expectObject(v, ['pins'], 'a map {index: 0|1}');
  const keys = Object.keys(o);
  if (keys.length === 0) fail(['pins'], 'pin at least one variable (e.g. {"0": 1}); without pins use optimize');
  for (const key of keys) {
    if (!INDEX_KEY_PATTERN.test(key)) fail(['pins', key], `key ${show(key)} is not a 0-based index (keys must match ^(0|[1-9][0-9]*)$)`);
    if (!(Number(key) < n)) fail(['pins', key], `index ${key} is out of range ${rangeText(n)}`);
    const x = o[key];
    if (x !== 0 && x !== 1) fail(['pins', key], `a pin is 0 or 1, got ${typeName(x)}`);
  }
  return o as Record<string, number>;
}

/**
 * Zod building blocks shared by the command files: the common top-level fields, index maps,
 * triples, bit and spin arrays, and the fast-shape pieces. Descriptions here reach the JSON
 * Schemas verbatim, so a change here changes every schema that uses the piece.
 */
import { z } from 'zod';
import { TAG } from '../../catalogue';
import { INDEX_KEY_PATTERN, LIMITS, VERSION_PATTERN } from '../../limits';

export const index = z.number().int().min(0).describe('0-based index');
export const weight = z.number().describe('finite number');

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

/** Fields every problem carries (interface §2.1, commands.md "Top-level fields"). */
export const common = { tag, description, n: sizeN.optional(), version: version.optional() };
/** The fast top-level shape's common fields (the description is checked before zod runs). */
export const fastCommon = { tag, description: z.string().max(LIMITS.maxDescription), n: sizeN.optional(), version: version.optional() };
/** A hot field: typed `unknown` on the fast path and checked by hand-written loops. */
export const hot = z.unknown().optional();
/** `n` of rules, optimize, maxcut: 1..100000. */
export const requiredN = z.number().int().min(1).max(LIMITS.maxN).describe('number of variables or nodes, 1..100000');
/** `n` of feel, want, sample: 1..100000. */
export const requiredVariablesN = z.number().int().min(1).max(LIMITS.maxN).describe('number of variables, 1..100000');
/** The fast shape's `n` of commands whose n is required (the cap is a size check). */
export const fastN = z.number().int().min(1);

/** Answer fields: a heuristic answer may add a proven bound on the optimum and the relative gap to it. */
export const boundGap = {
  bound: z.number().optional().describe('a proven bound on the optimum (heuristic answers only)'),
  gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
};
/** Answer field `certainty` of the first commands (rules … rank). */
export const certainty = z.string().min(1).describe("certainty label, e.g. 'certified optimum (proven by exhaustion)' or 'heuristic (hypothesis - verify)'");
/** Answer field `certainty` of feel, want, sample. */
export const certaintyLabel = z.string().min(1).describe('certainty label');
/** Answer field `receipt`. */
export const receipt = z.string().regex(/^svcr_[0-9a-f]{64}$/).describe('svcr_ + hex SHA-256 of the canonical request and answer');

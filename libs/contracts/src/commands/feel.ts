/**
 * `feel` (commands.md "Search commands"): one ground state of an Ising objective
 * Σ h_i s_i + Σ J_ij s_i s_j over s ∈ {−1, +1}^n. Self-pairs [i, i, J] are SVC_INVALID_INPUT
 * (commands.md "Terms"); duplicate pairs are summed.
 */
import { z } from 'zod';
import { checkIndexMap, checkTriples, expectArray } from '../internal/checks';
import { fail, typeName } from '../internal/issue';
import { LIMITS } from '../limits';
import { noContradictions, type CommandChecks, type CommandContract, type Loose } from './shared/contract';
import { certaintyLabel as certainty, common, fastCommon, fastN, hot, indexMap, requiredVariablesN, spins, triples } from './shared/fields';
import { capQuboSizes } from './shared/sizes';
import example from './feel.valid.json';

/** A ±1 array of length exactly n (feel's warm_start). */
function checkSpins(v: unknown, field: string, n: number): number[] {
  const a = expectArray(v, [field], 'an array of -1/+1');
  if (a.length !== n) fail([field], `expected length n = ${n}, got ${a.length}`);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x !== 1 && x !== -1) fail([field, i], `expected -1 or +1, got ${typeName(x)}`);
  }
  return a as number[];
}

/** The descriptive input schema (hot fields fully typed). */
const feelStructure = z.strictObject({
  ...common,
  n: requiredVariablesN,
  field: indexMap('on-site fields h_i').optional(),
  quadratic: triples('couplings J_ij between two different spins (i != j)').optional(),
  warm_start: spins.optional().describe('a prior answer, -1/+1 per spin; the result is never worse'),
});

/** The fast top-level shape (hot fields checked by `feelChecks`). */
const feelFast = z.strictObject({ ...fastCommon, n: fastN, field: hot, quadratic: hot, warm_start: hot });

/** Hand-written stages after the fast shape. */
const feelChecks: CommandChecks = {
  check(v: Loose): number {
    const n = v.n as number;
    if (v.field !== undefined) checkIndexMap(v.field, 'field', n);
    if (v.quadratic !== undefined) {
      checkTriples(v.quadratic, 'quadratic', n, { rejectSelf: 'an Ising coupling joins two different spins (s_i² = 1 makes it a constant)' });
    }
    if (v.warm_start !== undefined) checkSpins(v.warm_start, 'warm_start', n);
    return n;
  },
  sizes: capQuboSizes,
  contradictions: noContradictions,
};

/** Answer fields. */
const feelOutputShape = {
  answer: z.array(z.union([z.literal(-1), z.literal(1)])).describe('spin (-1/+1) per variable'),
  energy: z.number().describe('Ising energy Σ h_i s_i + Σ J_ij s_i s_j of the answer (minimised)'),
  certainty,
  bound: z.number().optional().describe('a proven lower bound on the minimum energy (heuristic answers only)'),
  gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
};

export const feel = {
  example,
  nMeans: 'the number of spins',
  structure: feelStructure,
  fast: feelFast,
  checks: feelChecks,
  output: feelOutputShape,
  limits: { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs },
} as const satisfies CommandContract;

/**
 * `feel` (commands.md "Search commands"): one ground state of an Ising objective
 * Σ h_i s_i + Σ J_ij s_i s_j over s ∈ {−1, +1}^n. Self-pairs [i, i, J] are SVC_INVALID_INPUT
 * (commands.md "Terms"); duplicate pairs are summed.
 */
import { z } from 'zod';
import { checkIndexMap, checkTriples } from './internal/checks';
import type { CommandChecks, Loose } from './internal/command-checks';
import { capQuboSizes, checkSpins, common, fastCommon, hot, indexMap, requiredN, spins, triples } from './internal/qubo-family-parts';
import { LIMITS } from './limits';

const certainty = z.string().min(1).describe('certainty label');

/** The descriptive input schema (hot fields fully typed). */
export const feelStructure = z.strictObject({
  ...common,
  n: requiredN,
  field: indexMap('on-site fields h_i').optional(),
  quadratic: triples('couplings J_ij between two different spins (i != j)').optional(),
  warm_start: spins.optional().describe('a prior answer, -1/+1 per spin; the result is never worse'),
});

/** The fast top-level shape (hot fields checked by `feelChecks`). */
export const feelFast = z.strictObject({ ...fastCommon, n: z.number().int().min(1), field: hot, quadratic: hot, warm_start: hot });

/** Hand-written stages after the fast shape. */
export const feelChecks: CommandChecks = {
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
  contradictions: () => {},
};

/** Answer fields. */
export const feelOutputShape = {
  answer: z.array(z.union([z.literal(-1), z.literal(1)])).describe('spin (-1/+1) per variable'),
  energy: z.number().describe('Ising energy Σ h_i s_i + Σ J_ij s_i s_j of the answer (minimised)'),
  certainty,
  bound: z.number().optional().describe('a proven lower bound on the minimum energy (heuristic answers only)'),
  gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
};

/** Capabilities limits. */
export const feelLimits: Record<string, number> = { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs };

/**
 * `milp` (research): mixed binary/continuous quadratic minimization. `lo`/`hi` absent ≡ null ≡
 * infinite; lo <= hi; `quadratic` self-pairs rejected (use `diag`); a continuous variable needs
 * finite lo and hi or diag > 0. Not served by this version: the schema is ready for the session
 * that adds its solver.
 */
import { z } from 'zod';
import { agreeN, checkIndexMap, checkTriples, expectArray, expectObject, isFiniteNumber, onlyKeys, required } from '../internal/checks';
import { fail, typeName } from '../internal/issue';
import { LIMITS } from '../limits';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot, indexMap, triples } from './shared/fields';
import { capPairs } from './shared/sizes';
import example from './milp.valid.json';

const bound = z.number().nullable().optional().describe('null or absent means infinite');
/** One `milp` variable. */
export const milpVarSchema = z.discriminatedUnion('domain', [
  z.strictObject({ domain: z.literal('binary') }),
  z.strictObject({ domain: z.literal('continuous'), lo: bound, hi: bound })
    .describe('needs finite lo and hi, or a positive diag entry'),
]);
export type MilpVar = z.infer<typeof milpVarSchema>;

function check(v: Loose): number {
  const vars = expectArray(required(v.vars, ['vars'], 'an array of variables'), ['vars'], 'an array of variables');
  if (vars.length === 0) fail(['vars'], 'at least one variable is required');
  const n = vars.length;
  agreeN(v.n, n, 'the number of vars');
  const continuous: number[] = [];
  for (let t = 0; t < n; t++) {
    const path = ['vars', t] as const;
    const o = expectObject(vars[t], path, "a variable {domain: 'binary'} or {domain: 'continuous', lo, hi}");
    if (o.domain === 'binary') {
      onlyKeys(o, ['domain'], path);
    } else if (o.domain === 'continuous') {
      onlyKeys(o, ['domain', 'lo', 'hi'], path);
      for (const b of ['lo', 'hi'] as const) {
        const x = o[b];
        if (x !== undefined && x !== null && !isFiniteNumber(x)) {
          fail([...path, b], `expected a finite number or null (infinite), got ${typeName(x)}`);
        }
      }
      if (isFiniteNumber(o.lo) && isFiniteNumber(o.hi) && o.lo > o.hi) fail(path, `lo (${o.lo}) exceeds hi (${o.hi})`);
      continuous.push(t);
    } else {
      fail([...path, 'domain'], `expected 'binary' or 'continuous', got ${typeName(o.domain)}`);
    }
  }
  const diag = v.diag === undefined ? {} : checkIndexMap(v.diag, 'diag', n);
  if (v.linear !== undefined) checkIndexMap(v.linear, 'linear', n);
  if (v.quadratic !== undefined) {
    checkTriples(v.quadratic, 'quadratic', n, { rejectSelf: 'put the curvature of x_i^2 in diag instead' });
  }
  for (const t of continuous) {
    const o = vars[t] as { lo?: number | null; hi?: number | null };
    const q = diag[String(t)];
    if (!(isFiniteNumber(o.lo) && isFiniteNumber(o.hi)) && !(q !== undefined && q > 0)) {
      fail(['vars', t], `continuous variable ${t} is unbounded: give finite lo and hi, or a positive diag["${t}"]`);
    }
  }
  return n;
}

export const milp = {
  example,
  structure: z.strictObject({
    ...common,
    vars: z.array(milpVarSchema).min(1).describe('the variables; n is their count'),
    linear: indexMap('linear coefficients c_i').optional(),
    diag: indexMap('diagonal curvature q_i (objective term 0.5 q_i x_i^2)').optional(),
    quadratic: triples('off-diagonal couplings w_ij, i != j').optional(),
  }),
  fast: z.strictObject({ ...fastCommon, vars: hot, linear: hot, diag: hot, quadratic: hot }),
  checks: { check, sizes: (v) => capPairs(v.quadratic, 'quadratic'), contradictions: noContradictions },
  output: {
    answer: z.array(z.number()).describe('value per variable'),
    objective: z.number().describe('objective of the answer'),
    certainty, ...boundGap,
  },
  limits: { vars_min: 1, quadratic_max: LIMITS.maxPairs },
} as const satisfies CommandContract;

/**
 * `milp` (research): mixed binary/continuous quadratic minimization. `lo`/`hi` absent ≡ null ≡
 * infinite; lo <= hi; `quadratic` self-pairs rejected (use `diag`); a continuous variable needs
 * finite lo and hi or diag > 0, and the curvature over the variables with an infinite bound must be
 * positive definite (else the objective may fall without limit: 422 naming them). At most
 * LIMITS.maxMilpVars variables.
 */
import { z } from 'zod';
import { agreeN, checkIndexMap, checkTriples, expectArray, expectObject, isFiniteNumber, onlyKeys, required } from '../internal/checks';
import { fail, typeName } from '../internal/issue';
import { LIMITS } from '../limits';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot, indexMap, triples } from './shared/fields';
import { capPairs, dimension } from './shared/sizes';
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
  const open: number[] = [];
  for (const t of continuous) {
    const o = vars[t] as { lo?: number | null; hi?: number | null };
    const q = diag[String(t)];
    if (!(isFiniteNumber(o.lo) && isFiniteNumber(o.hi))) {
      if (!(q !== undefined && q > 0)) fail(['vars', t], `continuous variable ${t} is unbounded: give finite lo and hi, or a positive diag["${t}"]`);
      open.push(t);
    }
  }
  if (open.length > 1 && open.length <= LIMITS.maxMilpVars && v.quadratic !== undefined) checkOpenCurvature(open, diag, v.quadratic as unknown[][]);
  return n;
}

/**
 * The objective is bounded below only if its curvature over the variables with an infinite bound is
 * positive definite (our rule: a Cholesky factorisation with a relative margin of 1e-12 must succeed).
 */
function checkOpenCurvature(open: number[], diag: Record<string, number>, quadratic: unknown[][]): void {
  const k = open.length;
  const at = new Map(open.map((t, a) => [t, a]));
  const A = new Float64Array(k * k);
  let scale = 1;
  open.forEach((t, a) => (A[a * k + a] = diag[String(t)]));
  for (const [i, j, w] of quadratic as [number, number, number][]) {
    const a = at.get(i);
    const b = at.get(j);
    if (a === undefined || b === undefined) continue;
    A[a * k + b] += w;
    A[b * k + a] += w;
  }
  for (const x of A) scale = Math.max(scale, Math.abs(x));
  for (let r = 0; r < k; r++) {
    for (let c = 0; c <= r; c++) {
      let s = A[r * k + c];
      for (let m = 0; m < c; m++) s -= A[r * k + m] * A[c * k + m];
      if (r === c) {
        if (!(s > 1e-12 * scale)) {
          fail(['quadratic'], `the objective can fall without limit: its curvature over the variables with an infinite bound (${open.join(', ')}) is not positive definite; give them finite bounds or more diag`);
        }
        A[r * k + r] = Math.sqrt(s);
      } else A[r * k + c] = s / A[c * k + c];
    }
  }
}

export const milp = {
  example,
  nMeans: 'the number of variables (the length of vars)',
  structure: z.strictObject({
    ...common,
    vars: z.array(milpVarSchema).min(1).describe('the variables; n is their count'),
    linear: indexMap('linear coefficients c_i').optional(),
    diag: indexMap('diagonal curvature q_i (objective term 0.5 q_i x_i^2)').optional(),
    quadratic: triples('off-diagonal couplings w_ij, i != j').optional(),
  }),
  fast: z.strictObject({ ...fastCommon, vars: hot, linear: hot, diag: hot, quadratic: hot }),
  checks: {
    check,
    sizes: (v, n) => {
      if (n > LIMITS.maxMilpVars) dimension(`vars has ${n} entries, over the cap of ${LIMITS.maxMilpVars}`, LIMITS.maxMilpVars, 'vars');
      capPairs(v.quadratic, 'quadratic');
    },
    contradictions: noContradictions,
  },
  output: {
    answer: z.array(z.number()).describe('value per variable'),
    objective: z.number().describe('objective of the answer'),
    objective_decimal: z.string().describe('the objective computed exactly from the answer\'s values, as a decimal (40 significant digits at most)'),
    certainty, ...boundGap,
  },
  limits: { vars_min: 1, vars_max: LIMITS.maxMilpVars, quadratic_max: LIMITS.maxPairs },
} as const satisfies CommandContract;

/**
 * `xorsat` (docs/xorsat.md): a system of XOR equations over GF(2). `n` variables (required: a
 * variable may appear in no equation), `equations` each `{vars, rhs}`: the XOR of x[vars] must equal
 * rhs (0 or 1). A variable repeated in one equation cancels in pairs (x ⊕ x = 0); an equation whose
 * vars are empty (or cancel) reads 0 = rhs. Consistent systems are solved and counted exactly by
 * elimination; an inconsistent one asks for the fewest violated equations.
 */
import { z } from 'zod';
import { expectArray, expectObject, failIndex, onlyKeys, required } from '../internal/checks';
import { fail, typeName } from '../internal/issue';
import { LIMITS } from '../limits';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { certainty, common, fastCommon, fastN, hot, index } from './shared/fields';
import example from './xorsat.valid.json';

/**
 * Caps of this command: what a JSON body within the free plan's 100 MiB holds (the entries share
 * LIMITS.maxPairs). The engines peel and eliminate structurally before any dense step; a system
 * whose dense part would still exceed 2^31 bits is refused by the service (docs/xorsat.md).
 */
const XORSAT_LIMITS = { maxVars: 1_000_000, maxEquations: 1_000_000 } as const;

const EQUATION_KEYS = ['vars', 'rhs'] as const;

function check(v: Loose): number {
  const n = v.n as number;
  const eqs = expectArray(required(v.equations, ['equations'], 'an array of {vars, rhs} equations'), ['equations'], 'an array of equations');
  if (eqs.length === 0) fail(['equations'], 'at least one equation is required');
  for (let t = 0; t < eqs.length; t++) {
    const e = expectObject(eqs[t], ['equations', t], 'an equation {vars, rhs}');
    onlyKeys(e, EQUATION_KEYS, ['equations', t]);
    const vars = expectArray(required(e.vars, ['equations', t, 'vars'], 'an array of variable indices'), ['equations', t, 'vars'], 'an array of variable indices');
    for (let k = 0; k < vars.length; k++) {
      const i = vars[k];
      if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= n) failIndex(['equations', t, 'vars', k], i, n);
    }
    const rhs = required(e.rhs, ['equations', t, 'rhs'], '0 or 1');
    if (rhs !== 0 && rhs !== 1) fail(['equations', t, 'rhs'], `expected 0 or 1, got ${typeName(rhs)}${typeof rhs === 'number' ? ` ${rhs}` : ''}`);
  }
  return n;
}

function sizes(v: Loose, n: number): void {
  if (n > XORSAT_LIMITS.maxVars) dimension(`n = ${n} is over the cap of ${XORSAT_LIMITS.maxVars} variables`, XORSAT_LIMITS.maxVars, 'n');
  const eqs = v.equations as { vars: unknown[] }[];
  if (eqs.length > XORSAT_LIMITS.maxEquations) dimension(`equations has ${eqs.length} entries, over the cap of ${XORSAT_LIMITS.maxEquations}`, XORSAT_LIMITS.maxEquations, 'equations');
  let entries = 0;
  for (const e of eqs) entries += e.vars.length;
  if (entries > LIMITS.maxPairs) dimension(`the equations hold ${entries} variable entries in all, over the cap of ${LIMITS.maxPairs}`, LIMITS.maxPairs, 'equations');
}

export const xorsat = {
  example,
  structure: z.strictObject({
    ...common,
    n: z.number().int().min(1).describe(`number of variables x_0..x_(n-1), 1..${XORSAT_LIMITS.maxVars}`),
    equations: z.array(z.strictObject({
      vars: z.array(index).describe('the variables XORed together (a repeated variable cancels in pairs; empty reads 0 = rhs)'),
      rhs: z.union([z.literal(0), z.literal(1)]).describe('the parity the XOR of x[vars] must equal: 0 or 1'),
    })).min(1).describe(`the XOR equations over GF(2), 1..${XORSAT_LIMITS.maxEquations}, with at most ${LIMITS.maxPairs} variable entries in all`),
  }),
  fast: z.strictObject({ ...fastCommon, n: fastN, equations: hot }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.array(z.number().int().min(0).max(1)).describe('0/1 per variable'),
    satisfied: z.boolean().describe('true when the answer satisfies every equation'),
    violations: z.number().int().min(0).describe('equations the answer violates (minimised)'),
    rank: z.number().int().min(0).nullable().describe('rank over GF(2) of the coefficient matrix; null only when a latency budget stopped the elimination of a system too large for the service to re-eliminate'),
    solutions: z.string().regex(/^[0-9]+$/).nullable().describe('number of satisfying assignments as a decimal string: 2^(n-rank) when consistent, "0" otherwise; null when rank is'),
    certainty,
    bound: z.number().optional().describe('a proven lower bound on the fewest violations (heuristic answers only)'),
    gap: z.number().min(0).optional().describe('relative gap between the answer and bound'),
  },
  limits: { n_min: 1, n_max: XORSAT_LIMITS.maxVars, equations_max: XORSAT_LIMITS.maxEquations, entries_max: LIMITS.maxPairs },
  nMeans: 'the number of variables x_0..x_(n-1) (a variable may appear in no equation)',
} as const satisfies CommandContract;

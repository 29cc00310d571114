/**
 * `design`: coupled k-ary design or graph coloring over L sites with K values each. Bonds join
 * two different sites; bias `[site, value, energy]`; L or K over 10^7 is SVC_DIMENSION_LIMIT.
 * Not served by this version: the schema is ready for the session that adds its solver.
 */
import { z } from 'zod';
import { agreeN, checkPairs, checkSquare, checkSymmetric, checkTriples } from '../internal/checks';
import { fail } from '../internal/issue';
import { LIMITS } from '../limits';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { boundGap, certainty, common, fastCommon, hot, index, weight } from './shared/fields';
import { dimension } from './shared/sizes';
import example from './design.valid.json';

const designSide = z.number().int().min(1);
const structure = z.strictObject({
  ...common,
  L: designSide.max(LIMITS.maxDesignSide).describe('number of sites; L*K at most 100000000'),
  K: designSide.max(LIMITS.maxDesignSide).describe('values per site (0..K-1); at most 4096 with a table'),
  bias: z.array(z.tuple([index, index, weight])).optional().describe('sparse [site, value, energy] triples'),
  table: z.array(z.array(weight)).optional().describe('symmetric K x K cost on every bond; exclusive with circular'),
  bonds: z.array(z.tuple([index, index])).optional().describe('[i, j] site pairs, i != j'),
  circular: z.strictObject({
    j: weight.describe('coupling J of E_ab = -J cos(2 pi (a-b)/K)'),
    scale: z.number().positive().optional().describe('quantisation scale'),
  }).optional().describe('symmetric cosine coupling; exclusive with table'),
});

function check(v: Loose): number {
  const L = v.L as number;
  const K = v.K as number;
  agreeN(v.n, L, 'L (the number of sites)');
  if (v.bias !== undefined) checkTriples(v.bias, 'bias', L, { n2: K, shape: '[site, value, energy]', sizeNames: ['L', 'K'] });
  if (v.table !== undefined) {
    if (v.circular !== undefined) fail(['circular'], 'circular and table are mutually exclusive; give one of them');
    checkSquare(v.table, 'table', { order: K, orderName: 'K' });
    checkSymmetric(v.table, 'table');
  }
  if (v.bonds !== undefined) checkPairs(v.bonds, 'bonds', L, 'a bond must join two different sites', 'L');
  return L;
}

function sizes(v: Loose): void {
  const L = v.L as number;
  const K = v.K as number;
  if (L > LIMITS.maxDesignSide) dimension(`L = ${L} is over the cap of ${LIMITS.maxDesignSide}`, LIMITS.maxDesignSide, 'L');
  if (K > LIMITS.maxDesignSide) dimension(`K = ${K} is over the cap of ${LIMITS.maxDesignSide}`, LIMITS.maxDesignSide, 'K');
  if (L * K > LIMITS.maxDesignCells) {
    // max_n is the largest L that fits with this K.
    dimension(`L*K = ${L * K} is over the cap of ${LIMITS.maxDesignCells}`, Math.floor(LIMITS.maxDesignCells / K), 'L');
  }
  if (v.table !== undefined && K > LIMITS.maxDesignTableK) {
    dimension(`K = ${K} is over the cap of ${LIMITS.maxDesignTableK} when a table is given`, LIMITS.maxDesignTableK, 'K');
  }
}

export const design = {
  example,
  nMeans: 'the number of sites, L',
  structure,
  fast: z.strictObject({
    ...fastCommon,
    L: designSide, K: designSide, bias: hot, table: hot, bonds: hot,
    circular: structure.shape.circular,
  }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.array(z.number().int().min(0)).describe('value (0..K-1) per site'),
    energy: z.number().describe('bias plus bond energy of the answer'),
    certainty, ...boundGap,
  },
  limits: { L_max: LIMITS.maxDesignSide, K_max: LIMITS.maxDesignSide, LK_max: LIMITS.maxDesignCells, K_max_with_table: LIMITS.maxDesignTableK },
} as const satisfies CommandContract;

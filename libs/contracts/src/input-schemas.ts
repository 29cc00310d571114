import { z } from 'zod';
import { isSvcError } from '@svc/errors';
import { TAG, type SchemaCommand } from './commands';
import { COMMAND_CHECKS, RULE_TYPES, type Loose } from './internal/command-checks';
import { InputIssue } from './internal/issue';
import { INDEX_KEY_PATTERN, LIMITS, VERSION_PATTERN } from './limits';
import { quantumScaleFast, quantumScaleStructure } from './quantum-scale-schema';
import { feelFast, feelStructure } from './feel-schema';
import { wantFast, wantStructure } from './want-schema';
import { sampleFast, sampleStructure } from './sample-schema';

export { RULE_TYPES, type RuleType } from './internal/command-checks';

// ---------------------------------------------------------------- shared pieces

const index = z.number().int().min(0).describe('0-based index');
const weight = z.number().describe('finite number');
const indexMap = (what: string) =>
  z.record(z.string().regex(INDEX_KEY_PATTERN), z.number())
    .describe(`${what}: a JSON object {"<0-based index>": number}; an array is rejected`);
const triples = (what: string) =>
  z.array(z.tuple([index, index, weight])).describe(`${what}: array of [i, j, weight]; duplicate pairs are summed`);
const bits = z.array(z.number().int().min(0).max(1)).describe('array of 0/1 of length n');

const tag = z.literal(TAG).describe(`provenance tag, exactly "${TAG}"`);
const description = z.string().min(LIMITS.minDescription).max(LIMITS.maxDescription)
  .refine((s) => s.trim().length >= LIMITS.minDescription, { message: `description needs at least ${LIMITS.minDescription} characters` })
  .describe('one plain sentence naming the real-world decision (at least 10 characters)');
const version = z.string().regex(VERSION_PATTERN).describe('model version pin; must agree with the query `version`');
const sizeN = z.number().int().min(1)
  .describe('problem size; optional, but the anonymous sandbox needs it; must agree with the data');

/** Fields every problem carries (interface §2.1, commands.md "Top-level fields"). */
const common = { tag, description, n: sizeN.optional(), version: version.optional() };

// Fast top-level shapes: hot fields are `unknown` here and checked by hand-written loops.
const hot = z.unknown().optional();
const fastCommon = {
  tag,
  description: z.string().max(LIMITS.maxDescription),
  n: sizeN.optional(),
  version: version.optional(),
};

// ---------------------------------------------------------------- structures

const requiredN = z.number().int().min(1).max(LIMITS.maxN).describe('number of variables or nodes, 1..100000');

const ruleNodes = z.array(index).min(1).describe('node indices, each at most once');
const pairNodes = z.tuple([index, index]).describe('exactly two different node indices');
const ruleK = z.number().int().min(0);

/** One business rule of `rules` (interface §2.2). */
export const ruleSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('choose_one'), nodes: ruleNodes }).describe('exactly one of nodes is 1'),
  z.strictObject({ type: z.literal('choose_exactly'), nodes: ruleNodes, k: ruleK }).describe('exactly k of nodes are 1'),
  z.strictObject({ type: z.literal('mutual_exclusion'), nodes: ruleNodes }).describe('at most one node is 1'),
  z.strictObject({ type: z.literal('capacity_limit'), nodes: ruleNodes, k: ruleK }).describe('at most k nodes are 1'),
  z.strictObject({ type: z.literal('force_true'), nodes: ruleNodes }).describe('all nodes are 1'),
  z.strictObject({ type: z.literal('force_false'), nodes: ruleNodes }).describe('all nodes are 0'),
  z.strictObject({ type: z.literal('requires'), nodes: pairNodes }).describe('if nodes[0] then nodes[1]'),
  z.strictObject({ type: z.literal('identical'), nodes: pairNodes }).describe('nodes[0] == nodes[1]'),
  z.strictObject({ type: z.literal('different'), nodes: pairNodes }).describe('nodes[0] != nodes[1]'),
]);

const rulesStructure = z.strictObject({
  ...common,
  n: requiredN,
  constraints: z.array(ruleSchema).describe('the rules; violations are minimised first, then the objective'),
  linear: indexMap('objective terms').optional(),
  quadratic: triples('objective couplings (x_i x_j; [i, i, w] adds w to the linear term)').optional(),
});
const rulesFast = z.strictObject({ ...fastCommon, n: z.number().int().min(1), constraints: hot, linear: hot, quadratic: hot });

const optimizeStructure = z.strictObject({
  ...common,
  n: requiredN,
  linear: indexMap('on-site terms h_i').optional(),
  quadratic: triples('couplings w_ij ([i, i, w] adds w to h_i since x^2 = x)').optional(),
  warm_start: bits.optional(),
});
const optimizeFast = z.strictObject({ ...fastCommon, n: z.number().int().min(1), linear: hot, quadratic: hot, warm_start: hot });

const maxcutStructure = z.strictObject({
  ...common,
  n: requiredN,
  edges: triples('weighted edges, i != j; exactly one of edges (non-empty) or complete: true').min(1).optional(),
  complete: z.boolean().optional().describe('true: the complete graph on n nodes with unit weights'),
  warm_start: bits.optional(),
});
const maxcutFast = z.strictObject({ ...fastCommon, n: z.number().int().min(1), edges: hot, complete: z.boolean().optional(), warm_start: hot });

const bound = z.number().nullable().optional().describe('null or absent means infinite');
/** One `milp` variable. */
export const milpVarSchema = z.discriminatedUnion('domain', [
  z.strictObject({ domain: z.literal('binary') }),
  z.strictObject({ domain: z.literal('continuous'), lo: bound, hi: bound })
    .describe('needs finite lo and hi, or a positive diag entry'),
]);

const milpStructure = z.strictObject({
  ...common,
  vars: z.array(milpVarSchema).min(1).describe('the variables; n is their count'),
  linear: indexMap('linear coefficients c_i').optional(),
  diag: indexMap('diagonal curvature q_i (objective term 0.5 q_i x_i^2)').optional(),
  quadratic: triples('off-diagonal couplings w_ij, i != j').optional(),
});
const milpFast = z.strictObject({ ...fastCommon, vars: hot, linear: hot, diag: hot, quadratic: hot });

const tspStructure = z.strictObject({
  ...common,
  matrix: z.array(z.array(z.number().int())).min(2)
    .describe('N x N integer distance matrix, N >= 2 (symmetric expected; the diagonal is ignored)'),
});
const tspFast = z.strictObject({ ...fastCommon, matrix: hot });

const qapStructure = z.strictObject({
  ...common,
  flow: z.array(z.array(weight)).min(1).describe('N x N flow matrix F'),
  dist: z.array(z.array(weight)).min(1).describe('N x N distance matrix D (same order as flow)'),
});
const qapFast = z.strictObject({ ...fastCommon, flow: hot, dist: hot });

const designSide = z.number().int().min(1);
const designStructure = z.strictObject({
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
const designFast = z.strictObject({
  ...fastCommon,
  L: designSide, K: designSide, bias: hot, table: hot, bonds: hot,
  circular: designStructure.shape.circular,
});

const selectStructure = z.strictObject({
  ...common,
  m: z.number().int().min(1).describe('number of items (above 5589 accepted but slower)'),
  k: z.number().int().min(1).describe('exact number to choose, k <= m'),
  affinity: z.array(weight).describe('per-item reward, length m'),
  redundancy: z.array(z.array(weight)).optional().describe('symmetric m x m pair penalty; diagonal ignored'),
});
const selectFast = z.strictObject({
  ...fastCommon, m: selectStructure.shape.m, k: selectStructure.shape.k, affinity: hot, redundancy: hot,
});

const rankStructure = z.strictObject({
  ...common,
  items: z.array(z.string().min(1)).min(1).describe('unique item names to order'),
  comparisons: z.array(z.tuple([z.string(), z.string()])).optional().describe('[winner, loser] votes by item name'),
});
const rankFast = z.strictObject({ ...fastCommon, items: hot, comparisons: hot });

// ---------------------------------------------------------------- assembled

/** The zod shape checks used on the fast path (hot fields typed `unknown`). */
export const FAST_SHAPES = {
  rules: rulesFast, optimize: optimizeFast, maxcut: maxcutFast, milp: milpFast, tsp: tspFast,
  qap: qapFast, design: designFast, select: selectFast, rank: rankFast,
  'quantum-scale': quantumScaleFast,
  feel: feelFast, want: wantFast, sample: sampleFast,
} as const satisfies Record<SchemaCommand, z.ZodType>;

/** Runs every stage after the zod shape; returns the resolved n. Throws `InputIssue` or `SvcError`. */
export function runCommandChecks(command: SchemaCommand, v: Loose): number {
  const checks = COMMAND_CHECKS[command];
  const n = checks.check(v);
  checks.sizes(v, n);
  checks.contradictions(v, n);
  return n;
}

// Hangs the hand-written stages on the descriptive schema, so `inputSchemas[c]` is the whole contract.
function withChecks<S extends z.ZodObject>(command: SchemaCommand, s: S): S {
  return s.superRefine((v, ctx) => {
    if (!FAST_SHAPES[command].safeParse(v).success) return;
    try {
      runCommandChecks(command, v as Loose);
    } catch (e) {
      if (e instanceof InputIssue) ctx.addIssue({ code: 'custom', message: e.message, path: [...e.path] });
      else if (isSvcError(e)) ctx.addIssue({ code: 'custom', message: e.detail, path: [], params: { code: e.code } });
      else throw e;
    }
  }).meta({ title: `${command} problem` }) as S;
}

/**
 * The complete input contract of each schema command (strict objects; unknown fields rejected).
 * Parsing with these is exact but slow on huge arrays; `validateProblem` gives the same verdict
 * fast and with the catalogue's error codes.
 */
export const inputSchemas = {
  rules: withChecks('rules', rulesStructure),
  optimize: withChecks('optimize', optimizeStructure),
  maxcut: withChecks('maxcut', maxcutStructure),
  milp: withChecks('milp', milpStructure),
  tsp: withChecks('tsp', tspStructure),
  qap: withChecks('qap', qapStructure),
  design: withChecks('design', designStructure),
  select: withChecks('select', selectStructure),
  rank: withChecks('rank', rankStructure),
  'quantum-scale': withChecks('quantum-scale', quantumScaleStructure),
  feel: withChecks('feel', feelStructure),
  want: withChecks('want', wantStructure),
  sample: withChecks('sample', sampleStructure),
} as const satisfies Record<SchemaCommand, z.ZodType>;

export type RulesInput = z.infer<typeof inputSchemas.rules>;
export type OptimizeInput = z.infer<typeof inputSchemas.optimize>;
export type MaxcutInput = z.infer<typeof inputSchemas.maxcut>;
export type MilpInput = z.infer<typeof inputSchemas.milp>;
export type TspInput = z.infer<typeof inputSchemas.tsp>;
export type QapInput = z.infer<typeof inputSchemas.qap>;
export type DesignInput = z.infer<typeof inputSchemas.design>;
export type SelectInput = z.infer<typeof inputSchemas.select>;
export type RankInput = z.infer<typeof inputSchemas.rank>;
export type QuantumScaleInput = z.infer<(typeof inputSchemas)['quantum-scale']>;
export type FeelInput = z.infer<typeof inputSchemas.feel>;
export type WantInput = z.infer<typeof inputSchemas.want>;
export type SampleInput = z.infer<typeof inputSchemas.sample>;
export type Rule = z.infer<typeof ruleSchema>;
export type MilpVar = z.infer<typeof milpVarSchema>;

/** The parsed input type of a schema command. */
export type InputOf<C extends SchemaCommand> = z.infer<(typeof inputSchemas)[C]>;

import { z } from 'zod';
import { TAG, type SchemaCommand } from './commands';
import { PROOF_KINDS } from './limits';
import { quantumScaleOutputShape } from './quantum-scale-schema';
import { feelOutputShape } from './feel-schema';
import { wantOutputShape } from './want-schema';
import { sampleOutputShape } from './sample-schema';

const nonNegative = z.number().min(0);
const nonNegativeInt = z.number().int().min(0);
const certainty = z.string().min(1).describe("certainty label, e.g. 'certified optimum (proven by exhaustion)' or 'heuristic (hypothesis - verify)'");
const receipt = z.string().regex(/^svcr_[0-9a-f]{64}$/).describe('svcr_ + hex SHA-256 of the canonical request and answer');
const bits = z.array(z.number().int().min(0).max(1));
const indices = z.array(z.number().int().min(0));
// A heuristic answer may add a proven bound on the optimum and the relative gap to it.
const boundGap = {
  bound: z.number().optional().describe('a proven bound on the optimum (heuristic answers only)'),
  gap: nonNegative.optional().describe('relative gap between the answer and bound'),
};

/** Per-command answer fields (interface §2.2, commands.md). */
export const outputShapes = {
  rules: {
    answer: bits.describe('0/1 per variable'),
    energy: z.number().describe('objective (linear + quadratic) of the answer'),
    violations: nonNegativeInt.describe('number of violated rules'),
    certainty, receipt, ...boundGap,
  },
  optimize: {
    answer: bits.describe('0/1 per variable'),
    energy: z.number().describe('objective value of the answer (minimised)'),
    certainty,
    n: z.number().int().min(1),
    receipt, ...boundGap,
  },
  maxcut: {
    answer: bits.describe('side (0/1) per node'),
    cut_value: z.number().describe('sum of weights of edges whose ends differ'),
    certainty, ...boundGap,
  },
  milp: {
    answer: z.array(z.number()).describe('value per variable'),
    objective: z.number().describe('objective of the answer'),
    certainty, ...boundGap,
  },
  tsp: {
    answer: indices.describe('the tour, a permutation of 0..N-1 (closed back to the start)'),
    length: z.number().int().describe('sum of matrix[tour[i]][tour[i+1]] around the closed tour'),
    certainty, ...boundGap,
  },
  qap: {
    answer: indices.describe('p: location of each facility'),
    cost: z.number().describe('sum_ij F[i][j] * D[p[i]][p[j]]'),
    certainty, ...boundGap,
  },
  design: {
    answer: indices.describe('value (0..K-1) per site'),
    energy: z.number().describe('bias plus bond energy of the answer'),
    certainty, ...boundGap,
  },
  select: {
    answer: indices.describe('exactly k distinct chosen item indices'),
    value: z.number().describe('sum of affinity minus redundancy over chosen pairs'),
    count: nonNegativeInt.describe('number of chosen items (always k)'),
    certainty, ...boundGap,
  },
  rank: {
    answer: z.array(z.string()).describe('items, best first'),
    disagreements: nonNegativeInt.describe('Kemeny distance: votes the order contradicts'),
    certainty, ...boundGap,
  },
  'quantum-scale': quantumScaleOutputShape,
  feel: feelOutputShape,
  want: wantOutputShape,
  sample: sampleOutputShape,
} as const satisfies Record<SchemaCommand, z.ZodRawShape>;

/** Answer fields of each command (objects; extra envelope keys are allowed and stripped). */
export const outputSchemas = {
  rules: z.object(outputShapes.rules),
  optimize: z.object(outputShapes.optimize),
  maxcut: z.object(outputShapes.maxcut),
  milp: z.object(outputShapes.milp),
  tsp: z.object(outputShapes.tsp),
  qap: z.object(outputShapes.qap),
  design: z.object(outputShapes.design),
  select: z.object(outputShapes.select),
  rank: z.object(outputShapes.rank),
  'quantum-scale': z.object(outputShapes['quantum-scale']),
  feel: z.object(outputShapes.feel),
  want: z.object(outputShapes.want),
  sample: z.object(outputShapes.sample),
} as const satisfies Record<SchemaCommand, z.ZodType>;

/** `usage_alert`, present only past 50% of the daily allowance (interface §2.3). */
export const usageAlertSchema = z.object({
  level: z.enum(['notice', 'warning', 'critical']),
  used_pct: nonNegative,
  compute_units_left: z.number(),
  message: z.string(),
  agent_fix_prompt: z.string(),
});

export const observabilitySchema = z.object({
  queue_ms: nonNegative,
  compute_ms: nonNegative,
  total_ms: nonNegative,
});

/** The common fields of every success (interface §2.3); the answer fields ride alongside. */
export const envelopeSchema = z.looseObject({
  certainty,
  receipt,
  compute_units: nonNegative.describe('cost of this call'),
  compute_units_left: z.number().describe('remaining daily allowance'),
  elapsed_ms: nonNegative.describe('solver-engine time, excluding API, HTTP and client layers'),
  peak_rss_kb: nonNegativeInt.describe('solver process peak resident memory, KiB'),
  observability: observabilitySchema,
  tag: z.literal(TAG),
  version: z.string().min(1).describe('the resolved model version'),
  engine: z.enum(['native', 'ts']),
  usage_alert: usageAlertSchema.optional(),
  latency_budget_ms: nonNegativeInt.optional().describe('present when a latency budget was set'),
  stopped_at_deadline: z.boolean().optional().describe('present when a latency budget was set'),
  proof: z.enum(PROOF_KINDS).nullable().optional().describe('the exact method that finished, or null (heuristic)'),
});

/** A full success body per command: envelope plus answer fields. */
export const responseSchemas = {
  rules: envelopeSchema.extend(outputShapes.rules),
  optimize: envelopeSchema.extend(outputShapes.optimize),
  maxcut: envelopeSchema.extend(outputShapes.maxcut),
  milp: envelopeSchema.extend(outputShapes.milp),
  tsp: envelopeSchema.extend(outputShapes.tsp),
  qap: envelopeSchema.extend(outputShapes.qap),
  design: envelopeSchema.extend(outputShapes.design),
  select: envelopeSchema.extend(outputShapes.select),
  rank: envelopeSchema.extend(outputShapes.rank),
  'quantum-scale': envelopeSchema.extend(outputShapes['quantum-scale']),
  feel: envelopeSchema.extend(outputShapes.feel),
  want: envelopeSchema.extend(outputShapes.want),
  sample: envelopeSchema.extend(outputShapes.sample),
} as const satisfies Record<SchemaCommand, z.ZodType>;

export type Envelope = z.infer<typeof envelopeSchema>;
export type UsageAlert = z.infer<typeof usageAlertSchema>;
export type Observability = z.infer<typeof observabilitySchema>;
export type RulesOutput = z.infer<typeof outputSchemas.rules>;
export type OptimizeOutput = z.infer<typeof outputSchemas.optimize>;
export type MaxcutOutput = z.infer<typeof outputSchemas.maxcut>;
export type MilpOutput = z.infer<typeof outputSchemas.milp>;
export type TspOutput = z.infer<typeof outputSchemas.tsp>;
export type QapOutput = z.infer<typeof outputSchemas.qap>;
export type DesignOutput = z.infer<typeof outputSchemas.design>;
export type SelectOutput = z.infer<typeof outputSchemas.select>;
export type RankOutput = z.infer<typeof outputSchemas.rank>;
export type QuantumScaleOutput = z.infer<(typeof outputSchemas)['quantum-scale']>;
export type FeelOutput = z.infer<typeof outputSchemas.feel>;
export type WantOutput = z.infer<typeof outputSchemas.want>;
export type SampleOutput = z.infer<typeof outputSchemas.sample>;
/** Answer fields of a command. */
export type OutputOf<C extends SchemaCommand> = z.infer<(typeof outputSchemas)[C]>;
/** A full success body of a command. */
export type ResponseOf<C extends SchemaCommand> = z.infer<(typeof responseSchemas)[C]>;

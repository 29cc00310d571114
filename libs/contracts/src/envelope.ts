import { z } from 'zod';
import { TAG } from './catalogue';
import { PROOF_KINDS } from './limits';
import { certainty, receipt } from './commands/shared/fields';

const nonNegative = z.number().min(0);
const nonNegativeInt = z.number().int().min(0);

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
  certificate: z.looseObject({ kind: z.string() }).nullable().optional()
    .describe('a proof of the answer\'s optimality or of its `bound` that a checker verifies exactly without a solver (docs/certificates.md), or null'),
  certificate_omitted: z.string().optional().describe('present when `certificate` is null: why (heuristic answer, too large, not requested…)'),
});

export type Envelope = z.infer<typeof envelopeSchema>;
export type UsageAlert = z.infer<typeof usageAlertSchema>;
export type Observability = z.infer<typeof observabilitySchema>;

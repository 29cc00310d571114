import {
  COMMANDS, LATENCY_BUDGET_COMMANDS, PURPOSES, SCHEMA_COMMANDS, SPEC_VERSION, STABILITY, TAG,
  isSchemaCommand, type CommandName, type SchemaCommand, type Stability,
} from './commands';
import { DEFAULT_EFFORT, EFFORTS, EFFORT_ALIASES, type Effort } from './effort';
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from './json-schema';
import { CERTAINTY, DEFAULT_EXACT_CAPS, LIMITS } from './limits';
import { quantumScaleLimits } from './quantum-scale-schema';
import { feelLimits } from './feel-schema';
import { wantLimits } from './want-schema';
import { sampleLimits } from './sample-schema';

export interface CapabilitiesOptions {
  /** Whether the running engine serves this command. */
  available: (c: CommandName) => boolean;
  /** Typical certified sizes per effort, from the engine; defaults are interface §8's. */
  exactCaps?: Partial<Record<CommandName, Record<Effort, number>>>;
  /** Engine id, e.g. "native-1.0.0". */
  engine: string;
}

export interface CommandCapability {
  name: SchemaCommand;
  purpose: string;
  stability: Stability;
  available: boolean;
  /** Typical sizes certified per effort; null when unspecified. Not rules: see commands.md "Certified". */
  certified_caps: Record<Effort, number> | null;
  /** `max_latency_ms` bounds this command's search. */
  latency_budget: boolean;
  limits: Record<string, number>;
  input_schema: JsonSchema;
  output_schema: JsonSchema;
}

export interface CapabilitiesManifest {
  tag: typeof TAG;
  spec_version: string;
  api_prefix: string;
  engine: string;
  efforts: Effort[];
  default_effort: Effort;
  effort_aliases: Record<string, Effort>;
  certainty_labels: string[];
  commands: CommandCapability[];
  /** Commands without schemas in this version. */
  other_commands: { name: CommandName; purpose: string; available: boolean }[];
}

const COMMAND_LIMITS: Readonly<Record<SchemaCommand, Record<string, number>>> = {
  rules: { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs },
  optimize: { n_min: 1, n_max: LIMITS.maxN, quadratic_max: LIMITS.maxPairs },
  maxcut: { n_min: 1, n_max: LIMITS.maxN, edges_max: LIMITS.maxPairs },
  milp: { vars_min: 1, quadratic_max: LIMITS.maxPairs },
  tsp: { n_min: 2 },
  qap: { n_min: 1 },
  design: { L_max: LIMITS.maxDesignSide, K_max: LIMITS.maxDesignSide, LK_max: LIMITS.maxDesignCells, K_max_with_table: LIMITS.maxDesignTableK },
  select: { m_min: 1, m_recommended_max: LIMITS.selectRecommendedM, k_min: 1 },
  rank: { items_min: 1 },
  'quantum-scale': quantumScaleLimits,
  feel: feelLimits,
  want: wantLimits,
  sample: sampleLimits,
};

function capsFor(c: SchemaCommand, given: CapabilitiesOptions['exactCaps']): Record<Effort, number> | null {
  const explicit = given?.[c];
  if (explicit !== undefined) return { ...explicit };
  const d = DEFAULT_EXACT_CAPS[c];
  if (d === undefined) return null;
  return Object.fromEntries(EFFORTS.map((e) => [e, d])) as Record<Effort, number>;
}

/**
 * The body of `GET /api/v1/capabilities`: every schema command with its exact input and
 * output JSON Schemas, availability, stability, typical certified sizes, limits and efforts.
 */
export function capabilitiesManifest(opts: CapabilitiesOptions): CapabilitiesManifest {
  const latency: readonly string[] = LATENCY_BUDGET_COMMANDS;
  return {
    tag: TAG,
    spec_version: SPEC_VERSION,
    api_prefix: '/api/v1',
    engine: opts.engine,
    efforts: [...EFFORTS],
    default_effort: DEFAULT_EFFORT,
    effort_aliases: { ...EFFORT_ALIASES },
    certainty_labels: [CERTAINTY.certified, CERTAINTY.heuristic],
    commands: SCHEMA_COMMANDS.map((c) => ({
      name: c,
      purpose: PURPOSES[c],
      stability: STABILITY[c],
      available: opts.available(c),
      certified_caps: capsFor(c, opts.exactCaps),
      latency_budget: latency.includes(c),
      limits: { ...COMMAND_LIMITS[c] },
      input_schema: inputJsonSchema(c),
      output_schema: outputJsonSchema(c),
    })),
    other_commands: COMMANDS.filter((c) => !isSchemaCommand(c)).map((c) => ({
      name: c, purpose: PURPOSES[c], available: opts.available(c),
    })),
  };
}

import {
  CATALOGUE, COMMANDS, LATENCY_BUDGET_COMMANDS, PURPOSES, SPEC_VERSION, TAG,
  type CommandName, type CommandStatus, type Stability,
} from './catalogue';
import { SCHEMA_COMMANDS, STABILITY, isSchemaCommand, type SchemaCommand } from './schema-commands';
import { REGISTRY } from './commands';
import { DEFAULT_EFFORT, EFFORTS, EFFORT_ALIASES, type Effort } from './effort';
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from './json-schema';
import { CERTAINTY, CERTAINTY_MEANINGS } from './limits';

/** Typical exact (certified) sizes of interface §8 (`exactCap` of each command file); the same for every effort unless the engine says otherwise. */
export const DEFAULT_EXACT_CAPS: Readonly<Partial<Record<SchemaCommand, number>>> = Object.fromEntries(
  SCHEMA_COMMANDS.flatMap((c) => {
    const cap = (REGISTRY[c] as { exactCap?: number }).exactCap;
    return cap === undefined ? [] : [[c, cap]];
  }),
);

/** Capabilities `limits` of each schema command (`limits` of each command file). */
export const COMMAND_LIMITS: Readonly<Record<SchemaCommand, Readonly<Record<string, number>>>> =
  Object.fromEntries(SCHEMA_COMMANDS.map((c) => [c, REGISTRY[c].limits])) as unknown as Record<SchemaCommand, Record<string, number>>;

export interface CapabilitiesOptions {
  /** Whether the running engine serves this command; a command this version does not serve is never available. */
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
  /** `'not available yet'` when this version does not serve the command (then `available` is false). */
  status: CommandStatus;
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
  /** Every certainty text the service emits (templates: `<t>` a tolerance or norm, `<d>` a digit count). */
  certainty_labels: string[];
  /** Each certainty class with what it guarantees. */
  certainty_classes: { label: string; meaning: string }[];
  commands: CommandCapability[];
  /** Commands without schemas in this version. */
  other_commands: { name: CommandName; purpose: string; status: CommandStatus; available: boolean }[];
}

/** The caller's `available`, and never for a command this version does not serve. */
function availableIn(c: CommandName, opts: CapabilitiesOptions): boolean {
  return CATALOGUE[c].status === 'served' && opts.available(c);
}


function capsFor(c: SchemaCommand, given: CapabilitiesOptions['exactCaps']): Record<Effort, number> | null {
  const explicit = given?.[c];
  if (explicit !== undefined) return { ...explicit };
  const d = DEFAULT_EXACT_CAPS[c];
  if (d === undefined) return null;
  return Object.fromEntries(EFFORTS.map((e) => [e, d])) as Record<Effort, number>;
}

/**
 * The body of `GET /api/v1/capabilities`: every schema command with its exact input and
 * output JSON Schemas, status, availability, stability, typical certified sizes, limits and
 * efforts; `other_commands` are the commands without schemas. Every command this version does
 * not serve says `status: 'not available yet'` and `available: false`, on both lists.
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
    certainty_labels: Object.values(CERTAINTY),
    certainty_classes: (Object.keys(CERTAINTY) as (keyof typeof CERTAINTY)[]).map((k) => ({ label: CERTAINTY[k], meaning: CERTAINTY_MEANINGS[k] })),
    commands: SCHEMA_COMMANDS.map((c) => ({
      name: c,
      purpose: PURPOSES[c],
      stability: STABILITY[c],
      status: CATALOGUE[c].status,
      available: availableIn(c, opts),
      certified_caps: capsFor(c, opts.exactCaps),
      latency_budget: latency.includes(c),
      limits: { ...COMMAND_LIMITS[c] },
      input_schema: inputJsonSchema(c),
      output_schema: outputJsonSchema(c),
    })),
    // `: boolean` keeps TypeScript from inferring a predicate (with every command served it would narrow c to never).
    other_commands: COMMANDS.filter((c): boolean => !isSchemaCommand(c)).map((c) => ({
      name: c, purpose: PURPOSES[c], status: CATALOGUE[c].status, available: availableIn(c, opts),
    })),
  };
}

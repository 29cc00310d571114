/**
 * Per-command tables derived from the registry (src/commands/index.ts): fast shapes, the
 * complete input schemas, answer shapes, output and response schemas, and their types.
 */
import { checkTotalMagnitude } from './internal/magnitude';
import { z } from 'zod';
import { isSvcError } from '@svc/errors';
import { SCHEMA_COMMANDS, type SchemaCommand } from './schema-commands';
import { REGISTRY, type Loose, type Registry } from './commands';
import { envelopeSchema } from './envelope';
import { InputIssue } from './internal/issue';

function mapCommands<T>(f: (c: SchemaCommand) => T): Record<SchemaCommand, T> {
  return Object.fromEntries(SCHEMA_COMMANDS.map((c) => [c, f(c)])) as Record<SchemaCommand, T>;
}

/** The zod shape checks used on the fast path (hot fields typed `unknown`). */
export const FAST_SHAPES = mapCommands((c) => REGISTRY[c].fast) as { readonly [C in SchemaCommand]: Registry[C]['fast'] };

/** Runs every stage after the zod shape; returns the resolved n. Throws `InputIssue` or `SvcError`. */
export function runCommandChecks(command: SchemaCommand, v: Loose): number {
  const checks = REGISTRY[command].checks;
  const n = checks.check(v);
  checkTotalMagnitude(v);
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
export const inputSchemas = mapCommands((c) => withChecks(c, REGISTRY[c].structure)) as
  { readonly [C in SchemaCommand]: Registry[C]['structure'] };

/** Per-command answer fields (interface §2.2, commands.md). */
export const outputShapes = mapCommands((c) => REGISTRY[c].output) as { readonly [C in SchemaCommand]: Registry[C]['output'] };

/** Answer fields of each command (objects; extra envelope keys are allowed and stripped). */
export const outputSchemas = mapCommands((c) => z.object(REGISTRY[c].output)) as
  { readonly [C in SchemaCommand]: z.ZodObject<Registry[C]['output'], z.core.$strip> };

const withEnvelope = <S extends z.ZodRawShape>(shape: S) => envelopeSchema.extend(shape);
/** A full success body per command: envelope plus answer fields. */
export const responseSchemas = mapCommands((c) => withEnvelope(REGISTRY[c].output)) as
  { readonly [C in SchemaCommand]: ReturnType<typeof withEnvelope<Registry[C]['output']>> };

export type RulesInput = z.infer<typeof inputSchemas.rules>;
export type OptimizeInput = z.infer<typeof inputSchemas.optimize>;
export type MaxcutInput = z.infer<typeof inputSchemas.maxcut>;
export type MilpInput = z.infer<typeof inputSchemas.milp>;
export type TspInput = z.infer<typeof inputSchemas.tsp>;
export type QapInput = z.infer<typeof inputSchemas.qap>;
export type DesignInput = z.infer<typeof inputSchemas.design>;
export type CoverInput = z.infer<typeof inputSchemas.cover>;
export type SelectInput = z.infer<typeof inputSchemas.select>;
export type RankInput = z.infer<typeof inputSchemas.rank>;
export type QuantumScaleInput = z.infer<(typeof inputSchemas)['quantum-scale']>;
export type FeelInput = z.infer<typeof inputSchemas.feel>;
export type WantInput = z.infer<typeof inputSchemas.want>;
export type SampleInput = z.infer<typeof inputSchemas.sample>;

/** The parsed input type of a schema command. */
export type InputOf<C extends SchemaCommand> = z.infer<(typeof inputSchemas)[C]>;

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

/**
 * The zod-free catalogue of every command (subpath `@svc/contracts/commands`; the `svc` bundle
 * imports it and must not pull zod): names, purposes, whether this version serves each one,
 * stability, latency budget and docs page. One entry per command in `CATALOGUE`; every other
 * table here is derived from it. A command's schemas and checks live in `src/commands/<command>.ts`,
 * registered in `src/commands/index.ts`.
 */
import { SvcError } from '@svc/errors';

/** The constant provenance tag (interface §9); metadata only, it never changes answers. */
export const TAG = 'svc-cortex-v1' as const;
export type Tag = typeof TAG;

/** The agent-facing specification version (interface §9). */
export const SPEC_VERSION = '1.0.0';

/**
 * The 25 distinct commands, in the order of `COMMANDS` in libs/engine-ts/src/engine.ts
 * (a test keeps the two lists equal; contracts may not import the engine).
 */
export const COMMANDS = [
  'rules', 'optimize', 'maxcut', 'tsp', 'qap', 'design', 'select', 'rank',
  'spectrum', 'phase', 'quantum-scale', 'feel', 'want',
  'relation', 'reduce', 'precision', 'world',
  'cover', 'entropy', 'frequency', 'milp', 'protect', 'recover', 'sample', 'xorsat',
] as const;
export type CommandName = (typeof COMMANDS)[number];

/**
 * The commands that have input and output schemas in this version (`src/commands/<command>.ts`),
 * in the order capabilities and OpenAPI list them. Not all are served: see `CATALOGUE`.
 */
export const SCHEMA_COMMANDS = [
  'rules', 'optimize', 'maxcut', 'milp', 'tsp', 'qap', 'design', 'select', 'rank',
  'quantum-scale', 'cover',
  'feel', 'want', 'sample',
] as const satisfies readonly CommandName[];
export type SchemaCommand = (typeof SCHEMA_COMMANDS)[number];

export type Stability = 'beta' | 'research';

/** The status text of a command this version does not serve (capabilities, `svc`, Python). */
export const NOT_AVAILABLE = 'not available yet' as const;
/** Whether this version serves a command: solve, analyze, verify and formulate answer it. */
export type CommandStatus = 'served' | typeof NOT_AVAILABLE;

/** What the catalogue says about one command. */
export interface CatalogueEntry {
  /** One-line purpose (interface §1). */
  readonly purpose: string;
  readonly status: CommandStatus;
  /** Stability label (interface §9); every schema command has one. */
  readonly stability?: Stability;
  /** `max_latency_ms` bounds this command's search. */
  readonly latencyBudget?: true;
  /** The repo's docs page on this command, when there is one. */
  readonly docs?: string;
  /** An agent tool of its own (interface §1: `svc.inverse` is want, `svc.explore` is sample). */
  readonly tool?: { readonly name: `svc.${string}`; readonly title: string };
}

const S = 'served';
const NA = NOT_AVAILABLE;

/**
 * Every command, one line each. Latency budget: the eight of interface §4 (Behaviors), plus
 * `rules`, `sample`, `quantum-scale` and `rank`, whose searches our engines stop at the deadline too
 * (best found so far, never labelled certified).
 */
export const CATALOGUE: { readonly [C in CommandName]: CatalogueEntry } = {
  rules: { purpose: 'a binary assignment under declared business rules', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/select-rules.md' },
  optimize: { purpose: 'minimize a QUBO objective over binary variables', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/optimize-maxcut.md' },
  maxcut: { purpose: 'maximum cut of a weighted graph', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/optimize-maxcut.md' },
  tsp: { purpose: 'shortest closed tour over a distance matrix', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/tsp.md' },
  qap: { purpose: 'assign facilities to locations, minimizing flow x distance', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/qap.md' },
  design: { purpose: 'coupled k-ary design or graph coloring', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/design.md' },
  select: { purpose: 'pick exactly k of m items, maximizing affinity minus redundancy', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/select-rules.md' },
  rank: { purpose: 'aggregate noisy pairwise comparisons into one order (Kemeny)', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/rank.md' },
  spectrum: { purpose: 'eigenvalues and gap of a small Hamiltonian', status: NA },
  phase: { purpose: 'phase of matter', status: NA },
  'quantum-scale': { purpose: 'a huge planted Ising instance at scale', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/quantum-scale.md' },
  feel: { purpose: 'one ground state of an Ising objective', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/feel-want-sample.md' },
  want: { purpose: 'pin some outputs and optimize the rest', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/feel-want-sample.md', tool: { name: 'svc.inverse', title: 'Pin outputs, optimise the rest (want)' } },
  relation: { purpose: 'integer relations and minimal polynomials', status: NA },
  reduce: { purpose: 'lattice-basis reduction', status: NA },
  precision: { purpose: 'arbitrary-precision arithmetic', status: NA },
  world: { purpose: 'embodied/VR kinematics, terrain, neighbors, pose prediction', status: NA },
  cover: { purpose: 'set cover at lowest cost', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/cover.md' },
  entropy: { purpose: 'entanglement entropy', status: NA },
  frequency: { purpose: 'dominant frequency', status: NA },
  milp: { purpose: 'mixed binary/continuous quadratic minimization', status: S, stability: 'research', latencyBudget: true, docs: 'docs/milp.md' },
  protect: { purpose: 'data protection (erasure coding)', status: NA },
  recover: { purpose: 'data recovery from protected shards', status: NA },
  sample: { purpose: 'the spread of good answers instead of one', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/feel-want-sample.md', tool: { name: 'svc.explore', title: 'Explore good alternatives (sample)' } },
  xorsat: { purpose: 'XOR systems over GF(2)', status: NA },
};

const COMMAND_SET: ReadonlySet<string> = new Set(COMMANDS);
const SCHEMA_COMMAND_SET: ReadonlySet<string> = new Set(SCHEMA_COMMANDS);

/** The commands this version serves, in `COMMANDS` order. */
export const SERVED_COMMANDS: readonly SchemaCommand[] =
  COMMANDS.filter((c) => CATALOGUE[c].status === 'served' && SCHEMA_COMMAND_SET.has(c)) as SchemaCommand[];
/** The commands this version does not serve yet (with or without a schema), in `COMMANDS` order. */
export const NOT_AVAILABLE_COMMANDS: readonly CommandName[] = COMMANDS.filter((c) => CATALOGUE[c].status !== 'served');

/** Per-command stability label (interface §9). */
export const STABILITY: Readonly<Record<SchemaCommand, Stability>> =
  Object.fromEntries(SCHEMA_COMMANDS.map((c) => [c, CATALOGUE[c].stability ?? 'beta'])) as Record<SchemaCommand, Stability>;

/** Commands whose search `max_latency_ms` bounds (`CATALOGUE[c].latencyBudget`), in `COMMANDS` order. */
export const LATENCY_BUDGET_COMMANDS: readonly CommandName[] = COMMANDS.filter((c) => CATALOGUE[c].latencyBudget === true);

/** One-line purpose of every command (interface §1). */
export const PURPOSES: Readonly<Record<CommandName, string>> =
  Object.fromEntries(COMMANDS.map((c) => [c, CATALOGUE[c].purpose])) as Record<CommandName, string>;

export function isCommandName(s: unknown): s is CommandName {
  return typeof s === 'string' && COMMAND_SET.has(s);
}

export function isSchemaCommand(s: unknown): s is SchemaCommand {
  return typeof s === 'string' && SCHEMA_COMMAND_SET.has(s);
}

/** Whether this version serves `s` (a known command with status `served`). */
export function isServedCommand(s: unknown): s is SchemaCommand {
  return isSchemaCommand(s) && CATALOGUE[s].status === 'served';
}

/**
 * Narrows `command` to a schema command, else throws 404 `SVC_UNSUPPORTED`
 * (an unknown command, or a known one without a schema in this version).
 */
export function assertSchemaCommand(command: string): SchemaCommand {
  if (isSchemaCommand(command)) return command;
  const known = isCommandName(command);
  const detail = known
    ? `command "${command}" is not supported by this version; supported: ${SCHEMA_COMMANDS.join(', ')}`
    : `unknown command ${JSON.stringify(String(command)).slice(0, 80)}; supported: ${SCHEMA_COMMANDS.join(', ')}`;
  throw new SvcError('SVC_UNSUPPORTED', detail, { extensions: { field: 'command' } });
}

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

/** The commands that have input and output schemas in this version. */
export const SCHEMA_COMMANDS = [
  'rules', 'optimize', 'maxcut', 'milp', 'tsp', 'qap', 'design', 'select', 'rank',
  'quantum-scale',
  'feel', 'want', 'sample',
] as const satisfies readonly CommandName[];
export type SchemaCommand = (typeof SCHEMA_COMMANDS)[number];

const COMMAND_SET: ReadonlySet<string> = new Set(COMMANDS);
const SCHEMA_COMMAND_SET: ReadonlySet<string> = new Set(SCHEMA_COMMANDS);

export function isCommandName(s: unknown): s is CommandName {
  return typeof s === 'string' && COMMAND_SET.has(s);
}

export function isSchemaCommand(s: unknown): s is SchemaCommand {
  return typeof s === 'string' && SCHEMA_COMMAND_SET.has(s);
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

export type Stability = 'beta' | 'research';

/** Per-command stability label (interface §9). */
export const STABILITY: Readonly<Record<SchemaCommand, Stability>> = {
  rules: 'beta', optimize: 'beta', maxcut: 'beta', tsp: 'beta', qap: 'beta',
  design: 'beta', select: 'beta', rank: 'beta', milp: 'research',
  'quantum-scale': 'beta',
  feel: 'beta', want: 'beta', sample: 'beta',
};

/**
 * Commands whose search `max_latency_ms` bounds: the eight of interface §4 (Behaviors), plus
 * `rules`, `sample` and `quantum-scale`, whose searches our engines stop at the deadline too
 * (best found so far, never labelled certified), so capabilities says so.
 */
export const LATENCY_BUDGET_COMMANDS = [
  'optimize', 'feel', 'want', 'maxcut', 'tsp', 'qap', 'select', 'design',
  'rules', 'sample', 'quantum-scale',
] as const satisfies readonly CommandName[];

/** One-line purpose of every command (interface §1). */
export const PURPOSES: Readonly<Record<CommandName, string>> = {
  rules: 'a binary assignment under declared business rules',
  optimize: 'minimize a QUBO objective over binary variables',
  maxcut: 'maximum cut of a weighted graph',
  tsp: 'shortest closed tour over a distance matrix',
  qap: 'assign facilities to locations, minimizing flow x distance',
  design: 'coupled k-ary design or graph coloring',
  select: 'pick exactly k of m items, maximizing affinity minus redundancy',
  rank: 'aggregate noisy pairwise comparisons into one order (Kemeny)',
  spectrum: 'eigenvalues and gap of a small Hamiltonian',
  phase: 'phase of matter',
  'quantum-scale': 'a huge planted Ising instance at scale',
  feel: 'one ground state of an Ising objective',
  want: 'pin some outputs and optimize the rest',
  relation: 'integer relations and minimal polynomials',
  reduce: 'lattice-basis reduction',
  precision: 'arbitrary-precision arithmetic',
  world: 'embodied/VR kinematics, terrain, neighbors, pose prediction',
  cover: 'set cover at lowest cost',
  entropy: 'entanglement entropy',
  frequency: 'dominant frequency',
  milp: 'mixed binary/continuous quadratic minimization',
  protect: 'data protection (erasure coding)',
  recover: 'data recovery from protected shards',
  sample: 'the spread of good answers instead of one',
  xorsat: 'XOR systems over GF(2)',
};

/**
 * The zod-free catalogue of every command (subpath `@svc/contracts/commands`; the `svc` bundle
 * imports it and must not pull zod): names, purposes, whether this version serves each one,
 * stability, latency budget and docs page. One entry per command in `CATALOGUE`; every other
 * table here is derived from it. A command's schemas and checks live in `src/commands/<command>.ts`,
 * registered in `src/commands/index.ts` (whose keys are the schema commands: src/schema-commands.ts).
 */
import { COMMANDS, type CommandName } from './command-names';

export { COMMANDS, type CommandName };

/** The constant provenance tag (interface §9); metadata only, it never changes answers. */
export const TAG = 'svc-cortex-v1' as const;
export type Tag = typeof TAG;

/** The agent-facing specification version (interface §9). */
export const SPEC_VERSION = '1.0.0';

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
 * `rules`, `sample`, `quantum-scale`, `rank`, `cover`, `milp` and `xorsat`, whose searches our engines
 * stop at the deadline too (best found so far, never labelled certified), and the iterative numeric
 * commands `spectrum`, `phase`, `entropy`, `frequency`, `relation` and `reduce` (what has
 * converged so far, labelled heuristic, or an abstention claiming only what was proven). The
 * others compute their answer in one piece and ignore a budget (docs/contract.md "Latency budget").
 */
const LINES = {
  rules: { purpose: 'a binary assignment under declared business rules', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/select-rules.md' },
  optimize: { purpose: 'minimize a QUBO objective over binary variables', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/optimize-maxcut.md' },
  maxcut: { purpose: 'maximum cut of a weighted graph', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/optimize-maxcut.md' },
  tsp: { purpose: 'shortest closed tour over a distance matrix', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/tsp.md' },
  qap: { purpose: 'assign facilities to locations, minimizing flow x distance', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/qap.md' },
  design: { purpose: 'coupled k-ary design or graph coloring', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/design.md' },
  select: { purpose: 'pick exactly k of m items, maximizing affinity minus redundancy', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/select-rules.md' },
  rank: { purpose: 'aggregate noisy pairwise comparisons into one order (Kemeny)', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/rank.md' },
  spectrum: { purpose: 'eigenvalues and gap of a small Hamiltonian', status: S, stability: 'research', latencyBudget: true, docs: 'docs/spectrum.md' },
  phase: { purpose: 'phase of matter', status: S, stability: 'research', latencyBudget: true, docs: 'docs/phase.md' },
  'quantum-scale': { purpose: 'a huge planted Ising instance at scale', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/quantum-scale.md' },
  feel: { purpose: 'one ground state of an Ising objective', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/feel-want-sample.md' },
  want: { purpose: 'pin some outputs and optimize the rest', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/feel-want-sample.md', tool: { name: 'svc.inverse', title: 'Pin outputs, optimise the rest (want)' } },
  relation: { purpose: 'integer relations and minimal polynomials', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/relation.md' },
  reduce: { purpose: 'lattice-basis reduction', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/reduce.md' },
  precision: { purpose: 'arbitrary-precision arithmetic', status: S, stability: 'beta', docs: 'docs/precision.md' },
  world: { purpose: 'embodied/VR kinematics, terrain, neighbors, pose prediction', status: S, stability: 'beta', docs: 'docs/world.md' },
  cover: { purpose: 'set cover at lowest cost', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/cover.md' },
  entropy: { purpose: 'entanglement entropy', status: S, stability: 'research', latencyBudget: true, docs: 'docs/entropy.md' },
  frequency: { purpose: 'dominant frequency', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/frequency.md' },
  milp: { purpose: 'mixed binary/continuous quadratic minimization', status: S, stability: 'research', latencyBudget: true, docs: 'docs/milp.md' },
  protect: { purpose: 'data protection (erasure coding)', status: S, stability: 'beta', docs: 'docs/protect-recover.md' },
  recover: { purpose: 'data recovery from protected shards', status: S, stability: 'beta', docs: 'docs/protect-recover.md' },
  sample: { purpose: 'the spread of good answers instead of one', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/feel-want-sample.md', tool: { name: 'svc.explore', title: 'Explore good alternatives (sample)' } },
  xorsat: { purpose: 'XOR systems over GF(2)', status: S, stability: 'beta', latencyBudget: true, docs: 'docs/xorsat.md' },
} as const satisfies { readonly [C in CommandName]: CatalogueEntry };

export const CATALOGUE: { readonly [C in CommandName]: CatalogueEntry } = LINES;

/** The commands whose catalogue line says served (the registry must hold a contract for each: src/commands/index.ts). */
export type ServedCommand = { [C in CommandName]: (typeof LINES)[C]['status'] extends 'served' ? C : never }[CommandName];
/** The commands whose catalogue line says not available yet: what is still planned (e.g. the route shapes the service keeps for them). */
export type PlannedCommand = Exclude<CommandName, ServedCommand>;

const COMMAND_SET: ReadonlySet<string> = new Set(COMMANDS);

/** The commands this version serves (catalogue status served), in `COMMANDS` order; each has its contract (src/commands/index.ts). */
export const SERVED_COMMANDS: readonly ServedCommand[] = COMMANDS.filter((c): c is ServedCommand => CATALOGUE[c].status === 'served');
/** The commands this version does not serve yet (with or without a contract), in `COMMANDS` order. */
export const NOT_AVAILABLE_COMMANDS: readonly CommandName[] = COMMANDS.filter((c) => CATALOGUE[c].status !== 'served');

/** Commands whose search `max_latency_ms` bounds (`CATALOGUE[c].latencyBudget`), in `COMMANDS` order. */
export const LATENCY_BUDGET_COMMANDS: readonly CommandName[] = COMMANDS.filter((c) => CATALOGUE[c].latencyBudget === true);

/** One-line purpose of every command (interface §1). */
export const PURPOSES: Readonly<Record<CommandName, string>> =
  Object.fromEntries(COMMANDS.map((c) => [c, CATALOGUE[c].purpose])) as Record<CommandName, string>;

export function isCommandName(s: unknown): s is CommandName {
  return typeof s === 'string' && COMMAND_SET.has(s);
}

/** Whether this version serves `s` (a known command with status `served`). */
export function isServedCommand(s: unknown): s is ServedCommand {
  return isCommandName(s) && CATALOGUE[s].status === 'served';
}

/**
 * The registry: one line per command this build can solve. Every per-command table of the
 * service (adapters, answer checkers, route shapes, worksheets, examples, exact caps) is derived
 * from it. Adding a command: a folder `commands/<command>/` (adapter.ts, rescore.ts,
 * check-answer.ts, index.ts) and one line below.
 */
import type { Command, Effort } from '@svc/engine-ts';
import { NOT_REQUESTED, type CommandAdapter, type PreparedSolve } from './adapter';
import type { AnswerChecker, CertificateProducer, CommandModule, ProgressReading, SureCertificate } from './command-module';
import { optimizeCommand } from './optimize';
import { maxcutCommand } from './maxcut';
import { feelCommand } from './feel';
import { wantCommand } from './want';
import { sampleCommand } from './sample';
import { rulesCommand } from './rules';
import { selectCommand } from './select';
import { quantumScaleCommand } from './quantum-scale';
import { rankCommand } from './rank';
import { tspCommand } from './tsp';
import { qapCommand } from './qap';
import { designCommand } from './design';
import { coverCommand } from './cover';
import { milpCommand } from './milp';
import { precisionCommand } from './precision';
import { relationCommand } from './relation';
import { protectCommand } from './protect';
import { recoverCommand } from './recover';
import { xorsatCommand } from './xorsat';
import { frequencyCommand } from './frequency';
import { worldCommand } from './world';
import { spectrumCommand } from './spectrum';
import { entropyCommand } from './entropy';
import { phaseCommand } from './phase';
import { reduceCommand } from './reduce';

export type { CertificateOutcome, CommandAdapter, FinishContext, FinishedSolve, PreparedSolve } from './adapter';
export { NOT_REQUESTED } from './adapter';
export type { AnswerChecker, CertificateProducer, CheckInput, CommandModule, Example, ProgressReading, RouteBody, RouteShape, SureCertificate, VerifyCheck } from './command-module';

/** The solvable commands, in catalogue order (the examples list follows it). */
export const COMMAND_MODULES: readonly CommandModule[] = Object.freeze([
  optimizeCommand,
  maxcutCommand,
  tspCommand,
  qapCommand,
  designCommand,
  coverCommand,
  milpCommand,
  xorsatCommand,
  spectrumCommand,
  entropyCommand,
  phaseCommand,
  reduceCommand,
  feelCommand,
  wantCommand,
  sampleCommand,
  rulesCommand,
  selectCommand,
  rankCommand,
  quantumScaleCommand,
  precisionCommand,
  relationCommand,
  protectCommand,
  recoverCommand,
  frequencyCommand,
  worldCommand,
]);

/** The module of `command`, when this build can solve it. */
export const MODULES: Readonly<Partial<Record<Command, CommandModule>>> = Object.freeze(
  Object.fromEntries(COMMAND_MODULES.map((m) => [m.command, m])),
);

const derive = <T>(part: (m: CommandModule) => T): Readonly<Partial<Record<Command, T>>> =>
  Object.freeze(Object.fromEntries(COMMAND_MODULES.map((m) => [m.command, part(m)])));

/** The solve path's adapter of each solvable command: its `finish` also makes the module's certificate. */
export const ADAPTERS: Readonly<Partial<Record<Command, CommandAdapter>>> = derive((m) => (m.certificate ? certifying(m.adapter, m.certificate) : m.adapter));

/** The caller-answer checker (POST /verify) of each solvable command. */
export const CHECKERS: Readonly<Partial<Record<Command, AnswerChecker>>> = derive((m) => m.checker);

/** `adapter` whose checked answers carry `produce`'s certificate. */
function certifying(adapter: CommandAdapter, produce: CertificateProducer): CommandAdapter {
  return { ...adapter, prepare: (v) => withCertificate(adapter.prepare(v), produce) };
}

/**
 * `prep` whose `finish` adds `produce`'s certificate to the checked answer (a bound it restates
 * replaces the engine's). Under `certificate=none` the producer does not run: the answer keeps the
 * engine's own proven bound, and says the certificate was not requested.
 */
export function withCertificate(prep: PreparedSolve, produce: CertificateProducer): PreparedSolve {
  return {
    ...prep,
    finish(r, ctx) {
      const done = prep.finish(r, ctx);
      if (ctx.certificate === 'none') return { ...done, certificate: NOT_REQUESTED };
      const { restate, ...certificate } = produce(prep, r, done);
      return { ...done, ...(restate ?? {}), certificate };
    },
  };
}

/** `prep` of another lane (the binary lane's) whose checked answers carry the certificate of `command`'s module. */
export function certifyingPrep(command: Command, prep: PreparedSolve): PreparedSolve {
  const produce = MODULES[command]?.certificate;
  return produce ? withCertificate(prep, produce) : prep;
}

/** Largest size certified per effort, or null when the command has no such cap (capabilities and analyze read this). */
export function exactCapsOf(command: Command): Record<Effort, number> | null {
  return MODULES[command]?.exactCaps?.() ?? null;
}

/** Why this prepared problem is always certified at this effort and version, or null (command-module.ts `certifiesSurely`). */
export function sureCertificateOf(command: Command, prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  return MODULES[command]?.certifiesSurely?.(prep, effort, version) ?? null;
}

/** How a job reads the progress of a solve of `command` (command-module.ts `progress`), or null: work and time only. */
export function progressReadingOf(command: Command): ProgressReading | null {
  return MODULES[command]?.progress ?? null;
}

/**
 * The families of engine-ts, one line each (a new family is a folder under families/ with its
 * family.ts, plus its line here). Everything keyed by command or problem kind derives from
 * FAMILIES: the solver of each command and the kind of problem it takes, each kind's re-score,
 * native budget and work model, and the CanonicalProblem / EngineResult unions of engine.ts.
 */
import type { CancelSignal, Command, ProgressListener, SolveRequest } from '../base';
import type { Family, FamilyWork, ProblemOf, ResultOf, WorkPlan } from './family';
import type { NativeBudget } from './native-budget';
import { COVER_FAMILY } from './cover/family';
import { DESIGN_FAMILY } from './design/family';
import { ENTROPY_FAMILY } from './entropy/family';
import { ERASURE_FAMILY } from './erasure/family';
import { FREQUENCY_FAMILY } from './frequency/family';
import { MILP_FAMILY } from './milp/family';
import { PHASE_FAMILY } from './phase/family';
import { PLANTED_FAMILY } from './planted/family';
import { PRECISION_FAMILY } from './precision/family';
import { QAP_FAMILY } from './qap/family';
import { MAXCUT_FAMILY, QUBO_FAMILY } from './qubo/family';
import { RANK_FAMILY } from './rank/family';
import { REDUCE_FAMILY } from './reduce/family';
import { RELATION_FAMILY } from './relation/family';
import { RULES_FAMILY } from './rules/family';
import { SELECT_FAMILY } from './select/family';
import { SPECTRUM_FAMILY } from './spectrum/family';
import { TSP_FAMILY } from './tsp/family';
import { XORSAT_FAMILY } from './xorsat/family';
import { WORLD_FAMILY } from './world/family';

export const FAMILIES = [
  QUBO_FAMILY,
  MAXCUT_FAMILY,
  SELECT_FAMILY,
  RULES_FAMILY,
  PLANTED_FAMILY,
  RANK_FAMILY,
  TSP_FAMILY,
  QAP_FAMILY,
  DESIGN_FAMILY,
  COVER_FAMILY,
  MILP_FAMILY,
  PRECISION_FAMILY,
  ERASURE_FAMILY,
  XORSAT_FAMILY,
  FREQUENCY_FAMILY,
  WORLD_FAMILY,
  SPECTRUM_FAMILY,
  ENTROPY_FAMILY,
  PHASE_FAMILY,
  REDUCE_FAMILY,
  RELATION_FAMILY,
] as const;

type AnyFamily = (typeof FAMILIES)[number];
type Problem = ProblemOf<AnyFamily>;
type Kind = Problem['kind'];

/** A synchronous solver of one command (over any problem kind; the command's family checks the kind). */
export type SyncSolver = (req: SolveRequest<Problem>, signal?: CancelSignal, onProgress?: ProgressListener) => ResultOf<AnyFamily>;

/** A command's solver and the kind of canonical problem it takes. */
export interface CommandSolver {
  readonly kind: Kind;
  readonly solve: SyncSolver;
}

function commandSolvers(): Readonly<Partial<Record<Command, CommandSolver>>> {
  const out: Partial<Record<Command, CommandSolver>> = {};
  for (const f of FAMILIES as unknown as readonly Family<{ readonly kind: Kind }, ResultOf<AnyFamily>>[]) {
    for (const [command, solve] of Object.entries(f.solvers) as [Command, SyncSolver][]) {
      if (out[command] !== undefined) throw new Error(`two families solve "${command}"`);
      out[command] = { kind: f.kind, solve };
    }
  }
  return out;
}

/** The commands this engine solves, the problem kind each takes, and how. */
export const SOLVERS = commandSolvers();

/** The kind of canonical problem a command takes (undefined for a command no family solves). */
export function problemKindOf(command: Command): Kind | undefined {
  return SOLVERS[command]?.kind;
}

/** The family of a problem kind; throws on an unknown kind. */
export function familyOf<K extends Kind>(kind: K): Family<Extract<Problem, { kind: K }>, ResultOf<AnyFamily>> {
  const f = (FAMILIES as readonly AnyFamily[]).find((x) => x.kind === kind);
  if (f === undefined) throw new Error(`unknown problem kind "${String(kind)}"`);
  return f as unknown as Family<Extract<Problem, { kind: K }>, ResultOf<AnyFamily>>;
}

/**
 * The budget a problem hands the native engine (the addon reads the problem's fields and the
 * budget by the family's records, libs/engine-native/src/core/<family>).
 */
export function nativeBudgetOf(p: Problem, req: SolveRequest<Problem>): NativeBudget {
  return (familyOf(p.kind).nativeBudget as (q: Problem, r: SolveRequest<Problem>) => NativeBudget)(p, req);
}

/** The work a planned solve is expected to do, by its family's model (family.ts `workModel`); null when the family has none for this command. */
export function workModelOf(p: Problem, plan: WorkPlan): FamilyWork | null {
  const model = familyOf(p.kind).workModel as ((q: Problem, w: WorkPlan) => FamilyWork | null) | undefined;
  return model === undefined ? null : model(p, plan);
}

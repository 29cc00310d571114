/**
 * The solver registry of the pure-TypeScript engine: one line per command. A new family is a
 * folder under families/ (problem, canonical, evaluate, budget, solve) plus its lines here.
 */
import type { CancelSignal, Command, EngineRequest, EngineResult } from '../engine';
import { solvePlantedIsing } from './planted/solve';
import { solveFeel } from './qubo/feel';
import { solveWant } from './qubo/pinned';
import { solveSample } from './qubo/sample';
import { solveQuboFamily } from './qubo/solve';
import { solveRules } from './rules/solve';
import { solveSelect } from './select/solve';
import { solveRank } from './rank/solve';
import { solveTsp } from './tsp/solve';
import { solveQap } from './qap/solve';
import { solveDesign } from './design/solve';
import { solveCover } from './cover/solve';
import { solveMilp } from './milp/solve';

/** A synchronous solver of one command. */
export type SyncSolver = (req: EngineRequest, signal?: CancelSignal) => EngineResult;

/** The commands this engine solves, and how. */
export const SOLVERS: Readonly<Partial<Record<Command, SyncSolver>>> = {
  optimize: solveQuboFamily,
  maxcut: solveQuboFamily,
  feel: solveFeel,
  want: solveWant,
  sample: solveSample,
  select: solveSelect,
  rules: solveRules,
  'quantum-scale': solvePlantedIsing,
  rank: solveRank,
  tsp: solveTsp,
  qap: solveQap,
  design: solveDesign,
  cover: solveCover,
  milp: solveMilp,
};

/**
 * The pure-TypeScript reference engine: a registry of synchronous solvers by command, one file
 * per algorithm family under internal/ (add new commands to SOLVERS).
 */
import type { CancelSignal, Command, Engine, EngineRequest, EngineResult } from './engine';
import { BUDGET_MODELS } from './effort';
import { solveQuboFamily } from './internal/qubo-solve';
import { solveRules } from './internal/rules-solve';
import { solveSelect } from './internal/select-solve';
import { solveFeel } from './internal/feel';
import { solveWant } from './internal/pinned';
import { solveSample } from './internal/sample';
import { solvePlantedIsing } from './internal/planted-ising-solve';

export { cutUpperBound, quboLowerBound } from './internal/qubo-solve';

/** Engine id: bump the version whenever an algorithm, budget or the PRNG changes answers. */
export const TS_ENGINE_ID = 'ts-1.1.0';

type SyncSolver = (req: EngineRequest, signal?: CancelSignal) => EngineResult;

/** The commands this engine solves. */
const SOLVERS: Readonly<Partial<Record<Command, SyncSolver>>> = {
  optimize: solveQuboFamily,
  maxcut: solveQuboFamily,
  select: solveSelect,
  rules: solveRules,
  feel: solveFeel,
  want: solveWant,
  sample: solveSample,
  'quantum-scale': solvePlantedIsing,
};

/** Create the pure-TypeScript engine (stateless; safe to share). */
export function createTsEngine(): Engine {
  return {
    id: TS_ENGINE_ID,
    kind: 'ts',
    supports: (command: Command) => SOLVERS[command] !== undefined,
    solve: (req: EngineRequest, signal?: CancelSignal) => {
      try {
        return Promise.resolve(solveSync(req, signal));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

/** The synchronous solve behind `createTsEngine().solve` (for worker threads and tests). */
export function solveSync(req: EngineRequest, signal?: CancelSignal): EngineResult {
  const solver = SOLVERS[req.command];
  if (!solver) throw new Error(`the ts engine does not support "${req.command}"`);
  if (req.model !== undefined && !BUDGET_MODELS.includes(req.model)) throw new RangeError(`unknown model version "${String(req.model)}"`);
  return solver(req, signal);
}

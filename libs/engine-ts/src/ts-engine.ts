/**
 * The pure-TypeScript engine: the `Engine` over the solver registry of families/index.ts (one
 * line per command, each family in its own folder under families/).
 */
import type { CancelSignal, Command, Engine, EngineRequest, EngineResult, ProgressListener } from './engine';
import { BUDGET_MODELS } from './effort';
import { SOLVERS } from './families';


/** Engine id: bump the version whenever an algorithm, budget or the PRNG changes answers. */
export const TS_ENGINE_ID = 'ts-1.1.0';

/** Create the pure-TypeScript engine (stateless; safe to share). */
export function createTsEngine(): Engine {
  return {
    id: TS_ENGINE_ID,
    kind: 'ts',
    supports: (command: Command) => SOLVERS[command] !== undefined,
    solve: (req: EngineRequest, signal?: CancelSignal, onProgress?: ProgressListener) => {
      try {
        return Promise.resolve(solveSync(req, signal, onProgress));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

/** The synchronous solve behind `createTsEngine().solve` (for worker threads and tests). */
export function solveSync(req: EngineRequest, signal?: CancelSignal, onProgress?: ProgressListener): EngineResult {
  const solver = SOLVERS[req.command];
  if (!solver) throw new Error(`the ts engine does not support "${req.command}"`);
  if (req.model !== undefined && !BUDGET_MODELS.includes(req.model)) throw new RangeError(`unknown model version "${String(req.model)}"`);
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError('onProgress must be a function');
  return solver.solve(req, signal, onProgress);
}

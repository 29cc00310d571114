/**
 * `feel` reaches the engines already reduced to its exact QUBO (ising.ts `isingToQubo`), so it
 * is solved by the `optimize` path unchanged: the same exact caps, proofs and bounds. The
 * result is in QUBO terms (bits x_i = 1 ⇔ s_i = +1; objective = Ising energy − offset).
 */
import type { BinaryResult, CancelSignal, ProgressListener, SolveRequest } from '../../base';
import type { QuboProblem } from './problem';
import { solveQuboFamily } from './solve';

/** Solves a `feel` request (its problem is the reduced QUBO) synchronously. */
export function solveFeel(req: SolveRequest<QuboProblem>, signal?: CancelSignal, onProgress?: ProgressListener): BinaryResult {
  const p = req.problem;
  if (req.command !== 'feel' || p.kind !== 'qubo') throw new Error('feel needs the reduced QUBO of an Ising problem');
  if (p.pins !== undefined || p.sampling !== undefined) throw new Error('feel takes no pins or sampling spec');
  return solveQuboFamily({ ...req, command: 'optimize' }, signal, onProgress);
}

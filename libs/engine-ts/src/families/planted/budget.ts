/**
 * quantum-scale work budgets: deterministic counts of annealing sweeps (one sweep = one attempted
 * flip per spin), never time, so the same request does the same work on any machine. The native
 * engine receives this object unchanged, so both engines do the same work.
 */
import { EFFORTS, type Effort } from '../../base';

export interface QuantumScaleBudget {
  /** Sweeps of the first anneal, β from betaStart to betaEnd. */
  readonly annealSweeps: number;
  /** Sweeps of each re-anneal from the best state, β from betaReheat to betaEnd. */
  readonly reheatSweeps: number;
  /** Cap on all annealing sweeps; a round starts only if it fits (the search also stops at the floor). */
  readonly maxSweeps: number;
  /** Inverse temperatures; couplings are ±1, so a flip costs 2a for an integer a. */
  readonly betaStart: number;
  readonly betaEnd: number;
  readonly betaReheat: number;
}

/** Per effort: sweeps of the first anneal and of each re-anneal, a sweep cap, and a cap on n·sweeps. */
const LEVELS: Record<Effort, { anneal: number; reheat: number; maxSweeps: number; workCap: number }> = {
  flash: { anneal: 128, reheat: 32, maxSweeps: 256, workCap: 300_000_000 },
  medium: { anneal: 256, reheat: 64, maxSweeps: 1024, workCap: 2_000_000_000 },
  high: { anneal: 512, reheat: 128, maxSweeps: 3072, workCap: 8_000_000_000 },
};

/**
 * The budget of one quantum-scale solve of n spins. Exact integer formulas (floors):
 *   sweeps  = min(maxSweeps, max(8, floor(workCap / n)))
 *   anneal  = min(level.anneal, sweeps)
 *   reheat  = min(level.reheat, anneal)
 * β runs linearly from 0.1 to 3 in a full anneal and from 1 to 3 in a re-anneal. Degree 3 needs
 * about 256 sweeps before the planted order forms at all (measured; fewer leave frozen domains).
 */
export function quantumScaleBudget(effort: Effort, n: number): QuantumScaleBudget {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`bad size n=${n}`);
  const level = LEVELS[effort];
  if (level === undefined) throw new RangeError(`unknown effort "${String(effort)}" (expected one of ${EFFORTS.join(', ')})`);
  const sweeps = Math.min(level.maxSweeps, Math.max(8, Math.floor(level.workCap / n)));
  const anneal = Math.min(level.anneal, sweeps);
  const reheat = Math.min(level.reheat, anneal);
  return {
    annealSweeps: anneal,
    reheatSweeps: reheat,
    maxSweeps: sweeps,
    betaStart: 0.1,
    betaEnd: 3,
    betaReheat: 1,
  };
}

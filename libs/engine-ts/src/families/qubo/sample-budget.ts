/**
 * The work budget of `sample` (deterministic work, never time), shared by both engines:
 *   exactMaxN   enumerate every state and keep the k best when n <= exactMaxN
 *               (flash 24, medium 24, high 26: the enumeration sizes of `optimize`);
 *   maxFlips    perturbation sizes cycle 1..maxFlips = min(n, 8) in the elite walk;
 *   rounds      walk rounds = max(1, min(count·perSample, floor(walkCap / (maxFlips·(deg + 1)))))
 *               with perSample flash 4, medium 16, high 64; walkCap flash 4e6, medium 4e7,
 *               high 2.4e8; deg = floor((2m + n − 1) / n) as in `budgetFor`.
 */
import type { Effort } from '../../base';

/** Default `num_samples` (commands.md). */
export const DEFAULT_SAMPLE_COUNT = 16;

export interface SampleBudget {
  readonly exactMaxN: number;
  readonly rounds: number;
  readonly maxFlips: number;
}

const LEVELS: Record<Effort, { exactMaxN: number; perSample: number; walkCap: number }> = {
  flash: { exactMaxN: 24, perSample: 4, walkCap: 4_000_000 },
  medium: { exactMaxN: 24, perSample: 16, walkCap: 40_000_000 },
  high: { exactMaxN: 26, perSample: 64, walkCap: 240_000_000 },
};

/** The sample budget for n variables, m canonical pairs and `count` requested states. */
export function sampleBudget(effort: Effort, n: number, m: number, count: number): SampleBudget {
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(m) || m < 0) throw new RangeError(`bad size n=${n} m=${m}`);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`bad sample count ${count}`);
  const level = LEVELS[effort];
  if (level === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  const deg = Math.floor((2 * m + n - 1) / n);
  const maxFlips = Math.min(n, 8);
  const rounds = Math.max(1, Math.min(count * level.perSample, Math.floor(level.walkCap / (maxFlips * (deg + 1)))));
  return { exactMaxN: level.exactMaxN, rounds, maxFlips };
}
